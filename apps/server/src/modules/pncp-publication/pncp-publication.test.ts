import { PNCP_CONFORMITY_SNAPSHOT } from "@certame/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFORMITY } from "../../../test/fake-pncp-domain";
import {
  FAKE_PNCP_LOGIN,
  FAKE_PNCP_PASSWORD,
  type FakePncpOptions,
  type FakePncpPublishing,
  startFakePncpPublishing,
} from "../../../test/fake-pncp-publishing";
import { BUYER, OTHER_BUYER, PRODUCT } from "../../../test/notice-fixture";
import { attach, createNotice, insertLot, PDF_BYTES, setNotice } from "../../../test/notice-helpers";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import {
  auctionBatches,
  auctionNotices,
  auctionWinners,
  buyers,
  lawClauses,
  pncpPublicationJobs,
} from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { HttpPncpPublisher } from "../../integrations/pncp/pncp-publisher";

// Issue 19 item 5 (Lei 14.133 arts. 54 and 94): notices with canPublishOnPncp reach the portal's
// publishing API through the durable queue, against a local fake that validates the manual's payloads.

let portal: FakePncpPublishing;
let clock: TestClock;
let t: TestApp;
let buyer: string;

const publisher = (timeoutMs?: number, on: FakePncpPublishing = portal) =>
  new HttpPncpPublisher(on.url, { login: FAKE_PNCP_LOGIN, password: FAKE_PNCP_PASSWORD }, { timeoutMs });

/** The demo body's unit in the portal, the platform authorised for its CNPJ (6.2.6, 6.1.3). */
const DEMO_CNPJ = "12345678000195";
const demoBody: FakePncpOptions = {
  units: { [DEMO_CNPJ]: [{ codigoUnidade: "1", nomeUnidade: "Secretaria Municipal de Administração" }] },
  authorisedCnpjs: [DEMO_CNPJ],
};

async function publishedNotice(app: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const id = await createNotice(app, token, {
    noticeNumber: `PE ${Math.floor(Math.random() * 1e6)}/2026`,
    ...overrides,
  });
  await insertLot(app, id, 1, 1);
  await insertLot(app, id, 2, 1);
  await attach(app, token, id);
  await attach(app, token, id, "OTHER", { name: "termo-de-referencia.pdf", bytes: PDF_BYTES });
  const res = await app.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, token);
  expect(res.statusCode).toBe(200);
  return id;
}

const jobsOf = (app: TestApp, noticeId: string) =>
  app.db
    .select()
    .from(pncpPublicationJobs)
    .where(eq(pncpPublicationJobs.auctionNoticeId, noticeId))
    .orderBy(pncpPublicationJobs.seq);

const run = (app: TestApp) => app.app.pncpPublication.worker.runDue();

beforeAll(async () => {
  portal = await startFakePncpPublishing(demoBody);
  clock = new TestClock();
  t = await createTestApp({ clock: clock.now, pncpPublisher: publisher() });
  buyer = await t.login(BUYER);
});
afterAll(async () => {
  await t.close();
  await portal.close();
});

