import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotice, insertLot, postMultipart } from "../../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionBatches } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents } from "../../events/event-log.repository";

let t: TestApp;
let buyer: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  [buyer, other] = await Promise.all([
    t.login("pregoeiro@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
  ]);
});
afterAll(() => t.close());

const importFile = (token: string, content: string | Buffer, name = "edital.json") =>
  postMultipart(t, "/api/app/aspec/import", token, {}, { name, bytes: Buffer.from(content) });

describe("notice export and import (app/auction/export, app/aspec/import; docs/api-notice-import.md)", () => {
  it("exports a notice as a certame.notice file that imports back as an equal PENDING notice with its lots", async () => {
    const id = await createNotice(t, buyer, { isSrp: true, agreementNumber: "CONV-2026-01" });
    await insertLot(t, id, 1, 1);
    await insertLot(t, id, 1, 2);
    const exported = await t.post("/api/app/auction/export", { id }, buyer);
    expect(exported.statusCode).toBe(200);
    expect(decodeURIComponent(String(exported.headers["x-suggested-filename"]))).toBe(
      "edital-PE 40-2026.json",
    );
    const file = exported.json();
    expect(file).toMatchObject({ format: "certame.notice", version: 1 });
    expect(file.notice.auctioneers).toEqual([{ id: DEMO_IDS.staffAuctioneer, name: "Marina Albuquerque" }]);
    expect(file.lots).toHaveLength(2);

    const res = await importFile(buyer, exported.body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lots: 2, warnings: [] });
    const copy = (await t.post("/api/app/auction/read", { id: res.json().id }, buyer)).json();
    const original = (await t.post("/api/app/auction/read", { id }, buyer)).json();
    for (const key of [
      "noticeNumber",
      "objectOfInterest",
      "isSrp",
      "agreementNumber",
      "startDateTime",
      "closingKind",
    ]) {
      expect(copy[key]).toEqual(original[key]);
    }
    expect(copy.status).toBe("PENDING");
    expect(copy.auctioneers.map((a: { id: string }) => a.id)).toEqual([DEMO_IDS.staffAuctioneer]);
    const lots = await t.db
      .select()
      .from(auctionBatches)
      .where(eq(auctionBatches.auctionNoticeId, res.json().id));
    expect(lots.map((l) => [l.number, l.item, l.referencePrice, l.measurementUnitCode])).toEqual(
      expect.arrayContaining([
        [1, 1, 15_990, "UN"],
        [1, 2, 15_990, "UN"],
      ]),
    );
    expect((await listEvents(t.db, res.json().id))[0]?.payload).toMatchObject({ imported: true, lots: 2 });
  });

  it("imports into another body matching people by name, leaving out and naming what it cannot match", async () => {
    const exported = (await t.post("/api/app/auction/export", { id: DEMO_IDS.noticeDraft }, buyer)).json();
    exported.notice.auctioneers = [{ name: "Gabriela Torres" }];
    exported.notice.secretaryOffice = [{ name: "secretaria municipal de educacao" }];
    const res = await importFile(other, JSON.stringify(exported));
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual(["Equipe de apoio não encontrado(a) no órgão: Carla Menezes"]);
    const copy = (await t.post("/api/app/auction/read", { id: res.json().id }, other)).json();
    expect(copy.buyer.id).toBe(DEMO_IDS.otherBuyer);
    expect(copy.secretaryOffice).toEqual([
      { id: DEMO_IDS.officeOther, name: "Secretaria Municipal de Educação" },
    ]);
  });

  it("refuses a file that is not JSON, not in the format, breaks a notice rule or names an unknown unit", async () => {
    const notJson = await importFile(buyer, "lote;item\n1;1\n", "edital.csv");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().properties[0].property).toBe("file");
    const wrongFormat = await importFile(buyer, JSON.stringify({ format: "outro", version: 1, notice: {} }));
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json().properties.map((p: { property: string }) => p.property)).toContain("format");
    const exported = (await t.post("/api/app/auction/export", { id: DEMO_IDS.noticeDraft }, buyer)).json();
    const rule = await importFile(
      buyer,
      JSON.stringify({ ...exported, notice: { ...exported.notice, purchaseYear: 26 } }),
    );
    expect(rule.statusCode).toBe(400);
    expect(rule.json().properties.map((p: { property: string }) => p.property)).toEqual([
      "notice.purchaseYear",
    ]);
    const unit = await importFile(
      buyer,
      JSON.stringify({
        ...exported,
        lots: [{ number: 1, quantity: 1, referencePrice: 100, measurementUnit: { code: "XYZ" } }],
      }),
    );
    expect(unit.statusCode).toBe(400);
    expect(unit.json().properties[0].property).toBe("lots.0.measurementUnit.code");
  });

  it("exports only the body's own notices and imports only for editors", async () => {
    expect(
      (await t.post("/api/app/auction/export", { id: DEMO_IDS.noticeOtherBuyerDraft }, buyer)).statusCode,
    ).toBe(404);
    const restricted = await t.login("planejamento@demo.gov.br");
    expect((await importFile(restricted, "{}")).statusCode).toBe(403);
  });
});
