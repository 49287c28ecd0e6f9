import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { DEMO, loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { withDatabase } from "../support/database";

// Issue 19 item 6: a closed (awarded) process's open data, reached from its public page as a visitor,
// is an OCDS 1.1 record package that validates against the OCDS 1.1.5 schemas the platform ships.

const SCHEMAS = new URL("../../apps/server/src/modules/open-data/", import.meta.url);
const schema = (name: string) => JSON.parse(readFileSync(new URL(name, SCHEMAS), "utf8"));
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(schema("release-schema.json"));
ajv.addSchema(schema("versioned-release-validation-schema.json"));
const validRecordPackage = ajv.compile(schema("record-package-schema.json"));

/** A demo supplier (Papelaria Central, a company). */
const SUPPLIER = "00000000-0000-4000-8000-000000001301";

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a visitor opens the OCDS record of an awarded, closed process at ${viewport.width}×${viewport.height}`, async ({
    browser,
  }) => {
    // The body's own closed waiver: a copy of the demo formalization, with its lot and winner.
    const buyer = await browser.newPage();
    await loginAs(buyer, "pregoeiro@demo.gov.br");
    const stamp = `${Date.now()}-${viewport.width}`;
    const copy = await buyer.request.post("/api/app/auction/duplicate", {
      data: {
        id: DEMO.noticeFormalization,
        noticeNumber: `DL-OCDS-${stamp}`,
        processNumber: `PA-OCDS-${stamp}`,
      },
    });
    expect(copy.ok()).toBe(true);
    const { id } = (await copy.json()) as { id: string };
    await buyer.close();
    await withDatabase(async (db) => {
      const lot = await db.query(
        `INSERT INTO auction_batches (auction_notice_id, number, item, quantity, measurement_unit_code, reference_price)
         VALUES ($1, 1, 1, 2, 'UN', 500000) RETURNING id`,
        [id],
      );
      await db.query(
        `INSERT INTO auction_winners (auction_notice_id, batch_id, supplier_id, unit_price, total_price, quantity)
         VALUES ($1, $2, $3, 480000, 960000, 2)`,
        [id, lot.rows[0].id, SUPPLIER],
      );
      await db.query(`UPDATE auction_notices SET status = 'FINISHED', published_date = now() WHERE id = $1`, [
        id,
      ]);
    });

    const page = await browser.newPage({ viewport });
    await page.goto(`/detalhes-do-edital/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Edital DL-OCDS-${stamp}` })).toBeVisible();
    const link = page.getByRole("link", { name: "Registro do processo (JSON)" });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width + 1);
    await expectNoSeriousAxeFindings(page, "detalhes do edital com dados abertos");

    const href = (await link.getAttribute("href")) as string;
    expect(href).toBe(`/api/public/ocds/records/ocds-certame-${id}`);
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    const record = await res.json();
    expect(validRecordPackage(record), JSON.stringify(validRecordPackage.errors)).toBe(true);
    const compiled = record.records[0].compiledRelease;
    expect(compiled.tender.status).toBe("complete");
    expect(compiled.awards).toEqual([
      expect.objectContaining({ status: "active", value: { amount: 9600, currency: "BRL" } }),
    ]);
    expect(compiled.contracts).toHaveLength(1);
    expect(compiled.parties.map((p: { roles: string[] }) => p.roles)).toEqual([
      ["buyer", "procuringEntity"],
      ["supplier"],
    ]);
    await page.close();
  });
}
