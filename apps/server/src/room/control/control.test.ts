// The process and lot control of the trading room (trading-room §2.6, §4, §6, §7; docs/live-room.md
// "Process and lot control") over real WebSockets and PostgreSQL, each describe on a fresh copy of
// the demo room: suspension and the lot clocks, lot ends and resumption, the reference price,
// indefinite suspension and revocation, supplier toggles and their anonymity.
import { CONTROL_EVENTS, LIVE_EVENTS } from "@certame/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import {
  act,
  advance,
  closeParties,
  lotDue,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
  supplierIdentities,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionBatches, auctionNotices, noticeDocuments } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

const MINUTE = 60_000;
const MISSING_CHANNEL = "Erro ao executar ação, tente novamente por favor";
const FILE_NOT_FOUND = "Arquivo anexado não encontrado. Envie o arquivo novamente.";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

type Who = Party | "authority" | "staff";

interface Session {
  t: TestApp;
  p: Record<Who, RoomParty>;
  lots: Record<number, string>;
  channels: Record<number, string>;
  clock: TestClock;
  url: string;
}

async function session(): Promise<Session> {
  const clock = new TestClock();
  const t = await createTestApp({ clock: clock.now });
  const url = await t.listen();
  const parties = await openParties(t, url);
  const extra = async (email: string): Promise<RoomParty> => {
    const token = await t.login(email);
    const c = await LiveClient.open(url);
    return { c, state: await c.register(ROOM, token) };
  };
  const p = {
    ...parties,
    authority: await extra("autoridade@demo.gov.br"),
    staff: await extra("apoio@demo.gov.br"),
  };
  const lots = await roomLots(t);
  const batches = p.auctioneer.state.auctionNotice.batches as {
    id: string;
    number: number;
    chatChannel: { id: string };
  }[];
  const channels = Object.fromEntries(batches.map((b) => [b.number, b.chatChannel.id]));
  return { t, p, lots, channels, clock, url };
}

async function end(s: Session | undefined) {
  if (!s) return;
  await closeParties(s.p);
  await s.t.close();
}

const send = (s: Session, who: Who, event: string, data: unknown) => act(s.p[who].c, event, data);
const lotData = (s: Session, n: number, extra: Record<string, unknown> = {}) => ({
  batchId: s.lots[n],
  chatChannelId: s.channels[n],
  ...extra,
});
const numberOf = (s: Session, who: Party) => s.p[who].state.anonymousSupplierIdentificationNumber as number;
const bid = (s: Session, who: Party, lot: number, value: number) =>
  act(s.p[who].c, LIVE_EVENTS.placeNewBid, { batchId: s.lots[lot], value });
const refusedFor = (text: string) => ({ ok: false, message: expect.stringContaining(text) });
const lotPhase = async (s: Session, n: number) =>
  (
    await s.t.db
      .select()
      .from(auctionBatches)
      .where(eq(auctionBatches.id, s.lots[n] as string))
  )[0]?.phase;
const noticeRow = async (s: Session) =>
  (await s.t.db.select().from(auctionNotices).where(eq(auctionNotices.id, ROOM)))[0];

/** Takes a lot to BIDDING and returns its deadline. */
async function startBidding(s: Session, lot: number): Promise<number> {
  await advance(s.p.auctioneer.c, [s.lots[lot] as string], "PUBLIC_SESSION");
  await advance(s.p.auctioneer.c, [s.lots[lot] as string], "BIDDING");
  const f = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
  return Date.parse(f.data.batches[0].biddingPhaseDueDateTime);
}

/** Takes a lot through BIDDING (no bid) to NEGOTIATION by the clock. */
async function toNegotiation(s: Session, lot: number) {
  const due = await startBidding(s, lot);
  s.clock.set(due);
  await s.t.runDueTimers();
  await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
}

