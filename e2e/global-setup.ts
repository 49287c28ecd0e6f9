import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { dropDatabase } from "../apps/server/test/database";
import { startTestPostgres } from "../apps/server/test/test-postgres";
import { choosePort, ENV, REPO_ROOT, startPlatform, stopPlatform } from "./support/run";

/** The server's code runs under tsx, beside the runner: test-template.ts migrates and loads the demo data. */
async function createTemplateDatabase(serverUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "npx",
    ["tsx", "apps/server/test/test-template.ts", "certame_e2e_tpl"],
    { cwd: REPO_ROOT, env: { ...process.env, TEST_DATABASE_URL: serverUrl } },
  );
  return stdout.trim().split("\n").at(-1) ?? "";
}

/**
 * One fresh platform per run (support/run.ts startPlatform): a database on TEST_DATABASE_URL's server,
 * the local fakes (CNPJ, CEP, SMTP, PNCP) and the server with the demo data, on a free port. It keeps
 * the machine's time: specs that move time start a server of their own with the test clock
 * (support/own-server.ts), with a database of their own on the same PostgreSQL.
 *
 * Without TEST_DATABASE_URL (`npm run test:e2e` alone; `npm test` starts one and passes it on) it
 * starts the suite's tuned embedded PostgreSQL (apps/server/test/test-postgres.ts). Every platform's
 * database is a copy of one template migrated here with the demo data (ENV.template), not migrated
 * again. Workers start after this and inherit the environment it sets.
 *
 * The server is started here rather than through Playwright's `webServer` option because
 * Playwright starts `webServer` before `globalSetup`, i.e. before the database exists.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  let stopDatabase: (() => Promise<void>) | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    const database = await startTestPostgres();
    process.env.TEST_DATABASE_URL = database.serverUrl;
    stopDatabase = database.stop;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = await createTemplateDatabase(serverUrl);
  process.env[ENV.template] = template;
  const platform = await startPlatform(await choosePort());
  // What the tests read: the server's address, its data folder (e-mails) and its database.
  process.env[ENV.baseUrl] = platform.baseUrl;
  process.env[ENV.dataDir] = platform.dataDir;
  process.env[ENV.databaseName] = platform.databaseName;
  return async () => {
    await stopPlatform(platform);
    await dropDatabase(serverUrl, template);
    await stopDatabase?.();
  };
}
