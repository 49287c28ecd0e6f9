import type { ServerFrame } from "../types";

// The queue of incoming room updates (trading-room §9 "Handling of incoming updates").
//
// Readings of §9:
// - "Debounce (delay / max wait)" groups the updates of a kind: each new one restarts the delay, and
//   the group is released at the latest max-wait after its first update. A released group keeps all
//   its updates (two suppliers toggled within 100 ms are both applied) except where §9 says only the
//   latest counts.
// - "Only the latest update per chat channel, and only the latest statistics, is applied": a queued
//   statistics update is replaced by a newer one; a queued chat update of a channel is superseded by
//   the newer one, which carries the earlier messages along — a chat update adds messages, so
//   dropping the older one would lose a message.
// - "Handlers" are the debounce groups; at most 50 live at once, idle ones are removed every 30 s.
// - Entries dropped on overflow are reported (onDrop) so the room can resynchronise.

export type UpdatePriority = "high" | "medium" | "low";
export type BatchKind = "messages" | "statistics" | "bids" | "qualification" | "default";

const RANK: Record<UpdatePriority, number> = { high: 0, medium: 1, low: 2 };

export interface UpdateRule {
  priority: UpdatePriority;
  batch: BatchKind;
  /** Absent: applied at once. */
  debounce?: { delayMs: number; maxWaitMs: number };
  /** Updates with the same key: only the latest is applied (see `merge`). */
  latestKey?: (data: unknown) => string | null;
  /** true: the latest carries the earlier items along (chat); false: it replaces them (statistics). */
  merge?: boolean;
}

/** Updates per flush, per kind (§9 "Batch sizes"). */
export const BATCH_SIZES: Record<BatchKind, number> = {
  messages: 10,
  statistics: 1,
  bids: 5,
  qualification: 3,
  default: 5,
};

export const QUEUE_LIMITS = {
  /** Above this many entries the queue is trimmed… */
  maxEntries: 100,
  /** …first dropping entries older than this… */
  maxAgeMs: 30_000,
  /** …then keeping this many, by priority and age. */
  keepAfterTrim: 50,
  /** Entries older than this are flushed whatever the batch sizes… */
  staleAfterMs: 5_000,
  /** …by a sweep this often. */
  staleSweepMs: 2_000,
  /** Debounce groups kept at most… */
  maxHandlers: 50,
  /** …idle ones removed this often. */
  handlerCleanupMs: 30_000,
} as const;

const chatChannelKey = (data: unknown): string | null => {
  const d = data as { chatChannelId?: unknown; chatChannel?: { id?: unknown } } | null;
  const id = d?.chatChannelId ?? d?.chatChannel?.id;
  return typeof id === "string" ? `chat:${id}` : null;
};

const immediate = (priority: UpdatePriority, batch: BatchKind = "default"): UpdateRule => ({
  priority,
  batch,
});
const debounced = (
  priority: UpdatePriority,
  batch: BatchKind,
  delayMs: number,
  maxWaitMs: number,
): UpdateRule => ({ priority, batch, debounce: { delayMs, maxWaitMs } });

const PROCESS = immediate("high");
const PHASE = immediate("high");
const BID = immediate("high", "bids");
const CHAT: UpdateRule = { priority: "medium", batch: "messages", latestKey: chatChannelKey, merge: true };
const SUPPLIER_STATUS = debounced("medium", "qualification", 100, 300);
const DOCUMENT = debounced("low", "default", 150, 400);
const DISPUTE_INTEREST = debounced("medium", "default", 50, 200);
const DISPUTE_DOCUMENT = debounced("medium", "default", 100, 300);
const CONFIGURATION = debounced("low", "default", 200, 500);

