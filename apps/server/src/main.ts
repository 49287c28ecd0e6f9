import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { systemClock } from "./clock/clock";
import { loadTestClock } from "./clock/test-clock.service";
import { loadConfig } from "./config";
import { connect, runMigrations } from "./db/client";
import { EMBEDDED_DATABASE_URL_FILE, ensureDatabase, startEmbeddedPostgres } from "./db/embedded";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoData } from "./demo/demo-data";
import { ensureDemoFiles } from "./demo/demo-documents";
import { seedReferenceData } from "./demo/reference-data";
import { FileStorage } from "./files/file-storage";
import { PgLiveBus } from "./room/bus/pg-live-bus";
import { RedisLiveBus } from "./room/bus/redis-live-bus";

const config = loadConfig();
const log = (msg: string) => console.log(`[certame] ${msg}`);

let stopEmbedded: (() => Promise<void>) | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  log(`iniciando PostgreSQL embutido em ${config.dataDir}`);
  const embedded = await startEmbeddedPostgres(config.dataDir);
  stopEmbedded = embedded.stop;
  databaseUrl = await ensureDatabase(embedded.serverUrl, "certame");
  // Where tools beside the server (psql, a script) find the embedded database: its port
  // is chosen at start. The file lives with the database's own files, readable by the same users.
  writeFileSync(path.join(config.dataDir, EMBEDDED_DATABASE_URL_FILE), databaseUrl);
}

// On Ctrl-C the embedded PostgreSQL gets the signal too and drops the idle connections while we
// stop: that is no failure worth a line.
let stopping = false;
const database = connect(databaseUrl, 10, (m) => {
  if (!stopping) console.error(`[certame] ${m}`);
});
// Instances started together on a release with new migrations take turns (drizzle's migrator takes
// no lock of its own): a session lock held on one connection while the pool migrates.
const migrationLock = await database.pool.connect();
try {
  await migrationLock.query("SELECT pg_advisory_lock(hashtext('certame:migrations'))");
  await runMigrations(database.db);
  await seedReferenceData(database.db);
} finally {
  await migrationLock.query("SELECT pg_advisory_unlock(hashtext('certame:migrations'))").catch(() => {});
  migrationLock.release();
}
// TEST_CLOCK: the tests' time, as the last run left it; otherwise the machine's.
const testClock = config.testClock ? await loadTestClock(database.db) : undefined;
if (testClock) log(`relógio de teste (TEST_CLOCK): agora ${testClock.now().toISOString()}`);
if (config.demoData) {
  await loadDemoData(database.db, (testClock?.now ?? systemClock)().getTime(), config.payments);
  await ensureDemoFiles(database.db, new FileStorage(path.join(config.dataDir, "files")));
  log("dados de demonstração carregados");
}

// The live channel's cross-instance bus: Redis pub/sub when REDIS_URL is set, else LISTEN/NOTIFY on
// the same database. buildApp starts it; closing the app (shutdown below) stops it.
const bus = config.redisUrl ? new RedisLiveBus(config.redisUrl) : new PgLiveBus(databaseUrl, database.pool);
log(`canal ao vivo em /api/ws, barramento entre instâncias: ${bus.kind}`);
const app = await buildApp({
  config,
  db: database.db,
  dbMonitor: database.monitor,
  logger: config.appEnv === "production",
  bus,
  testClock,
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: encerrando`);
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  await stopEmbedded?.().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: process.env.HOST ?? "0.0.0.0" });
log(`Certame no ar em http://localhost:${config.port}`);
if (config.demoData) {
  log(`contas de demonstração (senha ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) log(`  ${a.email.padEnd(28)} ${a.description}`);
}
