// Issue 17 item 6 (docs/live-room.md "Contract version 2"): a bid frame carries the new bid once,
// the lot's best by reference when it is that bid, only what a bid changes, and identities only
// where the audience may see them; a supplier in BIDDING gets at most 400 bytes.
import { LIVE_EVENTS } from "@certame/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  act,
  advance,
  closeParties,
  openParties,
  type Party,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";

const clock = new TestClock();
let t: TestApp;
let p: Record<Party, RoomParty>;
let lot: string;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  const url = await t.listen();
  p = await openParties(t, url, ["auctioneer", "supplier1", "supplier2", "citizen"]);
  lot = (await roomLots(t))[2] as string;
  await advance(p.auctioneer.c, [lot], "PUBLIC_SESSION");
  await advance(p.auctioneer.c, [lot], "BIDDING");
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

const rawBidFrame = async (party: RoomParty, value: number) => {
  await party.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === value);
  const raw = party.c.raw.find((r) => r.includes('"NEW_BID_PLACED"') && r.includes(`"unitPrice":${value},`));
  return raw as string;
};

it("a NEW_BID_PLACED frame to a supplier in BIDDING is at most 400 bytes", async () => {
  expect(await act(p.supplier1.c, LIVE_EVENTS.placeNewBid, { batchId: lot, value: 32400 })).toMatchObject({
    ok: true,
  });
  const other = await rawBidFrame(p.supplier2, 32400);
  expect(Buffer.byteLength(other)).toBeLessThanOrEqual(400);
  expect(Buffer.byteLength(await rawBidFrame(p.citizen, 32400))).toBeLessThanOrEqual(400);
  // The bid once; the lot's best by reference, as it is this bid; nothing of the lot it left alone.
  const wire = JSON.parse(other).data;
  expect(wire.batch).toEqual({ batchBestBid: "bid", isInfeasible: false });
  expect(wire.bid).toEqual({
    id: expect.any(String),
    unitPrice: 32400,
    totalPrice: expect.any(Number),
    quantity: expect.any(Number),
    anonymousSupplierIdentificationNumber: p.supplier1.state.anonymousSupplierIdentificationNumber,
    createdDate: expect.any(String),
  });
  // The author's frame adds its own best, by reference too.
  const own = JSON.parse(await rawBidFrame(p.supplier1, 32400)).data;
  expect(own.batch.supplierBestBid).toBe("bid");
  expect(own.bid.isOwn).toBe(true);
});

it("read by the clients' expansion, the frame is version 1's: full bid, best and lot id", async () => {
  const frame = p.supplier2.c.frames.find(
    (f) => f.action === "NEW_BID_PLACED" && f.data.bid.unitPrice === 32400,
  );
  if (!frame) throw new Error("sem o lance de 32400");
  expect(frame.data.auctionNoticeId).toBe(p.supplier2.state.auctionNotice.id);
  expect(frame.data.bid).toMatchObject({
    batchId: lot,
    batch: { id: lot },
    kind: "LIVE",
    isOwn: false,
    supplier: null,
    nameToScreen: `Licitante ${p.supplier1.state.anonymousSupplierIdentificationNumber}`,
    isQualifiedAndEnabled: true,
  });
  expect(frame.data.batch.batchBestBid).toEqual(frame.data.bid);
});

it("a bid that does not beat the best leaves the best out; a moved deadline comes in", async () => {
  expect(await act(p.supplier2.c, LIVE_EVENTS.placeNewBid, { batchId: lot, value: 32000 })).toMatchObject({
    ok: true,
  });
  const best = JSON.parse(await rawBidFrame(p.citizen, 32000)).data;
  expect(best.batch.batchBestBid).toBe("bid");
  // supplier1 improves its own bid without beating supplier2's: the lot's best stays as it was.
  expect(await act(p.supplier1.c, LIVE_EVENTS.placeNewBid, { batchId: lot, value: 32300 })).toMatchObject({
    ok: true,
  });
  const behind = JSON.parse(await rawBidFrame(p.citizen, 32300)).data;
  expect(behind.batch).toEqual({});
  // In the last two minutes a bid moves the deadline (OPEN mode): the frame says where to.
  const started = p.citizen.c.frames.find(
    (f) => f.action === "PHASE_ADVANCED" && f.data.newPhase === "BIDDING",
  );
  const due = Date.parse(started?.data.batches[0].biddingPhaseDueDateTime);
  clock.set(due - 60_000);
  expect(await act(p.supplier2.c, LIVE_EVENTS.placeNewBid, { batchId: lot, value: 31900 })).toMatchObject({
    ok: true,
  });
  const late = JSON.parse(await rawBidFrame(p.citizen, 31900)).data;
  expect(Date.parse(late.batch.biddingPhaseDueDateTime)).toBeGreaterThan(due);
  expect(late.batch.batchBestBid).toBe("bid");
});