describe("publication of a notice to the PNCP (Lei 14.133 art. 54)", () => {
  it("sends the contracting with its items and main file, then its other files, and stores the control number", async () => {
    const id = await publishedNotice(t, buyer);
    expect((await jobsOf(t, id)).map((j) => [j.kind, j.status])).toEqual([
      ["PURCHASE", "PENDING"],
      ["DOCUMENT", "PENDING"],
    ]);
    await run(t);
    const purchase = portal.purchases.find(
      (p) => p.compra.numeroProcesso === "PA 4000/2026" && p.documents.length === 2,
    );
    expect(purchase).toBeDefined();
    expect(purchase?.compra).toMatchObject({
      tipoInstrumentoConvocatorioId: 1,
      modalidadeId: 6, // Pregão - Eletrônico
      modoDisputaId: 1,
      amparoLegalId: 1, // Art. 28, I
      srp: false,
      anoCompra: 2026,
      // 6.3.1 item 8: the number without its year (the notice's is "PE n/2026").
      numeroCompra: expect.stringMatching(/^PE \d+$/),
    });
    expect(purchase?.compra.itensCompra).toHaveLength(2);
    expect(purchase?.compra.itensCompra[0]).toMatchObject({
      numeroItem: 1,
      materialOuServico: "M",
      criterioJulgamentoId: 1,
      tipoBeneficioId: 4,
      quantidade: 10,
      valorTotal: 1599,
    });
    expect(purchase?.documents.map((d) => [d.typeId, d.fileName])).toEqual([
      [2, "edital.pdf"],
      [16, "termo-de-referencia.pdf"],
    ]);
    const jobs = await jobsOf(t, id);
    expect(jobs.map((j) => j.status)).toEqual(["DONE", "DONE"]);
    const control = `00394460000141-1-${String(purchase?.sequential).padStart(6, "0")}/2026`;
    const [notice] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, id));
    expect(notice?.pncpControlNumber?.replace(/^\d{14}/, "")).toBe(control.replace(/^\d{14}/, ""));
    // Shown with the notice, to the public as to the body.
    const read = await t.post("/api/public/auction/read", { id });
    expect(read.json().pncpControlNumber).toBe(notice?.pncpControlNumber);
    const list = await t.post(
      "/api/app/auction/pncp/list",
      { searchParameters: notice?.noticeNumber },
      buyer,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().publications.map((p: { kind: string; status: string }) => [p.kind, p.status])).toEqual(
      [
        ["DOCUMENT", "DONE"],
        ["PURCHASE", "DONE"],
      ],
    );
  });

  it("sends a file attached after the publication (6.3.6)", async () => {
    const id = await publishedNotice(t, buyer, { noticeNumber: "PE 144/2026" });
    await run(t);
    await attach(t, buyer, id, "OTHER", { name: "errata.pdf", bytes: PDF_BYTES });
    await run(t);
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "PE 144");
    expect(purchase?.documents.map((d) => d.fileName)).toEqual([
      "edital.pdf",
      "termo-de-referencia.pdf",
      "errata.pdf",
    ]);
  });

  it("queues nothing for a notice without canPublishOnPncp", async () => {
    const id = await publishedNotice(t, buyer, { canPublishOnPncp: false });
    expect(await jobsOf(t, id)).toEqual([]);
  });

  it("sends the recorded winner of each item as its result (6.3.15)", async () => {
    const id = await createNotice(t, buyer, { noticeNumber: "PE 77/2026" });
    await insertLot(t, id, 1, 1);
    await attach(t, buyer, id);
    const [batch] = await t.db.select().from(auctionBatches).where(eq(auctionBatches.auctionNoticeId, id));
    if (!batch) throw new Error("lot not inserted");
    await t.db.insert(auctionWinners).values({
      auctionNoticeId: id,
      batchId: batch.id,
      supplierId: DEMO_IDS.supplier1,
      unitPrice: 12_000,
      totalPrice: 120_000,
      quantity: "10",
    });
    await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    await run(t);
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "PE 77");
    expect(purchase?.results).toEqual([
      {
        itemNumber: 1,
        result: expect.objectContaining({
          quantidadeHomologada: 10,
          valorUnitarioHomologado: 120,
          valorTotalHomologado: 1200,
          tipoPessoaId: "PJ",
          codigoPais: "BRA",
        }),
      },
    ]);
  });

  it("sends the lots added and changed while suspended when the notice is republished (6.3.10, 6.3.11)", async () => {
    const id = await createNotice(t, buyer, { noticeNumber: "PE 64/2026" });
    const lot = (number: number, quantity: number) => ({
      number,
      item: 1,
      product: { id: PRODUCT(number) },
      quantity,
      measurementUnit: { code: "UN" },
      referencePrice: 1_000,
    });
    const save = (lots: object[]) => t.post(`/api/app/auctionBatch/save?auctionNoticeId=${id}`, lots, buyer);
    expect((await save([lot(1, 10), lot(2, 5)])).statusCode).toBe(200);
    await attach(t, buyer, id);
    await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    await run(t);
    await t.post("/api/app/auction/updateStatus", { id, status: "SUSPENDED_INDEFINITELY" }, buyer);
    // Edited under the indefinite suspension: lot 1's quantity, and a lot 3.
    const lots = (
      await t.post("/api/app/auctionBatch/list", { auctionNoticeId: id, hasPagination: false }, buyer)
    ).json().auctionBatches as { id: string; number: number }[];
    const edited = await save([
      { ...lot(1, 12), id: lots.find((l) => l.number === 1)?.id },
      { ...lot(3, 7) },
    ]);
    expect(edited.statusCode).toBe(200);
    await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    await run(t);
    expect((await jobsOf(t, id)).map((j) => [j.kind, j.status])).toEqual([
      ["PURCHASE", "DONE"],
      ["RECTIFICATION", "DONE"],
      ["RECTIFICATION", "DONE"],
      ["ITEMS", "DONE"],
    ]);
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "PE 64");
    expect(
      purchase?.itemRectifications.map((r) => [r.itemNumber, r.item.quantidade, r.item.valorTotal]),
    ).toEqual([[1, 12, 120]]);
    expect(purchase?.addedItems.map((i) => [i.numeroItem, i.quantidade, i.valorTotal])).toEqual([[3, 7, 70]]);
  });

  it("sends a 4-decimal lot's values as typed in the wizard, under a secret budget too (6.3.1 item 18, 6.3.15)", async () => {
    const id = await createNotice(t, buyer, {
      noticeNumber: "PE 61/2026",
      shouldDiscloseReferencePrice: false,
    });
    // Typed in the lots step: quantity 10, unit reference "12,3456" in a lot of 4 decimals.
    const saved = await t.post(
      `/api/app/auctionBatch/save?auctionNoticeId=${id}`,
      [
        {
          number: 1,
          item: 1,
          product: { id: PRODUCT(1) },
          quantity: 10,
          measurementUnit: { code: "UN" },
          decimalsNumber: 4,
          referencePrice: 123_456,
        },
      ],
      buyer,
    );
    expect(saved.statusCode).toBe(200);
    const [batch] = await t.db.select().from(auctionBatches).where(eq(auctionBatches.auctionNoticeId, id));
    // The winners step: "11,9876" a unit at the lot's 4 decimals.
    await t.db.insert(auctionWinners).values({
      auctionNoticeId: id,
      batchId: batch?.id as string,
      supplierId: DEMO_IDS.supplier1,
      unitPrice: 119_876,
      totalPrice: 1_198_760,
      quantity: "10",
    });
    await attach(t, buyer, id);
    expect(
      (await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer)).statusCode,
    ).toBe(200);
    await run(t);
    const purchase = portal.purchases.find(
      (p) =>
        p.compra.numeroProcesso === "PA 4000/2026" &&
        p.compra.itensCompra[0]?.valorUnitarioEstimado === 12.3456,
    );
    expect(purchase?.compra.itensCompra[0]).toMatchObject({
      quantidade: 10,
      valorUnitarioEstimado: 12.3456,
      valorTotal: 123.456,
      orcamentoSigiloso: true,
    });
    expect(purchase?.results[0]?.result).toMatchObject({
      valorUnitarioHomologado: 11.9876,
      valorTotalHomologado: 119.876,
      // v2.6: required on every result; "aplicado quando o critério for Maior Desconto": 0 at menor preço.
      percentualDesconto: 0,
    });
  });

  it("publishes the demo body's notices and an inexigibilidade with the codes the portal's rules ask (issue 34 items 2, 4)", async () => {
    const pregoeiro = await t.login("pregoeiro@demo.gov.br");
    const sent = async (id: string) => {
      // The portal takes a contracting with at least one item (6.3.1 item 17): the demo's lotless ones get one.
      const lots = await t.db.select().from(auctionBatches).where(eq(auctionBatches.auctionNoticeId, id));
      if (lots.length === 0) await insertLot(t, id, 1, 1);
      await attach(t, pregoeiro, id);
      await t.db.transaction((tx) => t.app.pncpPublication.service.onPublished(tx, id));
      await run(t);
      expect((await jobsOf(t, id)).map((j) => [j.kind, j.status, j.lastError])).toContainEqual([
        "PURCHASE",
        "DONE",
        null,
      ]);
      expect((await jobsOf(t, id)).every((j) => j.status === "DONE")).toBe(true);
      const [notice] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, id));
      const purchase = portal.purchases.find(
        (p) => p.compra.numeroProcesso === notice?.processNumber && p.compra.numeroCompra !== "",
      );
      expect(purchase?.compra.codigoUnidadeCompradora).toBe("1");
      return purchase?.compra;
    };
    const codes = (c: Awaited<ReturnType<typeof sent>>) => [
      c?.tipoInstrumentoConvocatorioId,
      c?.modalidadeId,
      c?.modoDisputaId,
      c?.amparoLegalId,
    ];
    expect(codes(await sent(DEMO_IDS.noticeOpen))).toEqual([1, 6, 1, 1]);
    expect(codes(await sent(DEMO_IDS.noticeDispenser))).toEqual([2, 8, 4, 19]);
    expect(codes(await sent(DEMO_IDS.noticeAccreditation))).toEqual([1, 12, 5, 47]);
    expect(codes(await sent(DEMO_IDS.noticePreQualification))).toEqual([1, 11, 5, 48]);
    // The leilão (6.3.1 items 13, 17.2–17.4, 17.11, 17.12): srp false, bens móveis, no benefit.
    const leilao = await sent(DEMO_IDS.noticeAuction);
    expect(codes(leilao)).toEqual([1, 1, 1, 4]);
    expect(leilao?.srp).toBe(false);
    expect(leilao?.itensCompra[0]).toMatchObject({
      materialOuServico: "M",
      tipoBeneficioId: 5,
      incentivoProdutivoBasico: false,
      orcamentoSigiloso: false,
      itemCategoriaId: 2,
      criterioJulgamentoId: 5,
    });
    // An inexigibilidade receiving proposals: the "Ato que autoriza a Contratação Direta" (§5.1), modo 5.
    const [clause] = await t.db
      .select()
      .from(lawClauses)
      .where(eq(lawClauses.code, "LEI_14133_2021_ART74_I"));
    const id = await createNotice(t, buyer, { noticeNumber: "IN 67/2026", processNumber: "PA 6700/2026" });
    await setNotice(t, id, {
      modality: "DIRECT_NONENFORCEMENT",
      auctionLicensePhase: "AFTER_BID",
      lawClauseId: clause?.id ?? null,
    });
    expect(codes(await sent(id))).toEqual([3, 9, 5, 6]);
  });

  it("sends a long object whole on insertion (6.3.1 item 11, 5,120) and within 512 on rectification (v2.6 6.3.2 items 10–11)", async () => {
    const object = `Registro de preços para aquisição de ${"material de expediente, ".repeat(30)}conforme o termo de referência.`;
    const id = await publishedNotice(t, buyer, { noticeNumber: "PE 69/2026", objectOfInterest: object });
    await run(t);
    await t.post("/api/app/auction/updateStatus", { id, status: "SUSPENDED_INDEFINITELY" }, buyer);
    await run(t);
    expect((await jobsOf(t, id)).map((j) => [j.kind, j.status])).toEqual([
      ["PURCHASE", "DONE"],
      ["DOCUMENT", "DONE"],
      ["RECTIFICATION", "DONE"],
    ]);
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "PE 69");
    expect(purchase?.compra.objetoCompra).toBe(object);
    const rectified = purchase?.rectifications[0];
    expect(String(rectified?.objetoCompra)).toHaveLength(512);
    expect(rectified?.informacaoComplementar ?? null).toBeNull();
  });

  it("sends rectifications (PUT, 6.3.2) when a published notice is suspended and when it is republished", async () => {
    const id = await publishedNotice(t, buyer, { noticeNumber: "PE 88/2026" });
    await run(t);
    const suspend = await t.post(
      "/api/app/auction/updateStatus",
      { id, status: "SUSPENDED_INDEFINITELY" },
      buyer,
    );
    expect(suspend.statusCode).toBe(200);
    await run(t);
    await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    await run(t);
    const purchase = portal.purchases.find((p) => p.compra.numeroCompra === "PE 88");
    // Suspended (§5.5 situação 4), then published again (1).
    expect(purchase?.rectifications.map((r) => [r.situacaoCompraId, r.justificativa])).toEqual([
      [4, "Processo suspenso pelo órgão por prazo indeterminado."],
      [1, "Edital alterado e republicado pelo órgão."],
    ]);
    expect(purchase?.rectifications[1]).toMatchObject({ numeroCompra: "PE 88", modalidadeId: 6 });
    expect(portal.purchases.filter((p) => p.compra.numeroCompra === "PE 88")).toHaveLength(1);
  });
});

