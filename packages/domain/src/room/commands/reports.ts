// 'Atualizar relatórios' (trading-room §2.3 '+ Opções', §7 recreate_reports): its live event's name
// and payload schema.
import { z } from "zod";

export const REPORT_EVENTS = { recreateReports: "recreate_reports" } as const;
export type ReportEvent = (typeof REPORT_EVENTS)[keyof typeof REPORT_EVENTS];

/** recreate_reports {auctionNoticeId}: the room's own notice. */
export const recreateReportsSchema = z.object({ auctionNoticeId: z.uuid() });
export type RecreateReportsPayload = z.input<typeof recreateReportsSchema>;
export type RecreateReportsInput = z.output<typeof recreateReportsSchema>;

export const REPORT_EVENT_SCHEMAS = { [REPORT_EVENTS.recreateReports]: recreateReportsSchema } as const;
