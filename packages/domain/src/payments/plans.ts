import { isBusinessDate } from "../calendar/business-days";
import { addDays, type CivilDate, compareCivilDates, daysInMonth, toEpochDay } from "../calendar/civil-date";
import { endOfBrasiliaDay, startOfBrasiliaDay } from "../format/dates";

// Prices, periods and payment terms of subscriptions and credits (notices-and-accounts §2.15, §3
// "Subscription and credit entities", §4 "Subscriptions and credits"). Money is in centavos.

export interface PricedPlan {
  /** SA/LTDA. */
  largeCompanyPrice: number;
  /** ME-EPP. */
  smallCompanyPrice: number;
}

/** The plan's price for this supplier: ME/EPP pay smallCompanyPrice, SA/LTDA largeCompanyPrice (§3). */
export function planPrice(plan: PricedPlan, isSmallBusiness: boolean): number {
  return isSmallBusiness ? plan.smallCompanyPrice : plan.largeCompanyPrice;
}

/** §5: quantity at least 1 (default 1). Ours: at most 100 units in one charge. */
export const MAX_CREDIT_QUANTITY = 100;

/** A credit purchase: `quantity` units of the plan, each worth `credits` participations. */
export function creditPurchase(
  plan: PricedPlan & { credits: number },
  quantity: number,
  isSmallBusiness: boolean,
): { amount: number; price: number } {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CREDIT_QUANTITY)
    throw new RangeError(`quantity must be 1..${MAX_CREDIT_QUANTITY}`);
  return { amount: plan.credits * quantity, price: planPrice(plan, isSmallBusiness) * quantity };
}

/** Whether `quantity` units of the plan fit in one charge (MAX_CHARGE_AMOUNT_CENTS). */
export function fitsOneCharge(plan: PricedPlan, quantity: number, isSmallBusiness: boolean): boolean {
  return planPrice(plan, isSmallBusiness) * quantity <= MAX_CHARGE_AMOUNT_CENTS;
}

/** The same day `months` later; a day the month lacks becomes its last day (31/01 + 1 → 28/02). */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/**
 * The period a paid subscription covers: from today — or, when one is still in force, from the day
 * it ends, so a renewal adds to it — for `durationMonths`. endDate is exclusive: the subscription is
 * in force while today < endDate, which makes "remaining days = endDate − today" (§4) exact.
 */
export function subscriptionPeriod(input: {
  today: CivilDate;
  durationMonths: number;
  currentEndDate: CivilDate | null;
}): { startDate: CivilDate; endDate: CivilDate } {
  const { today, currentEndDate } = input;
  const startDate = currentEndDate && compareCivilDates(currentEndDate, today) > 0 ? currentEndDate : today;
  return { startDate, endDate: addMonths(startDate, input.durationMonths) };
}

/** §4: remaining subscription days = endDate minus today, or 0 when the end date has passed. */
export function remainingSubscriptionDays(endDate: CivilDate | null, today: CivilDate): number {
  if (!endDate) return 0;
  return Math.max(0, toEpochDay(endDate) - toEpochDay(today));
}

/** The last day a subscription is in force, as people read it ('em vigor até'): the day before endDate. */
export function subscriptionLastDay(endDate: CivilDate): CivilDate {
  return addDays(endDate, -1);
}

/** A charge's amount fits the boleto's 10-digit amount field (R$ 99.999.999,99). */
export const MAX_CHARGE_AMOUNT_CENTS = 9_999_999_999;

/** The instant a subscription stops being in force: the first moment of its (exclusive) end date. */
export function subscriptionInForceUntil(endDate: CivilDate): Date {
  return startOfBrasiliaDay(endDate);
}

/** A Pix charge can be paid for 24 hours. */
export const PIX_EXPIRY_HOURS = 24;
/** A boleto falls due three calendar days after it is issued. */
export const BOLETO_DUE_DAYS = 3;

/**
 * The payment terms of a charge issued at `now` (Brasília day `today`): the boleto's due date, and
 * when an unpaid charge expires — a Pix after PIX_EXPIRY_HOURS; a boleto at the end of its due day,
 * or of the next business day when it falls on a weekend or holiday (banks accept it then).
 */
export function chargeTerms(
  method: "boleto" | "pix",
  now: Date,
  today: CivilDate,
): { dueDate: CivilDate; expiresAt: Date } {
  if (method === "pix") {
    const expiresAt = new Date(now.getTime() + PIX_EXPIRY_HOURS * 3_600_000);
    return { dueDate: today, expiresAt };
  }
  const dueDate = addDays(today, BOLETO_DUE_DAYS);
  let payableUntil = dueDate;
  while (!isBusinessDate(payableUntil)) payableUntil = addDays(payableUntil, 1);
  return { dueDate, expiresAt: endOfBrasiliaDay(payableUntil) };
}