/** Uploads a PDF through /api/upload as a demo account; returns the upload's answer. */
async function upload(s: Session, email: string): Promise<{ id: string; url: string }> {
  const boundary = "----certame-control-test";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ata.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
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
      authorization: `Bearer ${await s.t.login(email)}`,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function otherNoticeLot(s: Session): Promise<string> {
  const other = await s.t.post("/api/public/auction/read", { id: DEMO_IDS.noticeOpen });
  return other.json().batches[0].id as string;
}

describe("suspending the process stops the lot clocks (toggle_process_suspended_status)", () => {
  let s: Session;
  let due: number;
  let suspendedAt: number;
  beforeAll(async () => {
    s = await session();
  });
  afterAll(() => end(s));

  it("is refused to suppliers, citizens and support staff, and for a wrong lot or channel", async () => {
    due = await startBidding(s, 2);
    for (const who of ["supplier1", "citizen", "staff"] as const)
      expect(await send(s, who, CONTROL_EVENTS.toggleProcessSuspendedStatus, lotData(s, 2))).toEqual(
        refusedFor("Você não tem permissão para suspender o processo"),
      );
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, {
        batchId: s.lots[2],
        chatChannelId: s.channels[1],
      }),
    ).toEqual(refusedFor("O canal de chat informado não é o do lote/item selecionado."));
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, { batchId: s.lots[2] }),
    ).toEqual({
      ok: false,
      message: MISSING_CHANNEL,
    });
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, {
        batchId: await otherNoticeLot(s),
        chatChannelId: s.channels[2],
      }),
    ).toEqual({ ok: false, message: "Lote/item não encontrado neste processo." });
    expect((await noticeRow(s))?.status).toBe("ONGOING");
  });

  it("the auctioneer suspends: everyone is told, bids and phase moves wait", async () => {
    s.clock.advance(2 * MINUTE);
    suspendedAt = s.clock.now().getTime();
    const r = await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, lotData(s, 2));
    expect(r).toEqual({
      ok: true,
      data: { event: CONTROL_EVENTS.toggleProcessSuspendedStatus, status: "SUSPENDED" },
    });
    for (const who of ["supplier2", "citizen", "authority"] as const) {
      const f = await s.p[who].c.next("PROCESS_SUSPENDED");
      expect(f.data).toEqual({ auctionNoticeId: ROOM, status: "SUSPENDED", serverTime: expect.any(String) });
    }
    const message = await s.p.citizen.c.next("MESSAGE_SENT_TO_BATCHES", (d) =>
      JSON.stringify(d).includes("Processo suspenso"),
    );
    expect(message.data).toBeTruthy();
    expect(await bid(s, "supplier1", 2, 32000)).toEqual(refusedFor("não está em andamento"));
    expect(
      await send(s, "auctioneer", LIVE_EVENTS.goToNextPhase, {
        nextPhase: "PUBLIC_SESSION",
        batchesIds: [s.lots[1]],
        auctionNoticeId: ROOM,
      }),
    ).toEqual(refusedFor("não está em andamento"));
    // Indefinite suspension is for processes whose lots have not opened (§6): lot 2 is bidding.
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.suspendIndefinitely, {
        auctionNoticeId: ROOM,
        chatChannelId: s.channels[2],
        justification: "Impugnação do edital",
      }),
    ).toEqual(refusedFor("Não é possível suspender o processo indefinidamente agora"));
  });

  it("the deadline does not fall while the process is suspended", async () => {
    s.clock.set(due + 5 * MINUTE);
    await s.t.runDueTimers();
    expect(await lotPhase(s, 2)).toBe("BIDDING");
  });

  it("resuming pushes the lot's deadline by the time the process stood suspended", async () => {
    expect(await send(s, "supplier3", CONTROL_EVENTS.toggleProcessSuspendedStatus, lotData(s, 2))).toEqual(
      refusedFor("Você não tem permissão para retomar o processo suspenso"),
    );
    const resumedAt = s.clock.now().getTime();
    const paused = resumedAt - suspendedAt;
    expect(paused).toBe(13 * MINUTE);
    const r = await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, lotData(s, 2));
    expect(r).toEqual({
      ok: true,
      data: { event: CONTROL_EVENTS.toggleProcessSuspendedStatus, status: "ONGOING", pausedMs: paused },
    });
    const told = await s.p.supplier3.c.next("PROCESS_UNSUSPENDED");
    expect(told.data).toEqual({ auctionNoticeId: ROOM, status: "ONGOING", serverTime: expect.any(String) });
    const moved = await s.p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "BIDDING" && d.batchesIds[0] === s.lots[2],
    );
    const newDue = due + paused;
    expect(Date.parse(moved.data.batches[0].biddingPhaseDueDateTime)).toBe(newDue);
    const message = await s.p.supplier1.c.next("MESSAGE_SENT_TO_BATCHES", (d) =>
      JSON.stringify(d).includes("prorrogados em 13 minutos, o tempo da suspensão"),
    );
    expect(message).toBeTruthy();
    // 8 minutes are left, as when the suspension began: a bid is accepted and does not extend.
    expect((await bid(s, "supplier1", 2, 32400)).ok).toBe(true);
    s.clock.set(newDue - 1);
    await s.t.runDueTimers();
    expect(await lotPhase(s, 2)).toBe("BIDDING");
    s.clock.set(newDue);
    await s.t.runDueTimers();
    const closed = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
    expect(closed.data.batches[0].biddingPhaseEndingDateTime).toBe(new Date(newDue).toISOString());
  });

  it("both changes are in the hash-chained event log", async () => {
    const events = await listEvents(s.t.db, ROOM);
    const unsuspended = events.find((e) => e.eventType === "PROCESS_UNSUSPENDED");
    expect(unsuspended?.payload).toMatchObject({
      pausedMs: 13 * MINUTE,
      deadlines: [{ batchId: s.lots[2], from: new Date(due).toISOString() }],
    });
    expect(events.map((e) => e.eventType)).toEqual(expect.arrayContaining(["PROCESS_SUSPENDED"]));
    expect(await verifyChain(s.t.db, ROOM)).toBeNull();
  });
});

