// Reference term ('Termo de Referência'): chapters and the option lists of its forms
// (planning §2.10, §3 "Reference term", §4 "Reference term document", §9 "Enumerations").
import type { Modality } from "./modality";

// Reading A of planning §2.10: eleven chapters, with their labels.
export const REFERENCE_TERM_CHAPTERS = [
  "GENERAL_CONTRACTING_CONDITIONS",
  "CONTRACTING_JUSTIFICATION",
  "CONTRACTING_REQUIREMENTS",
  "OBJECT_EXECUTION_MODEL",
  "ASSURANCE_TECHNICAL_ASSISTENCE",
  "CONTRACT_MANAGEMENT_MODEL",
  "MEASUREMENT_PAYMENT_CRITERIA",
  "CRITERIA_SUPPLIER_SELECTION",
  "PROFESSIONAL_QUALIFICATION",
  "ESTIMATED_VALUE_CONTRACT",
  "BUDGET_ADEQUACY",
] as const;
export type ReferenceTermChapter = (typeof REFERENCE_TERM_CHAPTERS)[number];

export const REFERENCE_TERM_CHAPTER_LABELS: Record<ReferenceTermChapter, string> = {
  GENERAL_CONTRACTING_CONDITIONS: "Condições Gerais da Contratação",
  CONTRACTING_JUSTIFICATION: "Justificativa da Contratação e Descrição da Necessidade",
  CONTRACTING_REQUIREMENTS: "Requisitos da Contratação",
  OBJECT_EXECUTION_MODEL: "Modelo de Execução do Objeto",
  ASSURANCE_TECHNICAL_ASSISTENCE: "Garantia e Assistência Técnica",
  CONTRACT_MANAGEMENT_MODEL: "Modelo de Gestão do Contrato",
  MEASUREMENT_PAYMENT_CRITERIA: "Critérios de Medição e Pagamento",
  CRITERIA_SUPPLIER_SELECTION: "Critérios de Seleção do Fornecedor",
  PROFESSIONAL_QUALIFICATION: "Qualificação Profissional",
  ESTIMATED_VALUE_CONTRACT: "Valor Estimado da Contratação",
  BUDGET_ADEQUACY: "Adequação Orçamentária",
};

// Reading B of planning §2.10: the ten steps shown as forms (no form exists for
// PROFESSIONAL_QUALIFICATION) and the titles of those forms.
export const REFERENCE_TERM_FORM_STEPS = REFERENCE_TERM_CHAPTERS.filter(
  (c) => c !== "PROFESSIONAL_QUALIFICATION",
) as readonly Exclude<ReferenceTermChapter, "PROFESSIONAL_QUALIFICATION">[];
export type ReferenceTermFormStep = (typeof REFERENCE_TERM_FORM_STEPS)[number];

export const REFERENCE_TERM_FORM_TITLES: Record<ReferenceTermFormStep, string> = {
  GENERAL_CONTRACTING_CONDITIONS: "Condições Gerais da Contratação",
  CONTRACTING_JUSTIFICATION: "Fundamentação e Descrição da Necessidade da Contratação",
  CONTRACTING_REQUIREMENTS: "Requisitos da Contratação",
  OBJECT_EXECUTION_MODEL: "Modelo de Execução do Objeto",
  ASSURANCE_TECHNICAL_ASSISTENCE: "Garantia, Manutenção e Assistência Técnica",
  CONTRACT_MANAGEMENT_MODEL: "Modelo de Gestão do Contrato",
  MEASUREMENT_PAYMENT_CRITERIA: "Critérios de Medição e de Pagamento",
  CRITERIA_SUPPLIER_SELECTION: "Formas e Critérios de Seleção do Fornecedor e Forma de Fornecimento",
  ESTIMATED_VALUE_CONTRACT: "Estimativas do Valor da Contratação",
  BUDGET_ADEQUACY: "Adequação Orçamentária",
};

/** Fixed paragraphs per form step, in step order (planning §9 "Reference term"). */
export const REFERENCE_TERM_FIXED_PARAGRAPHS: Record<ReferenceTermFormStep, number> = {
  GENERAL_CONTRACTING_CONDITIONS: 0,
  CONTRACTING_JUSTIFICATION: 1,
  CONTRACTING_REQUIREMENTS: 2,
  OBJECT_EXECUTION_MODEL: 2,
  ASSURANCE_TECHNICAL_ASSISTENCE: 1,
  CONTRACT_MANAGEMENT_MODEL: 2,
  MEASUREMENT_PAYMENT_CRITERIA: 2,
  CRITERIA_SUPPLIER_SELECTION: 1,
  ESTIMATED_VALUE_CONTRACT: 1,
  BUDGET_ADEQUACY: 1,
};

