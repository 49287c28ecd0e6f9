import { describe, expect, it } from "vitest";
import { APPEAL_EVENTS } from "../live-events";
import { APPEAL_EVENT_SCHEMAS, appealRefuseSchema, appealScopeSchema } from "./appeals";

// trading-room §7: the appeals' events and their payloads (docs/live-room.md "Appeals").

const LOT = "11111111-1111-4111-8111-111111111111";
const DISPUTE = "22222222-2222-4222-8222-222222222222";

describe("the appeals' live commands", () => {
  it("names every event once, each with its schema", () => {
    const names = Object.values(APPEAL_EVENTS);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(APPEAL_EVENT_SCHEMAS).sort()).toEqual([...names].sort());
  });

  it("reads an intention for one lot, and refuses a forged lot id", () => {
    expect(appealScopeSchema.parse({ reason: "Preço inexequível", batchId: LOT })).toEqual({
      reason: "Preço inexequível",
      batchId: LOT,
    });
    expect(appealScopeSchema.safeParse({ reason: "x", batchId: "1 OR 1=1" }).success).toBe(false);
  });

  it("refuses a refusal without intentions", () => {
    expect(appealRefuseSchema.parse({ reason: "Sem motivação", disputesIds: [DISPUTE] }).disputesIds).toEqual(
      [DISPUTE],
    );
    expect(appealRefuseSchema.safeParse({ reason: "Sem motivação", disputesIds: [] }).success).toBe(false);
  });
});
