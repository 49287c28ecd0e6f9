import { describe, expect, it } from "vitest";
import { afterTieCall, fictitiousTie, fictitiousTieBandPercent, firstTieCall } from "./tiebreak";
import type { AuctionBid, Bidder } from "./types";

const t = (s: number) => new Date(Date.UTC(2026, 2, 10, 13, 0, s));
const bid = (supplierId: string, value: number, s: number): AuctionBid => ({
  supplierId,
  value,
  createdAt: t(s),
});
const never = () => {
  throw new Error("no draw expected");
};
const bidders: Bidder[] = [
  { supplierId: "big" },
  { supplierId: "me1", isSmallBusiness: true },
  { supplierId: "me2", isSmallBusiness: true },
  { supplierId: "me3", isSmallBusiness: true },
];

describe("fictitious tie — band (LC 123/2006 art. 44 §§1–2)", () => {
  it("5% for pregão, 10% for the other modalities, none for the leilão", () => {
    expect(fictitiousTieBandPercent("NEW_ELECTRONIC_REVERSED_AUCTION")).toBe(5);
    expect(fictitiousTieBandPercent("ELECTRONIC_REVERSED_AUCTION")).toBe(5);
    expect(fictitiousTieBandPercent("ELECTRONIC_COMPETITION")).toBe(10);
    expect(fictitiousTieBandPercent("NEW_PRICES_SUBMISSION")).toBe(10);
    expect(fictitiousTieBandPercent("ELECTRONIC_DISPENSER")).toBe(10);
    expect(fictitiousTieBandPercent("ELECTRONIC_AUCTION")).toBeNull();
  });

  it("pregão: ME/EPP bids up to 5% above the best tie, in ranking order", () => {
    const bids = [bid("big", 10_000, 1), bid("me1", 10_500, 2), bid("me2", 10_400, 3), bid("me3", 10_501, 4)];
    const tie = fictitiousTie({
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      criterion: "LOWEST_PRICE",
      bids,
      bidders,
      random: never,
    });
    expect(tie).toMatchObject({ applies: true, bandPercent: 5, callOrder: ["me2", "me1"], draws: [] });
    expect(tie.best?.supplierId).toBe("big");
  });

  it("other modalities: up to 10%", () => {
    const bids = [bid("big", 10_000, 1), bid("me1", 11_000, 2), bid("me2", 11_001, 3)];
    const tie = fictitiousTie({
      modality: "ELECTRONIC_COMPETITION",
      criterion: "LOWEST_PRICE",
      bids,
      bidders,
      random: never,
    });
    expect(tie.callOrder).toEqual(["me1"]);
  });
});

describe("fictitious tie — when it does not apply (LC 123 art. 45 §2)", () => {
  const bids = [bid("big", 10_000, 1), bid("me1", 10_100, 2)];
  const base = {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const,
    criterion: "LOWEST_PRICE" as const,
    bidders,
    random: never,
  };

  it("the best bid is already an ME/EPP's", () => {
    expect(fictitiousTie({ ...base, bids: [bid("me1", 9_000, 0), ...bids] }).applies).toBe(false);
  });

  it("canApplyTiebreaker is off, the modality is the leilão, or the criterion is BIGGEST_PRICE", () => {
    expect(fictitiousTie({ ...base, bids, canApplyTiebreaker: false }).applies).toBe(false);
    expect(fictitiousTie({ ...base, bids, modality: "ELECTRONIC_AUCTION" }).applies).toBe(false);
    expect(fictitiousTie({ ...base, bids, criterion: "BIGGEST_PRICE" }).applies).toBe(false);
    expect(fictitiousTie({ ...base, bids }).applies).toBe(true);
  });

  it("no ME/EPP inside the band, no bids, or the ME/EPP is disqualified", () => {
    expect(fictitiousTie({ ...base, bids: [bid("big", 10_000, 1), bid("me1", 10_501, 2)] }).applies).toBe(
      false,
    );
    expect(fictitiousTie({ ...base, bids: [] })).toEqual({
      applies: false,
      bandPercent: 5,
      best: null,
      callOrder: [],
      draws: [],
    });
    const disqualified = [
      ...bidders.filter((b) => b.supplierId !== "me1"),
      { supplierId: "me1", isSmallBusiness: true, isQualified: false },
    ];
    expect(fictitiousTie({ ...base, bids, bidders: disqualified }).applies).toBe(false);
  });
});

describe("fictitious tie — draw for equal values (LC 123 art. 45 III)", () => {
  it("equal ME/EPP values are ordered by the injected draw, which is returned for the log", () => {
    const bids = [bid("big", 10_000, 1), bid("me1", 10_200, 2), bid("me2", 10_200, 3), bid("me3", 10_100, 4)];
    const values = [0.1];
    const tie = fictitiousTie({
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      criterion: "LOWEST_PRICE",
      bids,
      bidders,
      random: () => values.shift() ?? 0,
    });
    // me3 is better; me1 and me2 tie at 10.200: Fisher–Yates with 0.1 swaps them
    expect(tie.callOrder).toEqual(["me3", "me2", "me1"]);
    expect(tie.draws).toEqual([
      { value: 10_200, tiedSupplierIds: ["me1", "me2"], order: ["me2", "me1"], randomValues: [0.1] },
    ]);
  });

  it("a draw of 0.9 keeps the order; an out-of-range random number is refused", () => {
    const bids = [bid("big", 10_000, 1), bid("me1", 10_200, 2), bid("me2", 10_200, 3)];
    const input = {
      modality: "ELECTRONIC_COMPETITION" as const,
      criterion: "LOWEST_PRICE" as const,
      bids,
      bidders,
    };
    expect(fictitiousTie({ ...input, random: () => 0.9 }).callOrder).toEqual(["me1", "me2"]);
    expect(() => fictitiousTie({ ...input, random: () => 1 })).toThrow(RangeError);
  });

  it("BIGGEST_DISCOUNT compares the prices after discount", () => {
    // best 20 % (price 80); 19.6 % → 80.4 ≤ 84 (5 %); 15 % → 85 > 84
    const bids = [bid("big", 20, 1), bid("me1", 19.6, 2), bid("me2", 15, 3)];
    const tie = fictitiousTie({
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      criterion: "BIGGEST_DISCOUNT",
      bids,
      bidders,
      random: never,
    });
    expect(tie.callOrder).toEqual(["me1"]);
  });
});

describe("fictitious tie — calls (LC 123 art. 45 I–II, §3: 5 minutes each)", () => {
  const order = ["me1", "me2"];

  it("calls the best-placed first, then the next when one does not cover", () => {
    expect(firstTieCall(order)).toEqual({ kind: "CALL", supplierId: "me1", index: 0 });
    expect(afterTieCall(order, 0, false)).toEqual({ kind: "CALL", supplierId: "me2", index: 1 });
    expect(afterTieCall(order, 1, false)).toEqual({ kind: "NOT_COVERED" });
  });

  it("a called ME/EPP that covers the best ends the tie", () => {
    expect(afterTieCall(order, 1, true)).toEqual({ kind: "COVERED", supplierId: "me2" });
    expect(firstTieCall([])).toEqual({ kind: "NOT_COVERED" });
    expect(afterTieCall(order, 5, true)).toEqual({ kind: "NOT_COVERED" });
  });
});
