// The winner's documents' live events (trading-room §2.3 action panel, §2.6, §7; docs/live-room.md
// "Winner's documents"): their payload schemas (the names are in ../live-events.ts). The broadcasts
// only confirm a change an HTTP call already committed and pushed.
import { z } from "zod";
import { AWARD_EVENTS } from "../live-events";

/** broadcast_configure_attaching_documents_date_time: the documents window (initialize or extend). */
export const awardConfigureSchema = z.object({
  batchId: z.uuid(),
  auctionNoticeId: z.uuid().optional().nullable(),
  chatChannelId: z.uuid().optional().nullable(),
  /** H = a number of hours, D = a fixed date (§5); inferred from the fields when absent. */
  deadlineKind: z.enum(["H", "D"]).optional().nullable(),
  amountHour: z.number().finite().optional().nullable(),
  deadlineDateTime: z.string().max(40).optional().nullable(),
  canOverwriteAllBatches: z.boolean().optional().nullable(),
  isExtendingDateTime: z.boolean().optional().nullable(),
  currentBatchPhase: z.string().max(60).optional().nullable(),
});
/** indicate_winner_board_participation. */
export const awardIndicateSchema = z.object({
  batchId: z.uuid(),
  auctionNoticeId: z.uuid().optional().nullable(),
  /** The wide-participation lot whose winner takes the quota; the lot's own link when absent. */
  referenceBatchId: z.uuid().optional().nullable(),
});
/** apply_regional_preference. */
export const awardRegionalSchema = z.object({
  batchId: z.uuid(),
  auctionNoticeId: z.uuid().optional().nullable(),
  applyRegionalPreference: z.boolean(),
});
/** create_backlog_bid. */
export const awardBacklogSchema = z.object({
  batchId: z.uuid(),
  /** §5: default true — the bidder takes the winner's current best bid. */
  canGetCurrentBestBid: z.boolean().optional().nullable(),
});
/** broadcast_readjusted_proposal_attached, _qualification_document_attached, _proof_payment_attached. */
export const awardBroadcastSchema = z.object({
  batchId: z.uuid(),
  auctionNoticeId: z.uuid().optional().nullable(),
  canSandMessage: z.boolean().optional().nullable(),
});

export type AwardConfigurePayload = z.input<typeof awardConfigureSchema>;
export type AwardConfigureInput = z.output<typeof awardConfigureSchema>;
export type AwardIndicatePayload = z.input<typeof awardIndicateSchema>;
export type AwardIndicateInput = z.output<typeof awardIndicateSchema>;
export type AwardRegionalPayload = z.input<typeof awardRegionalSchema>;
export type AwardRegionalInput = z.output<typeof awardRegionalSchema>;
export type AwardBacklogPayload = z.input<typeof awardBacklogSchema>;
export type AwardBacklogInput = z.output<typeof awardBacklogSchema>;
export type AwardBroadcastPayload = z.input<typeof awardBroadcastSchema>;
export type AwardBroadcastInput = z.output<typeof awardBroadcastSchema>;

export const AWARD_EVENT_SCHEMAS = {
  [AWARD_EVENTS.broadcastConfigureAttachingDocumentsDateTime]: awardConfigureSchema,
  [AWARD_EVENTS.broadcastReadjustedProposalAttached]: awardBroadcastSchema,
  [AWARD_EVENTS.broadcastQualificationDocumentAttached]: awardBroadcastSchema,
  [AWARD_EVENTS.broadcastProofPaymentAttached]: awardBroadcastSchema,
  [AWARD_EVENTS.indicateWinnerBoardParticipation]: awardIndicateSchema,
  [AWARD_EVENTS.applyRegionalPreference]: awardRegionalSchema,
  [AWARD_EVENTS.createBacklogBid]: awardBacklogSchema,
} as const;
