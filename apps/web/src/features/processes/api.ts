import type {
  NoticeStatus,
  ProcessAction,
  ProcessListColumn,
  ProcessStatus,
  ProcessStepKind,
  SignableDocumentKind,
  SignatureMethod,
} from "@certame/domain";
import { PROCESS_LIST_PAGE_SIZE } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiUpload } from "../../api/files";

// The calls of 'Criar processo completo' (planning §7 "Processes"); the shapes are the server's
// (apps/server/src/modules/processes/process.service.ts).

export const PROCESS_PATHS = {
  list: "app/process/list",
  read: "app/process/read",
  create: "app/process/create",
  edit: "app/process/edit",
  delete: "app/process/delete",
  undo: "app/process/undo",
  // Issue 35: the notice made from the process, the plan's changes carried into it, the publication.
  noticeCreate: "app/process/notice/create",
  noticeSync: "app/process/notice/sync",
  publish: "app/process/publish",
  // Issue 35 item 3: the signatures of the process's documents.
  signatureRead: "app/process/signature/read",
  signatureSign: "app/process/signature/sign",
  signatureUpload: "app/process/signature/upload",
} as const;

/** The edital (minuta) made from the process's notice, as .docx and PDF (404 while there is none). */
export const processNoticeDocxUrl = (processId: string) => `/api/app/process/notice/docx/${processId}`;
export const processNoticePdfUrl = (processId: string) => `/api/app/process/notice/pdf/${processId}`;
/** 'Baixar arquivos do processo': one .zip of every document of the process, with a LEIA-ME of hashes. */
export const processFilesUrl = (processId: string) => `/api/app/process/files/${processId}`;

/** A row of 'Processos criados'. */
export interface ProcessListRow {
  id: string;
  processNumber: string;
  /** ISO instant. */
  createdDate: string;
  secretaries: { name: string }[];
  /** The object (the DFD's description) and the modality (the ETP's). */
  demandFormalization: { description?: string | null } | null;
  preliminaryTechnicalStudy: { modality?: string | null } | null;
  /** Civil date, 'YYYY-MM-DD'. */
  processDate: string;
  status: ProcessStatus;
  isDeleted: boolean;
  actions: ProcessAction[];
}

export interface ProcessListAnswer {
  processes: ProcessListRow[];
  limitResult: number;
  total: number;
}

export interface ProcessListQuery {
  page: number;
  limit?: number;
  orderByColumn: ProcessListColumn;
  sortOrder: "ASC" | "DESC";
  searchParameters?: string;
}

/** 'Imprimir pdf assinado': the document's PDF followed by the manifest of its signatures. */
export const signedPdfUrl = (processId: string, kind: SignableDocumentKind) =>
  `/api/app/process/signature/pdf/${kind}/${processId}`;
/** Step 4's document as PDF (the price research report of the saved budget: the version signed). */
export const budgetPdfUrl = (processId: string) => `/api/app/budget/pdf/${processId}`;

/** A signature of a document (server: process-signature.service.ts SignatureView). */
export interface DocumentSignature {
  id: string;
  kind: SignableDocumentKind;
  method: SignatureMethod;
  methodLabel: string;
  signerName: string;
  /** Masked: '***.982.247-**'. */
  signerCpf: string;
  signerRole: string;
  /** ISO instant. */
  signedAt: string;
  documentSha256: string;
  /** The document changed after it: the SHA-256 signed is not the current one. */
  stale: boolean;
  signedFile: { name: string; sha256: string; hasDigitalSignature: boolean; url: string } | null;
}

/** One document's current version (the SHA-256 of its PDF now) and its signatures. */
export interface DocumentSignatures {
  kind: SignableDocumentKind;
  title: string;
  documentSha256: string;
  fileName: string;
  signatures: DocumentSignature[];
}

/** A winner of the homologated lots, on the signature and national-portal steps (10–13). */
export interface ProcessStepSupplier {
  supplierId: string;
  name: string;
  /** The lot numbers it won. */
  lots: number[];
  /** The sending's status (§4 sample statuses: 'Pendente de Envio' until something is sent). */
  status: string;
}

