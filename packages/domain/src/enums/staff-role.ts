// Buyer staff roles / access profiles (notices-and-accounts §6).
export const STAFF_ROLES = [
  "AUCTIONEER",
  "SUPPORT_STAFF",
  "SECRETARY_MEMBER",
  "PLANNING_TEAM",
  "REQUESTS_TEAM",
  "BUDGET_TEAM",
  "LEGAL_ADVISOR",
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  AUCTIONEER: "Pregoeiro / Agente de contratação",
  SUPPORT_STAFF: "Equipe de apoio",
  SECRETARY_MEMBER: "Membro de secretaria",
  PLANNING_TEAM: "Equipe de planejamento",
  REQUESTS_TEAM: "Equipe de requisições",
  BUDGET_TEAM: "Equipe de orçamento",
  LEGAL_ADVISOR: "Assessoria jurídica",
};

/** Roles that, when they are all a user has, hide 'Cadastrar' and registration editing (§2.2). */
export const RESTRICTED_STAFF_ROLES: readonly StaffRole[] = [
  "BUDGET_TEAM",
  "SECRETARY_MEMBER",
  "PLANNING_TEAM",
  "REQUESTS_TEAM",
];

export function hasOnlyRestrictedRoles(roles: readonly StaffRole[]): boolean {
  return roles.length > 0 && roles.every((r) => RESTRICTED_STAFF_ROLES.includes(r));
}
