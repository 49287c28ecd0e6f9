// The supplier's document library (notices-and-accounts §2.13, §3 "Supplier qualification document";
// trading-room §3 "Document", §5 "Documents", §9 "Document filters").
import { DOCUMENT_KIND_LABELS, type DocumentKind, OTHERS_DOCUMENTS_CLASS } from "./document-kind";
import {
  isQualificationDocumentKind,
  QUALIFICATION_DOCUMENT_CLASSES,
  type QualificationDocumentClassId,
  type QualificationDocumentKind,
} from "./qualification-document";

/** A document's class: one of the fixed classes or OTHERS_DOCUMENTS (the rest, §3). */
export type SupplierDocumentClass = QualificationDocumentClassId | typeof OTHERS_DOCUMENTS_CLASS;

export const OTHERS_DOCUMENTS_CLASS_NAME = "Outros documentos";

/**
 * Kinds the supplier files itself for one process from the initial-bids screen (trading-room §2.8:
 * technical data sheet, proposal files, proposal guarantee). They live in the same library table
 * but are excluded from the qualification list (§3).
 */
export const SUPPLIER_PROCESS_DOCUMENT_KINDS = [
  "TECHNICAL_DATA_SHEET",
  "INITIAL_PROPOSAL",
  "TECHNICAL_PROPOSAL",
  "PROPOSAL_GUARANTEE",
] as const satisfies readonly DocumentKind[];
export type SupplierProcessDocumentKind = (typeof SUPPLIER_PROCESS_DOCUMENT_KINDS)[number];

/** Every kind attachQualificationDocuments accepts: the qualification kinds and the process kinds. */
export type SupplierDocumentKind = QualificationDocumentKind | SupplierProcessDocumentKind;

export const isSupplierDocumentKind = (kind: string): kind is SupplierDocumentKind =>
  isQualificationDocumentKind(kind) || (SUPPLIER_PROCESS_DOCUMENT_KINDS as readonly string[]).includes(kind);

/** The class a kind belongs to: its fixed class, otherwise OTHERS_DOCUMENTS. */
export function documentClassOf(kind: string): SupplierDocumentClass {
  for (const c of QUALIFICATION_DOCUMENT_CLASSES) {
    if (c.kinds.some((k) => k.kind === kind)) return c.id;
  }
  return OTHERS_DOCUMENTS_CLASS;
}

/** The name of a document kind: the fixed class's document name or the system kind's label. */
export function supplierDocumentKindName(kind: string): string {
  for (const c of QUALIFICATION_DOCUMENT_CLASSES) {
    const found = c.kinds.find((k) => k.kind === kind);
    if (found) return found.name;
  }
  return DOCUMENT_KIND_LABELS[kind as DocumentKind] ?? kind;
}

export function documentClassName(documentClass: string): string {
  return (
    QUALIFICATION_DOCUMENT_CLASSES.find((c) => c.id === documentClass)?.name ?? OTHERS_DOCUMENTS_CLASS_NAME
  );
}

/** 'Todos os arquivos' / 'Últimos 15 dias' / 'Últimos 30 dias' (trading-room §2.8, §9). */
export const DOCUMENT_PERIODS = ["ALL", "LAST_15_DAYS", "LAST_30_DAYS"] as const;
export type DocumentPeriod = (typeof DOCUMENT_PERIODS)[number];
export const DOCUMENT_PERIOD_LABELS: Record<DocumentPeriod, string> = {
  ALL: "Todos os arquivos",
  LAST_15_DAYS: "Últimos 15 dias",
  LAST_30_DAYS: "Últimos 30 dias",
};
export const DOCUMENT_PERIOD_DAYS: Record<DocumentPeriod, number | null> = {
  ALL: null,
  LAST_15_DAYS: 15,
  LAST_30_DAYS: 30,
};

/** The refusal of §5 "Qualification documents and uploads" and §8 "Uploads and documents". */
export const LAST_REQUIRED_DOCUMENT_TITLE = "Ação não permitida";
export const LAST_REQUIRED_DOCUMENT_MESSAGE =
  "Não é possível excluir todos os documentos em um item obrigatório";

/** Longest name of an attached document (the file name the supplier sees). */
export const SUPPLIER_DOCUMENT_NAME_MAX_LENGTH = 255;
/** Most documents one attach call may register. */
export const SUPPLIER_DOCUMENTS_PER_ATTACH = 20;
