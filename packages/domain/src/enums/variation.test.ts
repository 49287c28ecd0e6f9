import { describe, expect, it } from "vitest";
import { expectLabelsFor } from "./expect-labels";
import {
  DECIMALS_BY_NAME,
  DECIMALS_LABELS,
  DECIMALS_NAME_BY_NUMBER,
  DECIMALS_OPTIONS,
  DEFAULT_DECIMALS,
  MIN_PERCENT_VARIATION,
  toDecimalsNumber,
  VARIATION_KIND_LABELS,
  VARIATION_KINDS,
} from "./variation";

describe("variation kind (notices-and-accounts §3 'variationKind'; planning §9)", () => {
  it("is REAL (R$) or PERCENTAGE (%)", () => {
    expectLabelsFor(VARIATION_KINDS, VARIATION_KIND_LABELS);
    expect(VARIATION_KIND_LABELS).toEqual({ REAL: "R$", PERCENTAGE: "%" });
  });

  it("floors the percent variation at 0.01 (§9 'Money')", () => {
    expect(MIN_PERCENT_VARIATION).toBe(0.01);
  });
});

describe("decimals (notices-and-accounts §9 'Lot defaults'; trading-room §3 'decimalsNumber')", () => {
  it("offers 2 or 4, default 2", () => {
    expect(DECIMALS_OPTIONS).toEqual([2, 4]);
    expect(DEFAULT_DECIMALS).toBe(2);
    expectLabelsFor(DECIMALS_OPTIONS, DECIMALS_LABELS);
  });

  it("maps the room's TWO / FOUR names both ways", () => {
    expect(DECIMALS_BY_NAME).toEqual({ TWO: 2, FOUR: 4 });
    expect(DECIMALS_NAME_BY_NUMBER[4]).toBe("FOUR");
  });

  it("reads every form a decimals value arrives in, and defaults a missing one to 2", () => {
    expect(toDecimalsNumber("FOUR")).toBe(4);
    expect(toDecimalsNumber("4")).toBe(4);
    expect(toDecimalsNumber(2)).toBe(2);
    expect(toDecimalsNumber(undefined)).toBe(2);
    expect(toDecimalsNumber(null)).toBe(2);
  });

  it("refuses any other number of decimals", () => {
    expect(() => toDecimalsNumber(3)).toThrow(RangeError);
    expect(() => toDecimalsNumber("THREE")).toThrow(/casas decimais/);
  });
});
