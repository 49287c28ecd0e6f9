import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { DEMO_IDS } from "../demo/demo-data";
import { appendEvent, GENESIS_HASH, listEvents, verifyChain } from "./event-log.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("event_log (DESIGN §3)", () => {
  it("chains each entry to the previous one of the same notice", async () => {
    const noticeId = DEMO_IDS.noticeOpen;
    const before = await listEvents(t.db, noticeId);
    await t.db.transaction((tx) =>
      appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "TEST_A",
        actorUserId: null,
        payload: { b: 1, a: 2 },
      }),
    );
    await t.db.transaction((tx) =>
      appendEvent(tx, { auctionNoticeId: noticeId, eventType: "TEST_B", actorUserId: null, payload: {} }),
    );
    const events = await listEvents(t.db, noticeId);
    expect(events).toHaveLength(before.length + 2);
    expect(events[0]?.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < events.length; i++) expect(events[i]?.prevHash).toBe(events[i - 1]?.hash);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(await verifyChain(t.db, noticeId)).toBeNull();
  });

  it("keeps one chain under concurrent writers", async () => {
    const noticeId = DEMO_IDS.noticeAuction;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.db.transaction((tx) =>
          appendEvent(tx, {
            auctionNoticeId: noticeId,
            eventType: "TEST_C",
            actorUserId: null,
            payload: { i },
          }),
        ),
      ),
    );
    expect(await verifyChain(t.db, noticeId)).toBeNull();
  });

  it("is append-only in the database itself", async () => {
    const refused = { cause: { message: "event_log is append-only" } };
    await expect(t.db.execute(sql`UPDATE event_log SET event_type = 'X'`)).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`DELETE FROM event_log`)).rejects.toMatchObject(refused);
  });

  it("detects a tampered entry", async () => {
    const noticeId = DEMO_IDS.noticeDispenser;
    await t.db.transaction((tx) =>
      appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "TEST_D",
        actorUserId: null,
        payload: { v: 1 },
      }),
    );
    // Bypass the trigger as a superuser would, to prove the hash catches it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE event_log DISABLE TRIGGER event_log_append_only`);
      await tx.execute(
        sql`UPDATE event_log SET payload = '{"v":2}' WHERE auction_notice_id = ${noticeId} AND event_type = 'TEST_D'`,
      );
      await tx.execute(sql`ALTER TABLE event_log ENABLE TRIGGER event_log_append_only`);
    });
    expect(await verifyChain(t.db, noticeId)).toBe(2);
  });
});
