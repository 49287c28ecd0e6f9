import { describe, expect, it } from "vitest";
import {
  coversWinner,
  infeasibilityThresholdPercent,
  isInfeasiblePrice,
  isWinnerInBroadLotWithDivergentBid,
  prevailingValueForSameWinner,
  type RegionalBid,
  regionalPreferenceCandidates,
  regionalPreferenceWarning,
} from "./price-flags";

const base = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const,
  subModality: "GOODS_ACQUISITION" as const,
  criterion: "LOWEST_PRICE" as const,
  phase: "NEGOTIATION" as const,
  referencePrice: 100_000,
};

describe("price flags — infeasible price (IN 73/2022 art. 34; Lei 14.133 art. 59 §4)", () => {
  it("thresholds: 50% for goods and services, 75% for engineering, none for sales and fluid markets", () => {
    expect(infeasibilityThresholdPercent("GOODS_ACQUISITION")).toBe(50);
    expect(infeasibilityThresholdPercent("HIRING_SPECIAL_SERVICES")).toBe(50);
    expect(infeasibilityThresholdPercent("CONSTRUCTION")).toBe(75);
    expect(infeasibilityThresholdPercent("HIRING_COMMON_ENGINEERING_SERVICES")).toBe(75);
    expect(infeasibilityThresholdPercent("SALE")).toBeNull();
    expect(infeasibilityThresholdPercent("FLUID_MARKETS")).toBeNull();
  });

  it("goods: below 50% of the reference is flagged, exactly 50% is not", () => {
    expect(isInfeasiblePrice({ ...base, bestValue: 49_999 })).toBe(true);
    expect(isInfeasiblePrice({ ...base, bestValue: 50_000 })).toBe(false);
  });

  it("engineering: below 75% is flagged", () => {
    const eng = { ...base, subModality: "SPECIAL_CONSTRUCTION" as const };
    expect(isInfeasiblePrice({ ...eng, bestValue: 74_999 })).toBe(true);
    expect(isInfeasiblePrice({ ...eng, bestValue: 75_000 })).toBe(false);
  });

  it("BIGGEST_DISCOUNT: the price after the discount on the reference price", () => {
    const d = { ...base, criterion: "BIGGEST_DISCOUNT" as const };
    expect(isInfeasiblePrice({ ...d, bestValue: 50.01 })).toBe(true);
    expect(isInfeasiblePrice({ ...d, bestValue: 50 })).toBe(false);
  });

  it("not flagged for old modalities, BIGGEST_PRICE, phases outside the judgement, or missing data", () => {
    expect(isInfeasiblePrice({ ...base, modality: "ELECTRONIC_REVERSED_AUCTION", bestValue: 1 })).toBe(false);
    expect(isInfeasiblePrice({ ...base, criterion: "BIGGEST_PRICE", bestValue: 1 })).toBe(false);
    expect(isInfeasiblePrice({ ...base, phase: "CLOSED_FOR_OFFERS", bestValue: 1 })).toBe(false);
    expect(isInfeasiblePrice({ ...base, phase: "AWARDING", bestValue: 1 })).toBe(false);
    expect(isInfeasiblePrice({ ...base, phase: "BIDDING", bestValue: 1 })).toBe(true);
    expect(isInfeasiblePrice({ ...base, bestValue: null })).toBe(false);
    expect(isInfeasiblePrice({ ...base, referencePrice: 0, bestValue: 1 })).toBe(false);
    expect(isInfeasiblePrice({ ...base, subModality: "SALE", bestValue: 1 })).toBe(false);
  });
});

describe("price flags — divergent bid of the reserved quota (LC 123 art. 48 III; Decreto 8.538/2015 art. 8 §3)", () => {
  const a900 = { supplierId: 7, value: 900 };

  it("flags a DIFFERENTIATED lot whose winner also won the wide lot with another value", () => {
    const input = { participation: "DIFFERENTIATED" as const, criterion: "LOWEST_PRICE" as const };
    expect(
      isWinnerInBroadLotWithDivergentBid({
        ...input,
        quotaWinner: a900,
        broadWinner: { supplierId: "7", value: 850 },
      }),
    ).toBe(true);
    expect(
      isWinnerInBroadLotWithDivergentBid({
        ...input,
        quotaWinner: a900,
        broadWinner: { supplierId: 7, value: 900 },
      }),
    ).toBe(false);
    expect(
      isWinnerInBroadLotWithDivergentBid({
        ...input,
        quotaWinner: a900,
        broadWinner: { supplierId: 8, value: 850 },
      }),
    ).toBe(false);
    expect(isWinnerInBroadLotWithDivergentBid({ ...input, quotaWinner: a900, broadWinner: null })).toBe(
      false,
    );
    expect(
      isWinnerInBroadLotWithDivergentBid({
        ...input,
        participation: "WIDE_PARTICIPATION",
        quotaWinner: a900,
        broadWinner: { supplierId: 7, value: 850 },
      }),
    ).toBe(false);
  });

  it("the better value prevails for both quotas", () => {
    expect(prevailingValueForSameWinner(900, 850, "LOWEST_PRICE")).toBe(850);
    expect(prevailingValueForSameWinner(800, 850, "LOWEST_PRICE")).toBe(800);
    expect(prevailingValueForSameWinner(10, 12, "BIGGEST_DISCOUNT")).toBe(12);
  });
});

describe("price flags — regional preference (LC 123 art. 48 §3; trading-room §6, §9)", () => {
  const t = new Date("2026-03-10T13:00:00Z");
  const winner: RegionalBid = { supplierId: "w", value: 10_000, createdAt: t };
  const rb = (supplierId: string, value: number, extra: Partial<RegionalBid> = {}): RegionalBid => ({
    supplierId,
    value,
    createdAt: t,
    isRegionalPreferenceLocation: true,
    isQualifiedAndEnabled: true,
    isSmallBusiness: true,
    ...extra,
  });

  it("regional declarants, qualified and enabled, up to 110% of the winner, best first", () => {
    const bids = [
      winner,
      rb("a", 11_000),
      rb("b", 10_500),
      rb("c", 11_001),
      rb("d", 10_100, { isRegionalPreferenceLocation: false }),
      rb("e", 10_100, { isQualifiedAndEnabled: false }),
      rb("f", 10_050, { isCancelled: true }),
    ];
    expect(regionalPreferenceCandidates(bids, winner, "LOWEST_PRICE").map((b) => b.supplierId)).toEqual([
      "b",
      "a",
    ]);
  });

  it("BIGGEST_PRICE: at or above 90% of the winner", () => {
    const bids = [rb("a", 9_000), rb("b", 8_999)];
    expect(regionalPreferenceCandidates(bids, winner, "BIGGEST_PRICE").map((b) => b.supplierId)).toEqual([
      "a",
    ]);
  });

  it("warns below 3 qualifying small businesses (LC 123 art. 49 II)", () => {
    expect(regionalPreferenceWarning([rb("a", 1), rb("b", 1)])).toContain("menos de 3");
    expect(
      regionalPreferenceWarning([rb("a", 1), rb("b", 1), rb("c", 1, { isSmallBusiness: false })]),
    ).toContain("menos de 3");
    expect(regionalPreferenceWarning([rb("a", 1), rb("b", 1), rb("c", 1)])).toBeNull();
  });

  it("the preferred bidder covers only with a strictly better value", () => {
    expect(coversWinner(9_999, winner, "LOWEST_PRICE")).toBe(true);
    expect(coversWinner(10_000, winner, "LOWEST_PRICE")).toBe(false);
  });
});
