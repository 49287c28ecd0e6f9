import type { Db } from "../db/client";
import { badRequest } from "../http/errors";
import { OffsetClock } from "./clock";
import * as repo from "./test-clock.repository";

export const CLOCK_BACKWARDS_MESSAGE = "O relógio de teste só avança.";

/** The test clock as it was left: a restarted server keeps the tests' time (DESIGN §5a). */
export async function loadTestClock(db: Db): Promise<OffsetClock> {
  return new OffsetClock(await repo.readOffset(db));
}

export interface ClockMove {
  /** The instant to jump to (never earlier than now). */
  at?: Date;
  /** Or how far to jump from now. */
  advanceMs?: number;
}

/**
 * What a clock move drives, as the room provides it (the lot timers and the live channel); small
 * interfaces so that the clock does not import the room, which takes its time from the clock.
 */
export interface DeadlineRunner {
  runThrough(target: Date, holdClock: (at: Date) => void): Promise<unknown>;
}
export interface ServerTimeBroadcaster {
  broadcastServerTime(now: Date): void;
}

/**
 * TEST_CLOCK mode (DESIGN §5a): moves the server's time forward instead of letting tests wait out a
 * term. The deadlines that fall within the jump run once each, in due order, each at its own
 * instant; the offset is stored, and the rooms on this instance get the new serverTime.
 */
export class TestClockService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: OffsetClock,
    private readonly timers: DeadlineRunner,
    private readonly live: ServerTimeBroadcaster,
  ) {}

  read() {
    return { serverTime: this.clock.now().toISOString(), offsetMs: this.clock.offsetMs };
  }

  /** One move at a time: a second waits for the first to finish, then jumps from its time. */
  move(input: ClockMove) {
    const run = this.queue.then(() => this.moveNow(input));
    this.queue = run.catch(() => {});
    return run;
  }

  private async moveNow({ at, advanceMs }: ClockMove) {
    const now = this.clock.now();
    const target = at ?? new Date(now.getTime() + (advanceMs ?? 0));
    if (target.getTime() < now.getTime())
      throw badRequest(CLOCK_BACKWARDS_MESSAGE, [
        { property: "at", errorMessages: [`${CLOCK_BACKWARDS_MESSAGE} Agora: ${now.toISOString()}.`] },
      ]);
    try {
      await this.timers.runThrough(target, (to) => this.clock.holdAt(to));
    } finally {
      this.clock.release();
    }
    await repo.saveOffset(this.db, this.clock.offsetMs);
    const serverTime = this.clock.now();
    this.live.broadcastServerTime(serverTime);
    return { serverTime: serverTime.toISOString(), offsetMs: this.clock.offsetMs };
  }
}
