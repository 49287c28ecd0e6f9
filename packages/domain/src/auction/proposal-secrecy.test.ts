import { describe, expect, it } from "vitest";
import { LOT_PHASES } from "../enums/lot-phase";
import { areProposalsSealed } from "./proposal-secrecy";

describe("proposal secrecy (Lei 14.133/2021 art. 13 parágrafo único, I)", () => {
  it("keeps proposals sealed while the lot takes or holds offers", () => {
    for (const phase of ["NOT_STARTED", "OPEN_FOR_OFFERS", "CLOSED_FOR_OFFERS"] as const)
      expect(areProposalsSealed(phase)).toBe(true);
  });
  it("opens them from the first phase of the session on", () => {
    const opened = LOT_PHASES.filter(
      (p) => !["NOT_STARTED", "OPEN_FOR_OFFERS", "CLOSED_FOR_OFFERS"].includes(p),
    );
    expect(opened).toContain("PUBLIC_SESSION");
    expect(opened).toContain("OFFERS_ANALYSIS");
    for (const phase of opened) expect(areProposalsSealed(phase)).toBe(false);
  });
});
