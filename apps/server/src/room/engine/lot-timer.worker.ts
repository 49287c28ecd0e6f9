import type { Clock } from "../../clock/clock";
import type { DatabaseMonitor } from "../../db/availability";
import type { Db, Tx } from "../../db/client";
import * as repo from "./auction.repository";
import type { AuctionEngine } from "./auction.service";

/**
 * The engine's API for a notice's clocks (the proposal window and an automatic start), armed in the
 * transaction that publishes or moves the notice: app.ts hands it to the notices module, which does
 * not import the room.
 */
export const armNoticeClocks = (tx: Tx, noticeId: string): Promise<void> =>
  repo.armNoticeClocks(tx, noticeId);

/** setTimeout's longest delay (2^31 − 1 ms, about 24,8 days): a longer one fires after 1 ms. */
export const MAX_WAKE_MS = 2 ** 31 - 1;

/**
 * How long to sleep until `due`: never negative, never past setTimeout's bound — a deadline further
 * away than that (a notice's session months ahead) wakes the worker once at the bound, which re-arms,
 * instead of overflowing into a 1-ms loop of queries.
 */
export const wakeDelayMs = (due: Date, now: Date) =>
  Math.min(MAX_WAKE_MS, Math.max(0, due.getTime() - now.getTime()));

/**
 * Runs the lots' deadlines (DESIGN §5). The rows are the truth: this instance wakes at the earliest
 * due time it knows of and polls for the rows other instances wrote, and every due row is claimed
 * with FOR UPDATE SKIP LOCKED, so two instances never run one deadline twice and a restart runs
 * the ones that fell while it was down.
 */
export class LotTimerWorker {
  private wake: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  /** The run in progress; runs never overlap on one instance. */
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private starting: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly engine: AuctionEngine,
    private readonly clock: Clock,
    private readonly options: {
      pollMs?: number;
      log?: (message: string) => void;
      /** An unreachable database is told once per outage there, not once per tick here. */
      monitor?: DatabaseMonitor;
    } = {},
  ) {}

  start() {
    this.stopped = false;
    this.engine.onTimerChange = () => void this.arm();
    this.poll = setInterval(() => void this.kick(), this.options.pollMs ?? 500);
    this.poll.unref();
    // Published notices get their clocks (those published before this code, the demo's): then run.
    this.starting = repo
      .armNoticeClocks(this.db)
      .catch((error: Error) => this.fail("relógios dos editais", error))
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
    while (this.running) await this.running;
  }

  /** Sets the local wake-up at the earliest pending deadline. */
  private async arm() {
    if (this.stopped) return;
    try {
      const due = await repo.nextTimerDue(this.db);
      if (this.wake) clearTimeout(this.wake);
      if (!due || this.stopped) return;
      this.wake = setTimeout(() => void this.kick(), wakeDelayMs(due, this.clock()));
      this.wake.unref();
    } catch (error) {
      this.fail("prazos", error);
    }
  }

  /** Runs every due deadline, one transaction each. */
  async kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    await this.exclusive(() => this.runDue());
    if (this.again) {
      this.again = false;
      await this.kick();
      return;
    }
    await this.arm();
  }

  /**
   * The test clock's jump (DESIGN §5a): every deadline up to `target` runs once, in due order, with
   * the clock held at that deadline's instant, so each one happens at its own instant and the deadlines
   * it arms (a tie call after a close) run too when they fall before `target`. Then the clock is held
   * at `target` and whatever is due then runs; the caller lets it flow again.
   */
  async runThrough(target: Date, holdClock: (at: Date) => void) {
    await this.exclusive(async () => {
      let previous: number | null = null;
      for (;;) {
        const due = await repo.nextTimerDue(this.db);
        if (!due || due.getTime() > target.getTime()) break;
        // A row that stays due after a run is not this instance's to run (another holds it).
        if (previous !== null && due.getTime() <= previous) break;
        previous = due.getTime();
        holdClock(due);
        await this.runDue();
      }
      holdClock(target);
      await this.runDue();
    });
    await this.arm();
  }

  private async exclusive(work: () => Promise<void>) {
    while (this.running) await this.running;
    const run = work().finally(() => {
      this.running = null;
    });
    // What others wait on never rejects; the caller gets the error.
    this.running = run.catch(() => {});
    await run;
  }

  private async runDue() {
    try {
      while (!this.stopped && (await this.engine.runOneDueTimer()));
    } catch (error) {
      // A deadline that failed stays due: the next poll runs it (after an outage, once, on recovery).
      this.fail("prazo do lote", error);
    }
  }

  private fail(what: string, error: unknown) {
    if (this.options.monitor?.report(error)) return;
    this.log(`${what}: ${(error as Error).stack ?? error}`);
  }

  private log(message: string) {
    (this.options.log ?? ((m: string) => console.error(`[certame] ${m}`)))(message);
  }
}
