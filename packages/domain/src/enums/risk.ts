// Risk matrix (planning §2.7, §3 "Risk", §9 "Risk"). The score values and their mapping to levels
// are not shown in the spec, so only the scales are defined here.
export const RISK_PROBABILITIES = ["VERY_LOW", "LOW", "POSSIBLE", "HIGH", "VERY_HIGH"] as const;
export type RiskProbability = (typeof RISK_PROBABILITIES)[number];

export const RISK_PROBABILITY_LABELS: Record<RiskProbability, string> = {
  VERY_LOW: "Muito baixa",
  LOW: "Baixa",
  POSSIBLE: "Possível",
  HIGH: "Alta",
  VERY_HIGH: "Muito alta",
};

export const RISK_IMPACTS = ["INSIGNIFICANT", "SMALL", "MODERATE", "BIG", "CATASTROPHIC"] as const;
export type RiskImpact = (typeof RISK_IMPACTS)[number];

export const RISK_IMPACT_LABELS: Record<RiskImpact, string> = {
  INSIGNIFICANT: "Insignificante",
  SMALL: "Pequeno",
  MODERATE: "Moderado",
  BIG: "Grande",
  CATASTROPHIC: "Catastrófico",
};

export const RISK_LEVELS = ["RISK_LOW", "RISK_MODERATE", "RISK_HIGH", "RISK_CRITICAL"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  RISK_LOW: "Baixo",
  RISK_MODERATE: "Moderado",
  RISK_HIGH: "Alto",
  RISK_CRITICAL: "Crítico",
};

/** Rows of the 'Mapa de Riscos' grid: probability from very high down to very low (planning §2.7). */
export const RISK_MAP_ROWS: readonly RiskProbability[] = [...RISK_PROBABILITIES].reverse();
/** Columns of the grid: impact from insignificant to catastrophic. */
export const RISK_MAP_COLUMNS: readonly RiskImpact[] = RISK_IMPACTS;
