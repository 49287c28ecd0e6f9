import type { RoomLot, RoomNotice } from "../types";

// The winner's documents events in the room state (docs/live-room.md "Winner's documents"). Kept
// apart from room-state.ts (which only dispatches here) so the award files stay self-contained.

/** §4 "Other pushed events": the documents window set or extended, the proposal and documents attached. */
export const AWARD_ACTIONS = [
  "ATTACHING_DOCUMENTS_CONFIGURED",
  "READJUSTED_PROPOSAL_ATTACHED",
  "QUALIFIED_DOCUMENT_ATTACHED",
  "PROOF_PAYMENT_ATTACHED",
  "WINNER_BROAD_PARTICIPATION_INDICATED",
  "REGIONAL_PREFERENTE_CONFIGURED",
] as const;

export const isAwardAction = (action: string) => (AWARD_ACTIONS as readonly string[]).includes(action);

/** What the server tells of a lot's winner and its documents (the lot view and the award events). */
export interface AwardLotFields {
  attachingDocumentsStartDateTime?: string | null;
  attachingDocumentsEndingDateTime?: string | null;
  isReadjustedProposalAttached?: boolean | null;
  isQualifiedDocumentConfirmed?: boolean | null;
  isRegionalPreferenceApplied?: boolean | null;
  /** The lot's winner by anonymous number, once no competition is open. */
  winner?: { anonymousSupplierIdentificationNumber: number | null } | null;
}

export interface AwardEventData {
  auctionNoticeId?: string;
  batchesIds?: string[];
  batches?: (AwardLotFields & { id: string })[];
}

const FIELDS: readonly (keyof AwardLotFields)[] = [
  "attachingDocumentsStartDateTime",
  "attachingDocumentsEndingDateTime",
  "isReadjustedProposalAttached",
  "isQualifiedDocumentConfirmed",
  "isRegionalPreferenceApplied",
  "winner",
];

/**
 * Merges the lots of an award event into the notice's head rows; another notice's event is ignored.
 * Typed by the room state's notice alone: room-state.ts imports this file, not the other way round.
 */
export function applyAwardEvent<State extends { notice: RoomNotice | null }>(
  state: State,
  data: AwardEventData,
): State {
  const notice = state.notice;
  if (!notice || (data.auctionNoticeId && data.auctionNoticeId !== notice.id)) return state;
  const byId = new Map((data.batches ?? []).map((b) => [b.id, b]));
  if (byId.size === 0) return state;
  return {
    ...state,
    notice: {
      ...notice,
      batches: notice.batches.map((row) => {
        const update = byId.get(row.id);
        if (!update) return row;
        const changed = Object.fromEntries(FIELDS.filter((k) => k in update).map((k) => [k, update[k]]));
        return { ...row, ...changed } as RoomLot & AwardLotFields;
      }),
    },
  };
}
