// The lot's winner after a bidder is disqualified/disabled or reinstated (trading-room §2.6; Lei
// 14.133/2021 arts. 59 and 63, Decreto 10.024/2019 art. 43: the next proposal in the classification
// order is examined when the winner's is refused or the winner fails qualification).
import { describe, expect, it } from "vitest";
import { winnerAfterStandingChange } from "./winner-handover";

const ranking = ["A", "B", "C", "D"];
const without =
  (...out: string[]) =>
  (id: string) =>
    !out.includes(id);

describe("winnerAfterStandingChange", () => {
  it("a disqualified winner hands the lot to the next eligible bidder in the ranking", () => {
    expect(winnerAfterStandingChange({ ranking, eligible: without("A"), current: "A", changed: "A" })).toBe(
      "B",
    );
    // B was disabled earlier: C is next.
    expect(
      winnerAfterStandingChange({ ranking, eligible: without("A", "B"), current: "A", changed: "A" }),
    ).toBe("C");
  });

  it("no eligible bidder left: the lot has no winner", () => {
    expect(
      winnerAfterStandingChange({ ranking, eligible: without(...ranking), current: "D", changed: "D" }),
    ).toBeNull();
  });

  it("disqualifying a bidder that is not the winner changes nothing", () => {
    expect(winnerAfterStandingChange({ ranking, eligible: without("C"), current: "A", changed: "C" })).toBe(
      "A",
    );
  });

  it("a better-ranked bidder reinstated takes the lot back; a worse-ranked one does not", () => {
    expect(winnerAfterStandingChange({ ranking, eligible: without(), current: "B", changed: "A" })).toBe("A");
    expect(winnerAfterStandingChange({ ranking, eligible: without("A"), current: "B", changed: "C" })).toBe(
      "B",
    );
    expect(
      winnerAfterStandingChange({ ranking, eligible: without("A", "B"), current: null, changed: "C" }),
    ).toBe("C");
  });

  it("a bidder reinstated but still not eligible (disabled as well) does not take the lot", () => {
    expect(winnerAfterStandingChange({ ranking, eligible: without("A"), current: "B", changed: "A" })).toBe(
      "B",
    );
  });

  it("a lot given by regional preference (LC 123/2006 art. 48 §3) is not taken back by a better-ranked bidder", () => {
    expect(
      winnerAfterStandingChange({
        ranking,
        eligible: without(),
        current: "C",
        changed: "A",
        preferenceApplied: true,
      }),
    ).toBe("C");
    // …but a disqualified preferred winner still hands it on.
    expect(
      winnerAfterStandingChange({
        ranking,
        eligible: without("C"),
        current: "C",
        changed: "C",
        preferenceApplied: true,
      }),
    ).toBe("A");
  });

  it("a bidder outside the ranking (no live bid) never takes the lot", () => {
    expect(winnerAfterStandingChange({ ranking, eligible: without(), current: "B", changed: "Z" })).toBe("B");
  });
});