export interface ProcessStep {
  kind: ProcessStepKind;
  label: string;
  /** The wizard's route segment for the five planning steps, else null. */
  slug: string | null;
  status: "PENDING" | "IN_PROGRESS" | "COMPLETED" | "SIGNED";
  updatedDate: string | null;
  /** The document's signatures (the signable steps; [] elsewhere). */
  signatures: DocumentSignature[];
  /** Empty before the homologation, and on the steps other than 10–13. */
  suppliers: ProcessStepSupplier[];
  /** PUBLICATION only: ISO instants read from the notice, null until they happen. */
  publicationDate?: string | null;
  homologationDate?: string | null;
}

/** The notice made from the process (step 6), as app/process/read gives it. */
export interface ProcessNotice {
  id: string;
  noticeNumber: string;
  status: NoticeStatus;
  publishedDate: string | null;
  homologationDate: string | null;
  /** The plan changed after the notice was made or last synced, and the notice is still PENDING. */
  outOfDate: boolean;
}

/** The process as app/process/read (and app/process/edit) return it. */
export interface ProcessDetail {
  id: string;
  processNumber: string;
  createdDate: string;
  processDate: string;
  status: ProcessStatus;
  isDeleted: boolean;
  secretaries: { id?: string; name: string }[];
  demandFormalization?: { description: string | null } | null;
  preliminaryTechnicalStudy?: { modality: string | null; subModality: string | null } | null;
  riskManagement?: { processRisk: string | null } | null;
  actions: ProcessAction[];
  steps: ProcessStep[];
  auctionNotice: ProcessNotice | null;
  /** Names of the notice's AUCTIONEER staff ([] without a notice). */
  auctioneers: string[];
  /** Reais: Σ reference unit price × quantity over the DFD's items; null while an item has no price. */
  totalValue: number | null;
}

export const processKeys = {
  all: ["processes"] as const,
  list: ["processes", "list"] as const,
  detail: (id: string) => ["processes", "detail", id] as const,
};

export const listProcesses = (query: ProcessListQuery) =>
  apiPost<ProcessListAnswer>(PROCESS_PATHS.list, { limit: PROCESS_LIST_PAGE_SIZE, ...query });
export const readProcess = (id: string) => apiPost<ProcessDetail>(PROCESS_PATHS.read, { id });
export const createProcess = (processNumber: string) =>
  apiPost<{ id: string }>(PROCESS_PATHS.create, { processNumber });
export const editProcessNumber = (id: string, processNumber: string) =>
  apiPost<ProcessDetail>(PROCESS_PATHS.edit, { id, processNumber });
export const deleteProcess = (id: string) => apiPost<{ id: string }>(PROCESS_PATHS.delete, { id });
export const undoProcess = (id: string) => apiPost<{ id: string }>(PROCESS_PATHS.undo, { id });

/** Makes the PENDING notice from the process, or returns the one it already has (created=false). */
export const createProcessNotice = (processId: string) =>
  apiPost<{ id: string; created: boolean }>(PROCESS_PATHS.noticeCreate, { processId });
/** Carries the plan's object, lots, quantities, units and reference prices into the PENDING notice. */
export const syncProcessNotice = (processId: string) =>
  apiPost<{ id: string }>(PROCESS_PATHS.noticeSync, { processId });
/** Publishes the linked notice and sets the process PROCESS_PUBLISHED; answers the process as read. */
export const publishProcess = (processId: string) =>
  apiPost<ProcessDetail>(PROCESS_PATHS.publish, { processId });

/** A page of the notice wizard (notices-and-accounts §2.5–§2.8) of the process's notice. */
export const noticeWizardPath = (
  noticeId: string,
  page: "formulario" | "lotes-do-edital" | "documentos-do-edital",
) => `/cadastrar/editais/${noticeId}/${page}`;

export const signatureKeys = {
  document: (processId: string, kind: SignableDocumentKind) =>
    ["processes", "signatures", processId, kind] as const,
};

export const readDocumentSignatures = (processId: string, kind: SignableDocumentKind) =>
  apiPost<DocumentSignatures>(PROCESS_PATHS.signatureRead, { processId, kind });
/** The platform's signature (Lei 14.063/2020 art. 4 I) of the version read, with the password typed again. */
export const signDocument = (input: {
  processId: string;
  kind: SignableDocumentKind;
  documentSha256: string;
  password: string;
}) => apiPost<DocumentSignatures>(PROCESS_PATHS.signatureSign, input);
/** A signed PDF of the version read. */
export const uploadSignedDocument = (
  input: { processId: string; kind: SignableDocumentKind; documentSha256: string },
  file: File,
) => apiUpload<DocumentSignatures>(PROCESS_PATHS.signatureUpload, file, input);