export const REFERENCE_TERM_DOCUMENT_STATUSES = [
  "PENDING",
  "IN_PROGRESS",
  "COMPLETED",
  "SIGNED",
  "AWAITING_SIGNATURE",
  "ERROR",
] as const;
export type ReferenceTermDocumentStatus = (typeof REFERENCE_TERM_DOCUMENT_STATUSES)[number];

export const REFERENCE_TERM_DOCUMENT_STATUS_LABELS: Record<ReferenceTermDocumentStatus, string> = {
  PENDING: "Pendente",
  IN_PROGRESS: "Em andamento",
  COMPLETED: "Concluído",
  SIGNED: "Assinado",
  AWAITING_SIGNATURE: "Aguardando assinatura",
  ERROR: "Erro",
};

export const DOCUMENT_ACTIONS = [
  "EDIT",
  "DOWNLOAD_WORD",
  "SIGN",
  "PRINT_PDF",
  "VIEW",
  "DELETE",
  "CUSTOM",
] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

// The labels of the administration page's buttons where the spec quotes them (planning §2.3).
export const DOCUMENT_ACTION_LABELS: Record<DocumentAction, string> = {
  EDIT: "Criar/Editar",
  DOWNLOAD_WORD: "Baixar arquivo em Word",
  SIGN: "Assinar o Documento",
  PRINT_PDF: "Imprimir pdf assinado",
  VIEW: "Visualizar",
  DELETE: "Excluir",
  CUSTOM: "Ação personalizada",
};

export const OBJECT_FEATURES = ["COMMON", "SPECIAL"] as const;
export type ObjectFeature = (typeof OBJECT_FEATURES)[number];

export const OBJECT_FEATURE_LABELS: Record<ObjectFeature, string> = {
  COMMON: "Comum (Pregão)",
  SPECIAL: "Especial (Concorrência)",
};

/** Step 1 sets the process modality from the object feature (planning §4 "Step 1 side effects"). */
export const MODALITY_BY_OBJECT_FEATURE: Record<ObjectFeature, Modality> = {
  COMMON: "NEW_ELECTRONIC_REVERSED_AUCTION",
  SPECIAL: "ELECTRONIC_COMPETITION",
};

export const SUPPLY_TYPES = ["CONTINUOUS", "NON_CONTINUOUS"] as const;
export type SupplyType = (typeof SUPPLY_TYPES)[number];

export const SUPPLY_TYPE_LABELS: Record<SupplyType, string> = {
  CONTINUOUS: "Contínuo",
  NON_CONTINUOUS: "Não Contínuo",
};

export const TERM_UNITS = ["DAYS", "MONTHS", "YEARS"] as const;
export type TermUnit = (typeof TERM_UNITS)[number];

export const TERM_UNIT_LABELS: Record<TermUnit, string> = {
  DAYS: "Dia(s)",
  MONTHS: "Mês(es)",
  YEARS: "Ano(s)",
};

export const EXECUTION_REFERENCE_POINTS = ["SIGNING_CONTRACT", "SERVICE_ORDER_DATE"] as const;
export type ExecutionReferencePoint = (typeof EXECUTION_REFERENCE_POINTS)[number];

export const EXECUTION_REFERENCE_POINT_LABELS: Record<ExecutionReferencePoint, string> = {
  SIGNING_CONTRACT: "Da assinatura do contrato",
  SERVICE_ORDER_DATE: "Da emissão da ordem de serviço",
};

export const WARRANTY_KINDS = ["CONSUMER_PROTECTION_CODE", "PREDEFINED_GUARANTEE"] as const;
export type WarrantyKind = (typeof WARRANTY_KINDS)[number];

export const WARRANTY_KIND_LABELS: Record<WarrantyKind, string> = {
  CONSUMER_PROTECTION_CODE: "Lei 8.078/90 (Código de defesa do consumidor)",
  PREDEFINED_GUARANTEE: "Prazo de garantia pré-definido",
};

export const MONETARY_CORRECTION_INDEXES = ["IPCA", "IGPM", "INPC", "SELIC", "TR", "CDI"] as const;
export type MonetaryCorrectionIndex = (typeof MONETARY_CORRECTION_INDEXES)[number];

