// The appeals' live events (trading-room §2.6, §7; docs/live-room.md "Appeals"): their payload
// schemas (the names are in ../live-events.ts). Texts are bounded loosely here; the server checks the
// §9 limits with their own messages. The broadcasts only confirm a change an HTTP call already
// committed and pushed.
import { z } from "zod";
import { APPEAL_EVENTS } from "../live-events";

const longText = z.string().max(20_000).optional().nullable();
const disputesIds = z.array(z.uuid()).min(1).max(5000);

/** manifest_interest_in_dispute and waive_interest_in_dispute: one lot (batchId) or the whole notice. */
export const appealScopeSchema = z.object({
  reason: longText,
  batchId: z.uuid().optional().nullable(),
  auctionNoticeId: z.uuid().optional().nullable(),
});
/** refuse_dispute_manifestation. */
export const appealRefuseSchema = z.object({ reason: longText, disputesIds });
/** broadcast_dispute_judgment. */
export const appealBroadcastIdsSchema = z.object({ disputesIds });
/** broadcast_dispute_document_attached and broadcast_dispute_counter_argument_document_attached. */
export const appealBroadcastLotSchema = z.object({
  batchId: z.uuid().optional().nullable(),
  auctionNoticeId: z.uuid().optional().nullable(),
});

export type AppealScopePayload = z.input<typeof appealScopeSchema>;
export type AppealScopeInput = z.output<typeof appealScopeSchema>;
export type AppealRefusePayload = z.input<typeof appealRefuseSchema>;
export type AppealRefuseInput = z.output<typeof appealRefuseSchema>;
export type AppealBroadcastIdsPayload = z.input<typeof appealBroadcastIdsSchema>;
export type AppealBroadcastIdsInput = z.output<typeof appealBroadcastIdsSchema>;
export type AppealBroadcastLotPayload = z.input<typeof appealBroadcastLotSchema>;
export type AppealBroadcastLotInput = z.output<typeof appealBroadcastLotSchema>;

export const APPEAL_EVENT_SCHEMAS = {
  [APPEAL_EVENTS.manifestInterestInDispute]: appealScopeSchema,
  [APPEAL_EVENTS.waiveInterestInDispute]: appealScopeSchema,
  [APPEAL_EVENTS.refuseDisputeManifestation]: appealRefuseSchema,
  [APPEAL_EVENTS.broadcastDisputeJudgment]: appealBroadcastIdsSchema,
  [APPEAL_EVENTS.broadcastDisputeDocumentAttached]: appealBroadcastLotSchema,
  [APPEAL_EVENTS.broadcastDisputeCounterArgumentDocumentAttached]: appealBroadcastLotSchema,
} as const;
