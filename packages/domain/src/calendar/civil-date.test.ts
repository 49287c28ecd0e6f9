import { describe, expect, it } from "vitest";
import {
  addDays,
  civilDate,
  civilDateKey,
  compareCivilDates,
  dayOfWeek,
  daysInMonth,
  fromEpochDay,
  isRealDate,
  isWeekend,
  parseCivilDateKey,
  parseIsoInstant,
  toEpochDay,
} from "./civil-date";

describe("civil dates (Gregorian calendar arithmetic for §5 date checks and business days)", () => {
  it("knows month lengths and leap years", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(isRealDate(2026, 2, 29)).toBe(false);
    expect(isRealDate(2026, 13, 1)).toBe(false);
    expect(() => civilDate(2026, 2, 31)).toThrow(RangeError);
  });

  it("converts to and from epoch days", () => {
    expect(toEpochDay({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(toEpochDay({ year: 2026, month: 11, day: 20 })).toBe(20777);
    expect(fromEpochDay(20777)).toEqual({ year: 2026, month: 11, day: 20 });
    expect(fromEpochDay(-1)).toEqual({ year: 1969, month: 12, day: 31 });
  });

  it("adds days across months and years", () => {
    expect(civilDateKey(addDays({ year: 2026, month: 12, day: 31 }, 1))).toBe("2027-01-01");
    expect(civilDateKey(addDays({ year: 2024, month: 3, day: 1 }, -1))).toBe("2024-02-29");
  });

  it("gives the day of the week", () => {
    expect(dayOfWeek({ year: 2026, month: 11, day: 20 })).toBe(5); // Friday
    expect(dayOfWeek({ year: 2026, month: 11, day: 22 })).toBe(0); // Sunday
    expect(isWeekend({ year: 2026, month: 11, day: 21 })).toBe(true);
    expect(isWeekend({ year: 1969, month: 12, day: 31 })).toBe(false); // Wednesday
  });

  it("compares, prints and parses keys", () => {
    expect(compareCivilDates({ year: 2026, month: 1, day: 2 }, { year: 2026, month: 1, day: 1 })).toBe(1);
    expect(civilDateKey({ year: 2026, month: 4, day: 5 })).toBe("2026-04-05");
    expect(parseCivilDateKey("2026-04-05")).toEqual({ year: 2026, month: 4, day: 5 });
    expect(parseCivilDateKey("2026-02-30")).toBeNull();
    expect(parseCivilDateKey("05/04/2026")).toBeNull();
  });
});

describe("parseIsoInstant (issue 11: impossible dates are refused, not rolled over)", () => {
  it("reads real days and instants with their offset", () => {
    expect(parseIsoInstant("2026-03-02T10:30:00-03:00")?.toISOString()).toBe("2026-03-02T13:30:00.000Z");
    expect(parseIsoInstant("2024-02-29T00:00:00Z")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseIsoInstant("2026-12-31")?.toISOString()).toBe("2026-12-31T00:00:00.000Z");
  });
  it.each([
    "2026-02-31",
    "2026-02-31T10:00:00Z",
    "2025-02-29T10:00:00-03:00",
    "9999-99-99",
    "2026-04-31T10:00:00Z",
    "2026-03-02T24:00:00Z",
    "2026-03-02T10:60:00Z",
    "02/03/2026",
    "amanhã",
    "",
  ])("refuses %j", (value) => {
    expect(parseIsoInstant(value)).toBeNull();
  });
});