export const MONETARY_CORRECTION_INDEX_LABELS: Record<MonetaryCorrectionIndex, string> = {
  IPCA: "IPCA",
  IGPM: "IGP-M",
  INPC: "INPC",
  SELIC: "SELIC",
  TR: "TR",
  CDI: "CDI",
};

/** 'Forma de pagamento' of a contract (not the subscription payment method). */
export const CONTRACT_PAYMENT_METHODS = ["TRIGGERING_EVENT", "LINKED_DEPOSIT_ACCOUNT"] as const;
export type ContractPaymentMethod = (typeof CONTRACT_PAYMENT_METHODS)[number];

export const CONTRACT_PAYMENT_METHOD_LABELS: Record<ContractPaymentMethod, string> = {
  TRIGGERING_EVENT: "Pagamento por fator gerador",
  LINKED_DEPOSIT_ACCOUNT: "Conta-depósito vinculada",
};

export const ADVANCE_PAYMENT_KINDS = ["TOTAL", "PARTIAL"] as const;
export type AdvancePaymentKind = (typeof ADVANCE_PAYMENT_KINDS)[number];

export const ADVANCE_PAYMENT_KIND_LABELS: Record<AdvancePaymentKind, string> = {
  TOTAL: "Total",
  PARTIAL: "Parcial",
};

export const CONTRACT_EXECUTION_REGIMES = [
  "UNIT_PRICE_CONTRACT",
  "GLOBAL_PRICE_CONTRACT",
  "FULL_CONTRACT",
  "HIRING_BY_TASKS",
  "INTEGRATED_HIRING",
  "SEMI_INTEGRATED_HIRING",
  "ASSOCIATED_SERVICE",
] as const;
export type ContractExecutionRegime = (typeof CONTRACT_EXECUTION_REGIMES)[number];

export const CONTRACT_EXECUTION_REGIME_LABELS: Record<ContractExecutionRegime, string> = {
  UNIT_PRICE_CONTRACT: "Empreitada por preço unitário (EPU)",
  GLOBAL_PRICE_CONTRACT: "Empreitada por preço global (EPG)",
  FULL_CONTRACT: "Empreitada integral",
  HIRING_BY_TASKS: "Contratação por tarefa",
  INTEGRATED_HIRING: "Contratação integrada",
  SEMI_INTEGRATED_HIRING: "Contratação semi-integrada",
  ASSOCIATED_SERVICE: "Fornecimento e prestação de serviço associado (RFPSA)",
};

export const OBJECT_SUPPLY_TYPES = ["INTEGRAL", "INSTALLMENT", "CONTINUED"] as const;
export type ObjectSupplyType = (typeof OBJECT_SUPPLY_TYPES)[number];

export const OBJECT_SUPPLY_TYPE_LABELS: Record<ObjectSupplyType, string> = {
  INTEGRAL: "Integral",
  INSTALLMENT: "Parcelado",
  CONTINUED: "Continuado",
};

export const MINIMUM_INDEXES = ["CAPITAL", "NET_WORTH"] as const;
export type MinimumIndex = (typeof MINIMUM_INDEXES)[number];

export const MINIMUM_INDEX_LABELS: Record<MinimumIndex, string> = {
  CAPITAL: "Capital",
  NET_WORTH: "Patrimônio líquido",
};

export const BRAND_LIST_TYPES = ["PERMITTED", "FORBIDDEN"] as const;
export type BrandListType = (typeof BRAND_LIST_TYPES)[number];

export const BRAND_LIST_TYPE_LABELS: Record<BrandListType, string> = {
  PERMITTED: "Marcas indicadas",
  FORBIDDEN: "Marcas vedadas",
};

/** The list modals of step 4 (planning §2.10 "Step 4"), labelled with their modal titles. */
export const EXECUTION_LIST_KINDS = [
  "INSTALLMENT",
  "SERVICE_EXECUTION",
  "ROUTINE",
  "MATERIAL",
  "PROPOSAL",
] as const;
export type ExecutionListKind = (typeof EXECUTION_LIST_KINDS)[number];

export const EXECUTION_LIST_KIND_LABELS: Record<ExecutionListKind, string> = {
  INSTALLMENT: "Parcelas",
  SERVICE_EXECUTION: "Tarefas",
  ROUTINE: "Rotinas",
  MATERIAL: "Materiais",
  PROPOSAL: "Informações relevantes",
};
