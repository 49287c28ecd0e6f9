import { describe, expect, it } from "vitest";
import {
  applyPercentMask,
  DEFAULT_PERCENT_VARIATION,
  discountPercent,
  floorMinimumVariationPercent,
  formatPercent,
  MIN_VARIATION_PERCENT,
  parsePercent,
  priceAfterDiscount,
} from "./percent";

describe("§9 Money — percent uses a decimal comma and the suffix ' %'", () => {
  it("formats with 2 decimals by default, rounding half up", () => {
    expect(formatPercent(12.5)).toBe("12,50 %");
    expect(formatPercent(0)).toBe("0,00 %");
    expect(formatPercent(1.005)).toBe("1,01 %");
    expect(formatPercent(1.004)).toBe("1,00 %");
    expect(formatPercent(1000)).toBe("1.000,00 %");
    expect(formatPercent(-2.5)).toBe("-2,50 %");
  });

  it("formats with the precision of decimalsNumber (trading-room §9)", () => {
    expect(formatPercent(12.3456, 4)).toBe("12,3456 %");
    expect(formatPercent(12.34567, 4)).toBe("12,3457 %");
    expect(formatPercent(7, 0)).toBe("7 %");
  });

  it("rejects non-finite values", () => {
    expect(() => formatPercent(Number.NaN)).toThrow(RangeError);
    expect(() => formatPercent(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("parses pt-BR percent text", () => {
    expect(parsePercent("12,50 %")).toBe(12.5);
    expect(parsePercent("12,5%")).toBe(12.5);
    expect(parsePercent("12,5")).toBe(12.5);
    expect(parsePercent("1.000,25 %")).toBe(1000.25);
    expect(parsePercent("0,01 %")).toBe(0.01);
    expect(parsePercent("-3 %")).toBe(-3);
    expect(parsePercent("12,3456 %", 2)).toBe(12.35);
  });

  it("returns null for empty or malformed percent text", () => {
    expect(parsePercent("")).toBeNull();
    expect(parsePercent(" %")).toBeNull();
    expect(parsePercent("12.5 %")).toBeNull();
    expect(parsePercent("abc")).toBeNull();
  });

  it("round-trips with formatPercent", () => {
    for (const value of [0, 0.01, 1, 12.34, 99.99, 100]) {
      expect(parsePercent(formatPercent(value))).toBe(value);
    }
  });
});

describe("§5 Lots / §9 — the minimum-variation percent is floored at 0,01", () => {
  it("raises smaller values to 0,01 and keeps larger ones", () => {
    expect(MIN_VARIATION_PERCENT).toBe(0.01);
    expect(floorMinimumVariationPercent(0)).toBe(0.01);
    expect(floorMinimumVariationPercent(0.001)).toBe(0.01);
    expect(floorMinimumVariationPercent(-5)).toBe(0.01);
    expect(floorMinimumVariationPercent(Number.NaN)).toBe(0.01);
    expect(floorMinimumVariationPercent(0.01)).toBe(0.01);
    expect(floorMinimumVariationPercent(0.5)).toBe(0.5);
    expect(floorMinimumVariationPercent(DEFAULT_PERCENT_VARIATION)).toBe(1);
  });
});

describe("percent input mask (trading-room §9: precision decimalsNumber or 2)", () => {
  it("fills from the right with the ' %' suffix", () => {
    expect(applyPercentMask("1")).toBe("0,01 %");
    expect(applyPercentMask("1250")).toBe("12,50 %");
    expect(applyPercentMask("10000")).toBe("100,00 %");
    expect(applyPercentMask("123456789")).toBe("123,45 %");
    expect(applyPercentMask("123456", 4)).toBe("12,3456 %");
    expect(applyPercentMask("")).toBe("");
  });
});

describe("trading-room §9 — a percent discount is computed on the reference price", () => {
  it("applies the discount at the reference price's scale, half up", () => {
    expect(priceAfterDiscount(10000, 10)).toBe(9000); // R$ 100,00 − 10 %
    expect(priceAfterDiscount(10000, 12.345)).toBe(8766); // 87,655 → 87,66
    expect(priceAfterDiscount(999, 33.33)).toBe(666); // 9,99 × 0,6667 = 6,660333
    expect(priceAfterDiscount(10000, 0)).toBe(10000);
    expect(priceAfterDiscount(10000, 100)).toBe(0);
  });

  it("gives the discount a price represents", () => {
    expect(discountPercent(10000, 9000)).toBe(10);
    expect(discountPercent(30000, 20000)).toBe(33.33);
    expect(discountPercent(30000, 10000)).toBe(66.67);
    expect(discountPercent(10000, 11000)).toBe(-10);
    expect(discountPercent(800, 799, 4)).toBe(0.125);
    expect(discountPercent(800, 799, 2)).toBe(0.13);
    expect(() => discountPercent(0, 100)).toThrow(RangeError);
  });
});