describe("lot control: fail, resume, annul, and the reference price", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session();
    await toNegotiation(s, 2);
  });
  afterAll(() => end(s));

  it("refuses a lot that has not ended, wrong roles, missing or long reasons, other phases, foreign files", async () => {
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.resumeBatch, lotData(s, 2, { reason: "Retomada" })),
    ).toEqual(refusedFor("Não é possível retomar o lote/item agora"));
    for (const who of ["supplier1", "citizen", "staff"] as const)
      expect(
        await send(s, who, CONTROL_EVENTS.failBatch, lotData(s, 2, { reason: "Sem proposta aceitável" })),
      ).toEqual(refusedFor("Você não tem permissão para declarar o lote/item fracassado"));
    expect(await send(s, "auctioneer", CONTROL_EVENTS.failBatch, lotData(s, 2, { reason: "  " }))).toEqual({
      ok: false,
      message: "Informe o motivo.",
    });
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.failBatch, lotData(s, 2, { reason: "x".repeat(256) })),
    ).toEqual({
      ok: false,
      message: "O motivo deve ter no máximo 255 caracteres.",
    });
    expect(await send(s, "auctioneer", CONTROL_EVENTS.failBatch, lotData(s, 2))).toEqual({
      ok: false,
      message: "Informe o motivo.",
    });
    // FAIL_BATCH_DIRECTLY is for the appeal judgement; lot 1 is still closed for offers.
    expect(
      await send(
        s,
        "auctioneer",
        CONTROL_EVENTS.failBatchDirectly,
        lotData(s, 2, { reason: "Recurso provido" }),
      ),
    ).toEqual(refusedFor("Não é possível declarar o lote/item fracassado diretamente agora"));
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.failBatch, lotData(s, 1, { reason: "Sem proposta" })),
    ).toEqual(refusedFor("lote/item 1 na fase"));
    expect(
      await send(
        s,
        "auctioneer",
        CONTROL_EVENTS.failBatch,
        lotData(s, 2, { batchId: await otherNoticeLot(s), reason: "x" }),
      ),
    ).toEqual({ ok: false, message: "Lote/item não encontrado neste processo." });
    // A file must be one this user uploaded.
    const bogus = `/api/app/file/${crypto.randomUUID()}`;
    expect(
      await send(
        s,
        "auctioneer",
        CONTROL_EVENTS.failBatch,
        lotData(s, 2, { reason: "Sem proposta", fileName: bogus }),
      ),
    ).toEqual({ ok: false, message: FILE_NOT_FOUND });
    const supplierFile = await upload(s, "fornecedor1@demo.com.br");
    expect(
      await send(
        s,
        "auctioneer",
        CONTROL_EVENTS.failBatch,
        lotData(s, 2, { reason: "Sem proposta", fileName: supplierFile.url }),
      ),
    ).toEqual({ ok: false, message: FILE_NOT_FOUND });
    expect(await lotPhase(s, 2)).toBe("NEGOTIATION");
  });

  it("the auctioneer fails lot 2 with a 255-character reason and a file; everyone sees it", async () => {
    const file = await upload(s, "pregoeiro@demo.gov.br");
    const reason = "Nenhuma proposta aceitável após a negociação".padEnd(255, ".");
    const r = await send(
      s,
      "auctioneer",
      CONTROL_EVENTS.failBatch,
      lotData(s, 2, { reason, fileName: file.url, name: "Ata de fracasso.pdf", isDirectly: false }),
    );
    expect(r).toEqual({
      ok: true,
      data: { event: CONTROL_EVENTS.failBatch, batchId: s.lots[2], newPhase: "FAILED" },
    });
    for (const who of ["citizen", "supplier3"] as const) {
      const f = await s.p[who].c.next("PHASE_ADVANCED", (d) => d.newPhase === "FAILED");
      expect(f.data.batchesIds).toEqual([s.lots[2]]);
      expect(f.data.batches[0].phase).toBe("FAILED");
    }
    const message = await s.p.supplier2.c.next("NEW_MESSAGE", (d) => d.text.includes("declarado fracassado"));
    expect(message.data.text).toContain("Ata de fracasso.pdf");
    const docs = await s.t.db.select().from(noticeDocuments).where(eq(noticeDocuments.fileId, file.id));
    expect(docs).toEqual([
      expect.objectContaining({ auctionNoticeId: ROOM, kind: "OTHER", label: "Ata de fracasso.pdf" }),
    ]);
  });

  it("resume_batch brings the lot back to the phase it was in", async () => {
    expect(
      await send(s, "supplier1", CONTROL_EVENTS.resumeBatch, lotData(s, 2, { reason: "Retomada" })),
    ).toEqual(refusedFor("Você não tem permissão"));
    expect(await send(s, "auctioneer", CONTROL_EVENTS.resumeBatch, lotData(s, 2))).toEqual({
      ok: false,
      message: "Informe o motivo.",
    });
    const r = await send(
      s,
      "auctioneer",
      CONTROL_EVENTS.resumeBatch,
      lotData(s, 2, { reason: "Recurso acolhido" }),
    );
    expect(r).toEqual({
      ok: true,
      data: { event: CONTROL_EVENTS.resumeBatch, batchId: s.lots[2], newPhase: "NEGOTIATION" },
    });
    const f = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
    expect(f.data.batches[0].phase).toBe("NEGOTIATION");
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.resumeBatch, lotData(s, 2, { reason: "De novo" })),
    ).toEqual(refusedFor("Não é possível retomar o lote/item agora"));
  });

  it("the body discloses the reference price once, in NEGOTIATION", async () => {
    await s.t.db
      .update(auctionNotices)
      .set({ shouldDiscloseReferencePrice: false })
      .where(eq(auctionNotices.id, ROOM));
    const disclose = (who: Who, lot: number) =>
      send(s, who, CONTROL_EVENTS.discloseReferencePrice, {
        auctionNoticeId: ROOM,
        chatChannelId: s.channels[lot],
      });
    for (const who of ["supplier1", "citizen"] as const)
      expect(await disclose(who, 2)).toEqual(
        refusedFor("Você não tem permissão para divulgar o preço de referência"),
      );
    expect(await disclose("auctioneer", 1)).toEqual(
      refusedFor("Não é possível divulgar o preço de referência agora"),
    );
    const r = await disclose("auctioneer", 2);
    expect(r).toEqual({
      ok: true,
      data: { event: CONTROL_EVENTS.discloseReferencePrice, shouldDiscloseReferencePrice: true },
    });
    const f = await s.p.supplier3.c.next("REFERENCE_PRICE_DISCLOSED");
    expect(f.data).toEqual({ auctionNoticeId: ROOM, serverTime: expect.any(String) });
    const row = await noticeRow(s);
    expect([row?.isReferencePriceDisclosed, row?.shouldDiscloseReferencePrice]).toEqual([true, true]);
    expect(await disclose("staff", 2)).toEqual(refusedFor("já está divulgado"));
  });

  it("only the authorities annul; annulling every lot annuls the process", async () => {
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.cancelBatch, lotData(s, 2, { reason: "Vício insanável" })),
    ).toEqual(refusedFor("Você não tem permissão para anular o lote/item"));
    for (const n of [2, 1]) {
      const r = await send(
        s,
        "authority",
        CONTROL_EVENTS.cancelBatch,
        lotData(s, n, { reason: "Vício insanável" }),
      );
      expect(r).toEqual({
        ok: true,
        data: { event: CONTROL_EVENTS.cancelBatch, batchId: s.lots[n], newPhase: "CANCELED" },
      });
      await s.p.citizen.c.next(
        "PHASE_ADVANCED",
        (d) => d.newPhase === "CANCELED" && d.batchesIds[0] === s.lots[n],
      );
    }
    expect((await noticeRow(s))?.status).toBe("ONGOING");
    const last = await send(
      s,
      "authority",
      CONTROL_EVENTS.cancelBatch,
      lotData(s, 3, { reason: "Vício insanável" }),
    );
    expect(last).toEqual({
      ok: true,
      data: {
        event: CONTROL_EVENTS.cancelBatch,
        batchId: s.lots[3],
        newPhase: "CANCELED",
        status: "CANCELLED",
      },
    });
    const f = await s.p.supplier1.c.next("PROCESS_CANCELLED");
    expect(f.data).toEqual({ auctionNoticeId: ROOM, status: "CANCELLED", serverTime: expect.any(String) });
    expect((await noticeRow(s))?.status).toBe("CANCELLED");
    // An annulled process admits no further control.
    expect(
      await send(s, "auctioneer", CONTROL_EVENTS.resumeBatch, lotData(s, 3, { reason: "Retomada" })),
    ).toEqual(refusedFor("Não é possível retomar o lote/item agora"));
    expect(await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, lotData(s, 3))).toEqual(
      refusedFor("Não é possível suspender o processo agora"),
    );
  });

  it("every change is in the hash-chained event log", async () => {
    const types = (await listEvents(s.t.db, ROOM)).map((e) => e.eventType);
    expect(types).toEqual(
      expect.arrayContaining([
        "LOT_FAILED",
        "LOT_RESUMED",
        "REFERENCE_PRICE_DISCLOSED",
        "LOT_CANCELED",
        "PROCESS_CANCELLED",
      ]),
    );
    expect(await verifyChain(s.t.db, ROOM)).toBeNull();
  });
});

