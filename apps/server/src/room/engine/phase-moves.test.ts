// Phase moves beyond a single lot (trading-room §4 "Next-phase modal rules"; DESIGN §4, §5): the
// proposal window's clock, 'Aplicar ação para os próximos', the bidding reset with its
// justification and the automatic start of lots in groups.
import { LIVE_EVENTS } from "@certame/domain";
import { and, eq } from "drizzle-orm";
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
import { auctionBatches, auctionNotices } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { armNoticeClocks } from "./auction.repository";

const MINUTE = 60_000;

describe("the proposal window follows the notice's dates", () => {
  const clock = new TestClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    await t.app.auction.timers.ready();
  });
  afterAll(() => t.close());

  it("at the end of the proposal period every lot closes for offers, with one event to the room", async () => {
    const watcher = await LiveClient.open(await t.listen());
    await watcher.register(DEMO_IDS.noticeOpen);
    const [notice] = await t.db
      .select()
      .from(auctionNotices)
      .where(eq(auctionNotices.id, DEMO_IDS.noticeOpen));
    const end = notice?.proposalsEndDateTime?.getTime() ?? Number.NaN;
    clock.set(end - 1);
    await t.runDueTimers();
    const still = await t.db
      .select({ phase: auctionBatches.phase })
      .from(auctionBatches)
      .where(eq(auctionBatches.auctionNoticeId, DEMO_IDS.noticeOpen));
    expect(still.map((l) => l.phase)).toEqual(["OPEN_FOR_OFFERS", "OPEN_FOR_OFFERS"]);
    clock.set(end);
    await t.runDueTimers();
    const f = await watcher.next("PHASE_ADVANCED", (d) => d.newPhase === "CLOSED_FOR_OFFERS");
    expect(f.data.batchesIds).toHaveLength(2);
    await watcher.close();
  });
});

describe("'Aplicar ação para os próximos' and the bidding reset", () => {
  const clock = new TestClock();
  let t: TestApp;
  let p: Record<Party, RoomParty>;
  let lots: Record<number, string>;
  let due: number;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    p = await openParties(t, await t.listen(), ["auctioneer", "supplier1", "citizen"]);
    lots = await roomLots(t);
  });
  afterAll(async () => {
    await closeParties(p);
    await t.close();
  });

  it("moves the selected lot and the next ones in the same phase, up to the count", async () => {
    await advance(p.auctioneer.c, [lots[1], lots[2], lots[3]] as string[], "PUBLIC_SESSION");
    const r = await act(p.auctioneer.c, LIVE_EVENTS.goToNextPhase, {
      nextPhase: "BIDDING",
      batchesIds: [lots[2]],
      auctionNoticeId: ROOM,
      amountBatchToGoBiddingPhase: 5,
    });
    expect(r.ok && r.data.batchesIds).toEqual([lots[2], lots[3]]);
    const f = await p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
    expect(f.data.batchesIds).toEqual([lots[2], lots[3]]);
    due = Date.parse(f.data.batches[0].biddingPhaseDueDateTime);
  });

  it("regressing to BIDDING needs the justification and restarts the clock", async () => {
    clock.set(due);
    await t.runDueTimers();
    await p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "NEGOTIATION" && d.batchesIds.includes(lots[2]),
    );
    const without = await act(p.auctioneer.c, LIVE_EVENTS.regressPhase, {
      previousPhase: "BIDDING",
      batchesIds: [lots[2]],
      auctionNoticeId: ROOM,
    });
    expect(without).toEqual({ ok: false, message: expect.stringContaining("justificativa") });
    clock.advance(MINUTE);
    const restarted = clock.now().getTime();
    const r = await act(p.auctioneer.c, LIVE_EVENTS.regressPhase, {
      previousPhase: "BIDDING",
      batchesIds: [lots[2]],
      auctionNoticeId: ROOM,
      biddingPhaseResetJustification: "Falha de conexão generalizada",
    });
    expect(r.ok).toBe(true);
    const f = await p.citizen.c.next("PHASE_REGRESSED", (d) => d.newPhase === "BIDDING");
    expect(Date.parse(f.data.batches[0].biddingPhaseDueDateTime)).toBe(restarted + 10 * MINUTE);
    const message = await p.citizen.c.next("NEW_MESSAGE", (d) => d.text.includes("Justificativa"));
    expect(message.data.text).toContain("Falha de conexão generalizada");
    // The standing bids stay: the supplier must still beat its own.
    expect((await act(p.supplier1.c, LIVE_EVENTS.placeNewBid, { batchId: lots[2], value: 32900 })).ok).toBe(
      true,
    );
  });
});

describe("automatic start of lots in groups", () => {
  const clock = new TestClock();
  let t: TestApp;
  let watcher: LiveClient;
  let lots: Record<number, string>;
  const start = Date.now() + 60 * MINUTE;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    await t.db
      .update(auctionNotices)
      .set({ isBidsAutomaticStart: true, amountBidsAutomaticStart: 2, startDateTime: new Date(start) })
      .where(eq(auctionNotices.id, ROOM));
    await armNoticeClocks(t.db, ROOM);
    lots = await roomLots(t);
    watcher = await LiveClient.open(await t.listen());
    await watcher.register(ROOM);
  });
  afterAll(async () => {
    await watcher.close();
    await t.close();
  });

  it("at the session start the first group enters BIDDING, the next when it closes", async () => {
    clock.set(start - 1);
    await t.runDueTimers();
    clock.set(start);
    await t.runDueTimers();
    const first = await watcher.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
    expect(first.data.batchesIds).toEqual([lots[1], lots[2]]);
    const [third] = await t.db
      .select({ phase: auctionBatches.phase })
      .from(auctionBatches)
      .where(and(eq(auctionBatches.id, lots[3] as string)));
    expect(third?.phase).toBe("CLOSED_FOR_OFFERS");
    // Lot 2 goes to NEGOTIATION; lot 1 to a fictitious tie: the next group waits for it.
    clock.set(start + 10 * MINUTE);
    await t.runDueTimers();
    await watcher.next("PHASE_ADVANCED", (d) => d.newPhase === "TIEBREAKER");
    for (const minutes of [15, 20]) {
      clock.set(start + minutes * MINUTE);
      await t.runDueTimers();
    }
    const next = await watcher.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
    expect(next.data.batchesIds).toEqual([lots[3]]);
  });
});
