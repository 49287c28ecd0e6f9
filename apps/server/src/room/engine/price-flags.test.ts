// The lot flags of the live views (trading-room §2.2 row alerts, §3 "Lot flags"; domain
// price-flags.ts) over real WebSockets and PostgreSQL: isInfeasible follows the best bid against
// the reference price (IN 73/2022 art. 34: under 50 % for goods) and reaches only who may see that
// price (a secret one: the notice's body alone — Lei 14.133 art. 24); the divergent-bid flag of a
// reserved quota whose winner also won its broad lot with another value (Decreto 8.538/2015 art. 8 §3).
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
import { auctionBatches, auctionNotices, bids } from "../../db/schema";

const clock = new TestClock();
let t: TestApp;
let url: string;
let p: Record<Party, RoomParty>;
let lots: Record<number, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  url = await t.listen();
  // The demo room's reference prices are secret for this test.
  await t.db
    .update(auctionNotices)
    .set({ shouldDiscloseReferencePrice: false })
    .where(eq(auctionNotices.id, ROOM));
  p = await openParties(t, url);
  lots = await roomLots(t);
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

const bid = (who: Party, value: number, batchId: string) =>
  act(p[who].c, LIVE_EVENTS.placeNewBid, { batchId, value });

/** The flags each party's copy of a NEW_BID_PLACED of `value` carries. */
async function infeasibleSeenBy(value: number, who: readonly Party[]) {
  const out: Partial<Record<Party, unknown>> = {};
  for (const party of who) {
    const f = await p[party].c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === value);
    out[party] = f.data.batch.isInfeasible;
  }
  return out;
}

describe("isInfeasible (lot 1: goods, reference R$ 28,90, threshold R$ 14,45)", () => {
  it("a bid at or above half the reference price is not flagged", async () => {
    await advance(p.auctioneer.c, [lots[1] as string], "PUBLIC_SESSION");
    await advance(p.auctioneer.c, [lots[1] as string], "BIDDING");
    expect((await bid("supplier1", 1445, lots[1] as string)).ok).toBe(true);
    expect(await infeasibleSeenBy(1445, ["auctioneer", "supplier3", "citizen"])).toEqual({
      auctioneer: false,
      supplier3: false,
      citizen: false,
    });
  });

  it("below it the body is warned, while the secret price keeps it from suppliers and citizens", async () => {
    expect((await bid("supplier3", 1400, lots[1] as string)).ok).toBe(true);
    expect(await infeasibleSeenBy(1400, ["auctioneer", "supplier1", "supplier3", "citizen"])).toEqual({
      auctioneer: true,
      supplier1: false,
      supplier3: false,
      citizen: false,
    });
  });

  it("with the reference price public everyone sees the flag, on joining too", async () => {
    await t.db
      .update(auctionNotices)
      .set({ shouldDiscloseReferencePrice: true })
      .where(eq(auctionNotices.id, ROOM));
    expect((await bid("supplier1", 1390, lots[1] as string)).ok).toBe(true);
    expect(await infeasibleSeenBy(1390, ["supplier3", "citizen"])).toEqual({
      supplier3: true,
      citizen: true,
    });
    const c = await LiveClient.open(url);
    const state = await c.register(ROOM);
    const lot = state.auctionNotice.batches.find((b: { id: string }) => b.id === lots[1]);
    expect(lot.isInfeasible).toBe(true);
    await c.close();
  });
});

describe("isWinnerInBoarBatchWithDivergentBid (lot 3 made the reserved quota of lot 1)", () => {
  /** The lots' flags in a fresh REGISTERED of an anonymous visitor. */
  async function divergence() {
    const c = await LiveClient.open(url);
    const state = await c.register(ROOM);
    await c.close();
    const flag = (n: number) =>
      state.auctionNotice.batches.find((b: { id: string }) => b.id === lots[n])
        .isWinnerInBoarBatchWithDivergentBid;
    return { lot1: flag(1), lot3: flag(3) };
  }
  const setLot = (n: number, values: Partial<typeof auctionBatches.$inferInsert>) =>
    t.db
      .update(auctionBatches)
      .set(values)
      .where(and(eq(auctionBatches.auctionNoticeId, ROOM), eq(auctionBatches.number, n)));

  it("is not computed while either lot is still bidding", async () => {
    await setLot(3, { batchItemParticipation: "DIFFERENTIATED", wideParticipationBatch: 1 });
    await setLot(3, { phase: "NEGOTIATION" });
    // Lot 1 is in BIDDING (above): its winner is not settled.
    expect(await divergence()).toEqual({ lot1: false, lot3: false });
  });

  it("flags the quota when one company leads both with different values", async () => {
    // Lot 1's best is fornecedor1's R$ 13,90; lot 3's is fornecedor1's initial R$ 1,40.
    await setLot(1, { phase: "NEGOTIATION" });
    expect(await divergence()).toEqual({ lot1: false, lot3: true });
  });

  it("not when another company leads the quota", async () => {
    await t.db
      .update(bids)
      .set({ isCancelled: true })
      .where(and(eq(bids.batchId, lots[3] as string), eq(bids.unitPrice, 140)));
    expect(await divergence()).toEqual({ lot1: false, lot3: false });
  });
});
