// Unit conversions and payload rules of the notice form (notices-and-accounts §2.5, §5 "Notice
// form", §7 "Notice payload rules", §9): validity in months ↔ daysDue in days, bid duration in
// hours ↔ minutes.
import type { ClosingKind, JudgementCriterion } from "../enums/judgement";
import type { Modality } from "../enums/modality";

/** 1 month = 30.417 days (§9). */
export const DAYS_PER_MONTH = 30.417;

export function monthsToDays(months: number): number {
  return Math.round(months * DAYS_PER_MONTH);
}

/**
 * Days back to months: the whole number of months that monthsToDays turns into these days (so a
 * stored 30 shows as 1, 365 as 12), otherwise the months to 2 decimals (45 days → 1.48).
 */
export function daysToMonths(days: number): number {
  const whole = Math.round(days / DAYS_PER_MONTH);
  if (monthsToDays(whole) === days) return whole;
  return Math.round((days / DAYS_PER_MONTH) * 100) / 100;
}

/** daysDue is converted from months for every modality except ELECTRONIC_AUCTION (§7). */
export const isDaysDueInMonths = (modality: Modality): boolean => modality !== "ELECTRONIC_AUCTION";

/** The daysDue to store from the value the form shows. */
export function daysDueToServer(modality: Modality, formValue: number): number {
  return isDaysDueInMonths(modality) ? monthsToDays(formValue) : formValue;
}

/** The value the form shows for a stored daysDue. */
export function daysDueFromServer(modality: Modality, daysDue: number): number {
  return isDaysDueInMonths(modality) ? daysToMonths(daysDue) : daysDue;
}

export interface BidDurationRange {
  readonly minHours: number;
  readonly maxHours: number;
  /** Out-of-range values are clamped (true) or refused (false). */
  readonly clamp: boolean;
}

/**
 * Allowed bidDuration in hours (§5 "Notice form"): 1 to 10 h for ELECTRONIC_DISPENSER; 3 to 6 h,
 * clamped, for ELECTRONIC_AUCTION with OPEN_TIMED; no range elsewhere.
 */
export function bidDurationRange(modality: Modality, closingKind: ClosingKind): BidDurationRange | null {
  if (modality === "ELECTRONIC_DISPENSER") return { minHours: 1, maxHours: 10, clamp: false };
  if (modality === "ELECTRONIC_AUCTION" && closingKind === "OPEN_TIMED")
    return { minHours: 3, maxHours: 6, clamp: true };
  return null;
}

/** bidDuration is entered in hours and stored in minutes for these two cases only (§7). */
export function isBidDurationInHours(modality: Modality, closingKind: ClosingKind): boolean {
  return bidDurationRange(modality, closingKind) !== null;
}

export const hoursToMinutes = (hours: number): number => Math.round(hours * 60);
export const minutesToHours = (minutes: number): number => minutes / 60;

/** Applies the clamp of ELECTRONIC_AUCTION + OPEN_TIMED; other values are returned unchanged. */
export function clampBidDurationHours(modality: Modality, closingKind: ClosingKind, hours: number): number {
  const range = bidDurationRange(modality, closingKind);
  if (!range?.clamp) return hours;
  return Math.min(range.maxHours, Math.max(range.minHours, hours));
}

/** The pt-BR error of a bid duration outside a refusing range, or null when it is acceptable. */
export function bidDurationError(modality: Modality, closingKind: ClosingKind, hours: number): string | null {
  const range = bidDurationRange(modality, closingKind);
  if (!range || range.clamp) return null;
  if (!Number.isFinite(hours) || hours < range.minHours || hours > range.maxHours) {
    return `A duração da disputa deve estar entre ${range.minHours} e ${range.maxHours} horas`;
  }
  return null;
}

/** The bidDuration to store from the value the form shows (clamped, then converted to minutes). */
export function bidDurationToServer(modality: Modality, closingKind: ClosingKind, formValue: number): number {
  if (!isBidDurationInHours(modality, closingKind)) return formValue;
  const error = bidDurationError(modality, closingKind, formValue);
  if (error) throw new RangeError(error);
  return hoursToMinutes(clampBidDurationHours(modality, closingKind, formValue));
}

/** The value the form shows for a stored bidDuration. */
export function bidDurationFromServer(modality: Modality, closingKind: ClosingKind, minutes: number): number {
  return isBidDurationInHours(modality, closingKind) ? minutesToHours(minutes) : minutes;
}

/**
 * shouldDiscloseReferencePrice is sent as true unless the criterion is LOWEST_PRICE and the modality
 * is not ELECTRONIC_AUCTION; in that case the form's choice is sent (§7).
 */
export function sentShouldDiscloseReferencePrice(
  modality: Modality,
  criterion: JudgementCriterion,
  formValue: boolean,
): boolean {
  if (criterion === "LOWEST_PRICE" && modality !== "ELECTRONIC_AUCTION") return formValue;
  return true;
}

/** DIRECT_PRE_QUALIFICATION always sends canShowProcessResult true (§7). */
export function sentCanShowProcessResult(modality: Modality, formValue: boolean): boolean {
  return modality === "DIRECT_PRE_QUALIFICATION" ? true : formValue;
}