describe("indefinite suspension and revocation", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session();
  });
  afterAll(() => end(s));

  const indefinitely = (who: Who, extra: Record<string, unknown> = {}) =>
    send(s, who, CONTROL_EVENTS.suspendIndefinitely, {
      auctionNoticeId: ROOM,
      chatChannelId: s.channels[1],
      justification: "Impugnação do edital em análise",
      ...extra,
    });

  it("suspend_indefinitely: only before the lots open, by the managers, with a justification ≤ 5000", async () => {
    expect(await indefinitely("auctioneer")).toEqual(
      refusedFor("Não é possível suspender o processo indefinidamente agora"),
    );
    await s.t.db
      .update(auctionBatches)
      .set({ phase: "OPEN_FOR_OFFERS" })
      .where(eq(auctionBatches.auctionNoticeId, ROOM));
    for (const who of ["supplier1", "citizen", "staff"] as const)
      expect(await indefinitely(who)).toEqual(refusedFor("Você não tem permissão"));
    expect(await indefinitely("auctioneer", { justification: "" })).toEqual({
      ok: false,
      message: "Informe a justificativa.",
    });
    expect(await indefinitely("auctioneer", { justification: "x".repeat(5001) })).toEqual({
      ok: false,
      message: "A justificativa deve ter no máximo 5000 caracteres.",
    });
    expect(await indefinitely("auctioneer", { auctionNoticeId: DEMO_IDS.noticeOpen })).toEqual({
      ok: false,
      message: "O processo informado não é o da sala conectada.",
    });
    const r = await indefinitely("auctioneer", { justification: "x".repeat(5000) });
    expect(r).toEqual({
      ok: true,
      data: { event: CONTROL_EVENTS.suspendIndefinitely, status: "SUSPENDED_INDEFINITELY" },
    });
    const f = await s.p.supplier2.c.next("PROCESS_SUSPENDED_INDEFINITELY");
    expect(f.data).toEqual({
      auctionNoticeId: ROOM,
      status: "SUSPENDED_INDEFINITELY",
      serverTime: expect.any(String),
    });
    expect(await indefinitely("auctioneer")).toEqual(refusedFor("Suspenso por prazo indeterminado"));
    expect(await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, lotData(s, 1))).toEqual(
      refusedFor("Não é possível suspender o processo agora"),
    );
    expect(
      await send(
        s,
        "authority",
        CONTROL_EVENTS.scheduleRevokeProcess,
        lotData(s, 1, { reason: "Interesse público" }),
      ),
    ).toEqual(refusedFor("Não é possível revogar o processo agora"));
  });

  it("only the authorities revoke, with a reason ≤ 255; the process ends", async () => {
    // Republished (notice lifecycle), its lots closed for offers again.
    await s.t.db.update(auctionNotices).set({ status: "PUBLISHED" }).where(eq(auctionNotices.id, ROOM));
    await s.t.db
      .update(auctionBatches)
      .set({ phase: "CLOSED_FOR_OFFERS" })
      .where(eq(auctionBatches.auctionNoticeId, ROOM));
    const revoke = (who: Who, reason?: string) =>
      send(s, who, CONTROL_EVENTS.scheduleRevokeProcess, lotData(s, 1, { reason }));
    for (const who of ["auctioneer", "staff", "supplier1", "citizen"] as const)
      expect(await revoke(who, "Interesse público")).toEqual(
        refusedFor("Você não tem permissão para revogar o processo"),
      );
    expect(await revoke("authority")).toEqual({ ok: false, message: "Informe o motivo." });
    expect(await revoke("authority", "y".repeat(256))).toEqual({
      ok: false,
      message: "O motivo deve ter no máximo 255 caracteres.",
    });
    const r = await revoke("authority", "Interesse público superveniente (art. 71, II)");
    expect(r).toEqual({ ok: true, data: { event: CONTROL_EVENTS.scheduleRevokeProcess, status: "REVOKED" } });
    const f = await s.p.citizen.c.next("PROCESS_REVOKED");
    expect(f.data).toEqual({ auctionNoticeId: ROOM, status: "REVOKED", serverTime: expect.any(String) });
    const message = await s.p.supplier3.c.next("MESSAGE_SENT_TO_BATCHES", (d) =>
      JSON.stringify(d).includes("Processo revogado"),
    );
    expect(message).toBeTruthy();
    expect((await noticeRow(s))?.status).toBe("REVOKED");
    expect(await revoke("authority", "De novo")).toEqual(
      refusedFor("Não é possível revogar o processo agora"),
    );
    expect(await send(s, "auctioneer", CONTROL_EVENTS.toggleProcessSuspendedStatus, lotData(s, 1))).toEqual(
      refusedFor("Não é possível suspender o processo agora"),
    );
    const types = (await listEvents(s.t.db, ROOM)).map((e) => e.eventType);
    expect(types).toEqual(expect.arrayContaining(["PROCESS_SUSPENDED_INDEFINITELY", "PROCESS_REVOKED"]));
    expect(await verifyChain(s.t.db, ROOM)).toBeNull();
  });
});

