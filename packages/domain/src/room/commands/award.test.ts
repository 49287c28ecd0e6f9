import { describe, expect, it } from "vitest";
import { AWARD_EVENTS } from "../live-events";
import { AWARD_EVENT_SCHEMAS, awardConfigureSchema, awardRegionalSchema } from "./award";

// trading-room §7: the winner's documents' events and their payloads (docs/live-room.md "Winner's documents").

const LOT = "11111111-1111-4111-8111-111111111111";

describe("the award's live commands", () => {
  it("names every event once, each with its schema", () => {
    const names = Object.values(AWARD_EVENTS);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(AWARD_EVENT_SCHEMAS).sort()).toEqual([...names].sort());
  });

  it("reads a documents window in hours, and refuses an unknown deadline kind", () => {
    expect(awardConfigureSchema.parse({ batchId: LOT, deadlineKind: "H", amountHour: 2 })).toEqual({
      batchId: LOT,
      deadlineKind: "H",
      amountHour: 2,
    });
    expect(awardConfigureSchema.safeParse({ batchId: LOT, deadlineKind: "W" }).success).toBe(false);
  });

  it("requires the regional preference's choice", () => {
    expect(awardRegionalSchema.safeParse({ batchId: LOT, applyRegionalPreference: true }).success).toBe(true);
    expect(awardRegionalSchema.safeParse({ batchId: LOT }).success).toBe(false);
  });
});
