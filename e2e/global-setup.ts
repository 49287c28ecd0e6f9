import { choosePort, ENV, startPlatform } from "./support/run";

/**
 * One fresh platform per run (support/run.ts startPlatform): a new database on TEST_DATABASE_URL's
 * server (or an embedded PostgreSQL), the local fakes (CNPJ, CEP, SMTP) and the server with the demo data, on a
 * free port. It keeps the machine's time: specs that move time start a server of their own with the
 * test clock (support/own-server.ts).
 *
 * The server is started here rather than through Playwright's `webServer` option because
 * Playwright starts `webServer` before `globalSetup`, i.e. before the database exists.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const platform = await startPlatform(await choosePort());
  // What global teardown reads (it runs in another process) to stop the server and drop the database.
  process.env[ENV.baseUrl] = platform.baseUrl;
  process.env[ENV.serverPid] = String(platform.pid);
  process.env[ENV.dataDir] = platform.dataDir;
  process.env[ENV.serverLog] = platform.logFile;
  if (platform.databaseName) process.env[ENV.databaseName] = platform.databaseName;
  // Returned teardown: closes the local fakes (globalTeardown stops the server and the database).
  return () => platform.fakes.close();
}
