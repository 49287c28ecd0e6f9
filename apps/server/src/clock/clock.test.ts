import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OffsetClock } from "./clock";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DOMAIN = path.resolve(SRC, "../../../packages/domain/src");

/**
 * The only places that may read the machine's time, each for a reason that is not business time
 * (DESIGN §5a; docs/decisions.md "One clock"). Everything else takes the app's clock.
 */
const MACHINE_TIME_ALLOWED: Record<string, string> = {
  "clock/clock.ts": "the clock itself",
  "db/schema/columns.ts": "updated_date: when the row was written",
  "events/event-log.repository.ts": "occurred_at: when the log entry was written",
  "files/file-storage.ts": "the storage folder (year/month) of a file's bytes",
  "files/zip-stream.ts": "a zip entry's modification time when the file has none",
  "room/reader/auction-reader.ts": "the age of an in-memory cache",
  "room/live/live-channel.ts": "the age of another instance's presence heartbeat; the outbox's retention",
  "db/availability.ts": "the duration of a database outage, for the log",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("one clock for business time", () => {
  it("no server or domain source reads the machine's time outside the allowed places", () => {
    const offenders: string[] = [];
    for (const file of [...sources(SRC), ...sources(DOMAIN)]) {
      const relative = path.relative(SRC, file).split(path.sep).join("/");
      if (MACHINE_TIME_ALLOWED[relative]) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (/new Date\(\)|Date\.now\(\)/.test(line)) offenders.push(`${relative}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

describe("OffsetClock", () => {
  afterEach(() => vi.useRealTimers());

  it("flows with the machine's time, ahead by its offset", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-25T12:00:00Z") });
    const clock = new OffsetClock(3_600_000);
    expect(clock.now().toISOString()).toBe("2026-11-25T13:00:00.000Z");
    vi.advanceTimersByTime(1_000);
    expect(clock.now().toISOString()).toBe("2026-11-25T13:00:01.000Z");
  });

  it("stands still while held, never goes back, and flows again from where it was held", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-25T12:00:00Z") });
    const clock = new OffsetClock();
    clock.holdAt(new Date("2026-11-27T09:00:00Z"));
    vi.advanceTimersByTime(5_000);
    expect(clock.now().toISOString()).toBe("2026-11-27T09:00:00.000Z");
    clock.holdAt(new Date("2026-11-26T00:00:00Z"));
    expect(clock.now().toISOString()).toBe("2026-11-27T09:00:00.000Z");
    clock.release();
    vi.advanceTimersByTime(2_000);
    expect(clock.now().toISOString()).toBe("2026-11-27T09:00:02.000Z");
    expect(clock.offsetMs).toBe(Date.parse("2026-11-27T09:00:00Z") - Date.parse("2026-11-25T12:00:05Z"));
  });
});
