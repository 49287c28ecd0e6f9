import { describe, expect, it } from "vitest";
import {
  bidDurationError,
  bidDurationFromServer,
  bidDurationRange,
  bidDurationToServer,
  clampBidDurationHours,
  DAYS_PER_MONTH,
  daysDueFromServer,
  daysDueToServer,
  daysToMonths,
  hoursToMinutes,
  isBidDurationInHours,
  minutesToHours,
  monthsToDays,
  sentCanShowProcessResult,
  sentShouldDiscloseReferencePrice,
} from "./notice-conversions";

describe("daysDue months ↔ days (notices-and-accounts §7 'Notice payload rules', §9)", () => {
  it("uses 1 month = 30.417 days, rounded", () => {
    expect(DAYS_PER_MONTH).toBe(30.417);
    expect(monthsToDays(12)).toBe(365);
    expect(monthsToDays(1)).toBe(30);
    expect(monthsToDays(6)).toBe(183);
    expect(monthsToDays(24)).toBe(730);
  });

  it("reads days back as whole months where they came from whole months, else to 2 decimals", () => {
    expect(daysToMonths(365)).toBe(12);
    expect(daysToMonths(30)).toBe(1);
    expect(daysToMonths(45)).toBe(1.48);
    expect(daysToMonths(31)).toBe(1.02);
  });

  it("round-trips every whole month from 1 to 60", () => {
    for (let m = 1; m <= 60; m++) expect(daysToMonths(monthsToDays(m))).toBe(m);
  });

  it("does not convert the electronic auction's daysDue", () => {
    expect(daysDueToServer("ELECTRONIC_AUCTION", 12)).toBe(12);
    expect(daysDueFromServer("ELECTRONIC_AUCTION", 12)).toBe(12);
    expect(daysDueToServer("AUCTION_IN_PERSON", 12)).toBe(365);
    expect(daysDueFromServer("ELECTRONIC_DISPENSER", 365)).toBe(12);
  });
});

describe("bidDuration hours ↔ minutes (notices-and-accounts §5 'Notice form', §7)", () => {
  it("converts hours and minutes", () => {
    expect(hoursToMinutes(6)).toBe(360);
    expect(hoursToMinutes(1.5)).toBe(90);
    expect(minutesToHours(90)).toBe(1.5);
  });

  it("converts only for the dispenser and for the electronic auction with OPEN_TIMED", () => {
    expect(isBidDurationInHours("ELECTRONIC_DISPENSER", "TIMED")).toBe(true);
    expect(isBidDurationInHours("ELECTRONIC_AUCTION", "OPEN_TIMED")).toBe(true);
    expect(isBidDurationInHours("ELECTRONIC_AUCTION", "OPEN")).toBe(false);
    expect(isBidDurationInHours("NEW_ELECTRONIC_REVERSED_AUCTION", "OPEN")).toBe(false);
    expect(bidDurationToServer("ELECTRONIC_AUCTION", "OPEN", 10)).toBe(10);
    expect(bidDurationFromServer("NEW_PRICES_SUBMISSION", "OPEN", 360)).toBe(360);
  });

  it("allows 1 to 10 hours for the dispenser and refuses values outside", () => {
    expect(bidDurationRange("ELECTRONIC_DISPENSER", "TIMED")).toEqual({
      minHours: 1,
      maxHours: 10,
      clamp: false,
    });
    expect(bidDurationError("ELECTRONIC_DISPENSER", "TIMED", 1)).toBeNull();
    expect(bidDurationError("ELECTRONIC_DISPENSER", "TIMED", 10)).toBeNull();
    expect(bidDurationError("ELECTRONIC_DISPENSER", "TIMED", 0.5)).toBe(
      "A duração da disputa deve estar entre 1 e 10 horas",
    );
    expect(bidDurationError("ELECTRONIC_DISPENSER", "TIMED", 11)).not.toBeNull();
    expect(bidDurationError("ELECTRONIC_DISPENSER", "TIMED", Number.NaN)).not.toBeNull();
    expect(bidDurationToServer("ELECTRONIC_DISPENSER", "TIMED", 6)).toBe(360);
    expect(() => bidDurationToServer("ELECTRONIC_DISPENSER", "TIMED", 12)).toThrow(RangeError);
  });

  it("clamps the timed electronic auction to 3–6 hours", () => {
    expect(clampBidDurationHours("ELECTRONIC_AUCTION", "OPEN_TIMED", 2)).toBe(3);
    expect(clampBidDurationHours("ELECTRONIC_AUCTION", "OPEN_TIMED", 8)).toBe(6);
    expect(clampBidDurationHours("ELECTRONIC_AUCTION", "OPEN_TIMED", 4.5)).toBe(4.5);
    expect(bidDurationError("ELECTRONIC_AUCTION", "OPEN_TIMED", 8)).toBeNull();
    expect(bidDurationToServer("ELECTRONIC_AUCTION", "OPEN_TIMED", 10)).toBe(360);
    expect(bidDurationToServer("ELECTRONIC_AUCTION", "OPEN_TIMED", 1)).toBe(180);
  });

  it("leaves values alone where no range applies", () => {
    expect(clampBidDurationHours("ELECTRONIC_AUCTION", "OPEN", 20)).toBe(20);
    expect(bidDurationRange("ELECTRONIC_COMPETITION", "CLOSED")).toBeNull();
  });

  it("shows a stored dispenser duration in hours", () => {
    expect(bidDurationFromServer("ELECTRONIC_DISPENSER", "TIMED", 600)).toBe(10);
  });
});

describe("payload rules (notices-and-accounts §7 'Notice payload rules')", () => {
  it("sends shouldDiscloseReferencePrice true unless lowest price outside the electronic auction", () => {
    expect(
      sentShouldDiscloseReferencePrice("NEW_ELECTRONIC_REVERSED_AUCTION", "BIGGEST_DISCOUNT", false),
    ).toBe(true);
    expect(sentShouldDiscloseReferencePrice("ELECTRONIC_AUCTION", "LOWEST_PRICE", false)).toBe(true);
    expect(sentShouldDiscloseReferencePrice("NEW_ELECTRONIC_REVERSED_AUCTION", "LOWEST_PRICE", false)).toBe(
      false,
    );
    expect(sentShouldDiscloseReferencePrice("NEW_ELECTRONIC_REVERSED_AUCTION", "LOWEST_PRICE", true)).toBe(
      true,
    );
  });

  it("sends canShowProcessResult true for direct pre-qualification", () => {
    expect(sentCanShowProcessResult("DIRECT_PRE_QUALIFICATION", false)).toBe(true);
    expect(sentCanShowProcessResult("DIRECT_ACCREDITATION", false)).toBe(false);
  });
});
