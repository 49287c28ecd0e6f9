import { STILL_VALID_PHASES } from "@certame/domain";
import type { LotRow } from "./auction.repository";

// What a lot view tells about its winner (award/ acts on it; the lot view of auction-views.ts shows it).
// Here, with the lot view, so that the engine does not import the award feature built on it.

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
