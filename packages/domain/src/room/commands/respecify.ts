// 'Reespecificar valores dos itens' (trading-room §7 broadcast_bids_respecified): its live event's
// payload schema (the name is in ../live-events.ts).
import { z } from "zod";
import { RESPECIFY_EVENTS } from "../live-events";

/** broadcast_bids_respecified: the HTTP save pushed its event; this confirms the lots are the room's. */
export const respecifyBroadcastSchema = z.object({
  batchesIds: z.array(z.uuid()).max(200),
  auctionNoticeId: z.uuid().optional().nullable(),
});
export type RespecifyBroadcastPayload = z.input<typeof respecifyBroadcastSchema>;
export type RespecifyBroadcastInput = z.output<typeof respecifyBroadcastSchema>;

export const RESPECIFY_EVENT_SCHEMAS = {
  [RESPECIFY_EVENTS.broadcastBidsRespecified]: respecifyBroadcastSchema,
} as const;
