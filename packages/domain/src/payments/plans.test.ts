import { describe, expect, it } from "vitest";
import { civilDate } from "../calendar/civil-date";
import {
  addMonths,
  chargeTerms,
  creditPurchase,
  fitsOneCharge,
  planPrice,
  remainingSubscriptionDays,
  subscriptionInForceUntil,
  subscriptionLastDay,
  subscriptionPeriod,
} from "./plans";

const plan = { largeCompanyPrice: 49_900, smallCompanyPrice: 29_900, credits: 1 };

describe("plan prices by company size (notices-and-accounts §3 'Subscription and credit entities')", () => {
  it("charges ME/EPP the small-company price and SA/LTDA the large-company price", () => {
    expect(planPrice(plan, true)).toBe(29_900);
    expect(planPrice(plan, false)).toBe(49_900);
  });

  it("multiplies a credit plan by the quantity, in centavos and participations", () => {
    expect(creditPurchase({ ...plan, credits: 5 }, 2, true)).toEqual({ amount: 10, price: 59_800 });
    expect(creditPurchase(plan, 1, false)).toEqual({ amount: 1, price: 49_900 });
  });

  it("keeps a charge within the boleto's amount field", () => {
    const dear = { largeCompanyPrice: 999_999_999, smallCompanyPrice: 1 };
    expect(fitsOneCharge(dear, 10, false)).toBe(true);
    expect(fitsOneCharge(dear, 11, false)).toBe(false);
    expect(fitsOneCharge(dear, 100, true)).toBe(true);
  });

  it("refuses a quantity below 1, above 100 or fractional (§5: minimum 1)", () => {
    expect(() => creditPurchase(plan, 0, true)).toThrow(RangeError);
    expect(() => creditPurchase(plan, 101, true)).toThrow(RangeError);
    expect(() => creditPurchase(plan, 1.5, true)).toThrow(RangeError);
  });
});

describe("subscription period and remaining days (§4 'Subscriptions and credits')", () => {
  it("adds calendar months, keeping the day or the month's last day", () => {
    expect(addMonths(civilDate(2026, 1, 31), 1)).toEqual(civilDate(2026, 2, 28));
    expect(addMonths(civilDate(2028, 1, 31), 1)).toEqual(civilDate(2028, 2, 29));
    expect(addMonths(civilDate(2026, 11, 26), 12)).toEqual(civilDate(2027, 11, 26));
    expect(addMonths(civilDate(2026, 11, 30), 3)).toEqual(civilDate(2027, 2, 28));
  });

  it("starts today without a subscription in force, and after the current one when renewing", () => {
    const today = civilDate(2026, 11, 26);
    expect(subscriptionPeriod({ today, durationMonths: 6, currentEndDate: null })).toEqual({
      startDate: today,
      endDate: civilDate(2027, 5, 26),
    });
    expect(subscriptionPeriod({ today, durationMonths: 1, currentEndDate: civilDate(2026, 12, 10) })).toEqual(
      {
        startDate: civilDate(2026, 12, 10),
        endDate: civilDate(2027, 1, 10),
      },
    );
    // A lapsed one does not push the start.
    expect(
      subscriptionPeriod({ today, durationMonths: 1, currentEndDate: civilDate(2026, 11, 1) }).startDate,
    ).toEqual(today);
  });

  it("counts endDate minus today, and 0 once the end date has passed or without one", () => {
    const today = civilDate(2026, 11, 26);
    expect(remainingSubscriptionDays(civilDate(2026, 12, 26), today)).toBe(30);
    expect(remainingSubscriptionDays(civilDate(2026, 11, 27), today)).toBe(1);
    expect(remainingSubscriptionDays(today, today)).toBe(0);
    expect(remainingSubscriptionDays(civilDate(2026, 1, 1), today)).toBe(0);
    expect(remainingSubscriptionDays(null, today)).toBe(0);
  });

  it("reads as in force until the day before its (exclusive) end date", () => {
    expect(subscriptionLastDay(civilDate(2027, 1, 1))).toEqual(civilDate(2026, 12, 31));
  });

  it("is in force until the first moment of its end date in Brasília (-03:00)", () => {
    expect(subscriptionInForceUntil(civilDate(2026, 12, 26)).toISOString()).toBe("2026-12-26T03:00:00.000Z");
  });
});

describe("charge terms", () => {
  it("gives a Pix 24 hours", () => {
    const now = new Date("2026-11-26T15:00:00Z");
    const terms = chargeTerms("pix", now, civilDate(2026, 11, 26));
    expect(terms.expiresAt.toISOString()).toBe("2026-11-27T15:00:00.000Z");
  });

  it("makes a boleto due in three days, payable to the end of that business day", () => {
    // Thursday 26/11/2026 → due Sunday 29/11 → payable until Monday 30/11 23:59:59.999 (-03:00).
    const terms = chargeTerms("boleto", new Date("2026-11-26T15:00:00Z"), civilDate(2026, 11, 26));
    expect(terms.dueDate).toEqual(civilDate(2026, 11, 29));
    expect(terms.expiresAt.toISOString()).toBe("2026-12-01T02:59:59.999Z");
    // Monday 23/11 → due Thursday 26/11, a business day.
    const weekday = chargeTerms("boleto", new Date("2026-11-23T15:00:00Z"), civilDate(2026, 11, 23));
    expect(weekday.expiresAt.toISOString()).toBe("2026-11-27T02:59:59.999Z");
  });
});
