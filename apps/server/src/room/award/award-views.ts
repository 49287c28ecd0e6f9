import { STILL_VALID_PHASES } from "@certame/domain";
import { anonymousSupplierName } from "../chat/chat-views";
import type { LotRow } from "../engine/auction.repository";
import type { BidView } from "../engine/auction-views";
import type { BacklogBidRow } from "./award.repository";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The lot's winner (negotiatingSupplierId) once no competition is open in it, else null. */
export const lotWinnerId = (lot: Pick<LotRow, "negotiatingSupplierId" | "phase">): string | null =>
  lot.negotiatingSupplierId && !STILL_VALID_PHASES.includes(lot.phase) ? lot.negotiatingSupplierId : null;

/**
 * What a lot tells about its winner's documents (trading-room §3 "Lot": the documents window and the
 * 'Prop. Readequadas' / 'Docs. de Habilitação' flags) and who its winner is, by anonymous number only
 * (§6 "Extra conditions": winner-only actions), once no competition is open.
 */
export function awardLotFields(lot: LotRow, numberOf: (supplierId: string) => number | null) {
  const winnerId = lotWinnerId(lot);
  return {
    attachingDocumentsStartDateTime: iso(lot.attachingDocumentsStartDateTime),
    attachingDocumentsEndingDateTime: iso(lot.attachingDocumentsEndingDateTime),
    isReadjustedProposalAttached: lot.isReadjustedProposalAttached,
    isQualifiedDocumentConfirmed: lot.isQualifiedDocumentConfirmed,
    isRegionalPreferenceApplied: lot.isRegionalPreferenceApplied,
    winner: winnerId ? { anonymousSupplierIdentificationNumber: numberOf(winnerId) } : null,
  };
}

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
