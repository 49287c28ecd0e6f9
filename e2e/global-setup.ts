import path from "node:path";
import { startFakeCnpjRegistry } from "./support/fake-cnpj";
import {
  choosePort,
  createDatabase,
  createDataDir,
  ENV,
  logTail,
  startServer,
  stopServer,
  waitForHealth,
} from "./support/run";

/**
 * One fresh platform per run: a new database `certame_e2e_<timestamp>` on TEST_DATABASE_URL's
 * server (or, without it, a temporary DATA_DIR where the server starts its own embedded
 * PostgreSQL), and the server itself with the demo data, on a free port.
 *
 * The server is started here rather than through Playwright's `webServer` option because
 * Playwright starts `webServer` before `globalSetup`, i.e. before the database exists.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The CNPJ lookup goes to a local fake registry, not to the internet.
  const registry = await startFakeCnpjRegistry();
  // The shared server keeps the machine's time: specs that move time start a server of their own
  // with the test clock (support/own-server.ts).
  const serverEnv: Record<string, string> = { CNPJ_BASE_URL: registry.baseUrl };
  if (adminUrl) {
    const database = await createDatabase(adminUrl);
    process.env[ENV.databaseName] = database.name;
    serverEnv.DATABASE_URL = database.url;
  }
  const dataDir = createDataDir();
  process.env[ENV.dataDir] = dataDir;
  if (!adminUrl) serverEnv.DATA_DIR = dataDir;

  const port = await choosePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  process.env[ENV.serverLog] = logFile;
  const server = startServer(port, serverEnv, logFile);
  if (server.pid === undefined) throw new Error("não foi possível iniciar o servidor");
  process.env[ENV.serverPid] = String(server.pid);
  try {
    await waitForHealth(baseUrl, server, adminUrl ? 120_000 : 240_000);
  } catch (error) {
    await stopServer(server.pid);
    registry.server.close();
    throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${logTail(logFile)}`);
  }
  process.env[ENV.baseUrl] = baseUrl;
  // Returned teardown: closes the fake registry (globalTeardown stops the server and the database).
  return () => new Promise<void>((resolve) => registry.server.close(() => resolve()));
}
