import {
  PROCESS_ALREADY_PUBLISHED_MESSAGE,
  PROCESS_NOT_FOUND_MESSAGE,
  PROCESS_NOTICE_NOT_ALLOWED_MESSAGE,
  PROCESS_NOTICE_PUBLISHED_MESSAGE,
} from "@certame/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../../../test/database-fingerprint";
import { attach, inDays } from "../../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import {
  auctionNotices,
  demandFormalizationBatches,
  eventLog,
  noticeDocuments,
  processEvents,
  processes,
} from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { DEMO_PLANNING_IDS } from "../../demo/demo-planning";
import { appendEvent } from "../../events/event-log.repository";

// Issue 35 step 6 'Edital' and step 9 'Publicar Processo': the notice made from the plan (object,
// modality, lots, quantities, units, products, reference prices, ME/EPP options, the plan's
// documents), one per process, carried in step with the plan while a draft, and published with the
// process in one transaction; the administration page's general data and later steps (planning §2.3).

let t: TestApp;
let auctioneer: string;
let planner: string;
let otherBody: string;
let support: string;
let products: string[];

const DEMO = DEMO_PLANNING_IDS.process;
const CNPJ = "11.222.333/0001-81";

beforeAll(async () => {
  t = await createTestApp();
  [auctioneer, planner, otherBody, support] = await Promise.all([
    t.login("pregoeiro@demo.gov.br"),
    t.login("planejamento@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("apoio@demo.gov.br"),
  ]);
  products = (await t.post("/api/app/product/list", { page: 1 }, auctioneer))
    .json()
    .products.map((p: { id: string }) => p.id);
});
afterAll(() => t.close());

const create = (processId: string, token = auctioneer) =>
  t.post("/api/app/process/notice/create", { processId }, token);
const sync = (processId: string, token = auctioneer) =>
  t.post("/api/app/process/notice/sync", { processId }, token);
const publish = (processId: string, token = auctioneer) =>
  t.post("/api/app/process/publish", { processId }, token);
const readProcess = async (id: string) => {
  const res = await t.post("/api/app/process/read", { id }, auctioneer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const readNotice = async (id: string) => {
  const res = await t.post("/api/app/auction/read", { id }, auctioneer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stepOf = (read: { steps: { kind: string }[] }, kind: string) =>
  read.steps.find((s) => s.kind === kind) as Record<string, unknown>;

const quote = (batchId: string, columnOrder: number, price: number) => ({
  demandFormalizationBatchId: batchId,
  price,
  columnOrder,
  supplier: {
    documentNumber: CNPJ,
    corporateName: `Fornecedor ${columnOrder}`,
    credentialKind: "LEGAL_PERSON",
  },
});

async function saveQuotes(rows: ReturnType<typeof quote>[]) {
  const res = await t.post("/api/app/budget/save", rows, auctioneer);
  expect(res.statusCode, res.body).toBe(200);
}

async function demoBatches() {
  return t.db
    .select()
    .from(demandFormalizationBatches)
    .where(eq(demandFormalizationBatches.demandFormalizationId, DEMO_PLANNING_IDS.demandFormalization))
    .orderBy(asc(demandFormalizationBatches.number), asc(demandFormalizationBatches.item));
}

/** A new process with an object, two lots, an ETP's modality and every item priced. */
async function completeProcess() {
  const created = await t.post(
    "/api/app/process/create",
    { processNumber: `PN ${Math.floor(Math.random() * 1e9)}/2026` },
    auctioneer,
  );
  expect(created.statusCode, created.body).toBe(200);
  const processId = created.json().id as string;
  const dfd = await t.post(
    "/api/app/demandFormalization/save",
    {
      process: { id: processId, secretaries: [{ id: DEMO_IDS.officeAdmin }] },
      description: "Aquisição de cadeiras",
    },
    auctioneer,
  );
  expect(dfd.statusCode, dfd.body).toBe(200);
  const lines = await t.post(
    "/api/app/demandFormalization/batch/save",
    {
      demandFormalizationId: dfd.json().data.id,
      batchesData: [
        { number: 1, item: 1, product: { id: products[0] }, quantity: 10, measurementUnit: { code: "UN" } },
        { number: 2, item: 1, product: { id: products[1] }, quantity: 4, measurementUnit: { code: "CX" } },
      ],
    },
    auctioneer,
  );
  expect(lines.statusCode, lines.body).toBe(200);
  const etp = await t.post(
    "/api/app/preliminaryTechnicalStudy/save",
    {
      process: { id: processId },
      step: "DESCRIPTION",
      number: "ETP 1/2026",
      isRejectedFromTheProcess: true,
      exemptionJustification: "Compra de pequeno valor.",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
    },
    auctioneer,
  );
  expect(etp.statusCode, etp.body).toBe(200);
  const batches = lines.json().batches as { id: string }[];
  await saveQuotes(batches.map((b, i) => quote(b.id, 1, 100 + i)));
  return { processId, batches };
}

describe("the notice made from the process (issue 35 step 6)", () => {
  it("refuses an incomplete process naming what is missing, and writes nothing", async () => {
    const empty = await t.post("/api/app/process/create", { processNumber: "PN vazio/2026" }, auctioneer);
    const before = await databaseFingerprint(t.db);
    const res = await create(empty.json().id);
    expect(res.statusCode).toBe(400);
    expect(res.json().properties.map((p: { property: string }) => p.property)).toEqual([
      "description",
      "demandFormalization",
      "preliminaryTechnicalStudy",
    ]);
    // The demo plan prices only lot 1 item 1.
    const unpriced = await create(DEMO);
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().properties).toEqual([
      {
        property: "budget",
        errorMessages: ["Informe o preço de referência no orçamento: lote 1 item 2, lote 2 item 1."],
      },
    ]);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it("answers 404 for another body's process and 403 for a profile that does not edit notices", async () => {
    for (const call of [create, sync, publish]) {
      const foreign = await call(DEMO, otherBody);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
      const restricted = await call(DEMO, planner);
      expect(restricted.statusCode).toBe(403);
      expect(restricted.json().message).toBe(PROCESS_NOTICE_NOT_ALLOWED_MESSAGE);
      expect((await call(DEMO, support)).statusCode).toBe(403);
    }
  });

  it("carries object, modality, people, lots, quantities, prices, ME/EPP options and documents", async () => {
    const [paper, pen, toner] = await demoBatches();
    if (!paper || !pen || !toner) throw new Error("o demo tem três itens (demo-planning.ts)");
    await saveQuotes([quote(pen.id, 1, 1.5), quote(pen.id, 2, 2.5), quote(toner.id, 1, 389.9)]);
    // Options the reference term's step 1 sets: lot 2 exclusive to ME/EPP, 4 decimals, brand, R$ 0,50.
    await t.db
      .update(demandFormalizationBatches)
      .set({
        batchItemParticipation: "EXCLUSIVE",
        decimalsNumber: 4,
        isProductBrandRequired: true,
        minimumVariationKind: "REAL",
        minimumVariation: "0.5",
      })
      .where(eq(demandFormalizationBatches.id, toner.id));
    await t.db.execute(sql`INSERT INTO reference_terms (process_id) VALUES (${DEMO})`);
    const budget = (await t.post("/api/app/budget/read/batches", { processId: DEMO }, auctioneer)).json()
      .list as { id: string; referencePrice: number }[];
    const price = (id: string) => budget.find((b) => b.id === id)?.referencePrice as number;

    const res = await create(DEMO);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), created: true });
    const id = res.json().id as string;

    const notice = await readNotice(id);
    expect(notice).toMatchObject({
      status: "PENDING",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "PA 21/2026",
      processNumber: "PA 21/2026",
      objectOfInterest: expect.stringContaining("Aquisição de material de expediente"),
      processParticipation: "DEFINED_PER_BATCH",
      shouldDiscloseReferencePrice: true,
      process: { id: DEMO, processNumber: "PA 21/2026" },
      startDateTime: null,
    });
    expect(notice.secretaryOffice.map((o: { id: string }) => o.id).sort()).toEqual(
      [DEMO_IDS.officeAdmin, DEMO_IDS.officeHealth].sort(),
    );
    expect(notice.auctioneers.map((a: { id: string }) => a.id)).toEqual([DEMO_IDS.staffAuctioneer]);
    const lots = notice.batches.map((b: Record<string, unknown>) => ({
      number: b.number,
      item: b.item,
      quantity: b.quantity,
      unit: (b.measurementUnit as { code: string }).code,
      product: (b.product as { id: string }).id,
      unitReferencePrice: b.unitReferencePrice,
      decimalsNumber: b.decimalsNumber,
      batchItemParticipation: b.batchItemParticipation,
      isProductBrandRequired: b.isProductBrandRequired,
    }));
    expect(lots).toEqual([
      expect.objectContaining({ number: 1, item: 1, quantity: 1200, unit: "RESMA" }),
      expect.objectContaining({ number: 1, item: 2, quantity: 3000, unit: "UN" }),
      {
        number: 2,
        item: 1,
        quantity: 80,
        unit: "UN",
        product: toner.productId,
        // The budget screen's figure, scaled by the lot's 4 decimals.
        unitReferencePrice: Math.round(price(toner.id) * 10_000),
        decimalsNumber: 4,
        batchItemParticipation: "EXCLUSIVE",
        isProductBrandRequired: true,
      },
    ]);
    expect(lots[0].unitReferencePrice).toBe(Math.round(price(paper.id) * 100));
    expect(lots[1].unitReferencePrice).toBe(200);
    expect(notice.batches[2]).toMatchObject({ minimumVariation: 5000, totalAmount: 3_899_000 * 80 });
    expect(
      notice.documents.map((d: { kind: string; description: string }) => [d.kind, d.description]),
    ).toEqual(
      expect.arrayContaining([
        ["OTHER", "Estudo Técnico Preliminar"],
        ["OTHER", "Termo de Referência"],
        ["OTHER", "Matriz de Riscos — riscos divulgados no edital"],
      ]),
    );

    const [link] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, id));
    expect(link?.processId).toBe(DEMO);
    expect(link?.processSyncedAt).toBeInstanceOf(Date);
    const events = await t.db
      .select()
      .from(processEvents)
      .where(eq(processEvents.processId, DEMO))
      .orderBy(asc(processEvents.id));
    expect(events.at(-1)).toMatchObject({
      eventType: "PROCESS_NOTICE_CREATED",
      payload: { auctionNoticeId: id },
    });
    const [created] = await t.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.auctionNoticeId, id))
      .orderBy(asc(eventLog.seq));
    expect(created).toMatchObject({ eventType: "NOTICE_CREATED", payload: { fromProcess: DEMO, lots: 3 } });

    // One notice per process: 'Criar' again opens the same one.
    expect((await create(DEMO)).json()).toEqual({ id, created: false });

    const read = await readProcess(DEMO);
    expect(read.auctionNotice).toEqual({
      id,
      noticeNumber: "PA 21/2026",
      status: "PENDING",
      publishedDate: null,
      homologationDate: null,
      outOfDate: false,
    });
    expect(read.auctioneers).toEqual(["Marina Albuquerque"]);
    // Σ reference unit price × quantity (the budget screen's figures).
    const cents = Math.round(price(paper.id) * 100) * 1200 + 200 * 3000 + 38_990 * 80;
    expect(read.totalValue).toBe(cents / 100);
    expect(stepOf(read, "AUCTION_NOTICE").status).toBe("IN_PROGRESS");
    expect(stepOf(read, "BUDGET").status).toBe("COMPLETED");
    expect(stepOf(read, "PRICES_SUBMISSION")).toMatchObject({
      status: "COMPLETED",
      updatedDate: expect.any(String),
    });
    expect(stepOf(read, "PUBLICATION")).toMatchObject({ status: "PENDING", publicationDate: null });
    expect(stepOf(read, "SIGN_CONTRACT").suppliers).toEqual([]);
    const list = (
      await t.post("/api/app/process/list", { searchParameters: "PA 21/2026" }, auctioneer)
    ).json();
    expect(list.processes[0].auctionNotice).toEqual({ id, status: "PENDING" });
  });
});

