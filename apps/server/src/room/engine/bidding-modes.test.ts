// The fictitious tie (LC 123/2006 arts. 44–45), automatic bids and the OPEN_AND_CLOSED sealed stage
// (DESIGN §4), each on a fresh copy of the demo room, over real WebSockets and PostgreSQL.
import { LIVE_EVENTS } from "@certame/domain";
import { and, asc, eq, sql } from "drizzle-orm";
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
  supplierIdentities,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionNotices, bids, chatMessages } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

const MINUTE = 60_000;

interface Session {
  t: TestApp;
  url: string;
  p: Record<Party, RoomParty>;
  lots: Record<number, string>;
  clock: TestClock;
}

async function session(
  prepare?: (t: TestApp) => Promise<void>,
  options: { random?: () => number; auctionTimeScale?: number } = {},
): Promise<Session> {
  const clock = new TestClock();
  const t = await createTestApp({
    clock: clock.now,
    auctionRandom: options.random,
    auctionTimeScale: options.auctionTimeScale,
  });
  await prepare?.(t);
  const url = await t.listen();
  return { t, url, p: await openParties(t, url), lots: await roomLots(t), clock };
}

async function end(s: Session | undefined) {
  if (!s) return;
  await closeParties(s.p);
  await s.t.close();
}

const numberOf = (s: Session, who: Party) => s.p[who].state.anonymousSupplierIdentificationNumber as number;
const bid = (s: Session, who: Party, lot: number, value: number) =>
  act(s.p[who].c, LIVE_EVENTS.placeNewBid, { batchId: s.lots[lot], value });

/** Takes a lot to BIDDING and returns its deadline. */
async function startBidding(s: Session, lot: number): Promise<number> {
  await advance(s.p.auctioneer.c, [s.lots[lot] as string], "PUBLIC_SESSION");
  await advance(s.p.auctioneer.c, [s.lots[lot] as string], "BIDDING");
  const f = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
  return Date.parse(f.data.batches[0].biddingPhaseDueDateTime);
}

describe("fictitious tie, covered (lot 1: the large company leads, two ME/EPP within 5 %)", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session();
  });
  afterAll(() => end(s));

  it("at the close the best-placed ME/EPP is called for 5 minutes", async () => {
    const due = await startBidding(s, 1);
    s.clock.set(due);
    await s.t.runDueTimers();
    const f = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "TIEBREAKER");
    expect(f.data.batches[0].tiebreaker).toEqual({
      calledAnonymousNumber: numberOf(s, "supplier1"),
      dueDateTime: new Date(due + 5 * MINUTE).toISOString(),
    });
    const call = await s.p.supplier1.c.next("NEW_MESSAGE", (d) => d.text.includes("Empate ficto"));
    expect(call.data.text).toContain(`Licitante ${numberOf(s, "supplier1")}`);
  });

  it("the call's chat line comes after the phase line, also when the chat is read again (issue 12)", async () => {
    // Both lines are written in the close's one transaction: the call's is dated after the phase's,
    // so the chat's (createdDate, id) order keeps them as written whatever their random ids.
    const rows = await s.t.db
      .select({ text: chatMessages.text, createdDate: chatMessages.createdDate })
      .from(chatMessages)
      .where(eq(chatMessages.batchId, s.lots[1] as string))
      .orderBy(asc(chatMessages.createdDate), asc(chatMessages.id));
    const phase = rows.findIndex((r) => /avançou para a fase Desempate/.test(r.text));
    const call = rows.findIndex((r) => r.text.includes("Empate ficto"));
    expect(phase).toBeGreaterThanOrEqual(0);
    expect(call).toBeGreaterThan(phase);
    expect(Number(rows[call]?.createdDate)).toBeGreaterThan(Number(rows[phase]?.createdDate));
  });

  it("a room entered during the tie names no supplier: not even the call order's ids", async () => {
    const identities = await supplierIdentities(s.t);
    const late = await LiveClient.open(s.url);
    await late.register(ROOM);
    await late.close();
    const read = await s.t.post("/api/public/auction/read", { id: ROOM });
    for (const identity of identities) {
      expect(late.raw[0]).not.toContain(identity);
      expect(read.body).not.toContain(identity);
    }
  });

  it("only the called ME/EPP bids, and only better than the best", async () => {
    expect(await bid(s, "supplier3", 1, 2700)).toEqual({
      ok: false,
      message: "Somente a ME/EPP convocada para o desempate pode enviar lance agora.",
    });
    expect(await bid(s, "supplier1", 1, 2750)).toEqual({
      ok: false,
      message: expect.stringContaining("menor"),
    });
  });

  it("covering the best ends the tie: NEGOTIATION with the ME/EPP", async () => {
    expect((await bid(s, "supplier1", 1, 2740)).ok).toBe(true);
    const f = await s.p.auctioneer.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
    expect(f.data.batches[0].negotiation.anonymousSupplierIdentificationNumber).toBe(
      numberOf(s, "supplier1"),
    );
    expect(f.data.batches[0].batchBestBid.unitPrice).toBe(2740);
    const types = (await listEvents(s.t.db, ROOM)).map((e) => e.eventType);
    expect(types).toEqual(expect.arrayContaining(["BIDDING_CLOSED", "TIEBREAKER_CALL", "TIEBREAKER_ENDED"]));
  });
});

