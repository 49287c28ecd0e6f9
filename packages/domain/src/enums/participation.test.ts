import { describe, expect, it } from "vitest";
import { expectLabelsFor } from "./expect-labels";
import {
  BATCH_ITEM_PARTICIPATION_LABELS,
  BATCH_ITEM_PARTICIPATIONS,
  batchParticipationFor,
  isBatchParticipationEditable,
  PROCESS_PARTICIPATION_LABELS,
  PROCESS_PARTICIPATIONS,
  RESERVED_QUOTA_MAX_PERCENT,
  SMALL_BUSINESS_ONLY_PARTICIPATIONS,
} from "./participation";

describe("process participation (notices-and-accounts §3 'processParticipation')", () => {
  it("has the four values with pt-BR labels", () => {
    expect(PROCESS_PARTICIPATIONS).toEqual([
      "BROAD",
      "MICRO_BUSINESS_EXCLUSIVE",
      "MICRO_BUSINESS_DIFFERENTIATED",
      "DEFINED_PER_BATCH",
    ]);
    expectLabelsFor(PROCESS_PARTICIPATIONS, PROCESS_PARTICIPATION_LABELS);
  });

  it("sets each lot's participation from it (planning §4 'Step 1 bulk rules')", () => {
    expect(batchParticipationFor("BROAD")).toBe("WIDE_PARTICIPATION");
    expect(batchParticipationFor("MICRO_BUSINESS_EXCLUSIVE")).toBe("EXCLUSIVE");
    expect(batchParticipationFor("DEFINED_PER_BATCH")).toBeNull();
    expect(batchParticipationFor("MICRO_BUSINESS_DIFFERENTIATED")).toBeNull();
  });

  it("lets a lot's participation be edited only when defined per lot and the lot has one item (§4 'Items and locking')", () => {
    expect(isBatchParticipationEditable("DEFINED_PER_BATCH", 1)).toBe(true);
    expect(isBatchParticipationEditable("DEFINED_PER_BATCH", 2)).toBe(false);
    expect(isBatchParticipationEditable("BROAD", 1)).toBe(false);
  });
});

describe("batch item participation (notices-and-accounts §3; planning §9 'Batch participation labels')", () => {
  it("uses the labels the spec quotes", () => {
    expectLabelsFor(BATCH_ITEM_PARTICIPATIONS, BATCH_ITEM_PARTICIPATION_LABELS);
    expect(BATCH_ITEM_PARTICIPATION_LABELS).toEqual({
      WIDE_PARTICIPATION: "Ampla participação",
      EXCLUSIVE: "Exclusiva ME-EPP",
      DIFFERENTIATED: "Cota Reservada para ME/EPP/COOP (Até 25%)",
    });
  });

  it("caps the reserved quota at 25% (§9 'Reserved quota')", () => {
    expect(RESERVED_QUOTA_MAX_PERCENT).toBe(25);
  });

  it("treats exclusive and reserved-quota lots as ME/EPP only (trading-room §5 'Exclusive lots')", () => {
    expect([...SMALL_BUSINESS_ONLY_PARTICIPATIONS].sort()).toEqual(["DIFFERENTIATED", "EXCLUSIVE"]);
  });
});
