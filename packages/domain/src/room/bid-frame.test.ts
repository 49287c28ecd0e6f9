import { describe, expect, it } from "vitest";
import { compactBidView, expandBidFrame, expandBidView, SAME_BID } from "./bid-frame";

// docs/live-room.md "Contract version 2" (issue 17 item 6): the compact bid frame and the one
// expansion every client applies before reading it.

const LOT = "lot-1";
const full = {
  id: "bid-1",
  batch: { id: LOT },
  batchId: LOT,
  unitPrice: 32400,
  percentDiscount: null,
  totalPrice: 3_888_000,
  quantity: 120,
  brand: null,
  kind: "LIVE",
  state: "ACTIVE",
  isCancelled: false,
  cancellationReason: null,
  isSealed: false,
  isOwn: false,
  anonymousSupplierIdentificationNumber: 3,
  supplier: null,
  nameToScreen: "Licitante 3",
  isQualified: true,
  isDisabled: false,
  isQualifiedAndEnabled: true,
  isBacklog: false,
  isWinner: false,
  createdDate: "2026-11-27T02:12:36.233Z",
};

describe("compact bid views", () => {
  it("leave out the defaults, the anonymous label and the lot, and come back whole", () => {
    const compact = compactBidView(full);
    expect(compact).toEqual({
      id: "bid-1",
      unitPrice: 32400,
      totalPrice: 3_888_000,
      quantity: 120,
      anonymousSupplierIdentificationNumber: 3,
      createdDate: "2026-11-27T02:12:36.233Z",
    });
    expect(expandBidView(compact, LOT)).toEqual(full);
  });

  it("keep whatever differs: a name once identities are open, a cancellation, an own bid", () => {
    const open = {
      ...full,
      supplier: {
        id: "s",
        corporateName: "Comercial Ltda",
        nameToScreen: "Comercial Ltda",
        isSmallBusiness: true,
      },
      nameToScreen: "Comercial Ltda",
      isOwn: true,
      isCancelled: true,
      state: "CANCELLED",
      cancellationReason: "Erro de digitação",
    };
    const compact = compactBidView(open);
    expect(compact).toMatchObject({ supplier: open.supplier, nameToScreen: "Comercial Ltda", isOwn: true });
    expect(expandBidView(compact, LOT)).toEqual(open);
  });
});

describe("expandBidFrame", () => {
  it("turns the best's reference into the bid, and adds the room's notice and the lot's id", () => {
    const wire = {
      batchId: LOT,
      bid: compactBidView(full),
      batch: { batchBestBid: SAME_BID, isInfeasible: false },
      serverTime: "2026-11-27T02:12:36.240Z",
    };
    const data = expandBidFrame(wire, "notice-1") as Record<string, any>;
    expect(data.auctionNoticeId).toBe("notice-1");
    expect(data.bid).toEqual(full);
    expect(data.batch).toEqual({ id: LOT, batchBestBid: full, isInfeasible: false });
  });

  it("expands a best that is another bid, leaves out what the frame does not tell, passes other data", () => {
    const other = {
      ...full,
      id: "bid-0",
      unitPrice: 32000,
      anonymousSupplierIdentificationNumber: 1,
      nameToScreen: "Licitante 1",
    };
    const data = expandBidFrame(
      {
        batchId: LOT,
        bidId: "bid-1",
        bid: compactBidView(full),
        batch: { batchBestBid: compactBidView(other) },
      },
      null,
    ) as Record<string, any>;
    expect(data.batch.batchBestBid).toEqual(other);
    expect(data.batch).not.toHaveProperty("biddingPhaseDueDateTime");
    expect(data.bidId).toBe("bid-1");
    expect(expandBidFrame({ text: "oi" }, "n")).toEqual({ text: "oi" });
    expect(expandBidFrame(null, "n")).toBeNull();
  });
});
