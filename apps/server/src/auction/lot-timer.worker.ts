import type { Db } from "../db/client";
import * as repo from "./auction.repository";
import type { AuctionEngine } from "./auction.service";

/**
 * Runs the lots' deadlines (DESIGN §5). The rows are the truth: this instance wakes at the earliest
 * due time it knows of and polls for the rows other instances wrote, and every due row is claimed
 * with FOR UPDATE SKIP LOCKED, so two instances never run one deadline twice and a restart runs
 * the ones that fell while it was down.
 */
export class LotTimerWorker {
  private wake: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private stopped = false;
  private starting: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly engine: AuctionEngine,
    private readonly options: { pollMs?: number; log?: (message: string) => void } = {},
  ) {}

  start() {
    this.stopped = false;
    this.engine.onTimerChange = () => void this.arm();
    this.poll = setInterval(() => void this.kick(), this.options.pollMs ?? 500);
    this.poll.unref();
    // Published notices get their clocks (those published before this code, the demo's): then run.
    this.starting = repo
      .armNoticeClocks(this.db)
      .catch((error: Error) => this.log(`relógios dos editais: ${error.message}`))
      .then(() => this.kick());
  }

  /** Resolves once the start-up clocks are armed and the first due ones ran. */
  ready(): Promise<void> {
    return this.starting;
  }

  async stop() {
    await this.starting;
    this.stopped = true;
    this.engine.onTimerChange = () => {};
    if (this.poll) clearInterval(this.poll);
    if (this.wake) clearTimeout(this.wake);
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Sets the local wake-up at the earliest pending deadline. */
  private async arm() {
    if (this.stopped) return;
    try {
      const due = await repo.nextTimerDue(this.db);
      if (this.wake) clearTimeout(this.wake);
      if (!due || this.stopped) return;
      this.wake = setTimeout(() => void this.kick(), Math.max(0, due.getTime() - Date.now()));
      this.wake.unref();
    } catch (error) {
      this.log(`prazos: ${(error as Error).message}`);
    }
  }

  /** Runs every due deadline, one transaction each. */
  async kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      while (!this.stopped && (await this.engine.runOneDueTimer()));
    } catch (error) {
      this.log(`prazo do lote: ${(error as Error).stack ?? error}`);
    } finally {
      this.running = false;
    }
    if (this.again) {
      this.again = false;
      await this.kick();
      return;
    }
    await this.arm();
  }

  private log(message: string) {
    (this.options.log ?? ((m: string) => console.error(`[certame] ${m}`)))(message);
  }
}
