import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  addBusinessDaysToDate,
  businessDaysBetween,
  isBusinessDate,
  isBusinessDay,
  nextBusinessDay,
  previousBusinessDay,
} from "./business-days";
import { civilDateKey } from "./civil-date";
import { OPTIONAL_POINTS_ARE_HOLIDAYS_DEFAULT } from "./holidays";

const day = (year: number, month: number, dayOfMonth: number) => ({ year, month, day: dayOfMonth });

describe("DESIGN §4 — business days skip weekends and national holidays", () => {
  it("weekdays are business days, weekends are not", () => {
    expect(isBusinessDate(day(2026, 11, 19))).toBe(true); // Thursday
    expect(isBusinessDate(day(2026, 11, 21))).toBe(false); // Saturday
    expect(isBusinessDate(day(2026, 11, 22))).toBe(false); // Sunday
  });

  it("national holidays are not business days", () => {
    expect(isBusinessDate(day(2026, 11, 20))).toBe(false); // Consciência Negra (Lei 14.759/2023)
    expect(isBusinessDate(day(2023, 11, 20))).toBe(true); // before Lei 14.759/2023
    expect(isBusinessDate(day(2026, 4, 3))).toBe(false); // Good Friday
    expect(isBusinessDate(day(2025, 12, 25))).toBe(false);
  });

  it("pontos facultativos are days off by default and can be counted as business days", () => {
    expect(OPTIONAL_POINTS_ARE_HOLIDAYS_DEFAULT).toBe(true);
    expect(isBusinessDate(day(2026, 2, 16))).toBe(false); // Carnival Monday
    expect(isBusinessDate(day(2026, 2, 17))).toBe(false); // Carnival Tuesday
    expect(isBusinessDate(day(2026, 6, 4))).toBe(false); // Corpus Christi
    expect(isBusinessDate(day(2026, 2, 16), { optionalPointsAreHolidays: false })).toBe(true);
    expect(isBusinessDate(day(2026, 6, 4), { optionalPointsAreHolidays: false })).toBe(true);
  });

  it("isBusinessDay reads an instant in Brasília time", () => {
    // 2026-11-20T02:30Z is Thursday 19/11 23:30 in Brasília (a business day) but Friday 20/11 in UTC.
    expect(isBusinessDay("2026-11-20T02:30:00.000Z")).toBe(true);
    expect(isBusinessDay("2026-11-20T03:00:00.000Z")).toBe(false);
    expect(isBusinessDay(new Date("2026-11-23T12:00:00.000Z"))).toBe(true);
    expect(isBusinessDay("2026-11-20")).toBe(false); // a date-only string is that Brasília day
  });

  it("next and previous business days jump over weekends and holidays", () => {
    expect(civilDateKey(nextBusinessDay(day(2026, 11, 19)))).toBe("2026-11-23");
    expect(civilDateKey(previousBusinessDay(day(2026, 11, 23)))).toBe("2026-11-19");
    expect(civilDateKey(nextBusinessDay(day(2026, 12, 31)))).toBe("2027-01-04");
  });
});

