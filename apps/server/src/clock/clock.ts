/**
 * The server's one source of business time (DESIGN §5a): every term, lot timer, deadline, expiring
 * link or session, charge, retry and the live channel's serverTime reads `now()` of the clock the
 * app was built with. Only this file reads the machine's time for that purpose.
 */
export type Clock = () => Date;

/** The machine's time: production, development and every test that does not move time. */
export const systemClock: Clock = () => new Date();

/**
 * The clock of TEST_CLOCK mode: the machine's time plus an offset that only grows. Time keeps
 * flowing between moves (countdowns run, bids get distinct instants); a move jumps it forward, and
 * while a jump runs the deadlines it passes, time stands still at each one's instant.
 */
export class OffsetClock {
  private held: number | null = null;

  constructor(private offset = 0) {}

  readonly now: Clock = () => new Date(this.held ?? Date.now() + this.offset);

  get offsetMs(): number {
    return this.offset;
  }

  /** Stops time at `at`, or at now when `at` is earlier: it never goes back. */
  holdAt(at: Date): void {
    this.held = Math.max(at.getTime(), this.now().getTime());
  }

  /** Time flows again from where it was held. */
  release(): void {
    if (this.held === null) return;
    this.offset = this.held - Date.now();
    this.held = null;
  }
}
