import { describe, expect, it } from "vitest";
import {
  closedAndOpenFinalists,
  finalRanking,
  hasSealedBid,
  sealedBidEligibleSuppliers,
  sealedBidsToReveal,
  selectFinalists,
} from "./sealed-phase";
import type { AuctionBid } from "./types";

const t = (s: number) => new Date(Date.UTC(2026, 2, 10, 13, 0, s));
const bid = (supplierId: string, value: number, s: number, extra: Partial<AuctionBid> = {}): AuctionBid => ({
  supplierId,
  value,
  createdAt: t(s),
  ...extra,
});

describe("sealed phase — OPEN_AND_CLOSED eligibility (IN 73/2022 art. 24 §§1–2; Decreto 10.024 art. 33)", () => {
  it("the best and everyone up to 10% worse, when they are at least three", () => {
    const bids = [bid("a", 1000, 1), bid("b", 1050, 2), bid("c", 1100, 3), bid("d", 1101, 4)];
    expect(sealedBidEligibleSuppliers(bids, "LOWEST_PRICE")).toEqual(["a", "b", "c"]);
    const four = [...bids, bid("e", 1099, 5)];
    expect(sealedBidEligibleSuppliers(four, "LOWEST_PRICE")).toEqual(["a", "b", "e", "c"]);
  });

  it("fewer than three in the band: the best three in ranking order", () => {
    const bids = [bid("a", 1000, 1), bid("b", 1500, 2), bid("c", 2000, 3), bid("d", 2500, 4)];
    expect(sealedBidEligibleSuppliers(bids, "LOWEST_PRICE")).toEqual(["a", "b", "c"]);
    expect(sealedBidEligibleSuppliers(bids.slice(0, 2), "LOWEST_PRICE")).toEqual(["a", "b"]);
    expect(sealedBidEligibleSuppliers([], "LOWEST_PRICE")).toEqual([]);
  });

  it("uses each supplier's best live bid; disabled and disqualified bidders are left out", () => {
    const bids = [
      bid("a", 1200, 1),
      bid("a", 1000, 5),
      bid("b", 900, 2, { isCancelled: true }),
      bid("b", 1080, 3),
      bid("c", 950, 4),
      bid("d", 1090, 6),
    ];
    // best 950 → band up to 1045: c and a; fewer than three, so b (1080) joins as third
    expect(sealedBidEligibleSuppliers(bids, "LOWEST_PRICE")).toEqual(["c", "a", "b"]);
    expect(
      sealedBidEligibleSuppliers(bids, "LOWEST_PRICE", [
        { supplierId: "c", isEnabled: false },
        { supplierId: "d", isQualified: false },
      ]),
    ).toEqual(["a", "b"]);
  });

  it("BIGGEST_PRICE keeps bids at or above 90% of the best", () => {
    const bids = [bid("a", 1000, 1), bid("b", 900, 2), bid("c", 950, 3), bid("d", 899, 4)];
    expect(sealedBidEligibleSuppliers(bids, "BIGGEST_PRICE")).toEqual(["a", "c", "b"]);
  });

  it("equal values rank by the earlier registration", () => {
    const bids = [bid("late", 1000, 9), bid("early", 1000, 1), bid("x", 1500, 2), bid("y", 1600, 3)];
    expect(selectFinalists(bids, "LOWEST_PRICE").map((b) => b.supplierId)).toEqual(["early", "late", "x"]);
  });
});

describe("sealed phase — CLOSED_AND_OPEN selection for the open bidding (IN 73/2022 art. 25)", () => {
  it("the initial offers rank the bidders: best plus up to 10%, at least three", () => {
    const offers = [bid("a", 10, 1), bid("b", 14, 2), bid("c", 20, 3), bid("d", 8, 4)];
    // discount: best 20 % (price 80); 14 % → 86 ≤ 88; 10 % → 90 > 88; at least three
    expect(closedAndOpenFinalists(offers, "BIGGEST_DISCOUNT")).toEqual(["c", "b", "a"]);
  });
});

describe("sealed phase — one sealed bid each and the reveal", () => {
  const bids = [
    bid("a", 1000, 1),
    bid("b", 1050, 2),
    bid("b", 990, 20, { isSealed: true }),
    bid("a", 995, 21, { isSealed: true }),
    bid("c", 980, 22, { isSealed: true, isCancelled: true }),
  ];

  it("a sent sealed bid counts, even cancelled", () => {
    expect(hasSealedBid(bids, "b")).toBe(true);
    expect(hasSealedBid(bids, "c")).toBe(true);
    expect(hasSealedBid(bids, "z")).toBe(false);
  });

  it("reveals the live sealed bids best first; the final ranking keeps an open bid for who sent none", () => {
    expect(sealedBidsToReveal(bids, "LOWEST_PRICE").map((b) => b.supplierId)).toEqual(["b", "a"]);
    const withOpenOnly = [...bids, bid("d", 985, 3)];
    expect(finalRanking(withOpenOnly, "LOWEST_PRICE").map((b) => [b.supplierId, b.value])).toEqual([
      ["d", 985],
      ["b", 990],
      ["a", 995],
    ]);
  });
});
