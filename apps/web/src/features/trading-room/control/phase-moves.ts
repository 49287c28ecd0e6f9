import {
  applyToNextLots,
  BULK_ACTION_SCOPE_LABELS,
  LOT_PHASE_LABELS,
  type LotFlowContext,
  type LotPhase,
  showsApplyToNextOnAdvance,
  showsApplyToNextOnRegress,
} from "@certame/domain";
import { type AppealMoveFields, appealFieldsError, appealMovePayload } from "../appeals/appeal-model";
import { criterionOf } from "../live/room-state";
import type { RoomLot, RoomNotice } from "../types";

// The next-phase and regress modals' rules (trading-room §2.6, §4 "Next-phase modal rules", §5).

export type MoveScope = "SELECTED_BATCH" | "ALL_BATCHES_IN_SAME_PHASE" | "NEXT_BATCHES";

export const APPLY_TO_NEXT_LABEL = "Aplicar ação para os próximos";
export const AWARD_AND_HOMOLOGATE_LABEL = "Adjudicar o lote/item e Homologar o Processo";
/** The regress justification, required when going back to BIDDING (§5); the spec's text limit. */
export const RESET_JUSTIFICATION_MAX_LENGTH = 5000;

export const SCOPE_LABELS: Record<MoveScope, string> = {
  SELECTED_BATCH: BULK_ACTION_SCOPE_LABELS.SELECTED_BATCH,
  ALL_BATCHES_IN_SAME_PHASE: BULK_ACTION_SCOPE_LABELS.ALL_BATCHES_IN_SAME_PHASE,
  NEXT_BATCHES: APPLY_TO_NEXT_LABEL,
};

export function flowContext(notice: RoomNotice, lot: RoomLot): LotFlowContext {
  return {
    modality: notice.modality,
    closingKind: notice.closingKind ?? "OPEN",
    licensePhase: notice.auctionLicensePhase ?? null,
    criterion: criterionOf(notice),
    hasPassedByQualification: lot.hasPassedByQualification === true,
  };
}

/** The phase option's label; AWARDING → CLOSING reads as adjudication and homologation (§2.6). */
export function movePhaseLabel(current: LotPhase, target: LotPhase): string {
  if (current === "AWARDING" && target === "CLOSING") return AWARD_AND_HOMOLOGATE_LABEL;
  return LOT_PHASE_LABELS[target];
}

/** The scopes a move offers. CLOSED_BID advances only the lots in the same phase (§4). */
export function moveScopes(kind: "NEXT" | "PREVIOUS", notice: RoomNotice, lot: RoomLot): MoveScope[] {
  const settings = { isBidsAutomaticStart: notice.isBidsAutomaticStart === true };
  const ctx = flowContext(notice, lot);
  const next =
    kind === "NEXT"
      ? showsApplyToNextOnAdvance(lot.phase, ctx, settings)
      : showsApplyToNextOnRegress(lot.phase, ctx, settings);
  const scopes: MoveScope[] =
    kind === "NEXT" && lot.phase === "CLOSED_BID"
      ? ["ALL_BATCHES_IN_SAME_PHASE"]
      : ["SELECTED_BATCH", "ALL_BATCHES_IN_SAME_PHASE"];
  return next ? [...scopes, "NEXT_BATCHES"] : scopes;
}

/** The lots a move takes. */
export function movedLotIds(
  lots: readonly RoomLot[],
  selected: RoomLot,
  scope: MoveScope,
  count: number,
): string[] {
  switch (scope) {
    case "SELECTED_BATCH":
      return [selected.id];
    case "ALL_BATCHES_IN_SAME_PHASE":
      return lots.filter((l) => l.phase === selected.phase).map((l) => l.id);
    case "NEXT_BATCHES":
      return applyToNextLots(lots, selected.id, count).map((l) => String(l.id));
  }
}

export interface MoveInput {
  scope: MoveScope;
  phase: LotPhase;
  count: number;
  justification?: string;
  /** The appeal terms of the next phase (appeal-model.ts; docs/live-room.md "Appeals"). */
  appeal?: AppealMoveFields;
}

/** go_to_next_phase data (docs/live-room.md). */
export function nextPhasePayload(
  notice: RoomNotice,
  lots: readonly RoomLot[],
  selected: RoomLot,
  input: MoveInput,
) {
  return {
    nextPhase: input.phase,
    batchesIds: movedLotIds(lots, selected, input.scope, input.count),
    auctionNoticeId: notice.id,
    ...(input.scope === "NEXT_BATCHES" ? { amountBatchToGoBiddingPhase: input.count } : {}),
    ...(input.appeal ? appealMovePayload(input.phase, input.appeal) : {}),
  };
}

/** regress_phase data; the justification is sent when going back to BIDDING. */
export function regressPayload(
  notice: RoomNotice,
  lots: readonly RoomLot[],
  selected: RoomLot,
  input: MoveInput,
) {
  return {
    previousPhase: input.phase,
    batchesIds: movedLotIds(lots, selected, input.scope, input.count),
    auctionNoticeId: notice.id,
    ...(input.phase === "BIDDING"
      ? { biddingPhaseResetJustification: input.justification?.trim() ?? "" }
      : {}),
    ...(input.scope === "NEXT_BATCHES" ? { amountBatchToGoBiddingPhase: input.count } : {}),
  };
}

/** Whether the modal may be confirmed (§5 "Room modals"). */
export function canConfirmMove(
  kind: "NEXT" | "PREVIOUS",
  input: Partial<MoveInput>,
  noticeInterestMinimum?: number | null,
): boolean {
  if (!input.scope || !input.phase) return false;
  if (kind === "PREVIOUS" && input.phase === "BIDDING") return (input.justification ?? "").trim().length > 0;
  if (kind === "NEXT" && input.appeal)
    return appealFieldsError(input.phase, input.appeal, noticeInterestMinimum) === null;
  return true;
}
