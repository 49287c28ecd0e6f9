// Scopes of the room's bulk actions (trading-room §3 "Bulk-action scopes", §2.6).
export const BULK_ACTION_SCOPES = [
  "SELECTED_DISPUTE",
  "SELECTED_BACTH",
  "SELECTED_BATCH",
  "ALL_BATCHES",
  "ALL_BATCHES_IN_SAME_PHASE",
  "ALL_FROM_SELECTED_SUPPLIER",
  "ALL_BATCHES_NOT_INITIALIZED",
] as const;
export type BulkActionScope = (typeof BULK_ACTION_SCOPES)[number];

// SELECTED_BACTH is spelt so by the spec; it means the same as SELECTED_BATCH.
export const BULK_ACTION_SCOPE_LABELS: Record<BulkActionScope, string> = {
  SELECTED_DISPUTE: "Recurso selecionado",
  SELECTED_BACTH: "Lote/item selecionado",
  SELECTED_BATCH: "Lote/item selecionado",
  ALL_BATCHES: "Todos os lotes/itens",
  ALL_BATCHES_IN_SAME_PHASE: "Todos os lotes/itens na mesma fase",
  ALL_FROM_SELECTED_SUPPLIER: "Todos os lotes/itens do licitante selecionado",
  ALL_BATCHES_NOT_INITIALIZED: "Todos os lotes/itens não iniciados",
};

/** Reads the misspelt alias as the canonical scope. */
export function normalizeBulkActionScope(scope: BulkActionScope): Exclude<BulkActionScope, "SELECTED_BACTH"> {
  return scope === "SELECTED_BACTH" ? "SELECTED_BATCH" : scope;
}

/** Lot counts of 'Aplicar ação para os próximos' (trading-room §2.6, §9). */
export const NEXT_BATCHES_COUNTS = [5, 10, 15, 20, 25] as const;
export const DEFAULT_NEXT_BATCHES_COUNT = 5;
