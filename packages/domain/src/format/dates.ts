// Dates and times: the form rules of notices-and-accounts §5 ("Formats") and Brasília-time helpers
// (spec: "times are in Brasília time"; DESIGN §3: timestamptz shown in America/Sao_Paulo).
//
// Brasília time is resolved through Intl with the IANA zone America/Sao_Paulo, never a fixed
// -03:00: Brazil has had no daylight-saving time since 2019 (Decreto 9.772/2019), but instants
// before that (and any future change to the zone data) must still convert correctly.
import { type CivilDate, isRealDate } from "../calendar/civil-date";

export const BRASILIA_TIME_ZONE = "America/Sao_Paulo";
export const DATE_INVALID_MESSAGE = "Data inválida";
export const TIME_INVALID_MESSAGE = "Horário inválido";
export const VALUES_DIFFER_MESSAGE = "Valores diferentes";
/** §5: the date picker's minimum. */
export const DATE_PICKER_MIN = "01/01/1900";

/** An instant: a Date, epoch milliseconds, or an ISO 8601 string. */
export type InstantInput = Date | number | string;

export interface WallTime {
  readonly hour: number;
  readonly minute: number;
  readonly second?: number;
  readonly millisecond?: number;
}

export interface BrasiliaParts extends CivilDate {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

// ---------------------------------------------------------------------------------------------
// Form validation (§5 "Formats")

/** dd/mm/yyyy with -, /, . or a space as separators; year 19xx or 20xx. */
const DATE_TEXT = /^(\d{2})[-/. ](\d{2})[-/. ]((?:19|20)\d{2})$/;
/** H:MM or HH:MM, hours 0–23. */
const TIME_TEXT = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Reads a dd/mm/yyyy date (§5 separators, year 19xx/20xx, a real calendar day), or null. */
export function parseDateBR(text: string): CivilDate | null {
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** §5: an empty value is allowed; otherwise the text must be a real dd/mm/yyyy date. */
export function isValidDateBR(text: string | null | undefined): boolean {
  if (text == null || text.trim() === "") return true;
  return parseDateBR(text) !== null;
}

/** null when valid (or empty), else 'Data inválida'. */
export function validateDateBR(text: string | null | undefined): string | null {
  return isValidDateBR(text) ? null : DATE_INVALID_MESSAGE;
}

/** Reads H:MM or HH:MM (hours 0–23), or null. */
export function parseTimeBR(text: string): { hour: number; minute: number } | null {
  const match = TIME_TEXT.exec(text.trim());
  if (!match) return null;
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** §5: an empty value is allowed; otherwise H:MM or HH:MM with hours 0 to 23. */
export function isValidTimeBR(text: string | null | undefined): boolean {
  if (text == null || text.trim() === "") return true;
  return parseTimeBR(text) !== null;
}

/** null when valid (or empty), else 'Horário inválido'. */
export function validateTimeBR(text: string | null | undefined): string | null {
  return isValidTimeBR(text) ? null : TIME_INVALID_MESSAGE;
}

/** §5 generic rules: a field that must match another one gives 'Valores diferentes' when it differs. */
export function validateSameValue(value: unknown, other: unknown): string | null {
  return value === other ? null : VALUES_DIFFER_MESSAGE;
}

/** A civil date as dd/MM/yyyy. */
export function formatCivilDateBR(date: CivilDate): string {
  const day = String(date.day).padStart(2, "0");
  const month = String(date.month).padStart(2, "0");
  return `${day}/${month}/${String(date.year).padStart(4, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Brasília time

let partsFormatter: Intl.DateTimeFormat | undefined;

function formatter(): Intl.DateTimeFormat {
  partsFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: BRASILIA_TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  });
  return partsFormatter;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant as a Date. A date-only ISO string ('2026-11-20') means midnight of that day in
 * Brasília — not UTC midnight as `new Date` would read it, which is the previous evening here.
 * Throws a RangeError for an invalid value.
 */
export function toInstant(input: InstantInput): Date {
  if (typeof input === "string" && DATE_ONLY.test(input.trim())) {
    const [year, month, day] = input.trim().split("-").map(Number) as [number, number, number];
    if (!isRealDate(year, month, day)) throw new RangeError(`Data inválida: ${input}`);
    return brasiliaToInstant({ year, month, day }, { hour: 0, minute: 0 });
  }
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Instante inválido: ${String(input)}`);
  return date;
}

function partsAtMs(utcMs: number): BrasiliaParts {
  const values: Record<string, number> = {};
  for (const part of formatter().formatToParts(new Date(utcMs))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? Number.NaN,
    month: values.month ?? Number.NaN,
    day: values.day ?? Number.NaN,
    hour: values.hour ?? Number.NaN,
    minute: values.minute ?? Number.NaN,
    second: values.second ?? Number.NaN,
    millisecond: ((utcMs % 1000) + 1000) % 1000,
  };
}

/** The wall-clock fields of an instant in Brasília time. */
export function brasiliaParts(input: InstantInput): BrasiliaParts {
  return partsAtMs(toInstant(input).getTime());
}

/** The Brasília calendar day of an instant. */
export function brasiliaCivilDate(input: InstantInput): CivilDate {
  const { year, month, day } = brasiliaParts(input);
  return { year, month, day };
}

function wallMs(date: CivilDate, time: WallTime): number {
  const utc = new Date(0);
  utc.setUTCFullYear(date.year, date.month - 1, date.day);
  utc.setUTCHours(time.hour, time.minute, time.second ?? 0, time.millisecond ?? 0);
  return utc.getTime();
}

/** Brasília offset from UTC, in ms, at an instant (e.g. -3 h = -10_800_000). */
function offsetAt(utcMs: number): number {
  const parts = partsAtMs(utcMs);
  return wallMs(parts, parts) - utcMs;
}

/**
 * The instant at which Brasília wall clocks show `date` `time`. Around the old daylight-saving
 * changes it follows the usual "compatible" rule: a wall time that occurred twice takes the earlier
 * instant, a wall time skipped by the clock change is moved forward by the gap.
 */
export function brasiliaToInstant(date: CivilDate, time: WallTime): Date {
  const local = wallMs(date, time);
  const day = 86_400_000;
  const before = offsetAt(local - day);
  const after = offsetAt(local + day);
  const candidates = [local - before, local - after].filter(
    (candidate, index) => offsetAt(candidate) === (index === 0 ? before : after),
  );
  if (candidates.length === 0) return new Date(local - before); // skipped wall time
  return new Date(Math.min(...candidates));
}

/** The last millisecond (23:59:59.999) of a Brasília calendar day. */
export function endOfBrasiliaDay(date: CivilDate): Date {
  return brasiliaToInstant(date, { hour: 23, minute: 59, second: 59, millisecond: 999 });
}

/** The first millisecond (00:00:00.000) of a Brasília calendar day. */
export function startOfBrasiliaDay(date: CivilDate): Date {
  return brasiliaToInstant(date, { hour: 0, minute: 0 });
}

const two = (value: number): string => String(value).padStart(2, "0");

/** An instant as 'dd/MM/yyyy' in Brasília time. */
export function formatBrasiliaDate(input: InstantInput): string {
  return formatCivilDateBR(brasiliaParts(input));
}

/** An instant as 'HH:mm' (24 h) in Brasília time. */
export function formatBrasiliaTime(input: InstantInput): string {
  const parts = brasiliaParts(input);
  return `${two(parts.hour)}:${two(parts.minute)}`;
}

/** An instant as 'dd/MM/yyyy HH:mm' in Brasília time. */
export function formatBrasiliaDateTime(input: InstantInput): string {
  const parts = brasiliaParts(input);
  return `${formatCivilDateBR(parts)} ${two(parts.hour)}:${two(parts.minute)}`;
}

/**
 * An instant as an ISO 8601 date-time in Brasília time with its offset, to the second
 * ('2026-11-20T10:00:00-03:00'), as open data publishes it (OCDS dates carry their offset).
 */
export function formatBrasiliaIso(input: InstantInput): string {
  const ms = toInstant(input).getTime();
  const parts = partsAtMs(ms);
  const offsetMinutes = Math.round(offsetAt(ms) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const date = `${String(parts.year).padStart(4, "0")}-${two(parts.month)}-${two(parts.day)}`;
  return `${date}T${two(parts.hour)}:${two(parts.minute)}:${two(parts.second)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/**
 * The notice payload sends "dates as a combined date and time": a dd/mm/yyyy date and an H:MM or
 * HH:MM time read as Brasília wall time, returned as a UTC ISO instant
 * ('20/11/2026', '08:00' → '2026-11-20T11:00:00.000Z'). null when either part is empty or invalid.
 */
export function combineBrasiliaDateTime(dateText: string, timeText: string): string | null {
  const date = parseDateBR(dateText);
  const time = parseTimeBR(timeText);
  if (!date || !time) return null;
  return brasiliaToInstant(date, time).toISOString();
}
