import { type LotPhase, STILL_VALID_PHASES } from "@certame/domain";
import type { LotRow } from "./auction.repository";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * What a lot tells about its winner's documents (trading-room §3 "Lot": the documents window and the
 * 'Prop. Readequadas' / 'Docs. de Habilitação' flags) and who its winner is, by anonymous number only
 * (§6 "Extra conditions": winner-only actions), once no competition is open.
 */
export function awardLotFields(lot: LotRow, numberOf: (supplierId: string) => number | null) {
  const settled = !!lot.negotiatingSupplierId && !STILL_VALID_PHASES.includes(lot.phase as LotPhase);
  return {
    attachingDocumentsStartDateTime: iso(lot.attachingDocumentsStartDateTime),
    attachingDocumentsEndingDateTime: iso(lot.attachingDocumentsEndingDateTime),
    isReadjustedProposalAttached: lot.isReadjustedProposalAttached,
    isQualifiedDocumentConfirmed: lot.isQualifiedDocumentConfirmed,
    isRegionalPreferenceApplied: lot.isRegionalPreferenceApplied,
    winner: settled
      ? { anonymousSupplierIdentificationNumber: numberOf(lot.negotiatingSupplierId as string) }
      : null,
  };
}
