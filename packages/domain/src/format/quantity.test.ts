import { describe, expect, it } from "vitest";
import { formatQuantityBR } from "./quantity";

describe("formatQuantityBR", () => {
  it("groups thousands and drops trailing zeros", () => {
    expect(formatQuantityBR(2000)).toBe("2.000");
    expect(formatQuantityBR(1_234_567)).toBe("1.234.567");
    expect(formatQuantityBR(100)).toBe("100");
  });

  it("keeps the fraction with a comma, up to 4 digits", () => {
    expect(formatQuantityBR(1234.5)).toBe("1.234,5");
    expect(formatQuantityBR(0.25)).toBe("0,25");
    expect(formatQuantityBR("10.1234")).toBe("10,1234");
  });

  it("reads '-' for what is not a number", () => {
    expect(formatQuantityBR(Number.NaN)).toBe("-");
    expect(formatQuantityBR("abc")).toBe("-");
  });
});
