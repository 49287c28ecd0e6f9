import { describe, expect, it } from "vitest";
import { CONTROL_EVENTS } from "../live-events";
import { CONTROL_EVENT_SCHEMAS, controlLotSchema, controlSupplierSchema } from "./control";

// trading-room §7: the control panel's events and their payloads (docs/live-room.md "Process and lot control").

const LOT = "11111111-1111-4111-8111-111111111111";
const CHANNEL = "22222222-2222-4222-8222-222222222222";

describe("the control's live commands", () => {
  it("names every event once, each with its schema", () => {
    const names = Object.values(CONTROL_EVENTS);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(CONTROL_EVENT_SCHEMAS).sort()).toEqual([...names].sort());
  });

  it("reads a lot end's reason and file, dropping unknown fields", () => {
    expect(
      controlLotSchema.parse({ batchId: LOT, chatChannelId: CHANNEL, reason: "Erro", isDirectly: true }),
    ).toEqual({ batchId: LOT, chatChannelId: CHANNEL, reason: "Erro" });
    expect(controlLotSchema.safeParse({ batchId: "lote-1", reason: "Erro" }).success).toBe(false);
  });

  it("reads a supplier toggle's anonymous number given as text, and refuses an unknown kind", () => {
    const base = { batchId: LOT, chatChannelId: CHANNEL, reason: "Motivo" };
    expect(
      controlSupplierSchema.parse({ ...base, kind: "DISQUALIFY", anonymousSupplierIdentificationNumber: "3" })
        .anonymousSupplierIdentificationNumber,
    ).toBe(3);
    expect(controlSupplierSchema.safeParse({ ...base, kind: "BAN" }).success).toBe(false);
  });
});