describe("Appeals: reasons due in 3 business days (Lei 14.133/2021 art. 165 I; art. 183 counting)", () => {
  it("ends at 23:59:59.999 Brasília of the 3rd business day, skipping 20/11 (Lei 14.759/2023)", () => {
    // Thursday 19/11/2026 14:00 → Fri 20 holiday, weekend, Mon 23, Tue 24, Wed 25.
    const deadline = addBusinessDays("2026-11-19T17:00:00.000Z", 3);
    expect(deadline.toISOString()).toBe("2026-11-26T02:59:59.999Z");
  });

  it("excludes the start day even when the start is on a business day (art. 183 caput)", () => {
    // Monday 23/11/2026 → Tue 24, Wed 25, Thu 26.
    expect(civilDateKey(addBusinessDaysToDate(day(2026, 11, 23), 3))).toBe("2026-11-26");
  });

  it("a start on a non-business day counts from the next business day (art. 183 §1)", () => {
    // Saturday 21/11/2026 → Mon 23, Tue 24, Wed 25.
    expect(civilDateKey(addBusinessDaysToDate("2026-11-21T15:00:00.000Z", 3))).toBe("2026-11-25");
  });

  it("counts from the Brasília day of the start, not the UTC day", () => {
    // 2026-11-19T02:30Z is Wednesday 18/11 23:30 in Brasília → Thu 19 is the 1st business day.
    expect(addBusinessDays("2026-11-19T02:30:00.000Z", 1).toISOString()).toBe("2026-11-20T02:59:59.999Z");
  });

  it("counter-arguments follow in another 3 business days", () => {
    const reasons = addBusinessDays("2026-11-19T17:00:00.000Z", 3);
    const counterArguments = addBusinessDays(reasons, 3);
    // Wed 25/11 → Thu 26, Fri 27, Mon 30.
    expect(counterArguments.toISOString()).toBe("2026-12-01T02:59:59.999Z");
  });

  it("2023 had no 20/11 holiday but 15/11", () => {
    // Tuesday 14/11/2023 → Wed 15 holiday, Thu 16, Fri 17, Mon 20.
    expect(civilDateKey(addBusinessDaysToDate(day(2023, 11, 14), 3))).toBe("2023-11-20");
    // Thursday 14/11/2024 → Fri 15 holiday, Mon 18, Tue 19, Wed 20 holiday, Thu 21.
    expect(civilDateKey(addBusinessDaysToDate(day(2024, 11, 14), 3))).toBe("2024-11-21");
  });

  it("Carnival counts as days off unless the option says otherwise", () => {
    // Friday 13/02/2026 → Mon 16 and Tue 17 are Carnival → Wed 18 (Ash Wednesday) is the 1st.
    expect(civilDateKey(addBusinessDaysToDate(day(2026, 2, 13), 1))).toBe("2026-02-18");
    expect(
      civilDateKey(addBusinessDaysToDate(day(2026, 2, 13), 1, { optionalPointsAreHolidays: false })),
    ).toBe("2026-02-16");
  });

  it("crosses the turn of the year (Confraternização Universal)", () => {
    // Wednesday 30/12/2026 → Thu 31, (Fri 01/01 holiday), Mon 04/01/2027, Tue 05.
    expect(civilDateKey(addBusinessDaysToDate(day(2026, 12, 30), 3))).toBe("2027-01-05");
  });

  it("n = 0 is the start day when it is a business day, else the next one", () => {
    expect(civilDateKey(addBusinessDaysToDate(day(2026, 11, 19), 0))).toBe("2026-11-19");
    expect(civilDateKey(addBusinessDaysToDate(day(2026, 11, 20), 0))).toBe("2026-11-23");
  });

  it("rejects a non-integer count", () => {
    expect(() => addBusinessDays(day(2026, 11, 19), 1.5)).toThrow(RangeError);
  });
});

describe("§9 clarification deadline hint: 3 business days before the session (negative counts)", () => {
  it("counts backwards over weekends and holidays", () => {
    // Session on Tuesday 24/11/2026 → Mon 23, Thu 19 (Fri 20 holiday), Wed 18.
    expect(civilDateKey(addBusinessDaysToDate(day(2026, 11, 24), -3))).toBe("2026-11-18");
    expect(addBusinessDays(day(2026, 11, 24), -3).toISOString()).toBe("2026-11-19T02:59:59.999Z");
  });
});

describe("businessDaysBetween — business days after the start day up to and including the end day", () => {
  it("counts the business days", () => {
    expect(businessDaysBetween(day(2026, 11, 19), day(2026, 11, 25))).toBe(3);
    expect(businessDaysBetween(day(2026, 11, 19), day(2026, 11, 19))).toBe(0);
    expect(businessDaysBetween(day(2026, 11, 20), day(2026, 11, 23))).toBe(1);
    expect(businessDaysBetween(day(2026, 1, 1), day(2026, 12, 31))).toBe(249);
    expect(
      businessDaysBetween(day(2026, 1, 1), day(2026, 12, 31), { optionalPointsAreHolidays: false }),
    ).toBe(252);
  });

  it("is negative when the end is before the start", () => {
    expect(businessDaysBetween(day(2026, 11, 25), day(2026, 11, 19))).toBe(-3);
  });

  it("is the inverse of addBusinessDays", () => {
    const start = "2026-11-19T17:00:00.000Z";
    for (const n of [1, 2, 3, 5, 10, 30]) {
      expect(businessDaysBetween(start, addBusinessDays(start, n))).toBe(n);
    }
  });

  it("reads instants in Brasília time", () => {
    // Wed 18/11 23:30 Brasília → Thu 19/11 10:00 Brasília: one business day.
    expect(businessDaysBetween("2026-11-19T02:30:00.000Z", "2026-11-19T13:00:00.000Z")).toBe(1);
  });
});
