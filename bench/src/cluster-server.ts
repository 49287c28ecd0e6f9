// One Certame instance of the cluster bench, in a process of its own (forked by cluster.bench.ts)
// as in production: its own event loop, pool and bus connection. It tells its port over IPC and
// stops on "stop" (or when the bench goes away).
import type { AddressInfo } from "node:net";
import { buildApp } from "@certame/server/src/app";
import { loadConfig } from "@certame/server/src/config";
import { connect } from "@certame/server/src/db/client";
import type { LiveBus } from "@certame/server/src/room/bus/live-bus";
import { PgLiveBus } from "@certame/server/src/room/bus/pg-live-bus";
import { RedisLiveBus } from "@certame/server/src/room/bus/redis-live-bus";

/** The pool of each instance (main.ts's size). */
const POOL = 10;

const databaseUrl = process.env.DATABASE_URL as string;
const busKind = process.env.BENCH_BUS as "local" | "postgres" | "redis";
const redisUrl = process.env.REDIS_URL || undefined;

const config = loadConfig({
  DATABASE_URL: databaseUrl,
  DATA_DIR: "/tmp/certame-bench-data",
  APP_ENV: "test",
});
const database = connect(databaseUrl, POOL);
// As main.ts chooses: Redis pub/sub with REDIS_URL, else LISTEN/NOTIFY; one instance needs no bus.
const bus: LiveBus | undefined =
  busKind === "redis"
    ? new RedisLiveBus(redisUrl as string)
    : busKind === "postgres"
      ? new PgLiveBus(databaseUrl, database.pool)
      : undefined;
const app = await buildApp({ config, db: database.db, dbMonitor: database.monitor, bus });
await app.listen({ port: 0, host: "127.0.0.1" });

async function stop() {
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(0);
}
process.on("message", (message) => {
  if (message === "stop") void stop();
});
process.on("disconnect", () => void stop());
process.send?.({ port: (app.server.address() as AddressInfo).port });