describe("the durable retrying queue", () => {
  it("records a failed attempt with backoff and completes after a restart of the server", async () => {
    const own = new TestClock();
    const first = await createTestApp({ clock: own.now, pncpPublisher: publisher() });
    const token = await first.login(BUYER);
    const id = await publishedNotice(first, token, { noticeNumber: "PE 99/2026" });
    portal.failNext(1, 503);
    await run(first);
    const [failed] = await jobsOf(first, id);
    expect(failed).toMatchObject({ kind: "PURCHASE", status: "PENDING", attempts: 1 });
    expect(failed?.lastError).toContain("HTTP 503");
    expect(failed?.nextAttemptAt.getTime()).toBe(own.now().getTime() + 30_000);
    // Not due yet: nothing is sent.
    await run(first);
    expect((await jobsOf(first, id))[0]?.attempts).toBe(1);
    // The server stops; another starts on the same database, later.
    await first.stopInstance();
    own.advance(30_000);
    // The same data folder: a restarted server keeps its files (test apps get a folder each otherwise).
    const second = await createTestApp({
      sameDatabaseAs: first,
      clock: own.now,
      pncpPublisher: publisher(),
      env: { DATA_DIR: first.dataDir },
    });
    await run(second);
    expect((await jobsOf(second, id)).map((j) => [j.status, j.attempts])).toEqual([
      ["DONE", 2],
      ["DONE", 1],
    ]);
    expect(portal.purchases.filter((p) => p.compra.numeroCompra === "PE 99")).toHaveLength(1);
    await second.close();
    await first.close();
  });

  it("gives up a hanging portal at the timeout and retries later, the server going on", async () => {
    const own = new TestClock();
    const app = await createTestApp({ clock: own.now, pncpPublisher: publisher(300) });
    const token = await app.login(BUYER);
    const id = await publishedNotice(app, token, { noticeNumber: "PE 111/2026" });
    portal.hangNext();
    await run(app);
    const [job] = await jobsOf(app, id);
    expect(job).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(job?.lastError).toContain("não respondeu");
    expect((await app.post("/api/public/auction/read", { id })).statusCode).toBe(200);
    own.advance(30_000);
    await run(app);
    expect((await jobsOf(app, id)).map((j) => j.status)).toEqual(["DONE", "DONE"]);
    await app.close();
  });

  it("marks a refused payload FAILED with the portal's reason; 'Reenviar' sends it again, for its own body only", async () => {
    const id = await publishedNotice(t, buyer, { noticeNumber: "PE 122/2026" });
    portal.failNext(1, 422);
    await run(t);
    const [job] = await jobsOf(t, id);
    expect(job).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(job?.lastError).toContain("HTTP 422");
    const list = await t.post("/api/app/auction/pncp/list", { statuses: ["FAILED"] }, buyer);
    expect(list.json().publications).toContainEqual(
      expect.objectContaining({ id: job?.id, status: "FAILED", canRetry: true, lastError: job?.lastError }),
    );
    const other = await t.login(OTHER_BUYER);
    expect((await t.post("/api/app/auction/pncp/retry", { id: job?.id }, other)).statusCode).toBe(404);
    const supplier = await t.login("fornecedor1@demo.com.br");
    expect((await t.post("/api/app/auction/pncp/retry", { id: job?.id }, supplier)).statusCode).toBe(403);
    expect((await t.post("/api/app/auction/pncp/list", {}, other)).json().publications).not.toContainEqual(
      expect.objectContaining({ id: job?.id }),
    );
    const retried = await t.post("/api/app/auction/pncp/retry", { id: job?.id }, buyer);
    expect(retried.statusCode).toBe(200);
    await run(t);
    expect((await jobsOf(t, id)).map((j) => j.status)).toEqual(["DONE", "DONE"]);
    expect((await t.post("/api/app/auction/pncp/retry", { id: job?.id }, buyer)).statusCode).toBe(409);
  });

  it("sends a CSV notice file as a PDF table, the format the portal accepts (manual §5.16)", async () => {
    const id = await createNotice(t, buyer, { noticeNumber: "PE 62/2026" });
    await insertLot(t, id, 1, 1);
    await attach(t, buyer, id);
    const csv = Buffer.from('Item;Descrição;Quantidade\n1;Cadeira ergonômica;10\n2;Mesa;"5"\n');
    await attach(t, buyer, id, "OTHER", { name: "planilha-de-precos.csv", bytes: csv });
    await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    await run(t);
    expect((await jobsOf(t, id)).map((j) => [j.kind, j.status])).toEqual([
      ["PURCHASE", "DONE"],
      ["DOCUMENT", "DONE"],
    ]);
    const purchase = portal.purchases.find(
      (p) =>
        p.compra.numeroProcesso === "PA 4000/2026" &&
        p.documents.some((d) => d.fileName.startsWith("planilha-de-precos")),
    );
    expect(purchase?.documents[1]).toMatchObject({
      fileName: "planilha-de-precos.pdf",
      type: "application/pdf",
      typeId: 16,
    });
  });

  it("does not let a job refused for good hold the notice's later jobs; the refusal stays listed with 'Reenviar'", async () => {
    const id = await createNotice(t, buyer, { noticeNumber: "PE 63/2026" });
    await insertLot(t, id, 1, 1);
    await attach(t, buyer, id);
    await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    await run(t);
    // A file attached later is refused by the portal for good (422)…
    await attach(t, buyer, id, "OTHER", { name: "anexo.pdf", bytes: PDF_BYTES });
    portal.failNext(1, 422);
    await run(t);
    // …and the suspension queued after it still goes (6.3.2).
    await t.post("/api/app/auction/updateStatus", { id, status: "SUSPENDED_INDEFINITELY" }, buyer);
    await run(t);
    const jobs = await jobsOf(t, id);
    expect(jobs.map((j) => [j.kind, j.status])).toEqual([
      ["PURCHASE", "DONE"],
      ["DOCUMENT", "FAILED"],
      ["RECTIFICATION", "DONE"],
    ]);
    const list = await t.post("/api/app/auction/pncp/list", { statuses: ["FAILED"] }, buyer);
    expect(list.json().publications).toContainEqual(
      expect.objectContaining({ id: jobs[1]?.id, canRetry: true }),
    );
  });

  it("refuses bad input with the field named", async () => {
    const res = await t.post("/api/app/auction/pncp/retry", { id: "abc" }, buyer);
    expect(res.statusCode).toBe(400);
    expect(res.json().properties[0].property).toBe("id");
  });
});