/** The rule of each server action (§4 "Full server action list", §9). */
export const UPDATE_RULES: Readonly<Record<string, UpdateRule>> = {
  PROCESS_SUSPENDED: PROCESS,
  PROCESS_UNSUSPENDED: PROCESS,
  PROCESS_CANCELLED: PROCESS,
  PROCESS_REVOKED: PROCESS,
  PROCESS_SUSPENDED_INDEFINITELY: PROCESS,
  PHASE_ADVANCED: PHASE,
  PHASE_ADVANCED_OPTIMIZED: PHASE,
  PHASE_REGRESSED: PHASE,
  PHASE_REGRESSED_OPTIMIZED: PHASE,
  OPEN_MODAL_AUCTIONEER: PHASE,
  BATCHES_OPENED_FOR_INITIAL_OFFERS: PHASE,
  BATCHES_CLOSED_FOR_INITIAL_OFFERS: PHASE,
  NEW_BID_PLACED: BID,
  BID_CANCELLED: BID,
  BACKLOG_BID_CREATED: BID,
  NEW_MESSAGE: CHAT,
  NEW_MESSAGE_OPTIMIZED: CHAT,
  MESSAGE_SENT_TO_BATCHES: { priority: "medium", batch: "messages" },
  MESSAGE_SENT_TO_BATCHES_OPTIMIZED: { priority: "medium", batch: "messages" },
  CHANNEL_STATISTICS: {
    ...debounced("low", "statistics", 100, 300),
    latestKey: () => "statistics",
    merge: false,
  },
  SUPPLIER_ENABLED: SUPPLIER_STATUS,
  SUPPLIER_DISABLED: SUPPLIER_STATUS,
  SUPPLIER_DISQUALIFIED: SUPPLIER_STATUS,
  SUPPLIER_REQUALIFIED: SUPPLIER_STATUS,
  PROOF_PAYMENT_ATTACHED: DOCUMENT,
  READJUSTED_PROPOSAL_ATTACHED: DOCUMENT,
  QUALIFIED_DOCUMENT_ATTACHED: DOCUMENT,
  DISPUTE_INTEREST_MANIFESTED: DISPUTE_INTEREST,
  DISPUTE_INTEREST_WAIVED: DISPUTE_INTEREST,
  DISPUTE_MANIFESTATION_REFUSED: DISPUTE_INTEREST,
  DISPUTE_DOCUMENT_ATTACHED: DISPUTE_DOCUMENT,
  DISPUTE_COUNTER_ARGUMENT_DOCUMENT_ATTACHED: DISPUTE_DOCUMENT,
  DISPUTE_JUDGED: DISPUTE_DOCUMENT,
  REFERENCE_PRICE_DISCLOSED: CONFIGURATION,
  REGIONAL_PREFERENTE_CONFIGURED: CONFIGURATION,
  ATTACHING_DOCUMENTS_CONFIGURED: CONFIGURATION,
};

const DEFAULT_RULE = immediate("medium");

export const ruleOf = (action: string): UpdateRule => UPDATE_RULES[action] ?? DEFAULT_RULE;

/** One queued update: an action and its data items, in arrival order. */
export interface QueueEntry {
  action: string;
  items: unknown[];
  priority: UpdatePriority;
  batch: BatchKind;
  key: string | null;
  /** When the entry (its first item) arrived. */
  at: number;
  seq: number;
}

interface Handler {
  entries: QueueEntry[];
  firstAt: number;
  lastUsed: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface UpdateQueueOptions {
  /** Receives each flush's entries, high priority first, then in arrival order. */
  apply: (entries: QueueEntry[]) => void;
  /** Entries dropped by the overflow rule. */
  onDrop?: (dropped: number) => void;
  now?: () => number;
  rules?: (action: string) => UpdateRule;
  /** Pause between two flushes (default 0: the next tick). */
  flushIntervalMs?: number;
}

const byPriorityThenArrival = (a: QueueEntry, b: QueueEntry) =>
  RANK[a.priority] - RANK[b.priority] || a.seq - b.seq;

export class UpdateQueue {
  private queue: QueueEntry[] = [];
  private readonly handlers = new Map<string, Handler>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private sweepTimer: ReturnType<typeof setInterval> | null = null;
  private cleanupTimer: ReturnType<typeof setInterval> | null = null;
  private seq = 0;
  private readonly now: () => number;
  private readonly rules: (action: string) => UpdateRule;

  constructor(private readonly options: UpdateQueueOptions) {
    this.now = options.now ?? Date.now;
    this.rules = options.rules ?? ruleOf;
  }

  /** Starts the stale-entry sweep and the handler cleanup. */
  start() {
    this.sweepTimer ??= setInterval(() => this.sweep(), QUEUE_LIMITS.staleSweepMs);
    this.cleanupTimer ??= setInterval(() => this.cleanHandlers(), QUEUE_LIMITS.handlerCleanupMs);
  }

  /** Stops every timer and forgets everything pending. */
  stop() {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.cleanupTimer) clearInterval(this.cleanupTimer);
    this.sweepTimer = null;
    this.cleanupTimer = null;
    this.clear();
  }

  /** Forgets every pending update (a full state has just arrived). */
  clear() {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    for (const handler of this.handlers.values()) if (handler.timer) clearTimeout(handler.timer);
    this.handlers.clear();
    this.queue = [];
  }

  /** Entries waiting in the queue (not counting debounce groups). */
  get size(): number {
    return this.queue.length;
  }

  get handlerCount(): number {
    return this.handlers.size;
  }

  push(frame: ServerFrame) {
    const rule = this.rules(frame.action);
    const now = this.now();
    const entry: QueueEntry = {
      action: frame.action,
      items: [frame.data],
      priority: rule.priority,
      batch: rule.batch,
      key: rule.latestKey ? rule.latestKey(frame.data) : null,
      at: now,
      seq: this.seq++,
    };
    if (!rule.debounce) {
      this.enqueue([entry], rule);
      return;
    }
    const handlerKey = `${frame.action}|${entry.key ?? ""}`;
    let handler = this.handlers.get(handlerKey);
    if (!handler) {
      this.makeRoomForHandler();
      handler = { entries: [], firstAt: now, lastUsed: now, timer: null };
      this.handlers.set(handlerKey, handler);
    }
    handler.lastUsed = now;
    if (handler.entries.length === 0) handler.firstAt = now;
    handler.entries = entry.key && rule.merge === false ? [entry] : [...handler.entries, entry];
    if (handler.timer) clearTimeout(handler.timer);
    const waited = now - handler.firstAt;
    const wait = Math.min(rule.debounce.delayMs, Math.max(0, rule.debounce.maxWaitMs - waited));
    const target = handler;
    target.timer = setTimeout(() => this.release(target, rule), wait);
  }

