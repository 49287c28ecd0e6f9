import { can, type RoomAction, type RoomPermissionContext } from "@certame/domain";
import { criterionOf, headLots, noticeStatusOf, type RoomState, selectedLot } from "./live/room-state";
import type { RoomLot } from "./types";

// The room shows or hides each control with the domain's permission matrix (trading-room §6), the
// same table the server enforces; nothing here grants what the server would refuse.

export function permissionContext(
  state: RoomState,
  now: Date,
  lot: RoomLot | null = selectedLot(state),
): RoomPermissionContext | null {
  const notice = state.notice;
  if (!notice) return null;
  const items = lot ? notice.batches.filter((b) => b.number === lot.number) : [];
  return {
    modality: notice.modality,
    status: notice.effectiveStatus ?? noticeStatusOf(notice),
    phase: lot?.phase ?? null,
    now,
    licensePhase: notice.auctionLicensePhase ?? null,
    closingKind: notice.closingKind ?? null,
    hasPassedByQualification: lot?.hasPassedByQualification ?? false,
    attachingDocumentsEndingDateTime: lot?.attachingDocumentsEndingDateTime ?? null,
    hasManyItems: items.length > 1,
    shouldDiscloseReferencePrice: notice.shouldDiscloseReferencePrice === true,
    isProductBrandRequired: lot?.isProductBrandRequired === true,
    batchItemParticipation: lot?.batchItemParticipation ?? null,
    lotPhases: headLots(notice).map((l) => l.phase),
    criterion: criterionOf(notice),
    canApplyRegionalPreference: notice.canApplyRegionalPreference === true,
    isRegionalPreferenceApplied: lot?.isRegionalPreferenceApplied ?? null,
    bids: state.bids,
  };
}

/** Whether the user's room role may take the action on the lot (the selected one by default). */
export function allowed(state: RoomState, action: RoomAction, now: Date, lot?: RoomLot | null): boolean {
  const ctx = permissionContext(state, now, lot === undefined ? selectedLot(state) : lot);
  return ctx !== null && can(state.role, action, ctx);
}

/**
 * SEND_BIDS_IN_BATCH, narrowed by what the lot's live view says about who may bid now (docs/live-room.md):
 * in TIEBREAKER only the called ME/EPP, in NEGOTIATION only the best-placed supplier, in the sealed
 * stage only the finalists.
 */
export function maySendBid(state: RoomState, now: Date): boolean {
  const lot = selectedLot(state);
  if (!lot || !allowed(state, "SEND_BIDS_IN_BATCH", now, lot)) return false;
  const mine = state.anonymousNumber;
  if (lot.phase === "TIEBREAKER" && lot.tiebreaker) return lot.tiebreaker.calledAnonymousNumber === mine;
  if (lot.phase === "NEGOTIATION" && lot.negotiation)
    return lot.negotiation.anonymousSupplierIdentificationNumber === mine;
  if (lot.phase === "BIDDING" && lot.finalistsAnonymousNumbers)
    return mine !== null && lot.finalistsAnonymousNumbers.includes(mine);
  return true;
}
