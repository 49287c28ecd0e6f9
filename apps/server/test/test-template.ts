import { pathToFileURL } from "node:url";
import { connect, runMigrations } from "../src/db/client";
import { loadDemoData } from "../src/demo/demo-data";
import { seedReferenceData } from "../src/demo/reference-data";
import { adminQuery, databaseUrl } from "./database";

/**
 * A database migrated once, with the reference and demo data, for the tests' databases to copy
 * (test/database.ts createFromTemplate): a copy takes a fraction of the migrations' time. The demo data's
 * dates are relative to `now`, the moment the tier starts. Returns the template's name.
 */
export async function createTemplateDatabase(
  serverUrl: string,
  prefix: string,
  now = Date.now(),
): Promise<string> {
  const template = `${prefix}_${process.pid}_${now.toString(36)}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
  const database = connect(databaseUrl(serverUrl, template), 2);
  try {
    await runMigrations(database.db);
    await seedReferenceData(database.db);
    await loadDemoData(database.db, now);
  } finally {
    await database.close();
  }
  return template;
}

/**
 * Run as a program (`tsx apps/server/test/test-template.ts <prefix>`, by the browser tests' global setup,
 * which does not load the server's code): creates the template on TEST_DATABASE_URL's server and prints
 * its name.
 */
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const prefix = process.argv[2];
  if (!serverUrl || !prefix) throw new Error("uso: TEST_DATABASE_URL=… tsx test-template.ts <prefixo>");
  process.stdout.write(`${await createTemplateDatabase(serverUrl, prefix)}\n`);
  process.exit(0);
}
