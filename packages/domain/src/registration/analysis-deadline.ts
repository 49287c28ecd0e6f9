// The staff analysis term of a completed registration (notices-and-accounts §9 "Registration
// analysis": "within at most 24 business hours"; "registrations finished by 17:00 on business days
// are analysed the same day").
//
// CHOICE (docs/decisions.md "Registration analysis term"): business hours are the hours of business
// days (Brasília calendar days that are not weekends nor national holidays, calendar/holidays.ts);
// the count starts at the completion instant when it falls on a business day before 17:00, and
// otherwise at 00:00 of the next business day; the deadline is the instant when 24 such hours have
// run. Completed on Friday 10:00 → due Monday 10:00; on Friday 18:00 → due Tuesday 00:00 (the whole
// of Monday); on the eve of a holiday after 17:00 → the holiday is skipped too.

import { type BusinessDayOptions, isBusinessDate, nextBusinessDay } from "../calendar/business-days";
import { addDays, type CivilDate } from "../calendar/civil-date";
import { brasiliaParts, startOfBrasiliaDay } from "../format/dates";

export const REGISTRATION_ANALYSIS_BUSINESS_HOURS = 24;
/** Completed at or after this hour (Brasília), the count starts on the next business day. */
export const REGISTRATION_SAME_DAY_CUTOFF_HOUR = 17;

const HOUR_MS = 3_600_000;

/** When the analysis term starts counting (see the file header). */
export function registrationAnalysisStart(completedAt: Date, options: BusinessDayOptions = {}): Date {
  const p = brasiliaParts(completedAt);
  const day: CivilDate = { year: p.year, month: p.month, day: p.day };
  if (isBusinessDate(day, options) && p.hour < REGISTRATION_SAME_DAY_CUTOFF_HOUR) return completedAt;
  return startOfBrasiliaDay(nextBusinessDay(day, options));
}

/** The instant by which the platform staff must have analysed a registration completed at `completedAt`. */
export function registrationAnalysisDueAt(completedAt: Date, options: BusinessDayOptions = {}): Date {
  let cursor = registrationAnalysisStart(completedAt, options);
  let remaining = REGISTRATION_ANALYSIS_BUSINESS_HOURS * HOUR_MS;
  for (;;) {
    const p = brasiliaParts(cursor);
    const day: CivilDate = { year: p.year, month: p.month, day: p.day };
    const dayEnd = startOfBrasiliaDay(addDays(day, 1));
    const available = dayEnd.getTime() - cursor.getTime();
    if (remaining <= available) return new Date(cursor.getTime() + remaining);
    remaining -= available;
    cursor = startOfBrasiliaDay(nextBusinessDay(day, options));
  }
}

/** Whether the analysis is late at `now` (the console's 'Atrasado' badge). */
export function registrationAnalysisOverdue(dueAt: Date, now: Date): boolean {
  return now.getTime() > dueAt.getTime();
}
