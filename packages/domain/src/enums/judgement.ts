// Judgement criteria, closing kinds, license phases, offer kinds (notices-and-accounts §9).
export const JUDGEMENT_CRITERIA = [
  "LOWEST_PRICE",
  "BIGGEST_DISCOUNT",
  "TECHNIQUE_AND_PRICE",
  "BEST_TECHNICAL",
  "ARTISTIC_CONTENT",
  "GREATER_ECONOMIC_RETURN",
  "BIGGEST_PRICE",
] as const;
export type JudgementCriterion = (typeof JUDGEMENT_CRITERIA)[number];

export const JUDGEMENT_CRITERION_LABELS: Record<JudgementCriterion, string> = {
  LOWEST_PRICE: "Menor preço",
  BIGGEST_DISCOUNT: "Maior desconto",
  TECHNIQUE_AND_PRICE: "Técnica e Preço",
  BEST_TECHNICAL: "Melhor técnica",
  ARTISTIC_CONTENT: "Conteúdo artístico",
  GREATER_ECONOMIC_RETURN: "Maior Retorno Econômico",
  BIGGEST_PRICE: "Maior preço",
};

export const CLOSING_KINDS = [
  "OPEN",
  "CLOSED",
  "OPEN_AND_CLOSED",
  "CLOSED_AND_OPEN",
  "OPEN_TIMED",
  "TIMED",
  "MANUAL_CLOSING",
] as const;
export type ClosingKind = (typeof CLOSING_KINDS)[number];

export const CLOSING_KIND_LABELS: Record<ClosingKind, string> = {
  OPEN: "Aberto",
  CLOSED: "Fechado",
  OPEN_AND_CLOSED: "Aberto e fechado",
  CLOSED_AND_OPEN: "Fechado e aberto",
  OPEN_TIMED: "Aberto com prazo determinado",
  TIMED: "Por tempo determinado",
  MANUAL_CLOSING: "Encerramento manual",
};

export const LICENSE_PHASES = ["BEFORE_BID", "AFTER_BID"] as const;
export type LicensePhase = (typeof LICENSE_PHASES)[number];

export const LICENSE_PHASE_LABELS: Record<LicensePhase, string> = {
  BEFORE_BID: "Pré fase de lances",
  AFTER_BID: "Pós fase de lances",
};

export const OFFER_KINDS = ["UNIT_VALUE", "BATCH_TOTAL_AMOUNT"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  UNIT_VALUE: "Valor unitário",
  BATCH_TOTAL_AMOUNT: "Valor global do lote",
};