describe("the body's PNCP unit (manual 6.3.1 item 4, 6.2.6; entes autorizados 6.1.3, 6.1.5)", () => {
  it("queues nothing without the unit, says so on the list, and sends the held notices once the unit is checked and recorded", async () => {
    const app = await createTestApp({ clock: clock.now, pncpPublisher: publisher() });
    const token = await app.login(BUYER);
    await app.db
      .update(buyers)
      .set({ pncpUnitCode: null, pncpUnitName: null })
      .where(eq(buyers.id, DEMO_IDS.buyer));
    const id = await publishedNotice(app, token, { noticeNumber: "PE 65/2026" });
    // No job that must fail: the contracting is held, and the page tells the unit is missing.
    expect((await jobsOf(app, id)).map((j) => [j.kind, j.status])).toEqual([
      ["PURCHASE", "HELD"],
      ["DOCUMENT", "PENDING"],
    ]);
    const calls = portal.calls.length;
    await run(app);
    expect(portal.calls.length).toBe(calls);
    const before = (await app.post("/api/app/auction/pncp/list", {}, token)).json();
    expect(before).toMatchObject({ unit: null, waitingNotices: ["PE 65/2026"] });
    // A code the portal does not know for the CNPJ is refused, naming the field.
    const unknown = await app.post("/api/app/auction/pncp/unit", { code: "7", name: "Compras" }, token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().properties[0]).toMatchObject({ property: "code" });
    expect(unknown.json().message).toContain("não está cadastrada no PNCP");
    // Registered, but the platform's login is not authorised for the body's CNPJ.
    portal.units.get(DEMO_CNPJ)?.push({ codigoUnidade: "7", nomeUnidade: "Secretaria Municipal de Compras" });
    portal.authorisedCnpjs.delete(DEMO_CNPJ);
    const refused = await app.post("/api/app/auction/pncp/unit", { code: "7", name: "Compras" }, token);
    portal.authorisedCnpjs.add(DEMO_CNPJ);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("não está autorizado");
    expect((await app.post("/api/app/auction/pncp/list", {}, token)).json().unit).toBeNull();
    // Checked: recorded with the portal's name for it, and the held notice is queued.
    const saved = await app.post("/api/app/auction/pncp/unit", { code: "7", name: "Compras" }, token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ code: "7", name: "Secretaria Municipal de Compras", queuedNotices: 1 });
    await run(app);
    expect((await jobsOf(app, id)).map((j) => [j.kind, j.status])).toEqual([
      ["PURCHASE", "DONE"],
      ["DOCUMENT", "DONE"],
    ]);
    expect(
      portal.purchases.find((p) => p.compra.numeroCompra === "PE 65")?.compra.codigoUnidadeCompradora,
    ).toBe("7");
    expect((await app.post("/api/app/auction/pncp/list", {}, token)).json()).toMatchObject({
      unit: { code: "7", name: "Secretaria Municipal de Compras" },
      waitingNotices: [],
    });
    // Only the body's editors record it.
    const supplier = await app.login("fornecedor1@demo.com.br");
    expect(
      (await app.post("/api/app/auction/pncp/unit", { code: "7", name: "x" }, supplier)).statusCode,
    ).toBe(403);
    await app.close();
  });
});