describe("fictitious tie, not covered: each call times out and the next in the band is called", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session();
  });
  afterAll(() => end(s));

  it("calls supplier 1, then supplier 3, then the original best negotiates", async () => {
    const due = await startBidding(s, 1);
    s.clock.set(due);
    await s.t.runDueTimers();
    await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.batches[0].tiebreaker?.calledAnonymousNumber === 1);
    s.clock.advance(5 * MINUTE);
    await s.t.runDueTimers();
    const second = await s.p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.batches[0].tiebreaker?.calledAnonymousNumber === numberOf(s, "supplier3"),
    );
    expect(second.data.newPhase).toBe("TIEBREAKER");
    // The first call is over: supplier 1 may no longer cover.
    expect((await bid(s, "supplier1", 1, 2700)).ok).toBe(false);
    s.clock.advance(5 * MINUTE);
    await s.t.runDueTimers();
    const f = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
    expect(f.data.batches[0].negotiation.anonymousSupplierIdentificationNumber).toBe(
      numberOf(s, "supplier2"),
    );
  });
});

describe("automatic bids (supplier 1 chose the tool: floor R$ 310,00, variation R$ 1,00)", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session(async (t) => {
      await t.db
        .update(bids)
        .set({ canApplyAutomaticBid: true, finalPrice: 31000, variationPrice: 100 })
        .where(
          and(
            eq(bids.auctionNoticeId, ROOM),
            eq(bids.supplierId, DEMO_IDS.supplier1),
            eq(bids.kind, "INITIAL"),
          ),
        );
    });
  });
  afterAll(() => end(s));

  it("whenever another bid beats it, the server bids for it by its variation", async () => {
    await startBidding(s, 2);
    expect((await bid(s, "supplier3", 2, 32400)).ok).toBe(true);
    const auto = await s.p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.kind === "AUTOMATIC");
    expect(auto.data.bid.unitPrice).toBe(32300);
    expect(auto.data.bid.anonymousSupplierIdentificationNumber).toBe(numberOf(s, "supplier1"));
    expect(auto.data.batch.batchBestBid.unitPrice).toBe(32300);
    const own = await s.p.supplier1.c.next("NEW_BID_PLACED", (d) => d.bid.kind === "AUTOMATIC");
    expect(own.data.bid.isOwn).toBe(true);
  });

  it("never past the floor", async () => {
    expect((await bid(s, "supplier3", 2, 31050)).ok).toBe(true);
    const auto = await s.p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.kind === "AUTOMATIC");
    expect(auto.data.bid.unitPrice).toBe(31000);
    expect((await bid(s, "supplier3", 2, 30900)).ok).toBe(true);
    const list = (await s.t.post("/api/room/batchBids", { batchId: s.lots[2] })).json().bids as {
      unitPrice: number;
      kind: string;
    }[];
    expect(list[0]?.unitPrice).toBe(30900);
    expect(list.filter((b) => b.kind === "AUTOMATIC").map((b) => b.unitPrice)).toEqual([31000, 32300]);
  });
});

