// 'Atualizar relatórios' (trading-room §2.3 '+ Opções', §7 recreate_reports): its live event's
// payload schema (the name is in ../live-events.ts).
import { z } from "zod";
import { REPORT_EVENTS } from "../live-events";

/** recreate_reports {auctionNoticeId}: the room's own notice. */
export const recreateReportsSchema = z.object({ auctionNoticeId: z.uuid() });
export type RecreateReportsPayload = z.input<typeof recreateReportsSchema>;
export type RecreateReportsInput = z.output<typeof recreateReportsSchema>;

export const REPORT_EVENT_SCHEMAS = { [REPORT_EVENTS.recreateReports]: recreateReportsSchema } as const;
