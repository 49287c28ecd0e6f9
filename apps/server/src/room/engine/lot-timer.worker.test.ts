import { describe, expect, it } from "vitest";
import { MAX_WAKE_MS, wakeDelayMs } from "./lot-timer.worker";

// DESIGN §5: the worker sleeps until the earliest deadline. Node's setTimeout takes at most 2^31 − 1 ms
// and runs a longer delay after 1 ms, so an unbounded delay to a session months ahead turned the
// worker into a loop of queries every millisecond (TimeoutOverflowWarning in the test logs).
describe("wakeDelayMs", () => {
  const now = new Date("2026-12-02T12:00:00.000Z");

  it("sleeps until a near deadline", () => {
    expect(wakeDelayMs(new Date("2026-12-02T12:00:05.000Z"), now)).toBe(5_000);
  });

  it("runs a deadline already past at once", () => {
    expect(wakeDelayMs(new Date("2026-12-02T11:59:00.000Z"), now)).toBe(0);
  });

  it("wakes at setTimeout's bound for a deadline months ahead, never past it", () => {
    const months = new Date("2027-08-23T12:00:00.000Z"); // 264 days: 22 809 600 000 ms
    expect(wakeDelayMs(months, now)).toBe(MAX_WAKE_MS);
    expect(MAX_WAKE_MS).toBe(2_147_483_647);
  });
});
