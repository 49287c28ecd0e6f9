// Appeals in the trading room (trading-room §2.3, §2.6, §3 "Dispute", §4, §6, §7; Lei 14.133 art.
// 165; docs/live-room.md "Appeals") over real WebSockets and PostgreSQL: the demo room's lot 2 from
// NEGOTIATION through the interest window, the appeal, the counter-argument and the judgement to
// CLOSING; the refusals; the appeal phases skipped without a standing intention; the whole-notice
// intention and its waiver.
import { APPEAL_EVENTS, LIVE_EVENTS } from "@certame/domain";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import {
  act,
  advance,
  closeParties,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionBatches } from "../../db/schema";
import { listEvents, verifyChain } from "../../events/event-log.repository";

const MINUTE = 60_000;
const FILE_NOT_FOUND = "Arquivo anexado não encontrado. Envie o arquivo novamente.";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const EMAILS = {
  auctioneer: "pregoeiro@demo.gov.br",
  supplier1: "fornecedor1@demo.com.br",
  supplier2: "fornecedor2@demo.com.br",
  supplier3: "fornecedor3@demo.com.br",
  citizen: "cidadao@demo.com.br",
  authority: "autoridade@demo.gov.br",
} as const;
type Who = keyof typeof EMAILS;

interface Session {
  t: TestApp;
  p: Record<Who, RoomParty>;
  lots: Record<number, string>;
  clock: TestClock;
  tokens: Record<Who, string>;
}

async function session(): Promise<Session> {
  const clock = new TestClock();
  const t = await createTestApp({ clock: clock.now });
  const url = await t.listen();
  const parties = await openParties(t, url);
  const token = await t.login(EMAILS.authority);
  const c = await LiveClient.open(url);
  const p = { ...parties, authority: { c, state: await c.register(ROOM, token) } };
  const tokens = {} as Record<Who, string>;
  for (const who of Object.keys(EMAILS) as Who[]) tokens[who] = await t.login(EMAILS[who]);
  return { t, p, lots: await roomLots(t), clock, tokens };
}

/**
 * After a jump of days the 12-hour sessions have expired by the server's clock (DESIGN §5a): every
 * account logs in again and its room client registers again with the new session.
 */
async function loginAgain(s: Session) {
  for (const who of Object.keys(EMAILS) as Who[]) {
    s.tokens[who] = await s.t.login(EMAILS[who]);
    s.p[who].state = await s.p[who].c.register(ROOM, s.tokens[who]);
  }
}

async function end(s: Session | undefined) {
  if (!s) return;
  await closeParties(s.p);
  await s.t.close();
}

const refusedFor = (text: string) => ({ ok: false, message: expect.stringContaining(text) });
const numberOf = (s: Session, who: Party) => s.p[who].state.anonymousSupplierIdentificationNumber as number;
const send = (s: Session, who: Who, event: string, data: unknown) => act(s.p[who].c, event, data);
const http = (s: Session, who: Who, path: string, body: unknown) =>
  s.t.post(`/api/app/dispute/${path}`, body, s.tokens[who]);
const lotPhases = async (s: Session, lot: number) =>
  (await s.t.post("/api/app/auction/lotPhases", { batchId: s.lots[lot] }, s.tokens.auctioneer)).json();

/** Moves a lot as the auctioneer with extra next-phase fields; returns the PHASE_ADVANCED lot view. */
async function move(s: Session, lot: number, nextPhase: string, extra: Record<string, unknown> = {}) {
  const r = await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
    nextPhase,
    batchesIds: [s.lots[lot]],
    auctionNoticeId: ROOM,
    ...extra,
  });
  if (!r.ok) throw new Error(`go_to_next_phase ${nextPhase}: ${r.message}`);
  const f = await s.p.citizen.c.next(
    "PHASE_ADVANCED",
    (d) => d.newPhase === nextPhase && d.batchesIds.includes(s.lots[lot]),
  );
  return f.data.batches[0];
}

