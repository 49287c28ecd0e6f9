// Preliminary technical study (planning §2.6, §3 "Preliminary technical study").
export const SERVICE_KINDS = ["SERVICE_WITH_LABOR", "SERVICE_WITHOUT_LABOR"] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  SERVICE_WITH_LABOR: "Serviços Com Dedicação Exclusiva de Mão de Obra",
  SERVICE_WITHOUT_LABOR: "Serviços Sem Dedicação Exclusiva de Mão de Obra",
};

/** The planning team's feasibility statement: viable, viable with restrictions, unfeasible. */
export const VULNERABILITY_STATEMENT_KINDS = ["VIABLE", "PARTIALLY_VIABLE", "UNFEASIBLE"] as const;
export type VulnerabilityStatementKind = (typeof VULNERABILITY_STATEMENT_KINDS)[number];

export const VULNERABILITY_STATEMENT_KIND_LABELS: Record<VulnerabilityStatementKind, string> = {
  VIABLE: "Viável",
  PARTIALLY_VIABLE: "Viável com restrições",
  UNFEASIBLE: "Inviável",
};
