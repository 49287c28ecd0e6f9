import { describe, expect, it } from "vitest";
import { canPlanProcesses, isPlanningHidden } from "./planning-access";

describe("who plans a body's processes (issue 15; planning §6)", () => {
  it("admits the body's account and the planning, requests, budget, secretary and auctioneer profiles", () => {
    expect(canPlanProcesses({ isBuyerAccount: true, staffRoles: [] })).toBe(true);
    for (const role of [
      "AUCTIONEER",
      "PLANNING_TEAM",
      "REQUESTS_TEAM",
      "BUDGET_TEAM",
      "SECRETARY_MEMBER",
    ] as const)
      expect(canPlanProcesses({ isBuyerAccount: false, staffRoles: [role] })).toBe(true);
  });

  it("refuses support staff and legal advisers alone", () => {
    expect(canPlanProcesses({ isBuyerAccount: false, staffRoles: ["SUPPORT_STAFF"] })).toBe(false);
    expect(canPlanProcesses({ isBuyerAccount: false, staffRoles: ["LEGAL_ADVISOR", "SUPPORT_STAFF"] })).toBe(
      false,
    );
    expect(canPlanProcesses({ isBuyerAccount: false, staffRoles: ["LEGAL_ADVISOR", "PLANNING_TEAM"] })).toBe(
      true,
    );
  });
});

describe("planning on the production host (planning §2.1; issue 35 item 8)", () => {
  it("is hidden only in production with PLANNING_IN_PRODUCTION off", () => {
    expect(isPlanningHidden("production", false)).toBe(true);
    expect(isPlanningHidden("production", true)).toBe(false);
    expect(isPlanningHidden("development", false)).toBe(false);
    expect(isPlanningHidden("test", false)).toBe(false);
  });
});
