import { describe, expect, it } from "vitest";
import { bid } from "../../../test/room-fixtures";
import {
  bidModeOf,
  bidPayload,
  deletableOwnBid,
  formatBidValue,
  lotDecimals,
  negotiationConfirmText,
  priceToScaled,
} from "./bid-input";

describe("new bid input (§5 'Room bids')", () => {
  it("bids a percent only for BIGGEST_DISCOUNT", () => {
    expect(bidModeOf("BIGGEST_DISCOUNT")).toBe("DISCOUNT");
    expect(bidModeOf("LOWEST_PRICE")).toBe("PRICE");
    expect(bidModeOf("BIGGEST_PRICE")).toBe("PRICE");
  });

  it("reads the lot's decimals (TWO/FOUR, default 2)", () => {
    expect(lotDecimals({ decimalsNumber: 4 })).toBe(4);
    expect(lotDecimals({ decimalsNumber: "FOUR" })).toBe(4);
    expect(lotDecimals({ decimalsNumber: null })).toBe(2);
    expect(lotDecimals(null)).toBe(2);
  });

  it("sends a price × 10^decimals as an integer", () => {
    expect(priceToScaled(28.9, 2)).toBe(2890);
    expect(priceToScaled(1.23456, 4)).toBe(12346);
    // The money input already holds the scaled amount; a stray fraction is rounded.
    expect(bidPayload("lot-1", "PRICE", 2890, 2)).toEqual({ batchId: "lot-1", value: 2890 });
    expect(bidPayload("lot-1", "PRICE", 2889.6, 2)).toEqual({ batchId: "lot-1", value: 2890 });
  });

  it("sends a discount as the raw percent at the input's precision", () => {
    expect(bidPayload("lot-1", "DISCOUNT", 12.5, 2)).toEqual({ batchId: "lot-1", value: 12.5 });
    expect(bidPayload("lot-1", "DISCOUNT", 12.34567, 4)).toEqual({ batchId: "lot-1", value: 12.3457 });
  });

  it("ignores a bid without a lot or a value", () => {
    expect(bidPayload(null, "PRICE", 100, 2)).toBeNull();
    expect(bidPayload("lot-1", "PRICE", null, 2)).toBeNull();
    expect(bidPayload("lot-1", "PRICE", 0, 2)).toBeNull();
  });

  it("formats bids as BRL or percent", () => {
    expect(formatBidValue(bid(1, 2890), "PRICE", 2)).toBe("R$ 28,90");
    expect(formatBidValue(bid(1, 128900), "PRICE", 4)).toBe("R$ 12,8900");
    expect(formatBidValue(bid(1, 0, { unitPrice: null, percentDiscount: 7.5 }), "DISCOUNT", 2)).toBe(
      "7,50 %",
    );
    expect(formatBidValue(null, "PRICE", 2)).toBe("-");
  });

  it("writes the NEGOTIATION confirmation verbatim", () => {
    expect(negotiationConfirmText("R$ 28,90", "R$ 27,00")).toBe(
      "Seu lance atual é de R$ 28,90, deseja mesmo cadastrar um novo lance no valor de R$ 27,00? Lances cadastrados nessa etapa do processo não poderão ser cancelados",
    );
  });
});

describe("own bid deletion window", () => {
  const now = new Date("2026-03-10T12:01:10.000Z");

  it("offers the user's latest live bid within 15 s", () => {
    const bids = [
      bid(1, 2600, { isOwn: true, createdDate: "2026-03-10T12:00:50.000Z" }),
      bid(1, 2500, { isOwn: true, createdDate: "2026-03-10T12:01:00.000Z" }),
      bid(2, 2400, { createdDate: "2026-03-10T12:01:05.000Z" }),
    ];
    expect(deletableOwnBid(bids, now)).toEqual({ bid: bids[1], secondsLeft: 5 });
  });

  it("offers nothing after 15 s or for a cancelled bid", () => {
    expect(
      deletableOwnBid([bid(1, 2500, { isOwn: true, createdDate: "2026-03-10T12:00:55.000Z" })], now),
    ).toBeNull();
    expect(
      deletableOwnBid(
        [bid(1, 2500, { isOwn: true, isCancelled: true, createdDate: "2026-03-10T12:01:05.000Z" })],
        now,
      ),
    ).toBeNull();
  });
});
