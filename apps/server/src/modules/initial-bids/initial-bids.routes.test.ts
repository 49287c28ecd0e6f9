import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNotice, PRODUCT } from "../../../test/notice-fixture";
import { PDF_BYTES, postMultipart } from "../../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import {
  auctionBatches,
  bids,
  initialProposalDocuments,
  initialProposals,
  noticeParticipants,
  supplierCredits,
  supplierDocuments,
} from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

// trading-room §2.8, §5 "Access to initial bids" … "Initial bid payload", §7 "Initial bids screen";
// notices-and-accounts §2.15 (one credit per process).
const ME1 = "fornecedor1@demo.com.br"; // ME/EPP, subscription in force
const BIG = "fornecedor2@demo.com.br"; // large company, one credit, no subscription
const ME3 = "fornecedor3@demo.com.br"; // ME/EPP, subscription in force
const NOT_ENABLED = "Somente licitantes com plano em dia ou com créditos podem cadastrar lances iniciais";
const EXCLUSIVE =
  "Para participar de lotes/itens exclusivos para ME/EPP, o licitante deverá confirmar a declaração de que não celebrou contratos com a administração pública, que extrapolam o limite das ME/EPP.";

let t: TestApp;
let me1: string;
let big: string;
let me3: string;

beforeAll(async () => {
  t = await createTestApp();
  [me1, big, me3] = await Promise.all([t.login(ME1), t.login(BIG), t.login(ME3)]);
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A published notice open for proposals with lots 1 (wide), 2 (exclusive ME/EPP) and 3 (two items). */
async function openNotice(values: Parameters<typeof makeNotice>[1] = {}) {
  const notice = await makeNotice(t, {
    status: "PUBLISHED",
    closingKind: "OPEN",
    proposalsStartDateTime: new Date(Date.now() - DAY),
    proposalsEndDateTime: new Date(Date.now() + 5 * DAY),
    startDateTime: new Date(Date.now() + 5 * DAY + 3_600_000),
    // The documents have their own test below.
    isInitialProposalsRequired: false,
    auctionLicensePhase: "AFTER_BID",
    ...values,
  });
  const lot = (
    number: number,
    item: number,
    extra: Partial<typeof auctionBatches.$inferInsert> = {},
  ): typeof auctionBatches.$inferInsert => ({
    auctionNoticeId: notice.id,
    number,
    item,
    productId: PRODUCT(item),
    quantity: "10",
    measurementUnitCode: "UN",
    referencePrice: 10_000,
    minimumVariation: 100,
    phase: "OPEN_FOR_OFFERS",
    ...extra,
  });
  const rows = await t.db
    .insert(auctionBatches)
    .values([
      lot(1, 1, { isProductBrandRequired: true }),
      lot(2, 1, { batchItemParticipation: "EXCLUSIVE" }),
      lot(3, 1),
      lot(3, 2, { referencePrice: 5_000 }),
    ])
    .returning();
  const id = (n: number, item = 1) => rows.find((r) => r.number === n && r.item === item)?.id as string;
  return { notice, lot1: id(1), lot2: id(2), lot3: id(3), lot3item2: id(3, 2) };
}

const save = (token: string, body: object) => t.post("/api/app/initialBids/save", body, token);
const row = (id: string, extra: object = {}) => ({ batch: { id }, ...extra });
const liveBids = (noticeId: string, supplierId: string) =>
  t.db
    .select()
    .from(bids)
    .where(
      and(eq(bids.auctionNoticeId, noticeId), eq(bids.supplierId, supplierId), eq(bids.isCancelled, false)),
    );
/** Supplier 2's demo credit (one CONFIRMED participation), unused again (tests share the database). */
const freshCredit = async () => {
  await t.db
    .update(initialProposals)
    .set({ creditId: null })
    .where(eq(initialProposals.supplierId, DEMO_IDS.supplier2));
  await t.db
    .delete(supplierCredits)
    .where(and(eq(supplierCredits.supplierId, DEMO_IDS.supplier2), eq(supplierCredits.status, "USED")));
};
/** Spends supplier 2's participation elsewhere (a USED row without a process). */
const spentCredit = async () => {
  await freshCredit();
  await t.db
    .insert(supplierCredits)
    .values({ supplierId: DEMO_IDS.supplier2, amount: 1, price: 0, status: "USED" });
};
/** How many participations supplier 2 has used (its USED rows). */
const creditUsed = async () =>
  (
    await t.db
      .select()
      .from(supplierCredits)
      .where(and(eq(supplierCredits.supplierId, DEMO_IDS.supplier2), eq(supplierCredits.status, "USED")))
  ).length;

describe("initial bids: read, lots and save (trading-room §2.8, §5, §7)", () => {
  it("saves a proposal, answers a PDF receipt, assigns the anonymous number and logs the event", async () => {
    const { notice, lot1, lot3 } = await openNotice();
    const res = await save(me1, {
      auctionNoticeId: notice.id,
      bidData: [row(lot1, { unitPrice: 9_500, brand: "ACME" }), row(lot3, { unitPrice: 14_000 })],
      hasSmallCompanyDeclaration: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toMatch(
      /^comprovante-lances-iniciais-/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const mine = await liveBids(notice.id, DEMO_IDS.supplier1);
    expect(mine.map((b) => [b.batchId, b.kind, b.unitPrice, b.totalPrice, b.brand]).sort()).toEqual(
      [
        [lot1, "INITIAL", 9_500, 95_000, "ACME"],
        [lot3, "INITIAL", 14_000, 140_000, null],
      ].sort(),
    );
    const [participant] = await t.db
      .select()
      .from(noticeParticipants)
      .where(eq(noticeParticipants.auctionNoticeId, notice.id));
    expect(participant).toMatchObject({
      supplierId: DEMO_IDS.supplier1,
      anonymousNumber: 1,
      hasSmallCompanyDeclaration: true,
    });
    const events = await listEvents(t.db, notice.id);
    expect(events.map((e) => e.eventType)).toEqual([
      "SUPPLIER_ANONYMOUS_NUMBER_ASSIGNED",
      "INITIAL_BIDS_SAVED",
    ]);
    expect(await verifyChain(t.db, notice.id)).toBeNull();

    // The lots list of the screen carries the own bid; the notice read the own declaration.
    const list = (await t.post("/api/app/initialBids/batches", { auctionNoticeId: notice.id }, me1)).json();
    const l3 = list.auctionBatches.find((b: { number: number }) => b.number === 3);
    expect(l3).toMatchObject({
      item: 1,
      hasManyItems: true,
      productName: "Itens do lote 3 (clique para mais detalhes)",
      referencePrice: 15_000,
      isProductBrandRequired: 0,
      bids: [{ unitPrice: 14_000 }],
    });
    expect(l3.items).toHaveLength(2);
    const read = (await t.post("/api/app/initialBids/read", { auctionNoticeId: notice.id }, me1)).json();
    expect(read).toMatchObject({
      isEnabledSupplier: true,
      isPreQualifiedSupplier: true,
      canSendInitialBids: true,
      auctionNotice: { smallCompanyDeclarations: [DEMO_IDS.supplier1] },
      proposal: { hasProposal: true },
    });

    // Editing keeps one live row per lot (updated in place).
    const again = await save(me1, {
      auctionNoticeId: notice.id,
      bidData: [row(lot1, { unitPrice: 9_400, brand: "ACME" }), row(lot3, { unitPrice: 14_000 })],
      hasSmallCompanyDeclaration: true,
    });
    expect(again.statusCode).toBe(200);
    const after = await liveBids(notice.id, DEMO_IDS.supplier1);
    expect(after).toHaveLength(2);
    expect(after.find((b) => b.batchId === lot1)?.unitPrice).toBe(9_400);
  });

  it("never shows another supplier's bids", async () => {
    const { notice, lot1 } = await openNotice();
    expect(
      (
        await save(me1, {
          auctionNoticeId: notice.id,
          bidData: [row(lot1, { unitPrice: 9_000, brand: "X" })],
          hasSmallCompanyDeclaration: true,
        })
      ).statusCode,
    ).toBe(200);
    const list = (await t.post("/api/app/initialBids/batches", { auctionNoticeId: notice.id }, me3)).json();
    for (const b of list.auctionBatches) expect(b.bids).toEqual([]);
    const read = (await t.post("/api/app/initialBids/read", { auctionNoticeId: notice.id }, me3)).json();
    expect(read.auctionNotice.smallCompanyDeclarations).toEqual([]);
    expect(read.proposal.hasProposal).toBe(false);
    // Buyers and citizens have no such screen.
    const buyer = await t.login("pregoeiro@demo.gov.br");
    expect(
      (await t.post("/api/app/initialBids/batches", { auctionNoticeId: notice.id }, buyer)).statusCode,
    ).toBe(403);
  });

  it("hides the reference price of a notice that does not disclose it", async () => {
    const { notice } = await openNotice({ shouldDiscloseReferencePrice: false });
    const list = (await t.post("/api/app/initialBids/batches", { auctionNoticeId: notice.id }, me1)).json();
    for (const b of list.auctionBatches) expect(b.referencePrice).toBeNull();
  });
});

describe("access: plan or credit (trading-room §5; notices-and-accounts §2.15)", () => {
  it("refuses a supplier with neither plan nor credit; with a credit accepts and consumes it once per process", async () => {
    const a = await openNotice();
    const b = await openNotice();
    await spentCredit();
    expect(
      (await t.post("/api/app/supplier/getIsEnabledSupplier", { auctionNoticeId: a.notice.id }, big)).json(),
    ).toBe(false);
    const refused = await save(big, {
      auctionNoticeId: a.notice.id,
      bidData: [row(a.lot1, { unitPrice: 9_000, brand: "B" })],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_ENABLED);
    expect(await liveBids(a.notice.id, DEMO_IDS.supplier2)).toHaveLength(0);

    await freshCredit();
    expect(
      (await t.post("/api/app/supplier/getIsEnabledSupplier", { auctionNoticeId: a.notice.id }, big)).json(),
    ).toBe(true);
    const first = await save(big, {
      auctionNoticeId: a.notice.id,
      bidData: [row(a.lot1, { unitPrice: 9_000, brand: "B" })],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await creditUsed()).toBe(1);
    // Editing the same process does not consume again, and the supplier stays enabled there.
    const edit = await save(big, {
      auctionNoticeId: a.notice.id,
      bidData: [row(a.lot1, { unitPrice: 8_900, brand: "B" })],
    });
    expect(edit.statusCode).toBe(200);
    expect(await creditUsed()).toBe(1);
    expect(
      (await t.post("/api/app/supplier/getIsEnabledSupplier", { auctionNoticeId: a.notice.id }, big)).json(),
    ).toBe(true);
    const [proposal] = await t.db
      .select()
      .from(initialProposals)
      .where(
        and(
          eq(initialProposals.auctionNoticeId, a.notice.id),
          eq(initialProposals.supplierId, DEMO_IDS.supplier2),
        ),
      );
    expect(proposal?.creditId).toBeTruthy();
    // Another process: no credit left.
    const other = await save(big, {
      auctionNoticeId: b.notice.id,
      bidData: [row(b.lot1, { unitPrice: 9_000, brand: "B" })],
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(NOT_ENABLED);
  });

  it("refuses a supplier that is not pre-qualified where the notice requires it", async () => {
    const { notice, lot1 } = await openNotice({ hasPreQualification: true });
    expect(
      (
        await t.post("/api/app/supplier/getIsPreQualifiedSupplier", { auctionNoticeId: notice.id }, me1)
      ).json(),
    ).toBe(false);
    const res = await save(me1, {
      auctionNoticeId: notice.id,
      bidData: [row(lot1, { unitPrice: 9_000, brand: "X" })],
      hasSmallCompanyDeclaration: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Somente licitantes pré-qualificados podem cadastrar lances iniciais");
  });
});

describe("refusals (trading-room §5, §6 SEND_INITIAL_BIDS, §9)", () => {
  it("refuses an exclusive lot to a large company, and the big-company filter hides it", async () => {
    const { notice, lot2 } = await openNotice();
    await freshCredit();
    const res = await save(big, { auctionNoticeId: notice.id, bidData: [row(lot2, { unitPrice: 9_000 })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EXCLUSIVE);
    const list = (await t.post("/api/app/initialBids/batches", { auctionNoticeId: notice.id }, big)).json();
    expect(list.auctionBatches.map((b: { number: number }) => b.number)).toEqual([1, 3]);
    // An ME/EPP that answered 'Não' is refused too; with 'Sim' it is accepted.
    const no = await save(me1, {
      auctionNoticeId: notice.id,
      bidData: [row(lot2, { unitPrice: 9_000 })],
      hasSmallCompanyDeclaration: false,
    });
    expect(no.json().message).toBe(EXCLUSIVE);
    const yes = await save(me1, {
      auctionNoticeId: notice.id,
      bidData: [row(lot2, { unitPrice: 9_000 })],
      hasSmallCompanyDeclaration: true,
    });
    expect(yes.statusCode).toBe(200);
  });

  it("refuses a missing or over-limit brand (20 characters)", async () => {
    const { notice, lot1 } = await openNotice();
    const base = { auctionNoticeId: notice.id, hasSmallCompanyDeclaration: true };
    const missing = await save(me1, { ...base, bidData: [row(lot1, { unitPrice: 9_000 })] });
    expect(missing.statusCode).toBe(400);
    const long = await save(me1, {
      ...base,
      bidData: [row(lot1, { unitPrice: 9_000, brand: "x".repeat(21) })],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("no máximo 20 caracteres");
    expect(long.json().properties[0].property).toBe("bidData.0.brand");
    expect(
      (await save(me1, { ...base, bidData: [row(lot1, { unitPrice: 9_000, brand: "x".repeat(20) })] }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses outside the proposal period and outside OPEN_FOR_OFFERS", async () => {
    const ended = await openNotice({ proposalsEndDateTime: new Date(Date.now() - 1000) });
    const body = (n: Awaited<ReturnType<typeof openNotice>>) => ({
      auctionNoticeId: n.notice.id,
      bidData: [row(n.lot3, { unitPrice: 9_000 })],
      hasSmallCompanyDeclaration: true,
    });
    expect((await save(me1, body(ended))).statusCode).toBe(409);
    const closed = await openNotice();
    await t.db
      .update(auctionBatches)
      .set({ phase: "CLOSED_FOR_OFFERS" })
      .where(eq(auctionBatches.auctionNoticeId, closed.notice.id));
    expect((await save(me1, body(closed))).statusCode).toBe(409);
    const suspended = await openNotice({ status: "SUSPENDED" });
    expect((await save(me1, body(suspended))).statusCode).toBe(409);
    const read = (
      await t.post("/api/app/initialBids/read", { auctionNoticeId: closed.notice.id }, me1)
    ).json();
    expect(read.canSendInitialBids).toBe(false);
  });

  it("refuses a lot id of another notice", async () => {
    const a = await openNotice();
    const b = await openNotice();
    const res = await save(me1, {
      auctionNoticeId: a.notice.id,
      bidData: [row(b.lot3, { unitPrice: 9_000 })],
      hasSmallCompanyDeclaration: true,
    });
    expect(res.statusCode).toBe(404);
    expect(await liveBids(b.notice.id, DEMO_IDS.supplier1)).toHaveLength(0);
  });

  it("asks a small business to answer the declaration, and refuses the automatic tool without a final bid", async () => {
    const { notice, lot3 } = await openNotice();
    const unanswered = await save(me1, {
      auctionNoticeId: notice.id,
      bidData: [row(lot3, { unitPrice: 9_000 })],
    });
    expect(unanswered.json().message).toBe(
      "Para salvar sua proposta, responda a declaração referente a celebração de contratos com a administração pública",
    );
    const noFinal = await save(me1, {
      auctionNoticeId: notice.id,
      bidData: [row(lot3, { unitPrice: 9_000, finalPrice: 0, variationPrice: 100 })],
      hasSmallCompanyDeclaration: true,
      canApplyAutomaticBid: true,
    });
    expect(noFinal.statusCode).toBe(400);
    expect(noFinal.json().message).toContain("não pode ser zero");
  });
});

describe("automatic bids, removal and atomicity", () => {
  it("stores the automatic-bid floor and variation the engine reads", async () => {
    const { notice, lot3 } = await openNotice({ closingKind: "OPEN_AND_CLOSED" });
    await freshCredit();
    const body = {
      auctionNoticeId: notice.id,
      bidData: [row(lot3, { unitPrice: 14_000, finalPrice: 12_000, variationPrice: 200 })],
      canApplyAutomaticBid: true,
      hasBigCompanyAutomaticBidDeclaration: true,
    };
    // OPEN_AND_CLOSED with the tool on: the secret-phase declaration is required.
    expect((await save(big, body)).statusCode).toBe(400);
    const ok = await save(big, { ...body, hasSecretPhaseDeclaration: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const [bid] = await liveBids(notice.id, DEMO_IDS.supplier2);
    expect(bid).toMatchObject({ canApplyAutomaticBid: true, finalPrice: 12_000, variationPrice: 200 });
  });

  it("copies item 1's discount in BIGGEST_DISCOUNT and derives the prices from the reference", async () => {
    const { notice, lot3, lot3item2 } = await openNotice({ dispensationForm: "BIGGEST_DISCOUNT" });
    const res = await save(me3, {
      auctionNoticeId: notice.id,
      bidData: [row(lot3, { percentDiscount: 10 }), row(lot3item2, { percentDiscount: 10 })],
      hasSmallCompanyDeclaration: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await liveBids(notice.id, DEMO_IDS.supplier3);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ batchId: lot3, percentDiscount: "10.0000", unitPrice: 13_500 });
  });

  it("removes the proposal when every value is zero, without consuming anything", async () => {
    const { notice, lot1, lot3 } = await openNotice();
    const base = { auctionNoticeId: notice.id, hasSmallCompanyDeclaration: true };
    await save(me1, {
      ...base,
      bidData: [row(lot1, { unitPrice: 9_000, brand: "A" }), row(lot3, { unitPrice: 9_000 })],
    });
    const res = await save(me1, {
      ...base,
      hasSmallCompanyDeclaration: false,
      bidData: [row(lot1, { unitPrice: 0 }), row(lot3, { unitPrice: 0 })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await liveBids(notice.id, DEMO_IDS.supplier1)).toHaveLength(0);
    const cancelled = await t.db.select().from(bids).where(eq(bids.auctionNoticeId, notice.id));
    expect(cancelled.every((b) => b.isCancelled && b.cancellationReason)).toBe(true);
    const events = await listEvents(t.db, notice.id);
    expect(events.at(-1)?.eventType).toBe("INITIAL_PROPOSAL_REMOVED");
    const read = (await t.post("/api/app/initialBids/read", { auctionNoticeId: notice.id }, me1)).json();
    expect(read.proposal.hasProposal).toBe(false);
    expect(read.auctionNotice.smallCompanyDeclarations).toEqual([]);
  });

  it("leaves nothing behind when a save fails midway (one transaction)", async () => {
    const { notice, lot1, lot3 } = await openNotice();
    await freshCredit();
    // A failure at the very end of the transaction: the event-log insert.
    await t.db.execute(sql`
      CREATE OR REPLACE FUNCTION test_fail_initial_bids() RETURNS trigger AS $$
      BEGIN
        IF NEW.event_type = 'INITIAL_BIDS_SAVED' THEN RAISE EXCEPTION 'falha simulada'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.execute(sql`CREATE TRIGGER test_fail_initial_bids BEFORE INSERT ON event_log
      FOR EACH ROW EXECUTE FUNCTION test_fail_initial_bids()`);
    try {
      const res = await save(big, {
        auctionNoticeId: notice.id,
        bidData: [row(lot1, { unitPrice: 9_000, brand: "B" }), row(lot3, { unitPrice: 9_000 })],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER test_fail_initial_bids ON event_log`);
    }
    expect(await t.db.select().from(bids).where(eq(bids.auctionNoticeId, notice.id))).toHaveLength(0);
    expect(
      await t.db.select().from(noticeParticipants).where(eq(noticeParticipants.auctionNoticeId, notice.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(initialProposals).where(eq(initialProposals.auctionNoticeId, notice.id)),
    ).toHaveLength(0);
    expect(await creditUsed()).toBe(0);
    expect(await listEvents(t.db, notice.id)).toHaveLength(0);
  });
});

describe("bid spreadsheet: template and import (trading-room §2.8, §5 'Documents')", () => {
  function multipart(bytes: Buffer, filename: string, fields: Record<string, string>, token: string) {
    const boundary = "----certamebids";
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
        authorization: `Bearer ${token}`,
      },
    };
  }

  it("downloads the template with the automatic columns and imports it back", async () => {
    const { notice, lot1, lot3 } = await openNotice();
    const res = await t.post(
      "/api/app/initialBids/template",
      { auctionNoticeId: notice.id, canApplyAutomaticBid: true },
      me1,
    );
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Lances") as ExcelJS.Worksheet;
    const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean);
    expect(headers).toEqual([
      "Lote",
      "Produto/Serviço",
      "Quantidade",
      "Unidade",
      "Preço de referência (R$)",
      "Lance inicial (R$)",
      "Lance final (R$)",
      "Variação (R$)",
      "Marca/Modelo",
    ]);
    expect(sheet.rowCount).toBe(4);
    // lot 1: 95,00 (final 90,00, variation 1,00, brand); lot 3 as text; lot 2 left empty.
    sheet.getRow(2).getCell(6).value = 95;
    sheet.getRow(2).getCell(7).value = 90;
    sheet.getRow(2).getCell(8).value = 1;
    sheet.getRow(2).getCell(9).value = "Marca Z";
    sheet.getRow(4).getCell(6).value = "140,00";
    sheet.getRow(4).getCell(7).value = "120,00";
    sheet.getRow(4).getCell(8).value = "2,00";
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/app/initialBids/import",
      ...multipart(
        bytes,
        "lances.xlsx",
        { auctionNoticeId: notice.id, canApplyAutomaticBid: "true", hasSmallCompanyDeclaration: "true" },
        me1,
      ),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const mine = await liveBids(notice.id, DEMO_IDS.supplier1);
    expect(mine.map((b) => [b.batchId, b.unitPrice, b.finalPrice, b.variationPrice, b.brand]).sort()).toEqual(
      [
        [lot1, 9_500, 9_000, 100, "Marca Z"],
        [lot3, 14_000, 12_000, 200, null],
      ].sort(),
    );
    // Not an .xlsx: the size/format refusal.
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/app/initialBids/import",
      ...multipart(Buffer.from("lote;valor\n1;10"), "lances.erp", { auctionNoticeId: notice.id }, me1),
    });
    expect(bad.statusCode).toBe(415);
  });
});

describe("documents of the proposal (trading-room §2.8 modals, §5 'Save disabled', §7)", () => {
  /** Uploads a PDF and registers it in the supplier's library under `kind`; returns the document id. */
  async function libraryDocument(token: string, kind: string, name = "proposta.pdf") {
    const up = await postMultipart(t, "/api/upload", token, {}, { name, bytes: PDF_BYTES });
    const res = await t.post(
      "/api/app/supplier/attachQualificationDocuments",
      { documents: [{ url: up.json().url, kind, description: "" }] },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json()[0].id as string;
  }

  it("requires the initial proposal where the notice does, links the chosen documents and marks them sent", async () => {
    const { notice, lot3 } = await openNotice({
      isInitialProposalsRequired: true,
      auctionLicensePhase: "BEFORE_BID",
    });
    const base = {
      auctionNoticeId: notice.id,
      bidData: [row(lot3, { unitPrice: 9_000 })],
      hasSmallCompanyDeclaration: true,
    };
    const missing = await save(me1, base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Associe os documentos de habilitação antes de salvar.");
    const proposal = await libraryDocument(me1, "INITIAL_PROPOSAL");
    const qualification = await libraryDocument(me1, "OTHER", "certidao.pdf");
    const noProposal = await save(me1, { ...base, qualificationDocuments: [qualification] });
    expect(noProposal.json().message).toBe(
      "Para liberar o botão é necessário que você anexe o arquivo da Proposta Inicial",
    );
    // A document of the wrong kind in a field, and another supplier's document, are refused.
    expect(
      (
        await save(me1, {
          ...base,
          qualificationDocuments: [qualification],
          initialProposal: [qualification],
        })
      ).statusCode,
    ).toBe(400);
    const foreign = await libraryDocument(me3, "INITIAL_PROPOSAL");
    expect(
      (await save(me1, { ...base, qualificationDocuments: [qualification], initialProposal: [foreign] }))
        .statusCode,
    ).toBe(400);

    const ok = await save(me1, {
      ...base,
      qualificationDocuments: [qualification],
      initialProposal: [proposal],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const links = await t.db
      .select()
      .from(initialProposalDocuments)
      .where(eq(initialProposalDocuments.auctionNoticeId, notice.id));
    expect(links.map((l) => [l.supplierDocumentId, l.kindAssociation]).sort()).toEqual(
      [
        [proposal, "PROPOSAL_DOCUMENT"],
        [qualification, "QUALIFICATION_DOCUMENT"],
      ].sort(),
    );
    const [sent] = await t.db.select().from(supplierDocuments).where(eq(supplierDocuments.id, proposal));
    expect(sent?.sentDatetime).toBeTruthy();
    const assoc = (
      await t.post("/api/app/initialBids/qualificationAssociation", { id: notice.id }, me1)
    ).json();
    expect(assoc.qualificationDocumentsAssociated).toHaveLength(2);
    expect(assoc.processDocuments.map((d: { id: string }) => d.id)).toContain(proposal);
    // Another supplier sees none of them.
    const other = (
      await t.post("/api/app/initialBids/qualificationAssociation", { id: notice.id }, me3)
    ).json();
    expect(other.qualificationDocumentsAssociated).toEqual([]);
    expect(other.processDocuments.map((d: { id: string }) => d.id)).not.toContain(proposal);
  });
});
