import { describe, expect, it } from "vitest";
import { RESPECIFY_EVENTS } from "../live-events";
import { RESPECIFY_EVENT_SCHEMAS, respecifyBroadcastSchema } from "./respecify";

// trading-room §7 broadcast_bids_respecified.

describe("the re-specified values' live command", () => {
  it("has its schema under its name", () => {
    expect(RESPECIFY_EVENT_SCHEMAS[RESPECIFY_EVENTS.broadcastBidsRespecified]).toBe(respecifyBroadcastSchema);
  });

  it("reads the lots' ids, and refuses a forged one", () => {
    const ids = ["11111111-1111-4111-8111-111111111111"];
    expect(respecifyBroadcastSchema.parse({ batchesIds: ids })).toEqual({ batchesIds: ids });
    expect(respecifyBroadcastSchema.safeParse({ batchesIds: ["lote 1"] }).success).toBe(false);
  });
});
