import type { DatabaseMonitor } from "../../db/availability";
import type { PncpPublicationService } from "./pncp-publication.service";

/**
 * Works the publication queue: every pollMs it runs the due jobs one after another (each claimed with
 * SKIP LOCKED, so instances share the queue). A failing or hanging portal only delays a job: the
 * call times out, the failure is recorded with its next attempt, and the loop goes on.
 */
export class PncpPublicationWorker {
  private poll: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly service: PncpPublicationService,
    private readonly options: { pollMs: number; monitor?: DatabaseMonitor; log?: (m: string) => void },
  ) {}

  /** pollMs 0: no polling (tests call runDue themselves). */
  start() {
    this.stopped = false;
    if (this.options.pollMs <= 0) return;
    // The portal's conformity tables, read once at start (then daily, by the cache).
    void this.service.refreshTables();
    this.poll = setInterval(() => void this.runDue(), this.options.pollMs);
    this.poll.unref();
  }

  /** Runs every job due now; concurrent calls on one instance wait for the run in progress. */
  async runDue(): Promise<void> {
    while (this.running) await this.running;
    const run = (async () => {
      try {
        while (!this.stopped && (await this.service.runOne()));
      } catch (error) {
        // The database, not the portal (portal failures are recorded by runOne).
        if (!this.options.monitor?.report(error))
          (this.options.log ?? console.error)(`[certame] fila do PNCP: ${(error as Error).stack ?? error}`);
      }
    })();
    this.running = run.finally(() => {
      this.running = null;
    });
    await this.running;
  }

  async stop() {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    while (this.running) await this.running;
  }
}