describe("one notice per process", () => {
  it("lets one of two simultaneous creations make it; a deleted notice lets the process make another", async () => {
    const { processId } = await completeProcess();
    const answers = await Promise.all([create(processId), create(processId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((r) => r.json() as { id: string; created: boolean });
    expect(a?.id).toBe(b?.id);
    expect([a?.created, b?.created].sort()).toEqual([false, true]);
    const linked = await t.db.select().from(auctionNotices).where(eq(auctionNotices.processId, processId));
    expect(linked).toHaveLength(1);

    expect((await t.post("/api/app/auction/delete", { id: a?.id }, auctioneer)).statusCode).toBe(200);
    const again = await create(processId);
    expect(again.json()).toMatchObject({ created: true });
    expect(again.json().id).not.toBe(a?.id);
  });

  it("refuses a deleted process (409) and publishing before the notice exists (400 auctionNotice)", async () => {
    const { processId } = await completeProcess();
    const before = await databaseFingerprint(t.db);
    const early = await publish(processId);
    expect(early.statusCode).toBe(400);
    expect(early.json().properties[0].property).toBe("auctionNotice");
    expect((await sync(processId)).json().properties[0].property).toBe("auctionNotice");
    expect(await databaseFingerprint(t.db)).toBe(before);
    expect((await t.post("/api/app/process/delete", { id: processId }, auctioneer)).statusCode).toBe(200);
    for (const call of [create, sync, publish]) expect((await call(processId)).statusCode).toBe(409);
  });
});

describe("carrying plan changes into the draft (issue 35 item 1)", () => {
  it("marks the notice out of date, carries the plan on sync and keeps what only the notice decides", async () => {
    const { processId, batches } = await completeProcess();
    const id = (await create(processId)).json().id as string;
    const [first, second] = batches as [{ id: string }, { id: string }];
    expect((await readProcess(processId)).auctionNotice.outOfDate).toBe(false);
    // The lots editor's own choice on the notice: subcontracting of lot 1.
    const [lot1] = (await readNotice(id)).batches as { id: string }[];
    await t.db.execute(
      sql`UPDATE auction_batches SET is_subcontracting_indicator = true WHERE id = ${lot1?.id}`,
    );

    // The plan changes: lot 1's quantity and price, lot 2 leaves, lot 3 comes.
    const docId = (
      await t.post("/api/app/demandFormalization/read", { process: { id: processId } }, auctioneer)
    ).json().id;
    const saved = await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          {
            id: first.id,
            number: 1,
            item: 1,
            product: { id: products[0] },
            quantity: 25,
            measurementUnit: { code: "UN" },
          },
          { number: 3, item: 1, product: { id: products[2] }, quantity: 7, measurementUnit: { code: "UN" } },
        ],
      },
      auctioneer,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await t.post("/api/app/demandFormalization/batch/delete", { id: second.id }, auctioneer)).statusCode,
    ).toBe(200);
    const third = (saved.json().batches as { id: string; number: number }[]).find((b) => b.number === 3)
      ?.id as string;
    expect((await readProcess(processId)).auctionNotice.outOfDate).toBe(true);

    // A new lot without a price: refused, nothing written.
    const before = await databaseFingerprint(t.db);
    const refused = await sync(processId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().properties[0].property).toBe("budget");
    expect(await databaseFingerprint(t.db)).toBe(before);

    await saveQuotes([quote(first.id, 2, 300), quote(third, 1, 9.99)]);
    const res = await sync(processId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id });
    const lots = (await readNotice(id)).batches as Record<string, unknown>[];
    expect(lots.map((l) => [l.number, l.item, l.quantity, l.unitReferencePrice])).toEqual([
      [1, 1, 25, 20_000],
      [3, 1, 7, 999],
    ]);
    expect(lots[0]).toMatchObject({
      id: lot1?.id,
      isSubcontractingIndicator: true,
      totalAmount: 20_000 * 25,
    });
    const read = await readProcess(processId);
    expect(read.auctionNotice.outOfDate).toBe(false);
    expect(read.totalValue).toBe((20_000 * 25 + 999 * 7) / 100);
    const events = await t.db
      .select()
      .from(processEvents)
      .where(
        and(eq(processEvents.processId, processId), eq(processEvents.eventType, "PROCESS_NOTICE_SYNCED")),
      );
    expect(events).toHaveLength(1);
  });

  it("carries an estimate the term made secret after the notice was made (art. 24)", async () => {
    const { processId } = await completeProcess();
    const id = (await create(processId)).json().id as string;
    expect((await readNotice(id)).shouldDiscloseReferencePrice).toBe(true);
    await t.db.execute(sql`
      INSERT INTO reference_terms (process_id, data)
      VALUES (${processId}, '{"estimateValueContract":{"isConfidentialEstimatedCost":true}}'::jsonb)
      ON CONFLICT (process_id) DO UPDATE SET data = reference_terms.data || EXCLUDED.data`);
    expect((await readProcess(processId)).auctionNotice.outOfDate).toBe(true);
    expect((await sync(processId)).statusCode).toBe(200);
    expect((await readNotice(id)).shouldDiscloseReferencePrice).toBe(false);
    expect((await readProcess(processId)).auctionNotice.outOfDate).toBe(false);
  });
});

