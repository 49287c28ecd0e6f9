declare module "fastify" {
  interface FastifyInstance {
    /** The database's availability as this process sees it (health, 503 answers). */
    dbMonitor: DatabaseMonitor;
  }
}

/** What an HTTP call or a room action answers while PostgreSQL cannot be reached (503). */
export { DATABASE_UNAVAILABLE_MESSAGE } from "@certame/domain";

// Node's socket errors and PostgreSQL's class 08 (connection) and 57P0x (shutdown, starting up).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
// pg's own errors carry no code: a connection ended under a query, or not opened within its timeout
// ('timeout expired', db/client.ts BoundedClient). Waiting for a free pooled client is never one.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|timeout expired|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether an error (or one it wraps: drizzle's query errors) is the database being unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * The database's availability as this process sees it. Whoever meets an error reports it; an
 * outage is logged once when it starts and once when it ends, with its duration (a timer that
 * fails every tick must not flood the log), and a probe finds its end when no one else asks.
 */
export class DatabaseMonitor {
  private downSince: number | null = null;
  private probe: NodeJS.Timeout | undefined;
  /** The question in flight: concurrent pings share it (an unreachable host may not answer for long). */
  private inflight: Promise<boolean> | null = null;
  private stopped = false;
  private readonly recoveredListeners: (() => void)[] = [];

  constructor(
    private readonly check: () => Promise<unknown>,
    private readonly log: (message: string) => void = (m) => console.error(`[certame] ${m}`),
    private readonly probeMs = 500,
  ) {}

  get available(): boolean {
    return this.downSince === null;
  }

  /** Called after the database came back (e.g. the live channel catches up what it missed). */
  onRecovered(listener: () => void) {
    this.recoveredListeners.push(listener);
  }

  /** Records an error; true when it is the database being unreachable (the caller answers 503). */
  report(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    if (this.downSince === null && !this.stopped) {
      this.downSince = Date.now();
      this.log(`PostgreSQL indisponível (${(error as Error).message}); as ações respondem 503 até a volta`);
      this.probe = setInterval(() => void this.ping(), this.probeMs);
      this.probe.unref();
    }
    return true;
  }

  /** Asks the database now; true when it answered (and an outage, if any, is over). */
  ping(): Promise<boolean> {
    this.inflight ??= this.check()
      .then(() => {
        this.recovered();
        return true;
      })
      .catch((error: unknown) => {
        this.report(error);
        return false;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  private recovered() {
    if (this.downSince === null) return;
    const seconds = ((Date.now() - this.downSince) / 1000).toFixed(1).replace(".", ",");
    this.downSince = null;
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
    this.log(`PostgreSQL de volta após ${seconds} s`);
    for (const listener of this.recoveredListeners) listener();
  }

  stop() {
    this.stopped = true;
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
  }
}