describe("supplier toggles (toggle_supplier_status) and anonymity", () => {
  let s: Session;
  let identities: string[];
  const mark: Partial<Record<Who, number>> = {};
  let supplier2Id: string;
  beforeAll(async () => {
    s = await session();
    identities = await supplierIdentities(s.t);
    supplier2Id = DEMO_IDS.supplier2;
  });
  afterAll(() => end(s));

  const toggle = (who: Who, extra: Record<string, unknown>) =>
    send(s, who, CONTROL_EVENTS.toggleSupplierStatus, {
      ...lotData(s, 2),
      anonymousSupplierIdentificationNumber: numberOf(s, "supplier2"),
      kind: "DISQUALIFY",
      reason: "Proposta em desacordo com o termo de referência",
      ...extra,
    });

  it("is refused to others than the auctioneer, without a reason, out of phase, for unknown suppliers and lots", async () => {
    for (const who of Object.keys(s.p) as Who[]) mark[who] = s.p[who].c.raw.length;
    await startBidding(s, 2);
    for (const who of ["supplier1", "citizen", "staff", "authority"] as const)
      expect(await toggle(who, {})).toEqual(
        refusedFor("Você não tem permissão para desclassificar licitantes"),
      );
    expect(await toggle("auctioneer", { reason: "" })).toEqual({ ok: false, message: "Informe o motivo." });
    expect(await toggle("auctioneer", { reason: "r".repeat(5001) })).toEqual({
      ok: false,
      message: "O motivo deve ter no máximo 5000 caracteres.",
    });
    // Enabling/disabling (habilitação) is judged in QUALIFICATION only.
    expect(await toggle("auctioneer", { kind: "INACTIVE" })).toEqual(
      refusedFor("Não é possível inabilitar licitantes agora"),
    );
    expect(await toggle("auctioneer", { anonymousSupplierIdentificationNumber: 999 })).toEqual({
      ok: false,
      message: "Licitante não encontrado neste processo.",
    });
    expect(await toggle("auctioneer", { auctionNoticeId: ROOM })).toEqual(
      refusedFor("não está disponível durante a disputa de lances"),
    );
    expect(await toggle("auctioneer", { batchId: await otherNoticeLot(s) })).toEqual({
      ok: false,
      message: "Lote/item não encontrado neste processo.",
    });
    expect(await toggle("auctioneer", { kind: "EXCLUDE" })).toEqual({
      ok: false,
      message: "Dados inválidos no evento toggle_supplier_status.",
    });
  });

  it("a disqualified supplier's bids are refused; requalified, it bids again", async () => {
    const n2 = numberOf(s, "supplier2");
    const r = await toggle("auctioneer", {});
    expect(r).toEqual({
      ok: true,
      data: {
        event: CONTROL_EVENTS.toggleSupplierStatus,
        batchesIds: [s.lots[2]],
        anonymousSupplierIdentificationNumber: n2,
        isQualified: false,
      },
    });
    for (const who of ["supplier3", "citizen", "supplier2"] as const) {
      const f = await s.p[who].c.next("SUPPLIER_DISQUALIFIED");
      expect(f.data).toEqual({
        auctionNoticeId: ROOM,
        batchesIds: [s.lots[2]],
        anonymousSupplierIdentificationNumber: n2,
        isQualified: false,
        serverTime: expect.any(String),
      });
    }
    const message = await s.p.citizen.c.next("NEW_MESSAGE", (d) => d.text.includes("desclassificado"));
    expect(message.data.text).toContain(`Licitante ${n2}`);
    expect((await bid(s, "supplier2", 2, 33800)).ok).toBe(false);
    expect(await toggle("auctioneer", {})).toEqual(refusedFor("já está desclassificado"));
    // By supplier id this time; requalified, it bids again (an intermediate bid: supplier 3, an
    // ME/EPP, keeps the best, so the lot closes without a fictitious tie).
    const back = await toggle("auctioneer", {
      anonymousSupplierIdentificationNumber: undefined,
      supplierId: supplier2Id,
      kind: "REQUALIFY",
    });
    expect(back.ok).toBe(true);
    const f = await s.p.supplier1.c.next("SUPPLIER_REQUALIFIED");
    expect(f.data.isQualified).toBe(true);
    expect((await bid(s, "supplier2", 2, 33800)).ok).toBe(true);
  });

  it("no frame anyone received while the lots were confidential names a supplier", async () => {
    for (const who of Object.keys(s.p) as Who[])
      for (const frame of s.p[who].c.raw.slice(mark[who]))
        for (const identity of identities)
          expect(frame, `${who} recebeu ${identity}`).not.toContain(identity);
  });

  it("in QUALIFICATION the auctioneer disables and enables a supplier in every lot it may", async () => {
    await s.p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 33800);
    const due = lotDue(s.p.citizen.c, s.lots[2] as string);
    s.clock.set(due + 10 * MINUTE);
    await s.t.runDueTimers();
    await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
    await advance(s.p.auctioneer.c, [s.lots[2] as string], "QUALIFICATION");
    const n1 = numberOf(s, "supplier1");
    // All lots: lots 1 and 3 are still closed for offers, so only lot 2 changes.
    const off = await toggle("auctioneer", {
      anonymousSupplierIdentificationNumber: n1,
      kind: "INACTIVE",
      auctionNoticeId: ROOM,
    });
    expect(off).toEqual({
      ok: true,
      data: {
        event: CONTROL_EVENTS.toggleSupplierStatus,
        batchesIds: [s.lots[2]],
        anonymousSupplierIdentificationNumber: n1,
        isDisabled: true,
      },
    });
    const disabled = await s.p.supplier2.c.next("SUPPLIER_DISABLED");
    expect(disabled.data).toMatchObject({ batchesIds: [s.lots[2]], isDisabled: true });
    const on = await toggle("auctioneer", { anonymousSupplierIdentificationNumber: n1, kind: "ACTIVE" });
    expect(on.ok).toBe(true);
    const enabled = await s.p.citizen.c.next("SUPPLIER_ENABLED");
    expect(enabled.data).toMatchObject({ anonymousSupplierIdentificationNumber: n1, isDisabled: false });
    const types = (await listEvents(s.t.db, ROOM)).map((e) => e.eventType);
    expect(types).toEqual(
      expect.arrayContaining([
        "SUPPLIER_DISQUALIFIED",
        "SUPPLIER_REQUALIFIED",
        "SUPPLIER_DISABLED",
        "SUPPLIER_ENABLED",
      ]),
    );
    expect(await verifyChain(s.t.db, ROOM)).toBeNull();
  });

  it("a disqualified or disabled winner hands the lot to the next bidder in the ranking; reinstated, it takes it back", async () => {
    // Lot 2 in QUALIFICATION: supplier 3 won at 32500; supplier 1 (33000) and supplier 2 (33800) follow.
    const n1 = numberOf(s, "supplier1");
    const n2 = numberOf(s, "supplier2");
    const n3 = numberOf(s, "supplier3");
    type Lot = {
      id: string;
      winner: { anonymousSupplierIdentificationNumber: number } | null;
      batchBestBid: { unitPrice: number; anonymousSupplierIdentificationNumber: number };
      attachingDocumentsEndingDateTime: string | null;
    };
    const lotFrame = async () =>
      (
        await s.p.citizen.c.next(
          "PHASE_ADVANCED",
          (d) => d.newPhase === "QUALIFICATION" && d.batchesIds.includes(s.lots[2]),
        )
      ).data.batches[0] as Lot;
    const handedTo = async (n: number | null) => {
      const m = await s.p.citizen.c.next("NEW_MESSAGE", (d) => d.action === "LOT_WINNER_CHANGED");
      expect(m.data.text).toBe(
        n === null
          ? "Não há outro licitante classificado e habilitado no lote/item 2."
          : `O lote/item 2 passa ao Licitante ${n}, o próximo classificado e habilitado na ordem de classificação.`,
      );
    };
    // The winner had a documents window: it does not carry over to the next bidder.
    await s.t.db
      .update(auctionBatches)
      .set({ attachingDocumentsEndingDateTime: new Date(s.clock.now().getTime() + 60 * MINUTE) })
      .where(eq(auctionBatches.id, s.lots[2] as string));

    expect((await toggle("auctioneer", { anonymousSupplierIdentificationNumber: n3 })).ok).toBe(true);
    let lot = await lotFrame();
    expect(lot.winner).toEqual({ anonymousSupplierIdentificationNumber: n1 });
    expect(lot.batchBestBid).toMatchObject({ unitPrice: 33000, anonymousSupplierIdentificationNumber: n1 });
    expect(lot.attachingDocumentsEndingDateTime).toBeNull();
    await handedTo(n1);

    // The new winner is disabled in turn: the lot goes on to supplier 2.
    expect(
      (await toggle("auctioneer", { anonymousSupplierIdentificationNumber: n1, kind: "INACTIVE" })).ok,
    ).toBe(true);
    lot = await lotFrame();
    expect(lot.winner).toEqual({ anonymousSupplierIdentificationNumber: n2 });
    await handedTo(n2);
    // The winner's best bid is the winning bid, first among the qualified and enabled (§3, §4).
    const table = (await s.t.post("/api/room/batchBids", { batchId: s.lots[2] })).json().bids as {
      unitPrice: number;
      anonymousSupplierIdentificationNumber: number;
      isWinner: boolean;
    }[];
    expect(table.filter((b) => b.isWinner)).toEqual([
      expect.objectContaining({ anonymousSupplierIdentificationNumber: n2, unitPrice: 33800 }),
    ]);
    expect(table[0]?.isWinner).toBe(true);

    // Reinstating the best-ranked bidder gives it the lot back.
    expect(
      (await toggle("auctioneer", { anonymousSupplierIdentificationNumber: n3, kind: "REQUALIFY" })).ok,
    ).toBe(true);
    lot = await lotFrame();
    expect(lot.winner).toEqual({ anonymousSupplierIdentificationNumber: n3 });
    expect(lot.batchBestBid.unitPrice).toBe(32500);
    await handedTo(n3);
    const [row] = await s.t.db
      .select()
      .from(auctionBatches)
      .where(eq(auctionBatches.id, s.lots[2] as string));
    expect(row?.negotiatingSupplierId).toBe(DEMO_IDS.supplier3);
    // Three hand-overs in all: toggling a bidder that was not the winner (supplier 1 earlier) changed nothing.
    const changes = (await listEvents(s.t.db, ROOM)).filter((e) => e.eventType === "LOT_WINNER_CHANGED");
    expect(changes.map((e) => (e.payload as { anonymousNumber: number }).anonymousNumber)).toEqual([
      n1,
      n2,
      n3,
    ]);
    expect(await verifyChain(s.t.db, ROOM)).toBeNull();
  });

  it("in NEGOTIATION the new winner's bids are the lot's best even above a disqualified bidder's", async () => {
    // Back to NEGOTIATION with supplier 3 the winner again; disqualified, the lot goes to supplier 2
    // (supplier 1 is still disabled).
    const back = await act(s.p.auctioneer.c, LIVE_EVENTS.regressPhase, {
      previousPhase: "NEGOTIATION",
      batchesIds: [s.lots[2]],
      auctionNoticeId: ROOM,
    });
    expect(back.ok, back.ok ? "" : back.message).toBe(true);
    expect(
      (await toggle("auctioneer", { anonymousSupplierIdentificationNumber: numberOf(s, "supplier3") })).ok,
    ).toBe(true);
    // Supplier 2 improves its own 338,00 to 331,00 — still above the disqualified 325,00.
    const r = await bid(s, "supplier2", 2, 33100);
    expect(r.ok, r.ok ? "" : r.message).toBe(true);
    const f = await s.p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 33100);
    expect(f.data.bid.isWinner).toBe(true);
    expect(f.data.batch.batchBestBid).toMatchObject({
      unitPrice: 33100,
      anonymousSupplierIdentificationNumber: numberOf(s, "supplier2"),
    });
  });
});
