// Lot phases and bidding sub-phases (trading-room §4 "Lot phases", "Bidding sub-phases").
export const LOT_PHASES = [
  "NOT_STARTED",
  "OPEN_FOR_OFFERS",
  "CLOSED_FOR_OFFERS",
  "OFFERS_ANALYSIS",
  "TECHNICAL_PROPOSAL_ANALYSIS",
  "PUBLIC_SESSION",
  "BIDDING",
  "TIEBREAKER",
  "CLOSED_BID",
  "NEGOTIATION",
  "QUALIFICATION",
  "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
  "DISPUTE_INTEREST_MANIFESTATION",
  "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION",
  "DISPUTE_RECEIVEMENT",
  "COUNTERARGUMENTS_RECEIVEMENT",
  "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
  "AWARDING",
  "HOMOLOGATION",
  "CLOSING",
  "REVOKED",
  "FAILED",
  "CANCELED",
  "DESERTED",
] as const;
export type LotPhase = (typeof LOT_PHASES)[number];

export const LOT_PHASE_LABELS: Record<LotPhase, string> = {
  NOT_STARTED: "Não iniciado",
  OPEN_FOR_OFFERS: "Aberto para propostas",
  CLOSED_FOR_OFFERS: "Fechado para propostas",
  OFFERS_ANALYSIS: "Análise de propostas",
  TECHNICAL_PROPOSAL_ANALYSIS: "Análise de proposta técnica",
  PUBLIC_SESSION: "Sessão pública",
  BIDDING: "Disputa de lances",
  TIEBREAKER: "Desempate",
  CLOSED_BID: "Lance fechado",
  NEGOTIATION: "Negociação",
  QUALIFICATION: "Habilitação",
  FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION: "Manifestação de interesse de recurso (1ª fase)",
  DISPUTE_INTEREST_MANIFESTATION: "Manifestação de interesse de recurso",
  SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION: "Manifestação de interesse de recurso (2ª fase)",
  DISPUTE_RECEIVEMENT: "Recebimento de recursos",
  COUNTERARGUMENTS_RECEIVEMENT: "Recebimento de contrarrazões",
  DISPUTE_COUNTERARGUMENTS_JUDGMENT: "Julgamento de recursos",
  AWARDING: "Adjudicação",
  HOMOLOGATION: "Homologação",
  CLOSING: "Encerramento",
  REVOKED: "Revogado",
  FAILED: "Fracassado",
  CANCELED: "Anulado",
  DESERTED: "Deserto",
};

export const BIDDING_SUB_PHASES = [
  "DEFAULT_BIDDING_PHASE",
  "SECRET_BIDDING_PHASE",
  "LASS_THAN_ONE_MINUTE",
  "LASS_THAN_TWO_MINUTES",
] as const;
export type BiddingSubPhase = (typeof BIDDING_SUB_PHASES)[number];

/** Index order of LOT_PHASES, used for "X through Y" ranges of the permission tables. */
export function phasesBetween(from: LotPhase, to: LotPhase): LotPhase[] {
  const a = LOT_PHASES.indexOf(from);
  const b = LOT_PHASES.indexOf(to);
  return LOT_PHASES.slice(a, b + 1) as LotPhase[];
}
