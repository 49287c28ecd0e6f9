import type { BidView } from "../engine/auction-views";
import { anonymousSupplierName } from "../state/audience";
import type { BacklogBidRow } from "./award.repository";

/**
 * A reserve-register bid as the room shows bids (docs/live-room.md BidView), always by anonymous
 * number: it is a bidder's act during qualification, where no name is needed.
 */
export function backlogBidView(
  row: BacklogBidRow,
  number: number | null,
  own: boolean,
): BidView & { canGetCurrentBestBid: boolean } {
  return {
    id: row.id,
    batch: { id: row.batchId },
    batchId: row.batchId,
    unitPrice: row.unitPrice,
    percentDiscount: row.percentDiscount === null ? null : Number(row.percentDiscount),
    totalPrice: null,
    quantity: null,
    brand: null,
    kind: "BACKLOG",
    state: "ACTIVE",
    isCancelled: false,
    cancellationReason: null,
    isSealed: false,
    isOwn: own,
    anonymousSupplierIdentificationNumber: number,
    supplier: null,
    nameToScreen: anonymousSupplierName(number),
    isQualified: true,
    isDisabled: false,
    isQualifiedAndEnabled: true,
    isBacklog: true,
    isWinner: false,
    canGetCurrentBestBid: row.canGetCurrentBestBid,
    createdDate: row.createdDate.toISOString(),
  };
}
