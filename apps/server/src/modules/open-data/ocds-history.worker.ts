import type { DatabaseMonitor } from "../../db/availability";
import type { OcdsService } from "./ocds.service";

/**
 * Keeps the OCDS releases of the notices that changed (OcdsService.sweep) every pollMs. Instances may
 * sweep at once: keeping a release twice keeps it once, and a cursor moved back by a slower instance
 * only makes the next sweep read again.
 */
export class OcdsHistoryWorker {
  private poll: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly ocds: OcdsService,
    private readonly options: { pollMs: number; monitor?: DatabaseMonitor; log?: (m: string) => void },
  ) {}

  /** pollMs 0: no polling (tests call sweep themselves). */
  start() {
    if (this.options.pollMs <= 0) return;
    this.poll = setInterval(() => void this.runOnce(), this.options.pollMs);
    this.poll.unref();
  }

  /** One sweep; a sweep still running is not started twice. A database fault waits for the next. */
  runOnce(): Promise<unknown> {
    if (this.running) return this.running;
    this.running = this.ocds
      .sweep()
      .catch((error) => {
        if (!this.options.monitor?.report(error))
          (this.options.log ?? console.error)(
            `[certame] dados abertos (OCDS): ${(error as Error).stack ?? error}`,
          );
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop() {
    if (this.poll) clearInterval(this.poll);
    if (this.running) await this.running;
  }
}
