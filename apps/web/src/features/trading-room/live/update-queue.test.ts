import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BATCH_SIZES, QUEUE_LIMITS, type QueueEntry, ruleOf, UpdateQueue } from "./update-queue";

let applied: QueueEntry[][];
let dropped: number[];
let queue: UpdateQueue;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
  applied = [];
  dropped = [];
  queue = new UpdateQueue({ apply: (entries) => applied.push(entries), onDrop: (n) => dropped.push(n) });
  queue.start();
});

afterEach(() => {
  queue.stop();
  vi.useRealTimers();
});

/** One millisecond: runs the flush scheduled for the next tick. */
const tick = () => vi.advanceTimersByTime(1);

const actions = () => applied.map((batch) => batch.map((e) => e.action));

describe("update queue rules (§9)", () => {
  it("gives process, phase and bid events high priority and applies them at once", () => {
    for (const action of [
      "PROCESS_SUSPENDED",
      "PHASE_ADVANCED",
      "PHASE_REGRESSED",
      "NEW_BID_PLACED",
      "BID_CANCELLED",
    ]) {
      expect(ruleOf(action).priority).toBe("high");
      expect(ruleOf(action).debounce).toBeUndefined();
    }
    expect(ruleOf("NEW_MESSAGE").debounce).toBeUndefined();
  });

  it("has the §9 debounce delays and max waits", () => {
    expect(ruleOf("CHANNEL_STATISTICS").debounce).toEqual({ delayMs: 100, maxWaitMs: 300 });
    expect(ruleOf("SUPPLIER_DISABLED").debounce).toEqual({ delayMs: 100, maxWaitMs: 300 });
    expect(ruleOf("QUALIFIED_DOCUMENT_ATTACHED").debounce).toEqual({ delayMs: 150, maxWaitMs: 400 });
    expect(ruleOf("DISPUTE_INTEREST_MANIFESTED").debounce).toEqual({ delayMs: 50, maxWaitMs: 200 });
    expect(ruleOf("DISPUTE_DOCUMENT_ATTACHED").debounce).toEqual({ delayMs: 100, maxWaitMs: 300 });
    expect(ruleOf("REFERENCE_PRICE_DISCLOSED").debounce).toEqual({ delayMs: 200, maxWaitMs: 500 });
    expect(BATCH_SIZES).toEqual({ messages: 10, statistics: 1, bids: 5, qualification: 3, default: 5 });
  });
});

