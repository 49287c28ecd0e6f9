// DESIGN §5: stateless instances over one database. Clients on two instances see the same bids
// (PostgreSQL LISTEN/NOTIFY bus), and a server stopped mid-bidding loses no bid and no deadline: the
// deadline is a row that whichever instance runs next picks up.
import { LIVE_EVENTS } from "@certame/domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { act, advance, ROOM, ROOM_ACCOUNTS, roomLots } from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { bids, eventLog, lotTimers } from "../../db/schema";

const MINUTE = 60_000;
const clock = new TestClock();
let a: TestApp;
let b: TestApp;
let c: TestApp | undefined;
let lots: Record<number, string>;
let urlA: string;
let urlB: string;
const clients: LiveClient[] = [];

async function join(t: TestApp, url: string, account: keyof typeof ROOM_ACCOUNTS) {
  const client = await LiveClient.open(url);
  clients.push(client);
  const state = await client.register(ROOM, await t.login(ROOM_ACCOUNTS[account]));
  return { client, state };
}

beforeAll(async () => {
  a = await createTestApp({ bus: "postgres", clock: clock.now });
  b = await createTestApp({ bus: "postgres", sameDatabaseAs: a, clock: clock.now });
  lots = await roomLots(a);
  urlA = await a.listen();
  urlB = await b.listen();
});
afterAll(async () => {
  await Promise.all(clients.map((x) => x.close()));
  await c?.close();
  await b.close();
  await a.close();
});

describe("two instances sharing one database", () => {
  let due: number;

  it("a bid placed through one instance reaches the clients of the other", async () => {
    const auctioneer = await join(a, urlA, "auctioneer");
    const s1 = await join(a, urlA, "supplier1");
    const s3 = await join(b, urlB, "supplier3");
    const citizen = await join(b, urlB, "citizen");
    await advance(auctioneer.client, [lots[2] as string], "PUBLIC_SESSION");
    await advance(auctioneer.client, [lots[2] as string], "BIDDING");
    const started = await citizen.client.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
    due = Date.parse(started.data.batches[0].biddingPhaseDueDateTime);

    expect((await act(s3.client, LIVE_EVENTS.placeNewBid, { batchId: lots[2], value: 32400 })).ok).toBe(true);
    const onA = await s1.client.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 32400);
    expect(onA.data.bid.anonymousSupplierIdentificationNumber).toBe(
      s3.state.anonymousSupplierIdentificationNumber,
    );
    expect((await act(s1.client, LIVE_EVENTS.placeNewBid, { batchId: lots[2], value: 32300 })).ok).toBe(true);
    await citizen.client.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 32300);
    await s3.client.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 32300);
  });

  it("both instances racing for the same deadline run it once", async () => {
    // Stop the clock exactly at the end, then let both instances try at the same moment.
    clock.set(due);
    await Promise.all([a.runDueTimers(), b.runDueTimers()]);
    const closes = await a.db
      .select({ n: count() })
      .from(eventLog)
      .where(and(eq(eventLog.auctionNoticeId, ROOM), eq(eventLog.eventType, "BIDDING_CLOSED")));
    expect(closes[0]?.n).toBe(1);
  });
});

describe("a restart mid-bidding", () => {
  let due: number;
  let bidsBefore: number;

  it("stopping every instance keeps the bids and the deadline in the database", async () => {
    const auctioneer = await join(b, urlB, "auctioneer");
    await advance(auctioneer.client, [lots[3] as string], "PUBLIC_SESSION");
    await advance(auctioneer.client, [lots[3] as string], "BIDDING");
    const f = await auctioneer.client.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
    due = Date.parse(f.data.batches[0].biddingPhaseDueDateTime);
    const s1 = await join(b, urlB, "supplier1");
    expect((await act(s1.client, LIVE_EVENTS.placeNewBid, { batchId: lots[3], value: 130 })).ok).toBe(true);
    const [counted] = await b.db
      .select({ n: count() })
      .from(bids)
      .where(eq(bids.batchId, lots[3] as string));
    bidsBefore = counted?.n ?? 0;
    await a.stopInstance();
    await b.stopInstance();
  });

  it("a new instance resumes the room: same bids, same deadline, and it runs the close", async () => {
    c = await createTestApp({ bus: "postgres", sameDatabaseAs: a, clock: clock.now });
    const url = await c.listen();
    const [counted] = await c.db
      .select({ n: count() })
      .from(bids)
      .where(eq(bids.batchId, lots[3] as string));
    expect(counted?.n).toBe(bidsBefore);
    const [timer] = await c.db
      .select()
      .from(lotTimers)
      .where(eq(lotTimers.batchId, lots[3] as string));
    expect(timer?.dueAt.getTime()).toBe(due);
    const citizen = await join(c, url, "citizen");
    const lot = citizen.state.auctionNotice.batches.find((x: { id: string }) => x.id === lots[3]);
    expect(lot.phase).toBe("BIDDING");
    expect(Date.parse(lot.biddingPhaseDueDateTime)).toBe(due);
    expect(lot.batchBestBid.unitPrice).toBe(130);
    clock.set(due + MINUTE);
    await c.runDueTimers();
    const closed = await citizen.client.next("PHASE_ADVANCED", (d) => d.batchesIds.includes(lots[3]));
    expect(closed.data.newPhase).toBe("NEGOTIATION");
  });
});
