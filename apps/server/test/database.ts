import pg from "pg";

export interface TemplateDatabase {
  serverUrl: string;
  template: string;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Copies the migrated template; retried because PostgreSQL refuses concurrent copies of one template. */
export async function createFromTemplate(serverUrl: string, template: string, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return databaseUrl(serverUrl, name);
    } catch (error) {
      if (attempt >= 20 || !String(error).includes("being accessed by other users")) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export const dropDatabase = (serverUrl: string, name: string) =>
  adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
