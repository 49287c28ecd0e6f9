import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER, makeNotice, OTHER_BUYER, PRODUCT, SUPPLIER } from "../../../test/notice-fixture";
import { PDF_BYTES, PNG_BYTES, postMultipart } from "../../../test/notice-helpers";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionBatches } from "../../db/schema";
import { listEvents } from "../../events/event-log.repository";

// Direct procedures' proposals (notices-and-accounts §2.3 DIRECT_* cards, §7
// app/auction/proposalTemplate/download; issue 19 item 2), through HTTP on PostgreSQL.

const DAY = 86_400_000;
const clock = new TestClock(Date.parse("2026-12-01T15:00:00Z"));
const now = () => clock.now().getTime();

let t: TestApp;
let supplier: string;
let supplier3: string;
let buyer: string;
let otherBuyer: string;
let citizen: string;
let accreditation: string;
/** What the platform e-mailed (the mailer records instead of sending). */
const mails: { to: string; subject: string; text: string }[] = [];
let waiver: string;

async function upload(
  token: string,
  file = { name: "proposta-assinada.pdf", bytes: PDF_BYTES, type: "application/pdf" },
) {
  const res = await postMultipart(t, "/api/upload", token, {}, file);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { url: string }).url;
}

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    mailer: {
      send: async (message) => {
        mails.push(message as (typeof mails)[number]);
        return `<${mails.length}@test>`;
      },
    },
  });
  [supplier, supplier3, buyer, otherBuyer, citizen] = await Promise.all([
    t.login(SUPPLIER),
    t.login("fornecedor3@demo.com.br"),
    t.login(BUYER),
    t.login(OTHER_BUYER),
    t.login("cidadao@demo.com.br"),
  ]);
  const open = {
    status: "PUBLISHED" as const,
    proposalsStartDateTime: new Date(now() - DAY),
    proposalsEndDateTime: new Date(now() + 10 * DAY),
  };
  accreditation = (
    await makeNotice(t, {
      ...open,
      modality: "DIRECT_ACCREDITATION",
      subModality: "HIRING_SERVICES",
      noticeNumber: "CR 7/2026",
    })
  ).id;
  waiver = (
    await makeNotice(t, {
      ...open,
      modality: "DIRECT_WAIVER_FORMALIZATION",
      noticeNumber: "DD 8/2026",
      proposalsEndDateTime: new Date(now() - 1000),
    })
  ).id;
  await t.db.insert(auctionBatches).values([
    {
      auctionNoticeId: accreditation,
      number: 1,
      item: 1,
      productId: PRODUCT(1),
      quantity: "12",
      measurementUnitCode: "UN",
    },
    {
      auctionNoticeId: accreditation,
      number: 1,
      item: 2,
      productId: PRODUCT(2),
      quantity: "3.5",
      measurementUnitCode: "UN",
    },
  ]);
});
afterAll(() => t.close());

describe("the proposal template", () => {
  it("is a real .xlsx with one row per lot item, the quantities given and the prices left to fill", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/app/auction/proposalTemplate/download?id=${accreditation}`,
      headers: { authorization: `Bearer ${supplier}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe(
      "modelo-de-proposta-CR 7-2026.xlsx",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Proposta");
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "Lote",
      "Item",
      "Produto/Serviço",
      "Unidade",
      "Quantidade",
      "Valor unitário (R$)",
      "Marca/Modelo",
      "Valor total (R$)",
    ]);
    expect(sheet?.rowCount).toBe(3);
    expect([sheet?.getCell("A3").value, sheet?.getCell("B3").value, sheet?.getCell("E3").value]).toEqual([
      1, 2, 3.5,
    ]);
    expect(sheet?.getCell("F2").value).toBeNull();
    expect(sheet?.getCell("H2").value).toMatchObject({ formula: "E2*F2" });
    expect(workbook.getWorksheet("Processo")?.getCell("B3").value).toBe("CR 7/2026");
  });

  it("only for a published direct procedure and a supplier", async () => {
    const draft = await makeNotice(t, { modality: "DIRECT_ACCREDITATION" });
    const res = await t.post("/api/app/auction/proposalTemplate/download", { id: draft.id }, supplier);
    expect(res.statusCode).toBe(404);
    const bidding = await makeNotice(t, { status: "PUBLISHED" });
    expect(
      (await t.post("/api/app/auction/proposalTemplate/download", { id: bidding.id }, supplier)).statusCode,
    ).toBe(400);
    expect(
      (await t.post("/api/app/auction/proposalTemplate/download", { id: accreditation }, citizen)).statusCode,
    ).toBe(403);
  });
});

