// The process and lot control's live events (trading-room §2.3 '+ Opções', §2.6, §7; docs/live-room.md
// "Process and lot control"): their payload schemas, which the server parses with (the names, which
// the web sends and the server registers, are in ../live-events.ts). Texts are bounded loosely here (a
// frame is ≤ 64 KiB); the server checks the §9 limits with their own messages. Unknown fields (the
// fail events' isDirectly) are dropped.
import { z } from "zod";
import { CONTROL_EVENTS } from "../live-events";

const text = z.string().max(20_000).optional().nullable();
const ref = z.string().max(2_000).optional().nullable();
const channel = z.uuid().optional().nullable();
const anonymousNumber = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);

/** toggle_process_suspended_status. */
export const controlToggleSchema = z.object({ batchId: z.uuid(), chatChannelId: channel });
/** suspend_indefinitely. */
export const controlIndefinitelySchema = z.object({
  auctionNoticeId: z.uuid(),
  chatChannelId: channel,
  justification: text,
  fileName: ref,
  name: ref,
});
/** schedule_revoke_process, cancel_batch, fail_batch, fail_batch_directly and resume_batch. */
export const controlLotSchema = z.object({
  batchId: z.uuid(),
  chatChannelId: channel,
  reason: text,
  fileName: ref,
  name: ref,
});
export const SUPPLIER_TOGGLE_KINDS = ["DISQUALIFY", "REQUALIFY", "INACTIVE", "ACTIVE"] as const;
export type SupplierToggleKind = (typeof SUPPLIER_TOGGLE_KINDS)[number];
/** toggle_supplier_status: in the selected lot, or (auctionNoticeId given) in every lot. */
export const controlSupplierSchema = z.object({
  supplierId: z.uuid().optional().nullable(),
  anonymousSupplierIdentificationNumber: anonymousNumber.optional().nullable(),
  chatChannelId: channel,
  reason: text,
  batchId: z.uuid(),
  url: ref,
  kind: z.enum(SUPPLIER_TOGGLE_KINDS),
  auctionNoticeId: z.uuid().optional().nullable(),
});
/** disclose_reference_price. */
export const controlDiscloseSchema = z.object({ auctionNoticeId: z.uuid(), chatChannelId: channel });

/** What the client sends (z.input) and what the server reads once parsed (z.output). */
export type ControlTogglePayload = z.input<typeof controlToggleSchema>;
export type ControlToggleInput = z.output<typeof controlToggleSchema>;
export type ControlIndefinitelyPayload = z.input<typeof controlIndefinitelySchema>;
export type ControlIndefinitelyInput = z.output<typeof controlIndefinitelySchema>;
export type ControlLotPayload = z.input<typeof controlLotSchema>;
export type ControlLotInput = z.output<typeof controlLotSchema>;
export type ControlSupplierPayload = z.input<typeof controlSupplierSchema>;
export type ControlSupplierInput = z.output<typeof controlSupplierSchema>;
export type ControlDisclosePayload = z.input<typeof controlDiscloseSchema>;
export type ControlDiscloseInput = z.output<typeof controlDiscloseSchema>;

export const CONTROL_EVENT_SCHEMAS = {
  [CONTROL_EVENTS.toggleProcessSuspendedStatus]: controlToggleSchema,
  [CONTROL_EVENTS.suspendIndefinitely]: controlIndefinitelySchema,
  [CONTROL_EVENTS.scheduleRevokeProcess]: controlLotSchema,
  [CONTROL_EVENTS.cancelBatch]: controlLotSchema,
  [CONTROL_EVENTS.failBatch]: controlLotSchema,
  [CONTROL_EVENTS.failBatchDirectly]: controlLotSchema,
  [CONTROL_EVENTS.resumeBatch]: controlLotSchema,
  [CONTROL_EVENTS.toggleSupplierStatus]: controlSupplierSchema,
  [CONTROL_EVENTS.discloseReferencePrice]: controlDiscloseSchema,
} as const;
