import type { StaffRole } from "../enums/staff-role";

// Who plans a body's processes (issue 15 item 7; planning §6 leaves it open): the body's own account
// and its staff with a planning, requests, budget, secretary or auctioneer profile. Support staff and
// legal advisers alone read nothing of it.
export const PLANNING_ROLES: readonly StaffRole[] = [
  "AUCTIONEER",
  "PLANNING_TEAM",
  "REQUESTS_TEAM",
  "BUDGET_TEAM",
  "SECRETARY_MEMBER",
];

export function canPlanProcesses(member: {
  isBuyerAccount: boolean;
  staffRoles: readonly StaffRole[];
}): boolean {
  return member.isBuyerAccount || member.staffRoles.some((role) => PLANNING_ROLES.includes(role));
}

/**
 * planning §2.1 hides 'Create full process' (/cadastrar/processos) on the production host. The server's
 * PLANNING_IN_PRODUCTION keeps it there (on by default: docs/decisions.md "Planning in production"); the
 * menu and the server read this one rule.
 */
export const isPlanningHidden = (environment: string, planningInProduction: boolean): boolean =>
  environment === "production" && !planningInProduction;

export const PLANNING_HIDDEN_MESSAGE =
  "O planejamento de processos não está disponível neste ambiente da plataforma.";
