import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ENV } from "./run";

/**
 * The database of a platform under test, in both modes of support/run.ts: the database created on
 * TEST_DATABASE_URL's server, or the server's embedded PostgreSQL, whose URL the server writes under
 * its DATA_DIR at start (apps/server/src/main.ts, EMBEDDED_DATABASE_URL_FILE).
 */
export function platformDatabaseUrl(dataDir: string, databaseName: string | null): string {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin && databaseName) {
    const url = new URL(admin);
    url.pathname = `/${databaseName}`;
    return url.toString();
  }
  return readFileSync(path.join(dataDir, "embedded-database-url"), "utf8").trim();
}

/** The suite's shared server's database (global-setup.ts). */
export function sharedDatabaseUrl(): string {
  const dataDir = process.env[ENV.dataDir];
  if (!dataDir) throw new Error(`${ENV.dataDir} não definido: o global setup não rodou`);
  return platformDatabaseUrl(dataDir, process.env[ENV.databaseName] ?? null);
}

/** Runs `work` on a connection of its own to `url` (the shared server's database by default). */
export async function withDatabase<T>(
  work: (client: pg.Client) => Promise<T>,
  url: string = sharedDatabaseUrl(),
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
