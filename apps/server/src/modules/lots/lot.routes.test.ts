import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER, makeNotice, OTHER_BUYER, PRODUCT, SUPPLIER } from "../../../test/notice-fixture";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionBatches, auctionNotices, products } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

let t: TestApp;
let buyer: string;
let other: string;
let supplier: string;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, other, supplier] = await Promise.all([t.login(BUYER), t.login(OTHER_BUYER), t.login(SUPPLIER)]);
});
afterAll(() => t.close());

const lot = (number: number, item: number, extra: object = {}) => ({
  number,
  item,
  product: { id: PRODUCT(item) },
  quantity: 10,
  measurementUnit: { code: "UN" },
  referencePrice: 1250,
  ...extra,
});
const save = (noticeId: string, body: unknown, token = buyer) =>
  t.post(`/api/app/auctionBatch/save?auctionNoticeId=${noticeId}`, body, token);
const list = async (noticeId: string) =>
  (
    await t.post("/api/app/auctionBatch/list", { auctionNoticeId: noticeId, hasPagination: false }, buyer)
  ).json();
const props = (res: { json(): { properties?: { property: string }[] } }) =>
  (res.json().properties ?? []).map((p) => p.property).sort();

function multipart(bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = "----certamelots";
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join("") + head),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${buyer}`,
    },
  };
}

describe("lots of a notice (notices-and-accounts §2.6, §4 Lot editing, §7)", () => {
  it("creates two lots (one with two items) with totals, lists them and logs the change", async () => {
    const notice = await makeNotice(t);
    const res = await save(notice.id, [
      lot(1, 1),
      lot(2, 1, { quantity: "3,5" }),
      lot(2, 2, { referencePrice: 999 }),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.auctionBatches.map((b: { number: number; item: number }) => [b.number, b.item])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
    expect(body.auctionBatches[1]).toMatchObject({
      quantity: 3.5,
      referencePrice: 1250,
      unitReferencePrice: 1250,
      totalAmount: 4375,
      decimalsNumber: 2,
      minimumVariation: 100,
      percentMinimumVariation: 1,
      isProductBrandRequired: 0,
      batchItemParticipation: "WIDE_PARTICIPATION",
      phase: "NOT_STARTED",
      measurementUnit: { code: "UN" },
    });
    expect(body.totalAmount).toBe("R$ 268,65");
    const events = await listEvents(t.db, notice.id);
    expect(events.map((e) => e.eventType)).toEqual(["LOTS_SAVED"]);
    expect(await verifyChain(t.db, notice.id)).toBeNull();

    // Update by id: the later save changes only what it sends.
    const [first] = body.auctionBatches;
    const updated = await save(notice.id, [{ ...lot(1, 1), id: first.id, quantity: 20 }]);
    expect(updated.json().auctionBatches[0]).toMatchObject({
      id: first.id,
      quantity: 20,
      totalAmount: 25000,
    });
  });

  it("stores the total as the reference price for global offers (§3)", async () => {
    const notice = await makeNotice(t, { offerKind: "BATCH_TOTAL_AMOUNT" });
    const res = await save(notice.id, [lot(1, 1, { quantity: 4, referencePrice: 1000 })]);
    expect(res.json().auctionBatches[0]).toMatchObject({
      referencePrice: 4000,
      unitReferencePrice: 1000,
      totalAmount: 4000,
    });
  });

  it("refuses missing and over-limit fields with array property paths", async () => {
    const notice = await makeNotice(t);
    const res = await save(notice.id, [
      lot(1, 1),
      { ...lot(2, 1), quantity: 0, measurementUnit: undefined, referencePrice: 1_000_000_000 },
      { ...lot(3, 1), referencePrice: 1_000_000_000 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["1.measurementUnit", "1.quantity", "2.referencePrice"]);
    const refs = await save(notice.id, [lot(1, 1, { measurementUnit: { code: "NOPE" } }), lot(1, 3)]);
    expect(props(refs)).toEqual(["0.measurementUnit.code", "0.item"].sort());
    expect((await list(notice.id)).total).toBe(0);
  });

  it("refuses another body's notice (403), an unknown one (404), a supplier (403) and a lot id of another notice (404)", async () => {
    const mine = await makeNotice(t);
    expect((await save(mine.id, [lot(1, 1)], other)).statusCode).toBe(403);
    expect((await save(DEMO_IDS.noticeOtherBuyerDraft, [lot(1, 1)])).statusCode).toBe(403);
    expect((await save("00000000-0000-4000-8000-00000000ffff", [lot(1, 1)])).statusCode).toBe(404);
    expect((await save(mine.id, [lot(1, 1)], supplier)).statusCode).toBe(403);
    const [otherBatch] = await t.db
      .select()
      .from(auctionBatches)
      .where(eq(auctionBatches.auctionNoticeId, DEMO_IDS.noticeOtherBuyer));
    expect((await save(mine.id, [{ ...lot(1, 1), id: otherBatch?.id }])).statusCode).toBe(404);
    expect(
      (await t.post("/api/app/auctionBatch/delete", { batchId: otherBatch?.id }, buyer)).statusCode,
    ).toBe(403);
    expect(
      (await t.post("/api/app/auctionBatch/list", { auctionNoticeId: DEMO_IDS.noticeOtherBuyerDraft }, buyer))
        .statusCode,
    ).toBe(404);
    // A buyer's own product only: another body's product is not in its catalogue.
    const [foreign] = await t.db
      .insert(products)
      .values({ buyerId: DEMO_IDS.otherBuyer, name: "Produto de outro órgão", technicalDescription: "x" })
      .returning();
    const res = await save(mine.id, [lot(1, 1, { product: { id: foreign?.id } })]);
    expect(props(res)).toEqual(["0.product.id"]);
  });

  it("is editable only while PENDING or SUSPENDED_INDEFINITELY, values only before the proposals end (409)", async () => {
    const published = await makeNotice(t, { status: "PUBLISHED" });
    const refused = await save(published.id, [lot(1, 1)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/pendente ou suspenso/);
    expect(
      (await t.post("/api/app/auctionBatch/deleteAll", { auctionNoticeId: published.id }, buyer)).statusCode,
    ).toBe(409);
    const suspended = await makeNotice(t, {
      status: "SUSPENDED_INDEFINITELY",
      proposalsEndDateTime: new Date(Date.now() - 86_400_000),
    });
    expect((await save(suspended.id, [lot(1, 1)])).statusCode).toBe(200);

    const late = await makeNotice(t);
    const saved = (await save(late.id, [lot(1, 1)])).json().auctionBatches[0];
    await t.db
      .update((await import("../../db/schema")).auctionNotices)
      .set({ proposalsEndDateTime: new Date(Date.now() - 60_000) })
      .where(eq((await import("../../db/schema")).auctionNotices.id, late.id));
    const locked = await save(late.id, [{ ...lot(1, 1), id: saved.id, quantity: 11 }]);
    expect(locked.statusCode).toBe(409);
    // The brand flag is not one of the locked values.
    const brand = await save(late.id, [{ ...lot(1, 1), id: saved.id, isProductBrandRequired: true }]);
    expect(brand.statusCode).toBe(200);
    expect((await t.post("/api/app/auctionBatch/delete", { batchId: saved.id }, buyer)).statusCode).toBe(409);
  });

  it("links a reserved quota to a wide lot of the same product, up to 25% of its quantity (§9)", async () => {
    const notice = await makeNotice(t, { processParticipation: "MICRO_BUSINESS_DIFFERENTIATED" });
    const wide = lot(1, 1, { quantity: 100 });
    const quota = (quantity: number, wideParticipationBatch: number | null = 1) =>
      lot(2, 1, { quantity, batchItemParticipation: "DIFFERENTIATED", wideParticipationBatch });
    expect(props(await save(notice.id, [wide, quota(26)]))).toEqual(["1.quantity"]);
    expect(props(await save(notice.id, [wide, quota(10, 3)]))).toEqual(["1.wideParticipationBatch"]);
    expect(props(await save(notice.id, [wide, quota(10, null)]))).toEqual(["1.wideParticipationBatch"]);
    expect(props(await save(notice.id, [wide, { ...quota(10), product: { id: PRODUCT(5) } }]))).toEqual([
      "1.wideParticipationBatch",
    ]);
    expect(props(await save(notice.id, [wide, lot(2, 1, { batchItemParticipation: "EXCLUSIVE" })]))).toEqual([
      "1.batchItemParticipation",
    ]);
    const ok = await save(notice.id, [wide, quota(25)]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().auctionBatches[1]).toMatchObject({
      batchItemParticipation: "DIFFERENTIATED",
      wideParticipationBatch: 1,
    });
    // Shrinking the wide lot below four times the quota is refused; deleting it too.
    const [wideRow] = ok.json().auctionBatches;
    expect(props(await save(notice.id, [{ ...wide, id: wideRow.id, quantity: 99 }]))).toEqual(["0.quantity"]);
    const del = await t.post("/api/app/auctionBatch/delete", { batchId: wideRow.id }, buyer);
    expect(del.statusCode).toBe(409);
  });

  it("forces the process participation and copies item 1's participation and variation to the other items", async () => {
    const notice = await makeNotice(t, { processParticipation: "MICRO_BUSINESS_EXCLUSIVE" });
    const res = await save(notice.id, [
      lot(1, 1, { minimumVariation: 500 }),
      lot(1, 2, { minimumVariation: 7 }),
    ]);
    expect(
      res
        .json()
        .auctionBatches.map((b: { batchItemParticipation: string; minimumVariation: number }) => [
          b.batchItemParticipation,
          b.minimumVariation,
        ]),
    ).toEqual([
      ["EXCLUSIVE", 500],
      ["EXCLUSIVE", 500],
    ]);
  });

  it("deletes an item (the later items move up) and all lots, each logged", async () => {
    const notice = await makeNotice(t);
    const saved = (await save(notice.id, [lot(1, 1), lot(1, 2), lot(1, 3), lot(2, 1)])).json().auctionBatches;
    const res = await t.post("/api/app/auctionBatch/delete", { batchId: saved[1].id }, buyer);
    expect(res.statusCode).toBe(200);
    const after = await list(notice.id);
    expect(after.auctionBatches.map((b: { id: string; item: number }) => [b.id, b.item])).toEqual([
      [saved[0].id, 1],
      [saved[2].id, 2],
      [saved[3].id, 1],
    ]);
    const all = await t.post("/api/app/auctionBatch/deleteAll", { auctionNoticeId: notice.id }, buyer);
    expect(all.json()).toEqual({ deleted: 3 });
    expect((await list(notice.id)).total).toBe(0);
    expect((await listEvents(t.db, notice.id)).map((e) => e.eventType)).toEqual([
      "LOTS_SAVED",
      "LOT_DELETED",
      "LOTS_DELETED",
    ]);
  });
});

describe("app/auctionBatch/bulkUpdate (§2.6 global toggles)", () => {
  it("sets the brand flag and rescales money between 2 and 4 decimals", async () => {
    const notice = await makeNotice(t);
    await save(notice.id, [lot(1, 1, { referencePrice: 1255, minimumVariation: 100 })]);
    const brand = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: notice.id, isProductBrandRequired: true },
      buyer,
    );
    expect(brand.json().auctionBatches[0].isProductBrandRequired).toBe(1);
    const four = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: notice.id, decimalsNumber: 4 },
      buyer,
    );
    expect(four.json().auctionBatches[0]).toMatchObject({
      decimalsNumber: 4,
      referencePrice: 125500,
      minimumVariation: 10000,
      totalAmount: 1255000,
    });
    expect(four.json().totalAmount).toBe("R$ 125,5000");
    const two = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: notice.id, decimalsNumber: "TWO" },
      buyer,
    );
    expect(two.json().auctionBatches[0]).toMatchObject({
      decimalsNumber: 2,
      referencePrice: 1255,
      totalAmount: 12550,
    });
    const both = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: notice.id, decimalsNumber: 4, isProductBrandRequired: false },
      buyer,
    );
    expect(both.statusCode).toBe(400);
  });

  it("allows a % variation only for BIGGEST_DISCOUNT, floored at 0,01; R$ otherwise", async () => {
    const discount = await makeNotice(t, { dispensationForm: "BIGGEST_DISCOUNT" });
    await save(discount.id, [lot(1, 1)]);
    const real = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: discount.id, variation: { kind: "REAL", value: 2 } },
      buyer,
    );
    expect(real.statusCode).toBe(400);
    expect(props(real)).toEqual(["variation.kind"]);
    const tiny = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: discount.id, variation: { kind: "PERCENTAGE", value: 0.001 } },
      buyer,
    );
    expect(tiny.json().auctionBatches[0].percentMinimumVariation).toBe(0.01);

    const price = await makeNotice(t);
    await save(price.id, [lot(1, 1)]);
    const percent = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: price.id, variation: { kind: "PERCENTAGE", value: 5 } },
      buyer,
    );
    expect(percent.statusCode).toBe(400);
    const reais = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: price.id, variation: { kind: "REAL", value: 2.5 } },
      buyer,
    );
    expect(reais.json().auctionBatches[0].minimumVariation).toBe(250);
    const other403 = await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: price.id, isProductBrandRequired: true },
      other,
    );
    expect(other403.statusCode).toBe(403);
    expect((await listEvents(t.db, price.id)).map((e) => e.eventType)).toEqual([
      "LOTS_SAVED",
      "LOTS_BULK_UPDATED",
    ]);
  });
});

describe("lots spreadsheet (§2.6 'Anexar Arquivo de Lotes/Itens', 'Baixar Planilha de Lotes/Itens')", () => {
  it("downloads the template and imports a filled copy as added lots", async () => {
    const notice = await makeNotice(t);
    await save(notice.id, [lot(1, 1)]);
    const tpl = await t.post("/api/app/auctionBatch/template", { auctionNoticeId: notice.id }, buyer);
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers["x-suggested-filename"]).toBe("modelo-lotes-itens.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(["Lotes", "Unidades", "Instruções"]);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    // Lote, Item, Código, Produto, Descrição, Quantidade, Unidade, Preço, Marca, Decimais, Var R$, Var %, Participação, Ampla
    sheet.addRow([1, 1, 3001 - 3000, "", "", 12, "UN", "1.234,56", "Sim", 2, "", "", "", ""]);
    sheet.addRow([
      1,
      2,
      "",
      "Grampo trilho plástico",
      "Grampo trilho de plástico, caixa com 50.",
      "2,5",
      "CX",
      10.5,
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/auctionBatch/import",
      ...multipart(bytes, "lotes.xlsx", { auctionNoticeId: notice.id }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(2);
    expect(
      body.auctionBatches.map((b: { number: number; item: number; totalAmount: number }) => [
        b.number,
        b.item,
        b.totalAmount,
      ]),
    ).toEqual([
      [1, 1, 12500],
      [2, 1, 1481472],
      [2, 2, 2625],
    ]);
    expect(body.auctionBatches[1].isProductBrandRequired).toBe(1);
    expect(body.auctionBatches[2].product.name).toBe("Grampo trilho plástico");
    expect((await listEvents(t.db, notice.id)).map((e) => e.eventType)).toEqual([
      "LOTS_SAVED",
      "LOTS_IMPORTED",
    ]);
  });

  it("reports bad rows by spreadsheet line and refuses other formats with 415", async () => {
    const notice = await makeNotice(t);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("Lotes");
    sheet.addRow([
      "Lote",
      "Item",
      "Código do produto",
      "Produto/Serviço",
      "Descrição técnica",
      "Quantidade",
      "Unidade de medida",
      "Preço de referência unitário (R$)",
      "Exige marca",
      "Casas decimais",
      "Variação mínima (R$)",
      "Variação mínima (%)",
      "Participação",
      "Lote de ampla participação",
    ]);
    sheet.addRow([1, 1, 1, "", "", 0, "UN", "10,00", "Talvez", 3, "", "", "", ""]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await t.app.inject({
      method: "POST",
      url: `/api/app/auctionBatch/import?auctionNoticeId=${notice.id}`,
      ...multipart(bytes, "lotes.xlsx"),
    });
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual([
      "linha 2.decimalsNumber",
      "linha 2.isProductBrandRequired",
      "linha 2.quantity",
    ]);

    for (const [name, content] of [
      ["lotes.txt", Buffer.from("1;1;Papel;10;UN;12,50\n")],
      ["lotes.erp", Buffer.from([0x00, 0x01, 0x02, 0x03])],
      ["lotes.xlsx", Buffer.from("%PDF-1.7 renamed")],
    ] as const) {
      const r = await t.app.inject({
        method: "POST",
        url: `/api/app/auctionBatch/import?auctionNoticeId=${notice.id}`,
        ...multipart(content, name),
      });
      expect(r.statusCode).toBe(415);
      expect(r.json().message).toMatch(/\.erp, \.txt e \.imp/);
    }
    expect((await list(notice.id)).total).toBe(0);
  });
});

describe("a secret reference price (Lei 14.133 art. 24; docs/decisions.md)", () => {
  const priceFields = (body: { auctionBatches: Record<string, unknown>[]; totalAmount: unknown }) => ({
    totalAmount: body.totalAmount,
    rows: body.auctionBatches.map((b) => [b.referencePrice, b.unitReferencePrice, b.totalAmount]),
  });
  const listAs = async (token: string) =>
    (
      await t.post(
        "/api/app/auctionBatch/list",
        { auctionNoticeId: DEMO_IDS.noticeRoom, hasPagination: false },
        token,
      )
    ).json();
  const setSecrecy = (values: {
    shouldDiscloseReferencePrice: boolean;
    isReferencePriceDisclosed: boolean;
  }) => t.db.update(auctionNotices).set(values).where(eq(auctionNotices.id, DEMO_IDS.noticeRoom));

  it("reaches the notice's body only; a supplier, a citizen and another body get every price field null", async () => {
    await setSecrecy({ shouldDiscloseReferencePrice: false, isReferencePriceDisclosed: false });
    const own = await listAs(buyer);
    expect(own.auctionBatches.length).toBeGreaterThan(0);
    expect(own.totalAmount).toMatch(/^R\$/);
    for (const row of own.auctionBatches) expect(row.referencePrice).toEqual(expect.any(Number));
    const citizen = await t.login("cidadao@demo.com.br");
    for (const token of [supplier, other, citizen]) {
      const seen = priceFields(await listAs(token));
      expect(seen.totalAmount).toBeNull();
      expect(seen.rows.flat().every((v) => v === null)).toBe(true);
      expect(seen.rows).toHaveLength(own.auctionBatches.length);
    }
  });

  it("reaches everyone once disclosed, or when the notice never kept it secret", async () => {
    for (const values of [
      { shouldDiscloseReferencePrice: false, isReferencePriceDisclosed: true },
      { shouldDiscloseReferencePrice: true, isReferencePriceDisclosed: false },
    ]) {
      await setSecrecy(values);
      const seen = priceFields(await listAs(supplier));
      expect(seen.totalAmount).toMatch(/^R\$/);
      expect(seen.rows.flat().some((v) => v === null)).toBe(false);
    }
  });
});
