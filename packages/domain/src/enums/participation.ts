// Who may take part: per process (notices-and-accounts §3 "processParticipation") and per lot
// (notices-and-accounts §3 "batchItemParticipation"; planning §9 "Batch participation labels").
// LC 123/2006 art. 48: I exclusive participation of ME/EPP, III reserved quota of up to 25%.
export const PROCESS_PARTICIPATIONS = [
  "BROAD",
  "MICRO_BUSINESS_EXCLUSIVE",
  "MICRO_BUSINESS_DIFFERENTIATED",
  "DEFINED_PER_BATCH",
] as const;
export type ProcessParticipation = (typeof PROCESS_PARTICIPATIONS)[number];

export const PROCESS_PARTICIPATION_LABELS: Record<ProcessParticipation, string> = {
  BROAD: "Ampla participação",
  MICRO_BUSINESS_EXCLUSIVE: "Exclusiva ME-EPP",
  MICRO_BUSINESS_DIFFERENTIATED: "Cota Reservada para ME/EPP/COOP (Até 25%)",
  DEFINED_PER_BATCH: "Definida por lote/item",
};

export const BATCH_ITEM_PARTICIPATIONS = ["WIDE_PARTICIPATION", "EXCLUSIVE", "DIFFERENTIATED"] as const;
export type BatchItemParticipation = (typeof BATCH_ITEM_PARTICIPATIONS)[number];

/** Verbatim from planning §2.10 "Step 1" / §9. */
export const BATCH_ITEM_PARTICIPATION_LABELS: Record<BatchItemParticipation, string> = {
  WIDE_PARTICIPATION: "Ampla participação",
  EXCLUSIVE: "Exclusiva ME-EPP",
  DIFFERENTIATED: "Cota Reservada para ME/EPP/COOP (Até 25%)",
};

/** Largest share of a lot that a reserved quota may take (notices-and-accounts §9 "Reserved quota"). */
export const RESERVED_QUOTA_MAX_PERCENT = 25;

/** Lots that only ME/EPP may bid on (trading-room §5 "Exclusive lots"). */
export const SMALL_BUSINESS_ONLY_PARTICIPATIONS: readonly BatchItemParticipation[] = [
  "EXCLUSIVE",
  "DIFFERENTIATED",
];

/**
 * The participation every lot takes when the process participation is set (planning §4 "Step 1 bulk
 * rules"): BROAD → WIDE_PARTICIPATION, MICRO_BUSINESS_EXCLUSIVE → EXCLUSIVE, DEFINED_PER_BATCH → null
 * (chosen lot by lot). MICRO_BUSINESS_DIFFERENTIATED is not listed there; it gives null as well, since
 * a reserved-quota lot is linked to a separate wide-participation lot and so differs lot by lot.
 */
export function batchParticipationFor(process: ProcessParticipation): BatchItemParticipation | null {
  switch (process) {
    case "BROAD":
      return "WIDE_PARTICIPATION";
    case "MICRO_BUSINESS_EXCLUSIVE":
      return "EXCLUSIVE";
    case "MICRO_BUSINESS_DIFFERENTIATED":
    case "DEFINED_PER_BATCH":
      return null;
  }
}

/** Lot participation is editable only for DEFINED_PER_BATCH and single-item lots (notices-and-accounts §4). */
export function isBatchParticipationEditable(process: ProcessParticipation, itemsInLot: number): boolean {
  return process === "DEFINED_PER_BATCH" && itemsInLot === 1;
}