  /** Applies everything now, ignoring batch sizes (tests; leaving the room). */
  drain() {
    for (const [key, handler] of this.handlers) {
      if (handler.timer) clearTimeout(handler.timer);
      handler.timer = null;
      const rule = this.rules(handler.entries[0]?.action ?? "");
      if (handler.entries.length) this.enqueue(handler.entries, rule, false);
      handler.entries = [];
      this.handlers.delete(key);
    }
    const all = [...this.queue].sort(byPriorityThenArrival);
    this.queue = [];
    if (all.length) this.options.apply(all);
  }

  private release(handler: Handler, rule: UpdateRule) {
    handler.timer = null;
    const entries = handler.entries;
    handler.entries = [];
    if (entries.length) this.enqueue(entries, rule);
  }

  private enqueue(entries: QueueEntry[], rule: UpdateRule, schedule = true) {
    for (const entry of entries) {
      const index = entry.key ? this.queue.findIndex((e) => e.key === entry.key) : -1;
      if (index >= 0) {
        const older = this.queue[index] as QueueEntry;
        this.queue.splice(index, 1);
        this.queue.push(
          rule.merge ? { ...entry, items: [...older.items, ...entry.items], at: older.at } : entry,
        );
      } else this.queue.push(entry);
    }
    if (this.queue.length > QUEUE_LIMITS.maxEntries) this.trim();
    if (schedule) this.scheduleFlush();
  }

  /** §9: above 100 entries drop those older than 30 s, then keep the top 50 by priority and age. */
  private trim() {
    const now = this.now();
    const before = this.queue.length;
    let kept = this.queue.filter((e) => now - e.at <= QUEUE_LIMITS.maxAgeMs);
    if (kept.length > QUEUE_LIMITS.keepAfterTrim) {
      kept = [...kept]
        .sort((a, b) => RANK[a.priority] - RANK[b.priority] || b.seq - a.seq)
        .slice(0, QUEUE_LIMITS.keepAfterTrim)
        .sort((a, b) => a.seq - b.seq);
    }
    this.queue = kept;
    const dropped = before - kept.length;
    if (dropped > 0) this.options.onDrop?.(dropped);
  }

  private scheduleFlush() {
    if (this.flushTimer || this.queue.length === 0) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, this.options.flushIntervalMs ?? 0);
  }

  /** One flush: up to the batch size of each kind, most urgent first; the rest on the next one. */
  flush() {
    const taken = new Map<BatchKind, number>();
    const out: QueueEntry[] = [];
    const rest: QueueEntry[] = [];
    for (const entry of [...this.queue].sort(byPriorityThenArrival)) {
      const count = taken.get(entry.batch) ?? 0;
      if (count < BATCH_SIZES[entry.batch]) {
        taken.set(entry.batch, count + 1);
        out.push(entry);
      } else rest.push(entry);
    }
    this.queue = rest.sort((a, b) => a.seq - b.seq);
    if (out.length) this.options.apply(out);
    this.scheduleFlush();
  }

  /** Entries waiting longer than 5 s are applied at once, whatever the batch sizes. */
  private sweep() {
    const now = this.now();
    const stale = this.queue.filter((e) => now - e.at > QUEUE_LIMITS.staleAfterMs);
    if (stale.length === 0) return;
    this.queue = this.queue.filter((e) => now - e.at <= QUEUE_LIMITS.staleAfterMs);
    this.options.apply(stale.sort(byPriorityThenArrival));
  }

  /** Removes idle debounce groups (nothing pending). */
  private cleanHandlers() {
    for (const [key, handler] of this.handlers) if (handler.entries.length === 0) this.handlers.delete(key);
  }

  /** Keeps at most 50 groups: an idle one goes first, else the least recently used is released now. */
  private makeRoomForHandler() {
    if (this.handlers.size < QUEUE_LIMITS.maxHandlers) return;
    this.cleanHandlers();
    if (this.handlers.size < QUEUE_LIMITS.maxHandlers) return;
    let oldestKey: string | null = null;
    let oldest: Handler | null = null;
    for (const [key, handler] of this.handlers)
      if (!oldest || handler.lastUsed < oldest.lastUsed) {
        oldest = handler;
        oldestKey = key;
      }
    if (!oldest || oldestKey === null) return;
    if (oldest.timer) clearTimeout(oldest.timer);
    this.handlers.delete(oldestKey);
    const first = oldest.entries[0];
    if (first) this.enqueue(oldest.entries, this.rules(first.action));
  }
}