/** Takes a lot through PUBLIC_SESSION and BIDDING (no bid) to NEGOTIATION by the clock, then QUALIFICATION. */
async function toQualification(s: Session, lot: number) {
  await advance(s.p.auctioneer.c, [s.lots[lot] as string], "PUBLIC_SESSION");
  const bidding = await move(s, lot, "BIDDING");
  s.clock.set(Date.parse(bidding.biddingPhaseDueDateTime));
  await s.t.runDueTimers();
  await s.p.citizen.c.next(
    "PHASE_ADVANCED",
    (d) => d.newPhase === "NEGOTIATION" && d.batchesIds.includes(s.lots[lot]),
  );
  await move(s, lot, "QUALIFICATION");
}

/** Uploads a PDF through /api/upload as a demo account; returns the upload's answer. */
async function upload(s: Session, who: Who, name = "recurso.pdf"): Promise<{ id: string; url: string }> {
  const boundary = "----certame-dispute-test";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.t.app.inject({
    method: "POST",
    url: "/api/upload",
    payload: body,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${s.tokens[who]}`,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("an appeal from the intention to the judgement (lot 2)", () => {
  let s: Session;
  let supplier1Dispute: string;
  let supplier2Dispute: string;
  let reasonsDue: number;
  let counterDue: number;
  beforeAll(async () => {
    s = await session();
    await toQualification(s, 2);
  });
  afterAll(() => end(s));

  it("no intention outside the interest phases", async () => {
    expect(
      await send(s, "supplier1", APPEAL_EVENTS.manifestInterestInDispute, {
        reason: "Recorro",
        batchId: s.lots[2],
      }),
    ).toEqual(refusedFor('Não é possível manifestar intenção de recurso agora: processo "Em andamento"'));
  });

  it("the interest window is set from the next-phase modal, never under 10 minutes", async () => {
    const short = await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
      nextPhase: "DISPUTE_INTEREST_MANIFESTATION",
      batchesIds: [s.lots[2]],
      auctionNoticeId: ROOM,
      manifestDisputeInterestDurationKind: "FIXED",
      disputeInterestManifestationMinimumDuration: 5,
    });
    expect(short).toEqual(refusedFor("no mínimo 10 minutos"));
    const started = s.clock.now().getTime();
    const lot = await move(s, 2, "DISPUTE_INTEREST_MANIFESTATION", {
      manifestDisputeInterestDurationKind: "FIXED",
      disputeInterestManifestationMinimumDuration: 15,
    });
    expect(Date.parse(lot.phaseEndDateTime) - started).toBe(15 * MINUTE);
    // No intention yet: the appeal phases are not offered.
    expect((await lotPhases(s, 2)).nextPhase).toEqual(["AWARDING"]);
  });

  it("refuses the wrong role and a missing or over-long reason", async () => {
    const data = { reason: "Recorro", batchId: s.lots[2] };
    expect(await send(s, "auctioneer", APPEAL_EVENTS.manifestInterestInDispute, data)).toEqual(
      refusedFor("Você não tem permissão para manifestar intenção de recurso"),
    );
    expect(await send(s, "citizen", APPEAL_EVENTS.manifestInterestInDispute, data)).toEqual(
      refusedFor("Você não tem permissão"),
    );
    expect(
      await send(s, "supplier1", APPEAL_EVENTS.manifestInterestInDispute, { ...data, reason: "  " }),
    ).toEqual({
      ok: false,
      message: "Informe o motivo.",
    });
    expect(
      await send(s, "supplier1", APPEAL_EVENTS.manifestInterestInDispute, {
        ...data,
        reason: "x".repeat(5001),
      }),
    ).toEqual({ ok: false, message: "O motivo deve ter no máximo 5000 caracteres." });
  });

  it("a losing supplier manifests its intention; everyone is told, the chat keeps it", async () => {
    const r = await send(s, "supplier1", APPEAL_EVENTS.manifestInterestInDispute, {
      reason: "A proposta vencedora não atende ao item 3.2 do termo de referência.",
      batchId: s.lots[2],
    });
    expect(r.ok).toBe(true);
    supplier1Dispute = (r.ok && r.data.disputesIds[0]) as string;
    for (const who of ["auctioneer", "supplier3", "citizen"] as Who[]) {
      const f = await s.p[who].c.next("DISPUTE_INTEREST_MANIFESTED");
      expect(f.data.batchesIds).toEqual([s.lots[2]]);
      expect(f.data.disputes[0]).toMatchObject({
        id: supplier1Dispute,
        anonymousSupplierIdentificationNumber: numberOf(s, "supplier1"),
        batch: { id: s.lots[2], number: 2 },
        status: "MANIFESTED",
        judgmentStatus: "NOT_ANALYZED",
        auctionNoticeId: null,
      });
      // QUALIFICATION onwards is public in this modality, but lots 1 and 3 are still closed for
      // offers and the numbers are the notice's: no name goes with the number yet.
      expect(f.data.disputes[0].supplier).toBeNull();
    }
    const message = await s.p.citizen.c.next(
      "NEW_MESSAGE",
      (d) => d.isSystemMessage === 1 && d.text.includes("manifestou intenção de recurso"),
    );
    expect(message.data.text).toBe(
      `Licitante ${numberOf(s, "supplier1")} manifestou intenção de recurso no lote/item 2. Motivo: A proposta vencedora não atende ao item 3.2 do termo de referência.`,
    );
    expect((await lotPhases(s, 2)).nextPhase).toEqual(["DISPUTE_RECEIVEMENT"]);
    // Once no lot is confidential (lots 1 and 3 deserted, for a moment) the name goes with it.
    const others = inArray(auctionBatches.id, [s.lots[1], s.lots[3]] as string[]);
    await s.t.db.update(auctionBatches).set({ phase: "DESERTED" }).where(others);
    try {
      const listed = (await http(s, "citizen", "list", { auctionNoticeId: ROOM })).json();
      expect(listed.disputes[0].supplier.corporateName).toBe("Ribeiro Papelaria e Suprimentos Ltda - ME");
    } finally {
      await s.t.db.update(auctionBatches).set({ phase: "CLOSED_FOR_OFFERS" }).where(others);
    }
  });

  it("one intention per supplier and lot; the auctioneer refuses another with a reason", async () => {
    expect(
      await send(s, "supplier1", APPEAL_EVENTS.manifestInterestInDispute, {
        reason: "De novo",
        batchId: s.lots[2],
      }),
    ).toEqual(refusedFor("Você já manifestou intenção de recurso no lote/item 2."));
    const r = await send(s, "supplier2", APPEAL_EVENTS.manifestInterestInDispute, {
      reason: "Sem motivo",
      batchId: s.lots[2],
    });
    supplier2Dispute = (r.ok && r.data.disputesIds[0]) as string;
    expect(
      await send(s, "supplier1", APPEAL_EVENTS.refuseDisputeManifestation, {
        reason: "x",
        disputesIds: [supplier2Dispute],
      }),
    ).toEqual(refusedFor("Você não tem permissão para recusar"));
    expect(
      await send(s, "auctioneer", APPEAL_EVENTS.refuseDisputeManifestation, {
        reason: "",
        disputesIds: [supplier2Dispute],
      }),
    ).toEqual({ ok: false, message: "Informe o motivo." });
    const refused = await send(s, "auctioneer", APPEAL_EVENTS.refuseDisputeManifestation, {
      reason: "Intenção sem motivação.",
      disputesIds: [supplier2Dispute],
    });
    expect(refused).toEqual({
      ok: true,
      data: { event: APPEAL_EVENTS.refuseDisputeManifestation, disputesIds: [supplier2Dispute] },
    });
    const f = await s.p.supplier2.c.next("DISPUTE_MANIFESTATION_REFUSED");
    expect(f.data.disputes[0]).toMatchObject({ status: "REFUSED", refusalReason: "Intenção sem motivação." });
    expect(
      await send(s, "auctioneer", APPEAL_EVENTS.refuseDisputeManifestation, {
        reason: "De novo",
        disputesIds: [supplier2Dispute],
      }),
    ).toEqual(refusedFor("não está pendente"));
    // A refused intention is not replaced by a new one in the same window.
    expect(
      await send(s, "supplier2", APPEAL_EVENTS.manifestInterestInDispute, {
        reason: "Outra",
        batchId: s.lots[2],
      }),
    ).toEqual(refusedFor("já manifestou"));
  });

  it("the window is kept: no move before it closes, no intention after", async () => {
    expect(
      await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
        nextPhase: "DISPUTE_RECEIVEMENT",
        batchesIds: [s.lots[2]],
        auctionNoticeId: ROOM,
      }),
    ).toEqual(refusedFor("aguarde o encerramento para avançar"));
    s.clock.advance(15 * MINUTE + 1);
    expect(
      await send(s, "supplier3", APPEAL_EVENTS.manifestInterestInDispute, {
        reason: "Tarde",
        batchId: s.lots[2],
      }),
    ).toEqual(refusedFor("O prazo para manifestar intenção de recurso no lote/item 2 encerrou em"));
    // A standing intention: AWARDING is not the next phase.
    expect(
      await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
        nextPhase: "AWARDING",
        batchesIds: [s.lots[2]],
        auctionNoticeId: ROOM,
      }),
    ).toEqual(refusedFor("Não é possível avançar"));
  });

  it("the reasons term: 3 business days, or a FIXED date not before them", async () => {
    expect(
      await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
        nextPhase: "DISPUTE_RECEIVEMENT",
        batchesIds: [s.lots[2]],
        auctionNoticeId: ROOM,
        documentsAttachmentDueDateType: "FIXED",
        disputeDocumentsAttachmentDueDateTime: new Date(s.clock.now().getTime() + 60 * MINUTE).toISOString(),
      }),
    ).toEqual(refusedFor("não pode ser anterior ao prazo legal de 3 dias úteis"));
    const started = s.clock.now().getTime();
    const lot = await move(s, 2, "DISPUTE_RECEIVEMENT", { documentsAttachmentDueDateType: "LOOSE" });
    reasonsDue = Date.parse(lot.phaseEndDateTime);
    // The end of the 3rd business day (at least 3 calendar days, at most a long holiday week later).
    expect(reasonsDue - started).toBeGreaterThan(3 * 24 * 60 * MINUTE - 24 * 60 * MINUTE);
    expect(reasonsDue - started).toBeLessThan(12 * 24 * 60 * MINUTE);
  });

  it("the appellant attaches its appeal (its own upload; a new file replaces the old one)", async () => {
    const foreign = await upload(s, "supplier2");
    expect(
      (
        await http(s, "supplier1", "attachDocument", {
          url: foreign.url,
          batchId: s.lots[2],
          fileName: "x",
          auctionNoticeId: ROOM,
        })
      ).json(),
    ).toEqual({ message: FILE_NOT_FOUND });
    const refusedOne = await http(s, "supplier2", "attachDocument", {
      url: foreign.url,
      batchId: s.lots[2],
      fileName: "Recurso",
      auctionNoticeId: ROOM,
    });
    expect(refusedOne.statusCode).toBe(400);
    expect(refusedOne.json().message).toContain("não possui intenção de recurso aceita");
    const wrongRole = await http(s, "auctioneer", "attachDocument", {
      url: foreign.url,
      batchId: s.lots[2],
      auctionNoticeId: ROOM,
    });
    expect(wrongRole.statusCode).toBe(403);
    const counterNow = await http(s, "supplier3", "attachCounterArgument", {
      url: (await upload(s, "supplier3")).url,
      batchId: s.lots[2],
      auctionNoticeId: ROOM,
    });
    expect(counterNow.statusCode).toBe(400);
    expect(counterNow.json().message).toContain("Não é possível anexar contrarrazão agora");

    const first = await upload(s, "supplier1", "primeiro.pdf");
    const r1 = await http(s, "supplier1", "attachDocument", {
      url: first.url,
      batchId: s.lots[2],
      fileName: "Recurso - versão 1",
      auctionNoticeId: ROOM,
    });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().message).toBe("Documento de recurso anexado com sucesso");
    const f = await s.p.auctioneer.c.next("DISPUTE_DOCUMENT_ATTACHED");
    expect(f.data.disputesIds).toEqual([supplier1Dispute]);
    const second = await upload(s, "supplier1", "segundo.pdf");
    const r2 = await http(s, "supplier1", "attachDocument", {
      url: second.url,
      batchId: s.lots[2],
      fileName: "Recurso - versão 2",
      auctionNoticeId: ROOM,
    });
    expect(r2.statusCode).toBe(200);
    const message = await s.p.citizen.c.next(
      "NEW_MESSAGE",
      (d) => d.isSystemMessage === 1 && d.text.includes("substituiu"),
    );
    expect(message.data.text).toBe(
      `Licitante ${numberOf(s, "supplier1")} substituiu o documento de recurso no lote/item 2.`,
    );
    const list = (await http(s, "auctioneer", "list", { auctionNoticeId: ROOM })).json();
    expect(list.documents.map((d: { name: string }) => d.name)).toEqual(["Recurso - versão 2"]);
    expect(list.disputes.map((d: { id: string }) => d.id)).toEqual([supplier1Dispute, supplier2Dispute]);
    const mine = (
      await http(s, "supplier1", "getDisputeFromSupplier", { batchId: s.lots[2], auctionNoticeId: ROOM })
    ).json();
    expect(mine.dispute).toMatchObject({
      id: supplier1Dispute,
      auctionNotice: { id: ROOM },
      batch: { id: s.lots[2] },
      isOwn: true,
    });
  });

  it("before the reasons term ends the others do not see the appeal's file; the buyer does", async () => {
    const list = (await http(s, "supplier3", "list", { auctionNoticeId: ROOM })).json();
    expect(list.disputes).toHaveLength(2);
    expect(list.documents).toEqual([]);
    const buyer = (await http(s, "auctioneer", "list", { auctionNoticeId: ROOM })).json();
    const url = buyer.documents[0].url as string;
    const asWinner = await s.t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${s.tokens.supplier3}` },
    });
    expect(asWinner.statusCode).toBe(404);
    const asBuyer = await s.t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${s.tokens.auctioneer}` },
    });
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("the counter-arguments: after the reasons term, by the other bidders, within theirs", async () => {
    expect(
      await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
        nextPhase: "COUNTERARGUMENTS_RECEIVEMENT",
        batchesIds: [s.lots[2]],
        auctionNoticeId: ROOM,
      }),
    ).toEqual(refusedFor("O prazo para envio dos recursos no lote/item 2 termina em"));
    s.clock.set(reasonsDue + 1);
    await loginAgain(s);
    const late = await http(s, "supplier1", "attachDocument", {
      url: (await upload(s, "supplier1")).url,
      batchId: s.lots[2],
      auctionNoticeId: ROOM,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain("O prazo para anexar recurso no lote/item 2 encerrou em");
    const lot = await move(s, 2, "COUNTERARGUMENTS_RECEIVEMENT");
    counterDue = Date.parse(lot.phaseEndDateTime);
    expect(counterDue).toBeGreaterThan(reasonsDue + 2 * 24 * 60 * MINUTE);
    // Public now: the winner reads the appeal.
    const list = (await http(s, "supplier3", "list", { auctionNoticeId: ROOM })).json();
    expect(list.documents).toHaveLength(1);
    expect(list.documents[0]).toMatchObject({
      kind: "DISPUTE",
      anonymousSupplierIdentificationNumber: numberOf(s, "supplier1"),
    });
    // The appellant cannot counter its own appeal alone; the winner can.
    const own = await http(s, "supplier1", "attachCounterArgument", {
      url: (await upload(s, "supplier1")).url,
      batchId: s.lots[2],
      auctionNoticeId: ROOM,
    });
    expect(own.json().message).toContain("Não há recurso de outro licitante");
    const r = await http(s, "supplier3", "attachCounterArgument", {
      url: (await upload(s, "supplier3", "contrarrazoes.pdf")).url,
      batchId: s.lots[2],
      fileName: "Contrarrazões",
      auctionNoticeId: ROOM,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe("Documento de contrarrazão anexado com sucesso");
    const f = await s.p.supplier1.c.next("DISPUTE_COUNTER_ARGUMENT_DOCUMENT_ATTACHED");
    expect(f.data.batchesIds).toEqual([s.lots[2]]);
    // The appellant sees the counter-argument only after its term.
    expect((await http(s, "supplier1", "list", { auctionNoticeId: ROOM })).json().documents).toHaveLength(1);
  });

  it("the judgement: the auctioneer's, with a justification of at most 5000 characters", async () => {
    s.clock.set(counterDue + 1);
    await loginAgain(s);
    expect((await http(s, "supplier1", "list", { auctionNoticeId: ROOM })).json().documents).toHaveLength(2);
    await move(s, 2, "DISPUTE_COUNTERARGUMENTS_JUDGMENT");
    expect(
      await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
        nextPhase: "AWARDING",
        batchesIds: [s.lots[2]],
        auctionNoticeId: ROOM,
      }),
    ).toEqual(refusedFor("Há recurso pendente de julgamento no lote/item 2."));
    const body = { status: "APPROVED", justification: "Procede.", disputesIds: [supplier1Dispute] };
    expect((await http(s, "supplier1", "judge", body)).statusCode).toBe(403);
    expect((await http(s, "authority", "judge", body)).statusCode).toBe(403);
    const long = await http(s, "auctioneer", "judge", { ...body, justification: "x".repeat(5001) });
    expect(long.json()).toEqual({ message: "A justificativa deve ter no máximo 5000 caracteres." });
    expect((await http(s, "auctioneer", "judge", { ...body, status: "MAYBE" })).statusCode).toBe(400);
    const foreign = await http(s, "auctioneer", "judge", {
      ...body,
      disputesIds: [supplier1Dispute, "00000000-0000-4000-8000-000000000000"],
    });
    expect(foreign.statusCode).toBe(404);
    // A refused intention is not judged.
    expect(
      (await http(s, "auctioneer", "judge", { ...body, disputesIds: [supplier2Dispute] })).json().message,
    ).toContain("não está pendente de julgamento");
    const file = await upload(s, "auctioneer", "decisao.pdf");
    const r = await http(s, "auctioneer", "judge", { ...body, url: file.url, fileName: "Decisão" });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      message: "Recurso julgado com sucesso!",
      items: [{ id: supplier1Dispute, judgmentStatus: "APPROVED" }],
    });
    const f = await s.p.supplier3.c.next("DISPUTE_JUDGED");
    expect(f.data.disputes[0]).toMatchObject({
      judgmentStatus: "APPROVED",
      judgmentJustification: "Procede.",
    });
    expect((await http(s, "auctioneer", "judge", body)).json().message).toContain("já foi julgado");
    // An upheld appeal: the auctioneer may take the lot back to NEGOTIATION or QUALIFICATION.
    const phases = await lotPhases(s, 2);
    expect(phases.previousPhase).toEqual(expect.arrayContaining(["NEGOTIATION", "QUALIFICATION"]));
    const list = (await http(s, "supplier3", "list", { auctionNoticeId: ROOM })).json();
    expect(list.documents.map((d: { kind: string }) => d.kind)).toContain("DISPUTE_JUDGMENT");
  });

  it("the lot then reaches AWARDING, HOMOLOGATION and CLOSING", async () => {
    await move(s, 2, "AWARDING");
    await move(s, 2, "HOMOLOGATION");
    await move(s, 2, "CLOSING");
  });

  it("every appeal action is in the notice's hash-chained event log", async () => {
    const types = (await listEvents(s.t.db, ROOM)).map((e) => e.eventType);
    expect(types).toEqual(
      expect.arrayContaining([
        "APPEAL_TERMS_SET",
        "DISPUTE_INTEREST_MANIFESTED",
        "DISPUTE_MANIFESTATION_REFUSED",
        "DISPUTE_DOCUMENT_ATTACHED",
        "DISPUTE_COUNTER_ARGUMENT_DOCUMENT_ATTACHED",
        "DISPUTE_JUDGED",
      ]),
    );
    expect(await verifyChain(s.t.db, ROOM)).toBeNull();
  });
});

describe("without a standing intention the appeal phases are skipped", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session();
    await toQualification(s, 3);
    await toQualification(s, 2);
  });
  afterAll(() => end(s));

  it("no intention: from the interest phase straight to AWARDING", async () => {
    const lot = await move(s, 3, "DISPUTE_INTEREST_MANIFESTATION");
    // The notice sets no minimum: 10 minutes.
    expect(Date.parse(lot.phaseEndDateTime) - s.clock.now().getTime()).toBe(10 * MINUTE);
    s.clock.advance(10 * MINUTE);
    expect(
      await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
        nextPhase: "DISPUTE_RECEIVEMENT",
        batchesIds: [s.lots[3]],
        auctionNoticeId: ROOM,
      }),
    ).toEqual(refusedFor("Não é possível avançar"));
    await move(s, 3, "AWARDING");
  });

  it("a whole-notice intention, then waived: the lot leaves the reasons phase for AWARDING", async () => {
    await move(s, 2, "DISPUTE_INTEREST_MANIFESTATION");
    const r = await send(s, "supplier1", APPEAL_EVENTS.manifestInterestInDispute, {
      reason: "Recurso único contra o julgamento.",
      auctionNoticeId: ROOM,
    });
    // Only lot 2 is in its window now (lot 3 is awarded).
    expect(r.ok && r.data.batchesIds).toEqual([s.lots[2]]);
    const f = await s.p.auctioneer.c.next("DISPUTE_INTEREST_MANIFESTED");
    expect(f.data.disputes[0].auctionNoticeId).toBe(ROOM);
    expect(f.data.disputes[0].groupId).toBeTruthy();
    // Waiving is for the reasons phases onwards.
    expect(
      await send(s, "supplier1", APPEAL_EVENTS.waiveInterestInDispute, {
        reason: "Desisto",
        batchId: s.lots[2],
      }),
    ).toEqual(refusedFor("Não é possível desistir do recurso agora"));
    s.clock.advance(10 * MINUTE);
    await move(s, 2, "DISPUTE_RECEIVEMENT");
    expect(
      await send(s, "supplier2", APPEAL_EVENTS.waiveInterestInDispute, {
        reason: "Desisto",
        batchId: s.lots[2],
      }),
    ).toEqual(refusedFor("Você não possui recurso pendente no lote/item 2."));
    const waived = await send(s, "supplier1", APPEAL_EVENTS.waiveInterestInDispute, {
      reason: "Desisto do recurso.",
      auctionNoticeId: ROOM,
    });
    expect(waived.ok && waived.data.batchesIds).toEqual([s.lots[2]]);
    const g = await s.p.citizen.c.next("DISPUTE_INTEREST_WAIVED");
    expect(g.data.disputes[0]).toMatchObject({ status: "WAIVED", waiverReason: "Desisto do recurso." });
    // Nothing stands: no reasons term to wait for, and the next phase is AWARDING.
    expect((await lotPhases(s, 2)).nextPhase).toEqual(["AWARDING"]);
    await move(s, 2, "AWARDING");
  });
});