describe("OPEN_AND_CLOSED: imminent close, secret random close, sealed final bids", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session(
      async (t) => {
        await t.db
          .update(auctionNotices)
          .set({ closingKind: "OPEN_AND_CLOSED" })
          .where(eq(auctionNotices.id, ROOM));
      },
      { random: () => 0.5 },
    );
  });
  afterAll(() => end(s));

  let due: number;
  let sealedId: string;

  it("after 15 minutes the imminent close is announced; the close instant stays secret", async () => {
    due = await startBidding(s, 2);
    expect(due - s.clock.now().getTime()).toBe(15 * MINUTE);
    expect((await bid(s, "supplier1", 2, 32400)).ok).toBe(true);
    s.clock.set(due);
    await s.t.runDueTimers();
    const f = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.batches[0].isImminentClosing === true);
    expect(f.data.batches[0].biddingPhaseDueDateTime).toBeNull();
    // A bid at the close of the open stage does not extend OPEN_AND_CLOSED.
    const drawn = (await listEvents(s.t.db, ROOM)).find((e) => e.eventType === "RANDOM_CLOSE_DRAWN");
    expect(drawn?.payload).toMatchObject({ randomValue: 0.5, randomDelayMs: 5 * MINUTE });
  });

  it("at the random close the best and those within 10 % may send one sealed bid in 5 minutes", async () => {
    s.clock.advance(5 * MINUTE);
    await s.t.runDueTimers();
    const f = await s.p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.batches[0].subPhase === "SECRET_BIDDING_PHASE",
    );
    expect(f.data.batches[0].finalistsAnonymousNumbers.sort()).toEqual([1, 2, 3]);
    const placed = await bid(s, "supplier2", 2, 32000);
    expect(placed.ok).toBe(true);
    sealedId = (placed as { data: { id: string } }).data.id;
    expect(await bid(s, "supplier2", 2, 31900)).toEqual({
      ok: false,
      message: "O lance final fechado só pode ser enviado uma vez.",
    });
    const own = await s.p.supplier2.c.next("NEW_BID_PLACED", (d) => d.bid.id === sealedId);
    expect(own.data.bid.isSealed).toBe(true);
  });

  it("a sealed bid reaches no one but its author until the stage ends", async () => {
    // A chat message is a barrier: once everyone has it, an earlier broadcast would be there too.
    const text = `barreira ${Date.now()}`;
    const channel = s.p.auctioneer.state.auctionNotice.batches.find((b: { id: string }) => b.id === s.lots[2])
      .chatChannel.id;
    s.p.auctioneer.c.send(LIVE_EVENTS.newMessage, { chatChannel: channel, text });
    for (const who of ["auctioneer", "supplier1", "supplier3", "citizen"] as Party[]) {
      await s.p[who].c.next("NEW_MESSAGE", (d) => d.text === text);
      expect(s.p[who].c.raw.some((r) => r.includes(sealedId))).toBe(false);
    }
    const list = await s.t.post("/api/room/batchBids", { batchId: s.lots[2] });
    expect(list.body).not.toContain(sealedId);
  });

  it("when the sealed stage ends the bids are revealed and the bidding closes", async () => {
    s.clock.advance(5 * MINUTE);
    await s.t.runDueTimers();
    const revealed = await s.p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.id === sealedId);
    expect(revealed.data.bid.unitPrice).toBe(32000);
    // Supplier 2 (large company) leads; supplier 1 (ME/EPP) is within 5 %: a fictitious tie.
    await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "TIEBREAKER");
    const count = await s.t.db.execute(sql`SELECT count(*)::int AS n FROM bids WHERE is_revealed = false`);
    expect(count.rows[0]).toEqual({ n: 0 });
    expect(await verifyChain(s.t.db, ROOM)).toBeNull();
  });
});

describe("the chat texts give each term as the engine runs it (AUCTION_TIME_SCALE=0.5)", () => {
  let s: Session;
  beforeAll(async () => {
    s = await session(
      async (t) => {
        await t.db
          .update(auctionNotices)
          .set({ closingKind: "OPEN_AND_CLOSED" })
          .where(eq(auctionNotices.id, ROOM));
      },
      { random: () => 0.5, auctionTimeScale: 0.5 },
    );
  });
  afterAll(() => end(s));

  const system = (text: string) =>
    s.p.citizen.c.next("NEW_MESSAGE", (d) => d.isSystemMessage === 1 && d.text.startsWith(text));

  it("the imminent close, the sealed stage and the tie call: half of 10, 5 and 5 minutes", async () => {
    // Lot 1: the large company leads and two ME/EPP are within 5 %, so the close calls a tie.
    const due = await startBidding(s, 1);
    expect(due - s.clock.now().getTime()).toBe(7.5 * MINUTE);
    s.clock.set(due);
    await s.t.runDueTimers();
    expect((await system("Aviso de fechamento iminente")).data.text).toBe(
      "Aviso de fechamento iminente: a etapa aberta será encerrada a qualquer momento nos próximos 5 minutos.",
    );
    // The draw (0.5 of the scaled 10 minutes) falls: the sealed stage, 5 minutes scaled.
    s.clock.advance(2.5 * MINUTE);
    await s.t.runDueTimers();
    expect((await system("Etapa fechada iniciada")).data.text).toMatch(
      /^Etapa fechada iniciada: .+ podem enviar um único lance final fechado em até 2 minutos e 30 segundos\.$/,
    );
    s.clock.advance(2.5 * MINUTE);
    await s.t.runDueTimers();
    const tie = await s.p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "TIEBREAKER");
    expect(Date.parse(tie.data.batches[0].tiebreaker.dueDateTime) - s.clock.now().getTime()).toBe(
      2.5 * MINUTE,
    );
    expect((await system("Empate ficto")).data.text).toBe(
      `Empate ficto (LC 123/2006, art. 44): Licitante ${numberOf(s, "supplier1")} (ME/EPP) é convocado(a) a apresentar lance melhor que o melhor lance atual em até 2 minutos e 30 segundos.`,
    );
  });
});
