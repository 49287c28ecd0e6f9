import { describe, expect, it } from "vitest";
import { isFilled, nextStepKey } from "./wizard-model";

describe("planning wizard conventions (planning §2.4)", () => {
  it("checks a sub-step when any field holds data: a non-empty list or a defined, non-null value", () => {
    expect(isFilled(null, undefined, [], "  ")).toBe(false);
    expect(isFilled(null, ["DFD 3/2026"])).toBe(true);
    expect(isFilled(false)).toBe(true);
    expect(isFilled(0)).toBe(true);
    expect(isFilled("texto")).toBe(true);
  });

  it("moves to the next sub-step in menu order, none after the last", () => {
    const order = ["A", "B", "C"];
    expect(nextStepKey(order, "A")).toBe("B");
    expect(nextStepKey(order, "C")).toBeNull();
    expect(nextStepKey(order, "X")).toBeNull();
  });
});
