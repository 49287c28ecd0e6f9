import { describe, expect, it } from "vitest";
import { BRAZILIAN_STATES, isStateCode, STATE_CODES, stateName } from "./states";

describe("Brazilian states (notices-and-accounts §9 'The 27 Brazilian state codes')", () => {
  it("has the 27 federative units with distinct two-letter codes", () => {
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(new Set(STATE_CODES).size).toBe(27);
    for (const code of STATE_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("includes the Federal District and names states in Portuguese", () => {
    expect(stateName("DF")).toBe("Distrito Federal");
    expect(stateName("SP")).toBe("São Paulo");
    expect(stateName("PI")).toBe("Piauí");
    expect(stateName("AP")).toBe("Amapá");
  });

  it("recognises valid codes only", () => {
    expect(isStateCode("RS")).toBe(true);
    expect(isStateCode("XX")).toBe(false);
    expect(isStateCode("sp")).toBe(false);
  });
});
