import { describe, expect, it } from "vitest";
import type { JudgementCriterion } from "../enums/judgement";
import { compareBids, isCancelledBid, type OrderableBid, sortBids } from "./bid-ordering";

type Bid = OrderableBid & { id: string };

const ids = (bids: readonly Bid[]) => bids.map((b) => b.id);
const base = { isQualifiedAndEnabled: true, createdDate: "2026-03-10T10:00:00.000Z" };

describe("§4 Bid ordering", () => {
  it("1. backlog bids come first, before qualified, winning and cheaper bids", () => {
    const bids: Bid[] = [
      { ...base, id: "winner", isWinner: true, unitPrice: 1 },
      { id: "backlog", isBacklog: true, isQualifiedAndEnabled: false, unitPrice: 500 },
    ];
    expect(ids(sortBids(bids, "LOWEST_PRICE"))).toEqual(["backlog", "winner"]);
  });

  it("2. qualified-and-enabled come before others, even cheaper winners", () => {
    const bids: Bid[] = [
      { id: "disqualified", isQualifiedAndEnabled: false, isWinner: true, unitPrice: 1 },
      { ...base, id: "qualified", unitPrice: 100 },
    ];
    expect(ids(sortBids(bids, "LOWEST_PRICE"))).toEqual(["qualified", "disqualified"]);
  });

  it("3. winners come before cheaper non-winners", () => {
    const bids: Bid[] = [
      { ...base, id: "cheap", unitPrice: 50 },
      { ...base, id: "winner", isWinner: true, unitPrice: 100 },
    ];
    expect(ids(sortBids(bids, "LOWEST_PRICE"))).toEqual(["winner", "cheap"]);
  });

  it.each<[JudgementCriterion, string[]]>([
    ["LOWEST_PRICE", ["p90/d10", "p100/d30", "p110/d20"]],
    ["TECHNIQUE_AND_PRICE", ["p90/d10", "p100/d30", "p110/d20"]],
    ["BIGGEST_PRICE", ["p110/d20", "p100/d30", "p90/d10"]],
    ["BIGGEST_DISCOUNT", ["p100/d30", "p110/d20", "p90/d10"]],
  ])("4. price order for %s", (criterion, expected) => {
    const bids: Bid[] = [
      { ...base, id: "p100/d30", unitPrice: 100, percentDiscount: 30 },
      { ...base, id: "p90/d10", unitPrice: 90, percentDiscount: 10 },
      { ...base, id: "p110/d20", unitPrice: 110, percentDiscount: 20 },
    ];
    expect(ids(sortBids(bids, criterion))).toEqual(expected);
  });

  it("4. a bid without the ranking value goes after priced bids, in both directions", () => {
    const bids: Bid[] = [
      { ...base, id: "none", unitPrice: null },
      { ...base, id: "p1", unitPrice: 1 },
      { ...base, id: "p2", unitPrice: 2 },
    ];
    expect(ids(sortBids(bids, "LOWEST_PRICE"))).toEqual(["p1", "p2", "none"]);
    expect(ids(sortBids(bids, "BIGGEST_PRICE"))).toEqual(["p2", "p1", "none"]);
  });

  it("5. equal price: the earlier createdDate first (Date or ISO string)", () => {
    const bids: Bid[] = [
      {
        isQualifiedAndEnabled: true,
        id: "later",
        unitPrice: 100,
        createdDate: new Date("2026-03-10T10:00:00.500Z"),
      },
      { isQualifiedAndEnabled: true, id: "earlier", unitPrice: 100, createdDate: "2026-03-10T10:00:00.100Z" },
      { isQualifiedAndEnabled: true, id: "undated", unitPrice: 100 },
    ];
    expect(ids(sortBids(bids, "LOWEST_PRICE"))).toEqual(["earlier", "later", "undated"]);
  });

  it("criteria without a price rule in the spec order by createdDate only", () => {
    const bids: Bid[] = [
      { ...base, id: "cheap-late", unitPrice: 1, createdDate: "2026-03-10T11:00:00Z" },
      { ...base, id: "dear-early", unitPrice: 9, createdDate: "2026-03-10T09:00:00Z" },
    ];
    expect(ids(sortBids(bids, "BEST_TECHNICAL"))).toEqual(["dear-early", "cheap-late"]);
    expect(ids(sortBids(bids, "LOWEST_PRICE"))).toEqual(["cheap-late", "dear-early"]);
  });

  it("is stable: fully equal bids keep their input order", () => {
    const bids: Bid[] = ["a", "b", "c", "d"].map((id) => ({ ...base, id, unitPrice: 10 }));
    expect(ids(sortBids(bids, "LOWEST_PRICE"))).toEqual(["a", "b", "c", "d"]);
    expect(ids(sortBids([...bids].reverse(), "LOWEST_PRICE"))).toEqual(["d", "c", "b", "a"]);
  });

  it("returns a copy and leaves the input untouched", () => {
    const bids: Bid[] = [
      { ...base, id: "b", unitPrice: 2 },
      { ...base, id: "a", unitPrice: 1 },
    ];
    const sorted = sortBids(bids, "LOWEST_PRICE");
    expect(ids(bids)).toEqual(["b", "a"]);
    expect(sorted).not.toBe(bids);
  });

  it("compareBids is antisymmetric on a decided pair", () => {
    const cmp = compareBids("LOWEST_PRICE");
    const a: Bid = { ...base, id: "a", unitPrice: 1 };
    const b: Bid = { ...base, id: "b", unitPrice: 2 };
    expect(cmp(a, b)).toBeLessThan(0);
    expect(cmp(b, a)).toBeGreaterThan(0);
    expect(cmp(a, { ...a })).toBe(0);
  });
});

describe("§3 Bid: cancelled state", () => {
  it.each([
    [{ state: "CANCELLED" }, true],
    [{ state: "ARCHIVED" }, true],
    [{ isCancelled: true }, true],
    [{ state: "ACTIVE", isCancelled: false }, false],
    [{}, false],
  ])("%o → %s", (bid, cancelled) => {
    expect(isCancelledBid(bid)).toBe(cancelled);
  });
});
