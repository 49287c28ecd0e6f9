import { describe, expect, it } from "vitest";
import {
  BULK_ACTION_SCOPE_LABELS,
  BULK_ACTION_SCOPES,
  DEFAULT_NEXT_BATCHES_COUNT,
  NEXT_BATCHES_COUNTS,
  normalizeBulkActionScope,
} from "./bulk-scope";
import { expectLabelsFor } from "./expect-labels";

describe("bulk-action scopes (trading-room §3 'Bulk-action scopes')", () => {
  it("has the seven scopes, the misspelt SELECTED_BACTH included", () => {
    expect(BULK_ACTION_SCOPES).toHaveLength(7);
    expect(BULK_ACTION_SCOPES).toContain("SELECTED_BACTH");
  });

  it("labels every scope, the two toggle scopes as the modal shows them (§2.6)", () => {
    expectLabelsFor(BULK_ACTION_SCOPES, BULK_ACTION_SCOPE_LABELS, { distinct: false });
    expect(BULK_ACTION_SCOPE_LABELS.SELECTED_BATCH).toBe("Lote/item selecionado");
    expect(BULK_ACTION_SCOPE_LABELS.ALL_BATCHES).toBe("Todos os lotes/itens");
  });

  it("gives distinct labels to every scope apart from the misspelt alias", () => {
    const labels = BULK_ACTION_SCOPES.filter((s) => s !== "SELECTED_BACTH").map(
      (s) => BULK_ACTION_SCOPE_LABELS[s],
    );
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("reads the misspelt alias as SELECTED_BATCH and leaves the others alone", () => {
    expect(normalizeBulkActionScope("SELECTED_BACTH")).toBe("SELECTED_BATCH");
    expect(normalizeBulkActionScope("ALL_BATCHES_IN_SAME_PHASE")).toBe("ALL_BATCHES_IN_SAME_PHASE");
  });

  it("applies an action to the next 5, 10, 15, 20 or 25 lots, by default 5 (§2.6)", () => {
    expect(NEXT_BATCHES_COUNTS).toEqual([5, 10, 15, 20, 25]);
    expect(DEFAULT_NEXT_BATCHES_COUNT).toBe(5);
  });
});
