import { describe, expect, it } from "vitest";
import {
  bestBid,
  compareValues,
  fromCost,
  higherIsBetter,
  isBetter,
  isWithinMarginOfBest,
  lastBidOf,
  rankSuppliers,
  toCost,
} from "./bid-values";
import type { AuctionBid } from "./types";

const t = (s: number) => new Date(Date.UTC(2026, 2, 10, 13, 0, s));

describe("bid values — direction by criterion (DESIGN §4 'direction follows the judgement criterion')", () => {
  it("lower wins for LOWEST_PRICE and TECHNIQUE_AND_PRICE, higher for BIGGEST_DISCOUNT and BIGGEST_PRICE", () => {
    expect(isBetter(900, 1000, "LOWEST_PRICE")).toBe(true);
    expect(isBetter(900, 1000, "TECHNIQUE_AND_PRICE")).toBe(true);
    expect(isBetter(12.5, 12.4, "BIGGEST_DISCOUNT")).toBe(true);
    expect(isBetter(1100, 1000, "BIGGEST_PRICE")).toBe(true);
    expect(higherIsBetter("LOWEST_PRICE")).toBe(false);
    expect(compareValues(10.1, 10.1, "BIGGEST_DISCOUNT")).toBe(0);
  });

  it("percents compare exactly (0.1 + 0.2 against 0.3) and round-trip through the cost", () => {
    expect(compareValues(0.1 + 0.2, 0.3, "BIGGEST_DISCOUNT")).toBe(0);
    expect(fromCost(toCost(12.3456, "BIGGEST_DISCOUNT"), "BIGGEST_DISCOUNT")).toBe(12.3456);
    expect(fromCost(toCost(1234, "BIGGEST_PRICE"), "BIGGEST_PRICE")).toBe(1234);
    expect(() => toCost(10.5, "LOWEST_PRICE")).toThrow(RangeError);
  });

  it("ranks each supplier's best live bid, equal values by earlier registration", () => {
    const bids: AuctionBid[] = [
      { supplierId: "a", value: 1000, createdAt: t(1) },
      { supplierId: "a", value: 900, createdAt: t(5) },
      { supplierId: "b", value: 900, createdAt: t(3) },
      { supplierId: "c", value: 800, createdAt: t(6), isCancelled: true },
      { supplierId: "c", value: 950, createdAt: t(2) },
    ];
    expect(rankSuppliers(bids, "LOWEST_PRICE").map((b) => [b.supplierId, b.value])).toEqual([
      ["b", 900],
      ["a", 900],
      ["c", 950],
    ]);
    expect(bestBid(bids, "LOWEST_PRICE")?.supplierId).toBe("b");
    expect(bestBid([], "LOWEST_PRICE")).toBeNull();
    expect(lastBidOf(bids, "c")?.value).toBe(950);
    expect(lastBidOf(bids, "z")).toBeNull();
  });

  it("margins: up to p% worse than the best, exactly at the bound included", () => {
    expect(isWithinMarginOfBest(1100, 1000, "LOWEST_PRICE", 10)).toBe(true);
    expect(isWithinMarginOfBest(1101, 1000, "LOWEST_PRICE", 10)).toBe(false);
    expect(isWithinMarginOfBest(900, 1000, "BIGGEST_PRICE", 10)).toBe(true);
    expect(isWithinMarginOfBest(899, 1000, "BIGGEST_PRICE", 10)).toBe(false);
    // discount: prices after discount 80 (best) and 88 → 10% worse
    expect(isWithinMarginOfBest(12, 20, "BIGGEST_DISCOUNT", 10)).toBe(true);
    expect(isWithinMarginOfBest(11.99, 20, "BIGGEST_DISCOUNT", 10)).toBe(false);
    expect(isWithinMarginOfBest(1050, 1000, "LOWEST_PRICE", 5)).toBe(true);
    expect(isWithinMarginOfBest(1051, 1000, "LOWEST_PRICE", 5)).toBe(false);
  });
});