describe("the portal's conformity tables (manual §5.18, §5.19, §5.22; issue 34 item 4)", () => {
  it("reads them from the portal and refuses, before any job, a notice the portal would refuse — the wizard's check says why", async () => {
    // The portal's table no longer takes amparo 1 (art. 28, I) for a pregão eletrônico by edital.
    const changed = await startFakePncpPublishing({
      ...demoBody,
      conformity: { amparoModalidades: { ...DEFAULT_CONFORMITY.amparoModalidades, 1: [7] } },
    });
    const app = await createTestApp({ clock: clock.now, pncpPublisher: publisher(undefined, changed) });
    const token = await app.login(BUYER);
    await app.app.pncpPublication.service.refreshTables();
    const id = await createNotice(app, token, { noticeNumber: "PE 66/2026" });
    await insertLot(app, id, 1, 1);
    await attach(app, token, id);
    const check = await app.post("/api/app/auction/pncp/check", { id }, token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      canPublishOnPncp: true,
      problems: [
        "O PNCP não aceita o amparo legal 1 com a modalidade 6 e o instrumento convocatório 1 (manual §5.18).",
      ],
    });
    const publish = await app.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, token);
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toContain("amparo legal 1 com a modalidade 6");
    expect(await jobsOf(app, id)).toEqual([]);
    // Not going to the portal, it publishes (and the check has nothing to say).
    await setNotice(app, id, { canPublishOnPncp: false });
    expect((await app.post("/api/app/auction/pncp/check", { id }, token)).json()).toEqual({
      canPublishOnPncp: false,
      problems: [],
    });
    expect(
      (await app.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, token)).statusCode,
    ).toBe(200);
    expect(
      (await app.post("/api/app/auction/pncp/check", { id }, await app.login(OTHER_BUYER))).statusCode,
    ).toBe(404);
    await app.close();
    await changed.close();
  });
});

