// The batched bid path (DESIGN §4 "Bid acceptance", §5, §6; docs/decisions.md "Auction engine on the
// server"): bids sent together by several suppliers are judged in arrival order under the lot's lock,
// each committed before its answer, and the sender's session is checked inside that transaction, so
// a logout (or a deactivated account) ends the right to bid. Real WebSockets and PostgreSQL.
import { LIVE_EVENTS } from "@certame/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import {
  act,
  advance,
  closeParties,
  openParties,
  type Party,
  ROOM,
  ROOM_ACCOUNTS,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { bids, users } from "../../db/schema";
import { listEvents, verifyChain } from "../../events/event-log.repository";

const SESSION_EXPIRED = "Sessão expirada ou inválida. Faça login novamente.";
const clock = new TestClock();
let t: TestApp;
let url: string;
let p: Record<Party, RoomParty>;
let lot: string;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  url = await t.listen();
  p = await openParties(t, url, ["auctioneer", "supplier1", "supplier2", "supplier3"]);
  lot = (await roomLots(t))[2] as string;
  await advance(p.auctioneer.c, [lot], "PUBLIC_SESSION");
  await advance(p.auctioneer.c, [lot], "BIDDING");
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

/** Sends the bids without waiting, then collects each sender's answer. */
async function together(sent: [LiveClient, number][]) {
  for (const [c, value] of sent) c.send(LIVE_EVENTS.placeNewBid, { batchId: lot, value });
  return Promise.all(
    sent.map(async ([c]) => {
      const reply = await c.reply();
      return reply.action === "ERROR"
        ? { ok: false as const, message: reply.data.message as string }
        : { ok: true as const, id: reply.data.id as string };
    }),
  );
}

describe("the bid path", () => {
  it("bids sent together by three suppliers are each committed when answered, logged and sent in one order", async () => {
    // The fan-out writes prebuilt frames straight to the sockets: a real client must get text frames.
    const kinds: boolean[] = [];
    p.auctioneer.c.ws.on("message", (_data, isBinary) => kinds.push(isBinary));
    const answers = await together([
      [p.supplier1.c, 32400],
      [p.supplier2.c, 32300],
      [p.supplier3.c, 32200],
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, true, true]);
    const ids = answers.map((a) => (a.ok ? a.id : ""));
    const rows = await t.db.select().from(bids).where(inArray(bids.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)?.unitPrice)).toEqual([32400, 32300, 32200]);
    // The order the lot judged them in (the sockets' arrival order): the event log's, one entry per
    // bid, with registration times that never go back.
    const placed = (await listEvents(t.db, ROOM)).filter((e) => e.eventType === "BID_PLACED").slice(-3);
    const order = placed.map((e) => (e.payload as { bidId: string }).bidId);
    expect([...order].sort()).toEqual([...ids].sort());
    const times = order.map((id) => byId.get(id)?.createdDate.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await verifyChain(t.db, ROOM)).toBeNull();
    // Every party got the three bids in that same order.
    for (const who of ["auctioneer", "supplier1", "supplier2", "supplier3"] as Party[]) {
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) seen.push((await p[who].c.next("NEW_BID_PLACED")).data.bid.id);
      expect(seen).toEqual(order);
    }
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    expect(kinds.every((binary) => !binary)).toBe(true);
  });

  it("a bid after its sender's logout is refused; the bid sent with it is accepted", async () => {
    const token = await t.login(ROOM_ACCOUNTS.supplier2);
    const c = await LiveClient.open(url);
    await c.register(ROOM, token);
    const logout = await t.post("/api/app/auth/logout", {}, token);
    expect(logout.statusCode).toBeLessThan(300);
    const [late, other] = await together([
      [c, 32100],
      [p.supplier1.c, 32000],
    ]);
    expect(late).toEqual({ ok: false, message: SESSION_EXPIRED });
    expect(other?.ok).toBe(true);
    const rows = await t.db
      .select()
      .from(bids)
      .where(and(eq(bids.batchId, lot), eq(bids.unitPrice, 32100)));
    expect(rows).toEqual([]);
    await c.close();
  });

  it("a deactivated account's bid is refused although its socket is still registered", async () => {
    const [supplier3] = await t.db.select().from(users).where(eq(users.email, ROOM_ACCOUNTS.supplier3));
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, supplier3?.id as string));
    expect(await act(p.supplier3.c, LIVE_EVENTS.placeNewBid, { batchId: lot, value: 31900 })).toEqual({
      ok: false,
      message: SESSION_EXPIRED,
    });
    await t.db
      .update(users)
      .set({ isActive: true })
      .where(eq(users.id, supplier3?.id as string));
    expect((await act(p.supplier3.c, LIVE_EVENTS.placeNewBid, { batchId: lot, value: 31900 })).ok).toBe(true);
  });
});
