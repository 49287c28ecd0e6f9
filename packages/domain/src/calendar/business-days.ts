// Business days in Brasília time (DESIGN §4 "Appeals": reasons and counter-arguments are due in 3
// business days; "business days skip weekends and national holidays"; notices-and-accounts §9:
// clarification deadline 3 business days before the session).
//
// Counting rule (Lei 14.133/2021 art. 183): the day of the start is excluded and the day of the
// deadline included, and only days with office hours count (art. 183 III). So the n-th business
// day is the n-th business day strictly after the Brasília calendar day of the start instant —
// a start on a Saturday counts from Monday, exactly as art. 183 §1 defers a start on a day without
// office hours. CHOICE: a deadline ends at the last millisecond of that day, 23:59:59.999 Brasília
// time (an electronic platform has no closing hour), returned as an instant.
// Non-business days: Saturdays, Sundays and the holidays of ./holidays.ts (pontos facultativos
// included by default; see OPTIONAL_POINTS_ARE_HOLIDAYS_DEFAULT).
import { brasiliaCivilDate, endOfBrasiliaDay, type InstantInput } from "../format/dates";
import { addDays, type CivilDate, compareCivilDates, isWeekend, toEpochDay } from "./civil-date";
import { type HolidayOptions, holidayOn } from "./holidays";

export type BusinessDayOptions = HolidayOptions;

/** A day given as an instant (read in Brasília time) or directly as a calendar date. */
export type DayInput = InstantInput | CivilDate;

function isCivilDate(input: DayInput): input is CivilDate {
  return typeof input === "object" && !(input instanceof Date);
}

/** The Brasília calendar day of the input. */
export function toBrasiliaDay(input: DayInput): CivilDate {
  return isCivilDate(input) ? input : brasiliaCivilDate(input);
}

/** Monday to Friday and not a holiday (nor, by default, a ponto facultativo). */
export function isBusinessDate(date: CivilDate, options: BusinessDayOptions = {}): boolean {
  return !isWeekend(date) && holidayOn(date, options) === null;
}

/** Whether the Brasília calendar day of the input is a business day. */
export function isBusinessDay(input: DayInput, options: BusinessDayOptions = {}): boolean {
  return isBusinessDate(toBrasiliaDay(input), options);
}

/** The first business day strictly after the input's day. */
export function nextBusinessDay(input: DayInput, options: BusinessDayOptions = {}): CivilDate {
  let day = addDays(toBrasiliaDay(input), 1);
  while (!isBusinessDate(day, options)) day = addDays(day, 1);
  return day;
}

/** The first business day strictly before the input's day. */
export function previousBusinessDay(input: DayInput, options: BusinessDayOptions = {}): CivilDate {
  let day = addDays(toBrasiliaDay(input), -1);
  while (!isBusinessDate(day, options)) day = addDays(day, -1);
  return day;
}

/**
 * The calendar day of the n-th business day after the start's day (start day excluded). A negative n
 * counts backwards (the |n|-th business day before). n = 0 gives the start day itself when it is a
 * business day, else the next one (art. 183 §1).
 */
export function addBusinessDaysToDate(
  start: DayInput,
  n: number,
  options: BusinessDayOptions = {},
): CivilDate {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Número de dias úteis inválido: ${n}`);
  const first = toBrasiliaDay(start);
  if (n === 0) return isBusinessDate(first, options) ? first : nextBusinessDay(first, options);
  let day = first;
  for (let counted = 0; counted < Math.abs(n); counted += 1) {
    day = n > 0 ? nextBusinessDay(day, options) : previousBusinessDay(day, options);
  }
  return day;
}

/**
 * The deadline n business days after `start`: the end (23:59:59.999, Brasília) of the n-th business
 * day after the start's Brasília day (see the file header). E.g. an appeal intention registered on
 * Thursday 19/11/2026 has its reasons due by Wednesday 25/11/2026 23:59:59.999 (20/11 is a holiday).
 */
export function addBusinessDays(start: DayInput, n: number, options: BusinessDayOptions = {}): Date {
  return endOfBrasiliaDay(addBusinessDaysToDate(start, n, options));
}

/**
 * The number of business days d with startDay < d ≤ endDay (Brasília days), so that
 * businessDaysBetween(x, addBusinessDays(x, n)) === n for n > 0. Negative when end is before start.
 */
export function businessDaysBetween(
  start: DayInput,
  end: DayInput,
  options: BusinessDayOptions = {},
): number {
  const from = toBrasiliaDay(start);
  const to = toBrasiliaDay(end);
  const order = compareCivilDates(from, to);
  if (order === 0) return 0;
  const [low, high, sign] = order < 0 ? [from, to, 1] : [to, from, -1];
  let count = 0;
  const lastEpochDay = toEpochDay(high);
  for (let day = addDays(low, 1); toEpochDay(day) <= lastEpochDay; day = addDays(day, 1)) {
    if (isBusinessDate(day, options)) count += 1;
  }
  return sign * count;
}