describe("'Publicar Processo' (issue 35 item 5)", () => {
  /** The notice's own form fills what the plan does not give: dates and the auctioneer. */
  async function completeNotice(id: string) {
    const edited = await t.post(
      "/api/app/auction/edit",
      {
        id,
        auctioneers: [{ id: DEMO_IDS.staffAuctioneer }],
        proposalsStartDateTime: inDays(1),
        proposalsEndDateTime: inDays(10),
        startDateTime: inDays(10, 1),
      },
      auctioneer,
    );
    expect(edited.statusCode, edited.body).toBe(200);
  }
  const statusOf = async (processId: string) =>
    (await t.db.select().from(processes).where(eq(processes.id, processId)))[0]?.status;

  const mainFilesOf = (noticeId: string) =>
    t.db
      .select({ description: noticeDocuments.description })
      .from(noticeDocuments)
      .where(and(eq(noticeDocuments.auctionNoticeId, noticeId), eq(noticeDocuments.kind, "AUCTION_NOTICE")));

  it("publishes the notice and the process in one transaction; a refusal of the notice leaves both pending", async () => {
    const { processId } = await completeProcess();
    const id = (await create(processId)).json().id as string;
    const refused = await publish(processId);
    expect(refused.statusCode).toBe(400);
    expect(await statusOf(processId)).toBe("PROCESS_PENDING");
    expect((await readNotice(id)).status).toBe("PENDING");
    // The edital drafted for the refused publication went with its transaction.
    expect(await mainFilesOf(id)).toEqual([]);

    await completeNotice(id);
    await attach(t, auctioneer, id);
    const res = await publish(processId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: processId,
      status: "PROCESS_PUBLISHED",
      auctionNotice: { id, status: "PUBLISHED", publishedDate: expect.any(String), outOfDate: false },
      actions: ["EDIT"],
    });
    expect(stepOf(body, "AUCTION_NOTICE").status).toBe("COMPLETED");
    expect(stepOf(body, "PUBLICATION")).toMatchObject({
      status: "COMPLETED",
      publicationDate: body.auctionNotice.publishedDate,
      homologationDate: null,
    });
    const published = await t.db
      .select()
      .from(processEvents)
      .where(and(eq(processEvents.processId, processId), eq(processEvents.eventType, "PROCESS_PUBLISHED")));
    expect(published).toHaveLength(1);
    expect(published[0]?.payload).toEqual({ auctionNoticeId: id });

    const twice = await publish(processId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PROCESS_ALREADY_PUBLISHED_MESSAGE);
    const late = await sync(processId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PROCESS_NOTICE_PUBLISHED_MESSAGE);
    expect((await create(processId)).json()).toEqual({ id, created: false });

    // Lot 1 homologated in the room (Lei 14.133 art. 71 IV): its winner is the signature steps' row.
    await t.db.execute(
      sql`UPDATE auction_batches SET phase = 'HOMOLOGATION', negotiating_supplier_id = ${DEMO_IDS.supplier1}
          WHERE auction_notice_id = ${id} AND number = 1`,
    );
    await t.db.transaction((tx) =>
      appendEvent(tx, {
        auctionNoticeId: id,
        eventType: "PHASE_ADVANCED",
        actorUserId: null,
        payload: { batchIds: [], from: ["AWARDING"], to: "HOMOLOGATION" },
      }),
    );
    const after = await readProcess(processId);
    expect(after.auctionNotice.homologationDate).toEqual(expect.any(String));
    expect(stepOf(after, "PUBLICATION").homologationDate).toBe(after.auctionNotice.homologationDate);
    for (const kind of ["SIGN_MINUTE", "SIGN_CONTRACT", "PNCP_MINUTE", "PNCP_CONTRACT"])
      expect(stepOf(after, kind).suppliers).toEqual([
        {
          supplierId: DEMO_IDS.supplier1,
          name: "Ribeiro Papelaria e Suprimentos Ltda - ME",
          lots: [1],
          status: "Pendente de Envio",
        },
      ]);
  });

  it("files the edital drafted from the notice as its main file when the body attached none", async () => {
    const { processId } = await completeProcess();
    const id = (await create(processId)).json().id as string;
    await completeNotice(id);
    const res = await publish(processId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("PROCESS_PUBLISHED");
    expect(await mainFilesOf(id)).toEqual([
      { description: "Edital gerado pela plataforma a partir do processo" },
    ]);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/app/process/notice/pdf/${processId}`,
      headers: { authorization: `Bearer ${auctioneer}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("leaves a deleted process as it was when its notice is published from the notice's own page", async () => {
    const { processId } = await completeProcess();
    const id = (await create(processId)).json().id as string;
    expect((await t.post("/api/app/process/delete", { id: processId }, auctioneer)).statusCode).toBe(200);
    await completeNotice(id);
    await attach(t, auctioneer, id);
    const res = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, auctioneer);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(processId)).toBe("PROCESS_PENDING");
  });

  it("publishes the process when its notice is published from the notice's own page", async () => {
    const { processId } = await completeProcess();
    const id = (await create(processId)).json().id as string;
    await completeNotice(id);
    await attach(t, auctioneer, id);
    const res = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, auctioneer);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(processId)).toBe("PROCESS_PUBLISHED");
  });
});