describe("without PNCP credentials (npm start): the outbox", () => {
  it("records what would be sent and answers a control number", async () => {
    const app = await createTestApp();
    const token = await app.login(BUYER);
    const id = await publishedNotice(app, token, { noticeNumber: "PE 133/2026" });
    await run(app);
    const read = await app.post("/api/public/auction/read", { id });
    expect(read.json().pncpControlNumber).toMatch(/^\d{14}-1-\d{6}\/2026$/);
    const outbox = await app.post("/api/app/auction/pncp/outbox", {}, token);
    const entries = outbox.json().entries as {
      method: string;
      path: string;
      body: unknown;
      files: unknown;
    }[];
    expect(entries.map((e) => [e.method, e.path.replace(/\/\d{4}\/\d+/, "/{ano}/{seq}")])).toEqual([
      ["POST", expect.stringMatching(/^\/v1\/orgaos\/\d{14}\/compras\/\{ano\}\/\{seq\}\/arquivos$/)],
      ["POST", expect.stringMatching(/^\/v1\/orgaos\/\d{14}\/compras$/)],
    ]);
    expect(entries[1]?.body).toMatchObject({
      numeroCompra: "PE 133",
      itensCompra: [{ numeroItem: 1 }, { numeroItem: 2 }],
    });
    expect((await app.post("/api/app/auction/pncp/list", {}, token)).json().target).toBe("outbox");
    // Another body's outbox holds none of it (its CNPJ is in every path).
    const other = await app.post("/api/app/auction/pncp/outbox", {}, await app.login(OTHER_BUYER));
    expect(JSON.stringify(other.json().entries)).not.toContain("PE 133/2026");
    await app.close();
  });
});
