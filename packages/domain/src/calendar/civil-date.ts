// Calendar dates without a time or a time zone (a day on the wall calendar), with the arithmetic the
// business-day rules need. Proleptic Gregorian calendar; month 1–12.

export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the three numbers name a real calendar day (no 31/02, no 29/02 outside leap years). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function civilDate(year: number, month: number, day: number): CivilDate {
  if (!isRealDate(year, month, day)) throw new RangeError(`Data inexistente: ${year}-${month}-${day}`);
  return { year, month, day };
}

/** Days since 1970-01-01. */
export function toEpochDay(date: CivilDate): number {
  const utc = new Date(0);
  utc.setUTCFullYear(date.year, date.month - 1, date.day);
  return Math.round(utc.getTime() / MS_PER_DAY);
}

export function fromEpochDay(epochDay: number): CivilDate {
  const utc = new Date(epochDay * MS_PER_DAY);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CivilDate): number {
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

export function isWeekend(date: CivilDate): boolean {
  const weekday = dayOfWeek(date);
  return weekday === 0 || weekday === 6;
}

/** Negative, zero or positive like a sort comparator. */
export function compareCivilDates(a: CivilDate, b: CivilDate): number {
  return toEpochDay(a) - toEpochDay(b);
}

/** 'YYYY-MM-DD'. */
export function civilDateKey(date: CivilDate): string {
  const year = String(date.year).padStart(4, "0");
  return `${year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/** 'YYYY-MM-DD' → CivilDate, or null when malformed or not a real date. */
export function parseCivilDateKey(key: string): CivilDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 day or instant sent by a client, as a Date; null when it is not one or names a day
 * or time that does not exist. `new Date("2026-02-31")` silently answers 3 March: a term computed
 * from it would be wrong without anyone noticing.
 */
export function parseIsoInstant(value: string): Date | null {
  const match = ISO_INSTANT.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0", second = "0"] = match;
  if (!isRealDate(Number(year), Number(month), Number(day))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}
