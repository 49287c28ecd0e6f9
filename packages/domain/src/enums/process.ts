// Planning processes: status and the steps of the administration page (planning §2.1, §2.3, §3
// "Process", §4 "Process status and row actions", "Process step order").
export const PROCESS_STATUSES = ["PROCESS_PENDING", "PROCESS_PUBLISHED"] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

export const PROCESS_STATUS_LABELS: Record<ProcessStatus, string> = {
  PROCESS_PENDING: "Pendente",
  PROCESS_PUBLISHED: "Publicado",
};

export const PROCESS_STEP_KINDS = [
  "DEMAND_FORMALIZATION",
  "PRELIMINARY_TECHNICAL_STUDY",
  "RISK_MANAGEMENT",
  "BUDGET",
  "REFERENCE_TERM",
  "AUCTION_NOTICE",
  "PRICES_SUBMISSION",
  "CONTRACT",
  "PUBLICATION",
  "SIGN_MINUTE",
  "SIGN_CONTRACT",
  "PNCP_MINUTE",
  "PNCP_CONTRACT",
] as const;
export type ProcessStepKind = (typeof PROCESS_STEP_KINDS)[number];

export const PROCESS_STEP_KIND_LABELS: Record<ProcessStepKind, string> = {
  DEMAND_FORMALIZATION: "Documento de Formalização de Demanda",
  PRELIMINARY_TECHNICAL_STUDY: "Estudo Técnico Preliminar",
  RISK_MANAGEMENT: "Matriz de Riscos",
  BUDGET: "Relatório de Pesquisa de Preços",
  REFERENCE_TERM: "Termo de Referência",
  AUCTION_NOTICE: "Edital",
  PRICES_SUBMISSION: "Tomada de Preços",
  CONTRACT: "Contrato",
  PUBLICATION: "Publicação",
  SIGN_MINUTE: "Assinatura da Ata de Registro de Preços",
  SIGN_CONTRACT: "Assinatura do Contrato",
  PNCP_MINUTE: "Envio da Ata ao PNCP",
  PNCP_CONTRACT: "Envio do Contrato ao PNCP",
};

/** Route segment under /cadastrar/processos/{id}/ of the five planning steps (planning §2.1). */
export const PROCESS_STEP_SLUGS: Partial<Record<ProcessStepKind, string>> = {
  DEMAND_FORMALIZATION: "formalizacao-de-demanda",
  PRELIMINARY_TECHNICAL_STUDY: "estudo-tecnico-preliminar",
  RISK_MANAGEMENT: "gerenciamento-de-risco",
  BUDGET: "orcamento",
  REFERENCE_TERM: "termo-de-referencia",
};

/**
 * The steps of the administration page, in order (planning §4). With the minute flag on (the
 * product's current setting) all four signature/portal steps follow PUBLICATION; with it off only
 * SIGN_CONTRACT and PNCP_CONTRACT do.
 */
export function processSteps(withMinutes = true): ProcessStepKind[] {
  const head = PROCESS_STEP_KINDS.slice(
    0,
    PROCESS_STEP_KINDS.indexOf("PUBLICATION") + 1,
  ) as ProcessStepKind[];
  const tail: ProcessStepKind[] = withMinutes
    ? ["SIGN_MINUTE", "SIGN_CONTRACT", "PNCP_MINUTE", "PNCP_CONTRACT"]
    : ["SIGN_CONTRACT", "PNCP_CONTRACT"];
  return [...head, ...tail];
}

/** Row actions of the 'Processos criados' table (planning §4). */
export const PROCESS_ACTIONS = ["EDIT", "DELETE", "UNDO"] as const;
export type ProcessAction = (typeof PROCESS_ACTIONS)[number];

export const PROCESS_ACTION_LABELS: Record<ProcessAction, string> = {
  EDIT: "Editar",
  DELETE: "Excluir",
  UNDO: "Desfazer",
};

export function processActions(status: ProcessStatus, isDeleted: boolean): ProcessAction[] {
  if (isDeleted) return ["UNDO"];
  return status === "PROCESS_PENDING" ? ["EDIT", "DELETE"] : ["EDIT"];
}
