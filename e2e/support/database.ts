import pg from "pg";
import { ENV } from "./run";

/** The database of a platform under test: its copy on TEST_DATABASE_URL's server (support/run.ts). */
export function platformDatabaseUrl(databaseName: string): string {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL não definido: o global setup não rodou");
  const url = new URL(admin);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** The suite's shared server's database (global-setup.ts). */
export function sharedDatabaseUrl(): string {
  const name = process.env[ENV.databaseName];
  if (!name) throw new Error(`${ENV.databaseName} não definido: o global setup não rodou`);
  return platformDatabaseUrl(name);
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
