// The LISTEN/NOTIFY bus (DESIGN §5) keeps listening when PostgreSQL drops its connection, and says
// so once; a connection dropped while the bus is being stopped (Ctrl-C with the embedded server) is
// not reported.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import type { BusMessage } from "./live-notice";
import { PgLiveBus } from "./pg-live-bus";

let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

/** Terminates the bus's LISTEN connection, as a server restart or shutdown would. */
async function dropListener() {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
  );
  return rows[0]?.n ?? 0;
}

const until = async (check: () => boolean, ms = 5000) => {
  for (let i = 0; i < ms / 50 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe("PgLiveBus", () => {
  it("listens again after PostgreSQL dropped its connection, telling it once", async () => {
    const logs: string[] = [];
    const got: BusMessage[] = [];
    const bus = new PgLiveBus(t.databaseUrl, pool, (m) => logs.push(m));
    await bus.start((m) => got.push(m));
    try {
      expect(await dropListener()).toBe(1);
      expect(await until(() => logs.length > 0)).toBe(true);
      expect(logs[0]).toMatch(/^barramento PostgreSQL: .*; reconectando$/);
      // Listening again: a published message arrives.
      const message: BusMessage = { t: "presenceQuery", n: "notice-after-reconnect", o: "test" };
      let delivered = false;
      for (let i = 0; i < 40 && !delivered; i++) {
        await bus.publish(message);
        delivered = await until(() => got.length > 0, 250);
      }
      expect(delivered).toBe(true);
      expect(logs).toHaveLength(1);
    } finally {
      await bus.stop();
    }
  });

  it("a connection dropped while the bus stops is not reported", async () => {
    const logs: string[] = [];
    const bus = new PgLiveBus(t.databaseUrl, pool, (m) => logs.push(m));
    await bus.start(() => {});
    expect(await dropListener()).toBe(1);
    await bus.stop();
    await new Promise((r) => setTimeout(r, 500));
    expect(logs).toEqual([]);
  });
});
