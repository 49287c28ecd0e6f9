import type { LiveEventRow } from "../bus/live-event.repository";
import type { LiveNotice, RenderHint } from "../bus/live-notice";

/** Where the delivery reads the outbox (live-event.repository.ts on the app's database). */
export interface LiveEventSource {
  after(noticeId: string, after: number, limit: number): Promise<LiveEventRow[]>;
  lastSeqs(noticeIds: readonly string[]): Promise<Map<string, number>>;
}

export interface LiveDeliveryOptions {
  source: LiveEventSource;
  /** Renders one event to this instance's connections of its notice (the frames carry `seq`). */
  deliver(notice: LiveNotice & { q: number }, hint?: RenderHint): Promise<void>;
  /**
   * A failed delivery: true when it is to be retried (the database is away: the cursor stays and
   * the next catch-up delivers it), false when the event is skipped (it cannot be rendered).
   */
  retryable(error: unknown): boolean;
  log(message: string): void;
}

/** Rows read per query while catching up. */
const PAGE = 500;

/**
 * Delivers each notice's live events to this instance's connections exactly once and in sequence
 * (DESIGN §5, issue 22). A cursor per notice with an audience here holds the last sequence
 * delivered; whatever arrives — this instance's own commit, the bus's copy of another's, a
 * catch-up after a lost bell — is delivered only when it is the next one, and a gap is read from
 * the outbox first. One promise chain per notice keeps deliveries in order.
 */
export class LiveDelivery {
  private readonly cursors = new Map<string, number>();
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly options: LiveDeliveryOptions) {}

  /** The last sequence delivered here of a notice (undefined: no audience here). */
  cursor(noticeId: string): number | undefined {
    return this.cursors.get(noticeId);
  }

  noticeIds(): string[] {
    return [...this.cursors.keys()];
  }

  /**
   * A notice gets an audience here: its cursor starts at the notice's last sequence (what a state
   * read after this includes). Resolves to the cursor, once the deliveries queued before it ran.
   */
  open(noticeId: string): Promise<number> {
    return this.enqueue(noticeId, async () => {
      if (!this.cursors.has(noticeId)) {
        const seqs = await this.options.source.lastSeqs([noticeId]);
        this.cursors.set(noticeId, seqs.get(noticeId) ?? 0);
      }
      return this.cursors.get(noticeId) as number;
    });
  }

  /** The notice has no audience here any more (`stillWatched` is asked in order, after queued work). */
  close(noticeId: string, stillWatched: () => boolean): Promise<void> {
    return this.enqueue(noticeId, async () => {
      if (!stillWatched()) this.cursors.delete(noticeId);
    });
  }

  /** A sequenced event known here: this instance's commit (with its hint) or the bus's copy. */
  offer(notice: LiveNotice & { q: number }, hint?: RenderHint): Promise<void> {
    return this.enqueue(notice.n, () => this.advance(notice.n, notice, hint));
  }

  /** Delivers whatever the outbox holds after the cursor (a lost bell, a reconnect, a recovery). */
  catchUp(noticeId: string): Promise<void> {
    return this.enqueue(noticeId, () => this.advance(noticeId));
  }

  /** Catches up every notice whose last sequence is past its cursor (one query for all). */
  async catchUpAll(): Promise<void> {
    const ids = this.noticeIds();
    if (ids.length === 0) return;
    const last = await this.options.source.lastSeqs(ids);
    await Promise.all(
      ids
        .filter((id) => (last.get(id) ?? 0) > (this.cursors.get(id) ?? Infinity))
        .map((id) => this.catchUp(id)),
    );
  }

  /** Resolves when the work queued so far for every notice is done (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.chains.values()]);
  }

  private enqueue<T>(noticeId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(noticeId) ?? Promise.resolve();
    const run = previous.then(work);
    const settled = run.then(
      () => {},
      () => {},
    );
    this.chains.set(noticeId, settled);
    void settled.then(() => {
      if (this.chains.get(noticeId) === settled) this.chains.delete(noticeId);
    });
    return run;
  }

  private async advance(noticeId: string, known?: LiveNotice & { q: number }, hint?: RenderHint) {
    let cursor = this.cursors.get(noticeId);
    if (cursor === undefined) return;
    if (known) {
      if (known.q <= cursor) return;
      if (known.q === cursor + 1) {
        await this.deliverOne(noticeId, known, hint);
        return;
      }
    }
    // A gap (or a catch-up): read what follows the cursor, the known event included.
    for (;;) {
      const rows = await this.options.source.after(noticeId, cursor, PAGE);
      for (const row of rows) {
        const own = known && row.seq === known.q;
        await this.deliverOne(noticeId, { ...row.notice, q: row.seq }, own ? hint : undefined);
      }
      cursor = this.cursors.get(noticeId);
      if (rows.length < PAGE || cursor === undefined) return;
    }
  }

  private async deliverOne(noticeId: string, notice: LiveNotice & { q: number }, hint?: RenderHint) {
    try {
      await this.options.deliver(notice, hint);
    } catch (error) {
      if (this.options.retryable(error)) throw error;
      this.options.log(`evento ao vivo ${notice.t} #${notice.q} não entregue: ${(error as Error).message}`);
    }
    if (this.cursors.has(noticeId)) this.cursors.set(noticeId, notice.q);
  }
}