describe("sending, analysing and the results", () => {
  let proposalId: string;

  it("a supplier attaches its signed PDF; sending again before the analysis replaces the file", async () => {
    const url = await upload(supplier);
    const first = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "INITIAL_VALUES", url, description: "Tabela de valores 2027" },
      supplier,
    );
    expect(first.statusCode, first.body).toBe(200);
    proposalId = first.json().id;
    expect(first.json()).toMatchObject({
      status: "PENDING",
      statusLabel: "Em análise",
      fileName: "proposta-assinada.pdf",
    });
    const again = await t.post(
      "/api/app/directProposal/send",
      {
        auctionNoticeId: accreditation,
        kind: "INITIAL_VALUES",
        url: await upload(supplier),
        name: "proposta-v2.pdf",
      },
      supplier,
    );
    expect(again.json()).toMatchObject({ id: proposalId, fileName: "proposta-v2.pdf" });
    const mine = await t.post("/api/app/directProposal/mine", { auctionNoticeId: accreditation }, supplier);
    expect(mine.json()).toHaveLength(1);
    const types = (await listEvents(t.db, accreditation)).map((e) => e.eventType);
    expect(types).toEqual(expect.arrayContaining(["DIRECT_PROPOSAL_SENT", "DIRECT_PROPOSAL_REPLACED"]));
  });

  it("refuses a file that is not the sender's own PDF, a wrong kind, a closed window, an update without approval", async () => {
    const png = await upload(supplier, { name: "foto.png", bytes: PNG_BYTES, type: "image/png" });
    const wrongType = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "INITIAL_VALUES", url: png },
      supplier,
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().properties).toEqual([
      { property: "url", errorMessages: ["Envie a proposta assinada em PDF."] },
    ]);
    const othersFile = await upload(supplier3);
    const forged = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "INITIAL_VALUES", url: othersFile },
      supplier,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().properties[0].property).toBe("url");
    const url = await upload(supplier);
    const kind = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "PROPOSAL", url },
      supplier,
    );
    expect(kind.json().message).toBe("Este processo não recebe 'Proposta assinada'.");
    const late = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: waiver, kind: "PROPOSAL", url },
      supplier,
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(
      /^O recebimento de propostas terminou em \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/,
    );
    clock.advance(60_000);
    const update = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "UPDATE_VALUES", url },
      supplier,
    );
    expect(update.json().message).toBe("A atualização de valores exige uma proposta inicial aprovada.");
    const buyerSends = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "INITIAL_VALUES", url },
      buyer,
    );
    expect(buyerSends.statusCode).toBe(403);
  });

  it("the body sees the proposals with the supplier and its file; another body does not", async () => {
    const list = await t.post("/api/app/directProposal/list", { auctionNoticeId: accreditation }, buyer);
    expect(list.statusCode).toBe(200);
    expect(list.json().proposals).toHaveLength(1);
    expect(list.json().proposals[0]).toMatchObject({
      id: proposalId,
      supplier: { name: expect.any(String) },
    });
    const file = await t.post("/api/app/directProposal/download", { id: proposalId }, buyer);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(
      (await t.post("/api/app/directProposal/list", { auctionNoticeId: accreditation }, otherBuyer))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.post("/api/app/directProposal/download", { id: proposalId }, otherBuyer)).statusCode,
    ).toBe(403);
    expect((await t.post("/api/app/directProposal/download", { id: proposalId }, supplier3)).statusCode).toBe(
      403,
    );
    expect(
      (await t.post("/api/app/directProposal/decide", { id: proposalId, decision: "APPROVED" }, otherBuyer))
        .statusCode,
    ).toBe(403);
  });

  it("a rejection needs its reason; an approval is final and opens the update of values", async () => {
    const noReason = await t.post(
      "/api/app/directProposal/decide",
      { id: proposalId, decision: "REJECTED", reason: " " },
      buyer,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().properties).toEqual([
      { property: "reason", errorMessages: ["Informe o motivo da reprovação."] },
    ]);
    const approved = await t.post(
      "/api/app/directProposal/decide",
      { id: proposalId, decision: "APPROVED" },
      buyer,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "APPROVED", decidedByName: expect.any(String) });
    const twice = await t.post(
      "/api/app/directProposal/decide",
      { id: proposalId, decision: "REJECTED", reason: "x" },
      buyer,
    );
    expect(twice.json().properties[0]).toEqual({
      property: "status",
      errorMessages: ["Esta proposta já foi analisada (Aprovada)."],
    });
    const update = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "UPDATE_VALUES", url: await upload(supplier) },
      supplier,
    );
    expect(update.statusCode).toBe(200);
    const rejected = await t.post(
      "/api/app/directProposal/decide",
      { id: update.json().id, decision: "REJECTED", reason: "Valores acima da tabela de referência." },
      buyer,
    );
    expect(rejected.json()).toMatchObject({
      status: "REJECTED",
      reason: "Valores acima da tabela de referência.",
    });
  });

  it("the results list the approved proposals for everyone signed in, and each supplier its own", async () => {
    const results = await t.post(
      "/api/app/directProposal/results",
      { auctionNoticeId: accreditation },
      supplier3,
    );
    expect(results.statusCode).toBe(200);
    expect(results.json().approved).toEqual([
      expect.objectContaining({ kind: "INITIAL_VALUES", kindLabel: "Proposta inicial de valores" }),
    ]);
    expect(results.json().mine).toEqual([]);
    const own = await t.post("/api/app/directProposal/results", { auctionNoticeId: accreditation }, supplier);
    expect(own.json().mine.map((p: { status: string }) => p.status)).toEqual(["REJECTED", "APPROVED"]);
  });
});