describe("update queue", () => {
  it("applies an immediate event on the next tick", () => {
    queue.push({ action: "PHASE_ADVANCED", data: { newPhase: "BIDDING" } });
    expect(applied).toEqual([]);
    tick();
    expect(actions()).toEqual([["PHASE_ADVANCED"]]);
    expect(applied[0]?.[0]?.items).toEqual([{ newPhase: "BIDDING" }]);
  });

  it("applies the most urgent first, arrival order within a priority", () => {
    queue.push({ action: "NEW_MESSAGE", data: { chatChannelId: "c1", id: "m1" } });
    queue.push({ action: "NEW_BID_PLACED", data: { id: 1 } });
    queue.push({ action: "PHASE_ADVANCED", data: { id: 2 } });
    tick();
    expect(actions()).toEqual([["NEW_BID_PLACED", "PHASE_ADVANCED", "NEW_MESSAGE"]]);
  });

  it("debounces statistics by 100 ms and keeps only the latest", () => {
    queue.push({ action: "CHANNEL_STATISTICS", data: { n: 1 } });
    vi.advanceTimersByTime(80);
    queue.push({ action: "CHANNEL_STATISTICS", data: { n: 2 } });
    vi.advanceTimersByTime(98);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(2);
    tick();
    expect(applied.flat().map((e) => e.items)).toEqual([[{ n: 2 }]]);
  });

  it("releases a debounce group at its max wait even when updates keep coming", () => {
    for (let t = 0; t < 10; t += 1) {
      queue.push({ action: "SUPPLIER_DISABLED", data: { t } });
      vi.advanceTimersByTime(60);
      if (applied.length) break;
    }
    // First at 0 ms, max wait 300 ms: released at 300 ms with the updates so far (all kept).
    tick();
    const items = applied.flat().flatMap((e) => e.items);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items[0]).toEqual({ t: 0 });
  });

  it("keeps one chat update per channel, carrying every message along", () => {
    queue.push({ action: "NEW_MESSAGE", data: { chatChannelId: "c1", id: "m1" } });
    queue.push({ action: "NEW_MESSAGE", data: { chatChannelId: "c2", id: "m2" } });
    queue.push({ action: "NEW_MESSAGE", data: { chatChannelId: "c1", id: "m3" } });
    tick();
    const batch = applied[0] ?? [];
    expect(batch.map((e) => e.key)).toEqual(["chat:c2", "chat:c1"]);
    expect(batch[1]?.items).toEqual([
      { chatChannelId: "c1", id: "m1" },
      { chatChannelId: "c1", id: "m3" },
    ]);
  });

  it("applies at most the batch size of a kind per flush and the rest on the next", () => {
    for (let i = 0; i < 7; i += 1) queue.push({ action: "NEW_BID_PLACED", data: { i } });
    queue.push({ action: "PHASE_ADVANCED", data: {} });
    tick();
    expect(applied[0]?.filter((e) => e.action === "NEW_BID_PLACED")).toHaveLength(5);
    expect(applied[0]?.some((e) => e.action === "PHASE_ADVANCED")).toBe(true);
    tick();
    expect(applied[1]?.map((e) => e.items[0])).toEqual([{ i: 5 }, { i: 6 }]);
  });

  it("trims above 100 entries: older than 30 s first, then the top 50 by priority and age", () => {
    const q = new UpdateQueue({ apply: () => {}, onDrop: (n) => dropped.push(n) });
    // Hold the flush: push synchronously, the flush timer has not fired yet.
    for (let i = 0; i < 30; i += 1) q.push({ action: "NEW_BID_PLACED", data: { old: i } });
    vi.setSystemTime(Date.now() + QUEUE_LIMITS.maxAgeMs + 1);
    for (let i = 0; i < 60; i += 1) q.push({ action: "PROCESS_SUSPENDED", data: { i } });
    for (let i = 0; i < 11; i += 1) q.push({ action: "DISPUTE_JUDGED_UNKNOWN", data: { i } });
    // 101 entries: 30 are too old, 71 remain, the 50 kept are the high-priority ones first.
    expect(dropped).toEqual([51]);
    expect(q.size).toBe(50);
    q.stop();
  });

  it("flushes entries older than 5 s on the 2 s sweep, whatever the batch sizes", () => {
    const slow: QueueEntry[][] = [];
    const q = new UpdateQueue({ apply: (e) => slow.push(e), flushIntervalMs: 60_000 });
    q.start();
    for (let i = 0; i < 12; i += 1) q.push({ action: "NEW_BID_PLACED", data: { i } });
    vi.advanceTimersByTime(4_000);
    expect(slow).toEqual([]);
    // At 6 s the sweep finds all twelve older than 5 s and applies them together.
    vi.advanceTimersByTime(2_000);
    expect(slow).toHaveLength(1);
    expect(slow[0]).toHaveLength(12);
    q.stop();
  });

  it("keeps at most 50 debounce groups", () => {
    for (let i = 0; i < 60; i += 1) queue.push({ action: `DISPUTE_INTEREST_MANIFESTED`, data: {} });
    expect(queue.handlerCount).toBe(1);
    const q = new UpdateQueue({
      apply: () => {},
      rules: () => ({ priority: "low", batch: "default", debounce: { delayMs: 1000, maxWaitMs: 5000 } }),
    });
    for (let i = 0; i < 60; i += 1) q.push({ action: `X_${i}`, data: {} });
    expect(q.handlerCount).toBe(50);
    q.stop();
  });

  it("forgets pending updates on clear (a full state arrived)", () => {
    queue.push({ action: "NEW_BID_PLACED", data: {} });
    queue.push({ action: "CHANNEL_STATISTICS", data: {} });
    queue.clear();
    vi.advanceTimersByTime(1000);
    expect(applied).toEqual([]);
  });
});
