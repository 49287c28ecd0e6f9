import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { DatabaseMonitor } from "./availability";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The database's availability (health, 503 answers, one log line per outage). */
  monitor: DatabaseMonitor;
  close(): Promise<void>;
}

/** How long opening a connection may take before it fails as an outage (an unreachable host). */
export const CONNECTION_TIMEOUT_MS = 3000;

/**
 * A client whose own connect gives up after CONNECTION_TIMEOUT_MS. Given to the pool instead of the
 * pool's `connectionTimeoutMillis`, which would also bound the wait for a free client: under a
 * burst (a thousand rooms registering at once) that wait is load, not an outage, and must not fail.
 */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === "string" ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
  }
}

// bigint columns (counts, scaled money) come back as JS numbers; values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connect(
  url: string,
  max = 10,
  log: (message: string) => void = (m) => console.error(`[certame] ${m}`),
): Database {
  const pool = new pg.Pool({ connectionString: url, max, keepAlive: true, Client: BoundedClient });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  const monitor = new DatabaseMonitor(() => pool.query("SELECT 1"), log);
  const lost = (error: Error) => {
    if (!monitor.report(error)) log(`conexão do PostgreSQL: ${error.message}`);
  };
  // A client dropped by the server (restart, failover) must not end the process: idle ones are
  // the pool's 'error'; a checked-out one (inside a transaction) has no listener of the pool's, and
  // an unhandled 'error' event would exit Node, so each client gets its own when it is created.
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return {
    db,
    pool,
    monitor,
    close: async () => {
      monitor.stop();
      await pool.end();
    },
  };
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
