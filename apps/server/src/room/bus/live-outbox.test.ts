// Issue 22 item 6b (DESIGN §5): the bus only rings a bell. Two instances on one database, clients
// on both; while events are written the bus is cut — the listeners' connections terminated
// (PostgreSQL) or the server killed and restarted (Redis, a server of the test's own) — and every
// client on both instances still receives every event exactly once and in order.

import { randomUUID } from "node:crypto";
import { LIVE_EVENTS } from "@certame/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Frame, LiveClient } from "../../../test/live-client";
import { OwnRedis } from "../../../test/own-services";
import { ROOM, ROOM_ACCOUNTS } from "../../../test/room-session";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { PG_LIVE_CHANNEL } from "./pg-live-bus";

describe.each(["postgres", "redis"] as const)("no live event lost over the %s bus", (bus) => {
  let redis: OwnRedis | undefined;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    if (bus === "redis") redis = await OwnRedis.start();
    a = await createTestApp({ bus, redisUrl: redis?.url });
    b = await createTestApp({ bus, redisUrl: redis?.url, sameDatabaseAs: a });
    urlA = await a.listen();
    urlB = await b.listen();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  async function join(url: string, email?: string, t: TestApp = a) {
    const c = await LiveClient.open(url);
    clients.push(c);
    return { c, state: await c.register(ROOM, email ? await t.login(email) : undefined) };
  }

  it("every client on both instances gets every event once, in order, across the cut", async () => {
    const auctioneer = await join(urlA, ROOM_ACCOUNTS.auctioneer);
    const watchers = [
      await join(urlA),
      await join(urlB, ROOM_ACCOUNTS.supplier2, b),
      await join(urlB),
      await join(urlB, ROOM_ACCOUNTS.supplier3, b),
    ];
    const channel = auctioneer.state.auctionNotice.batches[0].chatChannel.id;
    const tag = randomUUID();
    const texts: string[] = [];
    const say = async (i: number) => {
      const text = `${tag} #${i}`;
      auctioneer.c.send(LIVE_EVENTS.newMessage, { chatChannel: channel, text });
      await auctioneer.c.next("NEW_MESSAGE", (d) => d.text === text);
      texts.push(text);
    };

    for (let i = 0; i < 5; i++) await say(i);
    if (bus === "postgres") {
      const cut = await a.db.execute(sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query = ${`LISTEN ${PG_LIVE_CHANNEL}`}`);
      expect(cut.rows.length).toBe(2);
      for (let i = 5; i < 15; i++) await say(i);
    } else {
      await redis?.kill();
      for (let i = 5; i < 10; i++) await say(i);
      await redis?.restart();
      for (let i = 10; i < 15; i++) await say(i);
    }

    const last = texts.at(-1);
    for (const w of [auctioneer, ...watchers]) {
      if (!w.c.frames.some((f) => f.action === "NEW_MESSAGE" && f.data.text === last))
        await w.c.next("NEW_MESSAGE", (d) => d.text === last, 15_000);
      const mine = w.c.frames.filter(
        (f): f is Frame & { seq: number } =>
          f.action === "NEW_MESSAGE" && String(f.data.text).startsWith(tag),
      );
      expect(mine.map((f) => f.data.text)).toEqual(texts);
      // The sequence of the notice's events: one apart, as nothing else was written meanwhile.
      const seqs = mine.map((f) => f.seq);
      expect(seqs.every((s, i) => i === 0 || s === (seqs[i - 1] as number) + 1)).toBe(true);
    }
  });
});
