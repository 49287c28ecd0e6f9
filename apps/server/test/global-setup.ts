import type { TestProject } from "vitest/node";
import { dropDatabase, type TemplateDatabase } from "./database";
import { startTestPostgres } from "./test-postgres";
import { createTemplateDatabase } from "./test-template";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

/**
 * Uses TEST_DATABASE_URL when set (CI's local PostgreSQL, or the one `npm test` started), otherwise starts
 * the suite's tuned embedded one (test-postgres.ts).
 * Builds one template database with the migrations, reference data and demo data.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const embedded = await startTestPostgres();
    serverUrl = embedded.serverUrl;
    stopEmbedded = embedded.stop;
  }
  const template = await createTemplateDatabase(serverUrl, "certame_tpl");
  project.provide("templateDatabase", { serverUrl, template });

  return async () => {
    await dropDatabase(serverUrl, template);
    await stopEmbedded?.();
  };
}
