import path from "node:path";
import { type APIRequestContext, request as playwrightRequest, test } from "@playwright/test";
import { startFakeCnpjRegistry } from "./fake-cnpj";
import {
  anyFreePort,
  createDatabase,
  createDataDir,
  dropDatabase,
  logTail,
  removeDir,
  startServer,
  stopServer,
  waitForHealth,
} from "./run";

/**
 * The server's test clock (DESIGN §5a, TEST_CLOCK=1): a test jumps over a term instead of waiting
 * for it. Each jump returns once the deadlines within it ran, in order, and the rooms got the new
 * serverTime.
 */
export class ServerClock {
  constructor(private readonly api: APIRequestContext) {}

  async now(): Promise<Date> {
    const response = await this.api.get("/api/test/clock");
    if (!response.ok()) throw new Error(`GET /api/test/clock: ${response.status()} ${await response.text()}`);
    return new Date(((await response.json()) as { serverTime: string }).serverTime);
  }

  advance(ms: number): Promise<Date> {
    return this.move({ advanceMs: ms });
  }

  /** Jumps to `at` (nothing happens when the server is already past it). */
  async to(at: Date): Promise<Date> {
    const now = await this.now();
    return now.getTime() >= at.getTime() ? now : this.move({ at: at.toISOString() });
  }

  private async move(body: { at?: string; advanceMs?: number }): Promise<Date> {
    const response = await this.api.post("/api/test/clock", { data: body });
    if (!response.ok())
      throw new Error(`POST /api/test/clock: ${response.status()} ${await response.text()}`);
    return new Date(((await response.json()) as { serverTime: string }).serverTime);
  }
}

export interface OwnServer {
  baseUrl: string;
  /** API calls on this server (no session). */
  api: APIRequestContext;
  clock: ServerClock;
}

/**
 * A server of the spec's own — own database, DATA_DIR, port and fake CNPJ registry, the demo data —
 * with the test clock on, for a spec that moves time: the suite's shared server keeps the machine's
 * time, so the other specs never see a jump. Registers the spec's beforeAll/afterAll (and attaches
 * the server's log to a failed test); the returned getter is valid inside the tests.
 */
export function useOwnServer(): () => OwnServer {
  let own:
    | (OwnServer & { pid: number; dataDir: string; logFile: string; databaseName: string | null })
    | undefined;
  let closeRegistry: (() => void) | undefined;

  test.beforeAll(async () => {
    // Migrations, demo data and a tsx start next to the suite's own server, on a loaded machine.
    test.setTimeout(240_000);
    const adminUrl = process.env.TEST_DATABASE_URL;
    const registry = await startFakeCnpjRegistry();
    closeRegistry = () => registry.server.close();
    const dataDir = createDataDir();
    const env: Record<string, string> = {
      CNPJ_BASE_URL: registry.baseUrl,
      DATA_DIR: dataDir,
      TEST_CLOCK: "1",
    };
    let databaseName: string | null = null;
    if (adminUrl) {
      const database = await createDatabase(adminUrl);
      databaseName = database.name;
      env.DATABASE_URL = database.url;
    }
    const port = await anyFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const logFile = path.join(dataDir, "server.log");
    const server = startServer(port, env, logFile);
    if (server.pid === undefined) throw new Error("não foi possível iniciar o servidor");
    const api = await playwrightRequest.newContext({ baseURL: baseUrl });
    own = { baseUrl, api, clock: new ServerClock(api), pid: server.pid, dataDir, logFile, databaseName };
    try {
      await waitForHealth(baseUrl, server, adminUrl ? 180_000 : 240_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${logTail(logFile)}`);
    }
  });

  test.afterEach(async () => {
    const info = test.info();
    if (own && info.status !== info.expectedStatus)
      await info.attach("server.log", { body: logTail(own.logFile, 300) });
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    closeRegistry?.();
    if (!own) return;
    await own.api.dispose();
    await stopServer(own.pid);
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl && own.databaseName) await dropDatabase(adminUrl, own.databaseName);
    removeDir(own.dataDir);
  });

  return () => {
    if (!own) throw new Error("o servidor da especificação não foi iniciado");
    return own;
  };
}
