// Issue 22 item 4 (DESIGN §5): frames carry the notice's sequence; a client that reconnects with
// its last one is sent what it missed (RESUMED, then those events rendered for it), or the room's
// state again when the outbox no longer holds them; old events are pruned after the retention.

import { randomUUID } from "node:crypto";
import { LIVE_EVENTS } from "@certame/domain";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { ROOM, ROOM_ACCOUNTS } from "../../../test/room-session";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { liveEvents } from "../../db/schema";

let t: TestApp;
let url: string;
let auctioneer: LiveClient;
let channel: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
  auctioneer = await open();
  const state = await auctioneer.register(ROOM, await t.login(ROOM_ACCOUNTS.auctioneer));
  channel = state.auctionNotice.batches[0].chatChannel.id;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t.close();
});

async function open() {
  const c = await LiveClient.open(url);
  clients.push(c);
  return c;
}

async function say(text: string) {
  auctioneer.send(LIVE_EVENTS.newMessage, { chatChannel: channel, text });
  return (await auctioneer.next("NEW_MESSAGE", (d) => d.text === text)).seq as number;
}

it("REGISTERED tells the sequence its state holds, and each event's frame carries the next one", async () => {
  const citizen = await open();
  const state = await citizen.register(ROOM);
  const seq = await say(`um ${randomUUID()}`);
  expect(seq).toBe(state.seq + 1);
  const frame = await citizen.next("NEW_MESSAGE");
  expect(frame.seq).toBe(seq);
});

it("a reconnection with its last sequence gets RESUMED and only what it missed, in order", async () => {
  const first = await open();
  await first.register(ROOM);
  const texts = [`a ${randomUUID()}`, `b ${randomUUID()}`];
  let last = 0;
  for (const text of texts) last = await say(text);
  await first.next("NEW_MESSAGE", (d) => d.text === texts[1]);
  await first.close();

  const missed = [`c ${randomUUID()}`, `d ${randomUUID()}`, `e ${randomUUID()}`];
  let now = 0;
  for (const text of missed) now = await say(text);
  const again = await open();
  again.send(LIVE_EVENTS.register, { auctionNoticeId: ROOM, lastSeq: last });
  const resumed = await again.next(["RESUMED", "REGISTERED", "ERROR"]);
  expect(resumed.action).toBe("RESUMED");
  expect(resumed.data).toMatchObject({ auctionNoticeId: ROOM, from: last, seq: now });
  expect(resumed.data.channelStatistics.auctionNoticeId).toBe(ROOM);
  for (const [i, text] of missed.entries()) {
    const frame = await again.next("NEW_MESSAGE");
    expect(frame.data.text).toBe(text);
    expect(frame.seq).toBe(last + 1 + i);
  }
  expect(again.frames.filter((f) => f.action === "NEW_MESSAGE")).toHaveLength(3);
  // And it goes on live.
  const next = `f ${randomUUID()}`;
  await say(next);
  expect((await again.next("NEW_MESSAGE")).data.text).toBe(next);
});

it("a sequence the outbox no longer holds, or one from the future, gets the state again", async () => {
  const seq = await say(`g ${randomUUID()}`);
  const future = await open();
  future.send(LIVE_EVENTS.register, { auctionNoticeId: ROOM, lastSeq: seq + 50 });
  expect((await future.next(["RESUMED", "REGISTERED"])).action).toBe("REGISTERED");

  // Everything older than the retention is deleted (here all of it: the clock is moved 25 hours on).
  const deleted = await t.app.live.prune(new Date(Date.now() + 25 * 3_600_000));
  expect(deleted).toBeGreaterThan(0);
  const [left] = await t.db
    .select({ n: count() })
    .from(liveEvents)
    .where(eq(liveEvents.auctionNoticeId, ROOM));
  expect(left?.n).toBe(0);
  await say(`h ${randomUUID()}`);
  const old = await open();
  old.send(LIVE_EVENTS.register, { auctionNoticeId: ROOM, lastSeq: seq - 1 });
  const answer = await old.next(["RESUMED", "REGISTERED"]);
  expect(answer.action).toBe("REGISTERED");
  expect(answer.data.seq).toBe(seq + 1);
});

it("refuses a malformed last sequence, naming the event", async () => {
  const c = await open();
  for (const lastSeq of [-1, 1.5, "7"]) {
    c.send(LIVE_EVENTS.register, { auctionNoticeId: ROOM, lastSeq });
    const error = await c.next("ERROR");
    expect(error.data).toEqual({
      message: "Dados inválidos no evento register.",
      event: LIVE_EVENTS.register,
    });
  }
});

it("a register that fails leaves the socket out of the room: no event reaches it before its state", async () => {
  // The room state fails once as with the database away (issue 22 review, finding 1).
  const room = (
    t.app.live as unknown as { options: { room: { state: (...a: unknown[]) => Promise<unknown> } } }
  ).options.room;
  const realState = room.state.bind(room);
  room.state = async () => {
    room.state = realState;
    throw new Error("Connection terminated unexpectedly");
  };
  const fresh = await open();
  fresh.send(LIVE_EVENTS.register, { auctionNoticeId: ROOM });
  expect((await fresh.next(["ERROR", "REGISTERED"])).data).toMatchObject({ event: LIVE_EVENTS.register });
  const text = `depois da falha ${randomUUID()}`;
  await say(text);
  // Its retry gets the whole state, and only then what follows.
  fresh.send(LIVE_EVENTS.register, { auctionNoticeId: ROOM });
  const again = await fresh.next(["RESUMED", "REGISTERED", "ERROR"]);
  expect(again.action).toBe("REGISTERED");
  expect(fresh.frames.filter((f) => f.action === "NEW_MESSAGE" && f.data.text === text)).toEqual([]);
});

it("a live event during RESUMED's replay follows the replay, in order, once", async () => {
  const first = await open();
  await first.register(ROOM);
  const last = await say(`r0 ${randomUUID()}`);
  await first.close();
  const missed = [`r1 ${randomUUID()}`, `r2 ${randomUUID()}`];
  for (const text of missed) await say(text);
  // The replay's renders are slow; a message is written while they run.
  const live = t.app.live as unknown as {
    renderers: Map<string, (n: unknown, h: unknown) => Promise<unknown>>;
  };
  const render = live.renderers.get("chat") as (n: unknown, h: unknown) => Promise<unknown>;
  let slow = true;
  live.renderers.set("chat", async (n, h) => {
    if (slow) await new Promise((r) => setTimeout(r, 300));
    return render(n, h);
  });
  try {
    const again = await open();
    again.send(LIVE_EVENTS.register, { auctionNoticeId: ROOM, lastSeq: last });
    await new Promise((r) => setTimeout(r, 100));
    slow = false;
    const during = `r3 ${randomUUID()}`;
    await say(during);
    await again.next("NEW_MESSAGE", (d) => d.text === during);
    const order = again.frames.filter((f) => f.action === "RESUMED" || f.action === "NEW_MESSAGE");
    expect(order.map((f) => (f.action === "RESUMED" ? "RESUMED" : f.data.text))).toEqual([
      "RESUMED",
      ...missed,
      during,
    ]);
  } finally {
    live.renderers.set("chat", render);
  }
});
