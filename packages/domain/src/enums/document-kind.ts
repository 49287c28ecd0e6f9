// Document kinds (notices-and-accounts §3 "Supplier qualification document", "Notice document";
// trading-room §3 "Document") and document associations (trading-room §3 "kindAssociation").
export const DOCUMENT_KINDS = [
  "AUCTION_NOTICE",
  "OTHER",
  "TECHNICAL_DATA_SHEET",
  "READJUSTED_PROPOSAL",
  "DISPUTE",
  "DISPUTE_COUNTER_ARGUMENT",
  "ELECTRONIC_AUCTION_PAYMENT",
  "INITIAL_BID_PROOF",
  "INITIAL_PROPOSAL",
  "TECHNICAL_PROPOSAL",
  "PUBLICATION_PROOF",
  "PROPOSAL_GUARANTEE",
  "PRICE_OFFER",
  "DISQUALIFIED_REASON",
  "INACTIVE_REASON",
  "MEMBERSHIP_TERMS",
  "PAYMENT_PROOF",
  "PROOF_PRE_QUALIFICATION",
  "SESSION_MINUTES",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  AUCTION_NOTICE: "Edital",
  OTHER: "Outros documentos",
  TECHNICAL_DATA_SHEET: "Ficha técnica",
  READJUSTED_PROPOSAL: "Proposta readequada",
  DISPUTE: "Recurso",
  DISPUTE_COUNTER_ARGUMENT: "Contrarrazão",
  ELECTRONIC_AUCTION_PAYMENT: "Pagamento do leilão eletrônico",
  INITIAL_BID_PROOF: "Comprovante de lances iniciais",
  INITIAL_PROPOSAL: "Proposta inicial",
  TECHNICAL_PROPOSAL: "Proposta técnica",
  PUBLICATION_PROOF: "Comprovante de publicação",
  PROPOSAL_GUARANTEE: "Garantia da proposta",
  PRICE_OFFER: "Proposta de preços",
  DISQUALIFIED_REASON: "Justificativa de desclassificação",
  INACTIVE_REASON: "Justificativa de inabilitação",
  MEMBERSHIP_TERMS: "Termo de adesão",
  PAYMENT_PROOF: "Comprovante de pagamento",
  PROOF_PRE_QUALIFICATION: "Comprovante de pré-qualificação",
  SESSION_MINUTES: "Ata da sessão pública",
};

/** Kinds of a notice's own files (notices-and-accounts §2.8, §3 "Notice document"). */
export const NOTICE_DOCUMENT_KINDS = ["AUCTION_NOTICE", "OTHER"] as const satisfies readonly DocumentKind[];
export type NoticeDocumentKind = (typeof NOTICE_DOCUMENT_KINDS)[number];

/**
 * Kinds the platform itself produces or files in a process; they never appear in the supplier's
 * qualification-document picker or list. notices-and-accounts §3 excludes every kind of its list
 * except OTHER (AUCTION_NOTICE included); trading-room §3 adds INACTIVE_REASON. Both are applied.
 */
export const NON_QUALIFICATION_DOCUMENT_KINDS: readonly DocumentKind[] = DOCUMENT_KINDS.filter(
  (k) => k !== "OTHER",
);

/** Whether a supplier document of this kind may be picked as a qualification document. */
export function isQualificationPickerKind(kind: string): boolean {
  return !(NON_QUALIFICATION_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

/** Documents outside the fixed classes are grouped under this class (notices-and-accounts §3; trading-room §3). */
export const OTHERS_DOCUMENTS_CLASS = "OTHERS_DOCUMENTS";

/** Attachment kind of a supplier toggle's optional file (trading-room §5 "Supplier toggle"). */
export const SUPPLIER_TOGGLE_DOCUMENT_KINDS = [
  "DISQUALIFIED_REASON",
  "INACTIVE_REASON",
] as const satisfies readonly DocumentKind[];

export const KIND_ASSOCIATIONS = [
  "TECHNICAL_DATA_SHEET",
  "QUALIFICATION_DOCUMENT",
  "PROPOSAL_DOCUMENT",
  "TECHNICAL_PROPOSAL_DOCUMENT",
] as const;
export type KindAssociation = (typeof KIND_ASSOCIATIONS)[number];

export const KIND_ASSOCIATION_LABELS: Record<KindAssociation, string> = {
  TECHNICAL_DATA_SHEET: "Ficha técnica",
  QUALIFICATION_DOCUMENT: "Documentos de habilitação",
  PROPOSAL_DOCUMENT: "Proposta",
  TECHNICAL_PROPOSAL_DOCUMENT: "Proposta técnica",
};

/** Upload limits (notices-and-accounts §9 "Documents"; trading-room §9). */
export const UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
export const UPLOAD_ACCEPTED_EXTENSIONS = [".jpg", ".jpeg", ".png", ".pdf"] as const;
export const NOTICE_FILE_EXTENSIONS = [".pdf", ".csv"] as const;
export const DOCUMENT_DESCRIPTION_MAX_LENGTH = 400;
