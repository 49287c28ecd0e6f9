import { type APIRequestContext, request as playwrightRequest, test } from "@playwright/test";
import { anyFreePort, logTail, type Platform, startPlatform, stopPlatform } from "./run";

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
  /** The server's DATA_DIR: its captured e-mails are read from here (support/mailbox.ts). */
  dataDir: string;
}

/**
 * A server of the spec's own — own database, DATA_DIR, port and local fakes (CNPJ, CEP, SMTP), the demo data —
 * with the test clock on, for a spec that moves time: the suite's shared server keeps the machine's
 * time, so the other specs never see a jump. Registers the spec's beforeAll/afterAll (and attaches
 * the server's log to a failed test); the returned getter is valid inside the tests.
 */
export function useOwnServer(): () => OwnServer {
  let own: (OwnServer & Platform) | undefined;

  test.beforeAll(async () => {
    // Migrations, demo data and a tsx start next to the suite's own server, on a loaded machine.
    test.setTimeout(240_000);
    const platform = await startPlatform(await anyFreePort(), { TEST_CLOCK: "1" });
    const api = await playwrightRequest.newContext({ baseURL: platform.baseUrl });
    own = { ...platform, api, clock: new ServerClock(api) };
  });

  test.afterEach(async () => {
    const info = test.info();
    if (own && info.status !== info.expectedStatus)
      await info.attach("server.log", { body: logTail(own.logFile, 300) });
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    if (!own) return;
    await own.api.dispose();
    await stopPlatform(own);
  });

  return () => {
    if (!own) throw new Error("o servidor da especificação não foi iniciado");
    return own;
  };
}
