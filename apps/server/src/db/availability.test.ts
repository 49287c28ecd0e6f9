import net from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DatabaseMonitor, isDatabaseUnavailable } from "./availability";
import { connect } from "./client";

// Issue 22 item 1: a database outage is told once when it starts and once when it ends.

describe("isDatabaseUnavailable", () => {
  it("knows the socket errors, PostgreSQL's connection and shutdown codes and pg's own texts", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006"])
      expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout expired"))).toBe(true);
  });

  it("looks inside drizzle's wrapper (the driver's error is its cause)", () => {
    const driver = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    expect(isDatabaseUnavailable(new Error("Failed query: rollback", { cause: driver }))).toBe(true);
  });

  it("is false for the query's own faults: a unique violation, a syntax error, anything else", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    // Waiting for a free pooled client is load, not an outage.
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe("DatabaseMonitor", () => {
  const refused = () =>
    Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

  it("logs an outage once however many report it, and its end once with the duration", async () => {
    const lines: string[] = [];
    let up = false;
    const monitor = new DatabaseMonitor(
      async () => {
        if (!up) throw refused();
      },
      (m) => lines.push(m),
      60_000,
    );
    let recovered = 0;
    monitor.onRecovered(() => recovered++);
    for (let i = 0; i < 20; i++) expect(monitor.report(refused())).toBe(true);
    expect(await monitor.ping()).toBe(false);
    expect(monitor.available).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^PostgreSQL indisponível \(connect ECONNREFUSED/);
    up = true;
    expect(await monitor.ping()).toBe(true);
    expect(await monitor.ping()).toBe(true);
    expect(monitor.available).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^PostgreSQL de volta após \d+,\d s$/);
    expect(recovered).toBe(1);
    monitor.stop();
  });

  it("does not take another error for an outage", () => {
    const lines: string[] = [];
    const monitor = new DatabaseMonitor(
      async () => {},
      (m) => lines.push(m),
    );
    expect(monitor.report(new Error("violates check constraint"))).toBe(false);
    expect(monitor.available).toBe(true);
    expect(lines).toEqual([]);
  });
});

describe("a database host that accepts connections and never answers", () => {
  it("fails the query as an outage (the connection's own timeout) instead of hanging", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const lines: string[] = [];
    const database = connect(`postgres://x:y@127.0.0.1:${port}/certame`, 2, (m) => lines.push(m));
    try {
      const failure = await database.db.execute(sql`SELECT 1`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await database.close();
      silent.close();
    }
  });
});
