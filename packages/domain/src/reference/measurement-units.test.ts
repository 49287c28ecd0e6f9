import { describe, expect, it } from "vitest";
import { findMeasurementUnit, MEASUREMENT_UNITS } from "./measurement-units";

describe("measurement units (notices-and-accounts §3 'Measurement unit {code, description}')", () => {
  it("offers a realistic list with distinct upper-case codes and descriptions", () => {
    expect(MEASUREMENT_UNITS.length).toBeGreaterThanOrEqual(30);
    const codes = MEASUREMENT_UNITS.map((u) => u.code);
    expect(new Set(codes).size).toBe(codes.length);
    const descriptions = MEASUREMENT_UNITS.map((u) => u.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{1,8}$/);
  });

  it("includes the common units of public purchasing", () => {
    for (const code of ["UN", "CX", "KG", "L", "M", "M2", "M3", "PCT", "RESMA", "SERV", "HORA", "MES"]) {
      expect(findMeasurementUnit(code), code).toBeDefined();
    }
    expect(findMeasurementUnit("M2")?.description).toBe("Metro quadrado");
    expect(findMeasurementUnit("UN")?.description).toBe("Unidade");
  });

  it("finds a unit regardless of case and surrounding spaces, and nothing for an unknown code", () => {
    expect(findMeasurementUnit(" kg ")?.code).toBe("KG");
    expect(findMeasurementUnit("XYZ")).toBeUndefined();
  });
});
