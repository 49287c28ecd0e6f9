import {
  REFERENCE_TERM_PDF_FILE_NAME,
  REFERENCE_TERM_WORD_FILE_NAME,
  type ReferenceTermBatch,
  type ReferenceTermChapterCode,
  type ReferenceTermContext,
  type ReferenceTermData,
  type ReferenceTermDocumentInput,
  type ReferenceTermTemplate,
} from "@certame/domain";
import { apiGet, apiPost } from "../../api/client";
import { apiDownload, apiUpload, type DownloadedFile } from "../../api/files";

// The reference term's calls (planning §7 "Reference term"; the server's contract in
// apps/server/src/modules/reference-term): read, save, the template, the paragraph history, the
// Word and PDF exports and the signed-PDF upload.

export const REFERENCE_TERM_PATHS = {
  read: "app/referenceTerm/read",
  save: "app/referenceTerm/save",
  template: "app/referenceTerm/template",
  paragraphHistory: "app/paragraphTemplate/byChapter",
  word: "app/referenceTerm/word",
  pdf: "app/referenceTerm/pdf",
  signature: "app/referenceTerm/signature",
  signatureDownload: "app/referenceTerm/signature/download",
} as const;

export type ReferenceTermChapterStatus = "PENDING" | "COMPLETED" | "SIGNED";

export interface ReferenceTermChapterView {
  code: ReferenceTermChapterCode;
  status: ReferenceTermChapterStatus;
  updatedDate: string | null;
}

export interface ReferenceTermSignatureView {
  fileName: string;
  signedSha256: string;
  issuedSha256: string;
  /** The uploaded PDF carries a digital-signature dictionary (/ByteRange … /Contents). */
  hasDigitalSignature?: boolean;
  signedAt: string;
  signedBy: string | null;
  /** A chapter changed after the signature: the signed PDF no longer matches the term. */
  stale: boolean;
}

/** app/referenceTerm/read (and save) answer. */
export interface ReferenceTermView {
  context: ReferenceTermContext;
  header: ReferenceTermDocumentInput["header"];
  lots: ReferenceTermBatch[];
  data: ReferenceTermData;
  chapters: ReferenceTermChapterView[];
  progress: number;
  step: ReferenceTermChapterCode | null;
  signature: ReferenceTermSignatureView | null;
}

export interface ParagraphTemplateView {
  content: string;
  usageCount: number;
  createdDate: string;
}

export const referenceTermKeys = {
  all: ["reference-term"] as const,
  read: (processId: string) => ["reference-term", "read", processId] as const,
  template: ["reference-term", "template"] as const,
  history: (chapterCode: ReferenceTermChapterCode) => ["reference-term", "history", chapterCode] as const,
};

export const readReferenceTerm = (processId: string) =>
  apiPost<ReferenceTermView>(REFERENCE_TERM_PATHS.read, { process: { id: processId } });

export interface ReferenceTermSaveBody {
  process: { id: string };
  chapterCode: ReferenceTermChapterCode;
  step: ReferenceTermChapterCode | null;
  data: object;
}

export const saveReferenceTerm = (body: ReferenceTermSaveBody) =>
  apiPost<ReferenceTermView>(REFERENCE_TERM_PATHS.save, body);

export const getReferenceTermTemplate = async (): Promise<ReferenceTermTemplate> =>
  (await apiGet<{ template: ReferenceTermTemplate }>(REFERENCE_TERM_PATHS.template)).template;

export const listParagraphHistory = async (chapterCode: ReferenceTermChapterCode) =>
  (await apiPost<{ list: ParagraphTemplateView[] }>(REFERENCE_TERM_PATHS.paragraphHistory, { chapterCode }))
    .list ?? [];

export const downloadReferenceTermWord = (processId: string): Promise<DownloadedFile> =>
  apiDownload(REFERENCE_TERM_PATHS.word, { process: { id: processId } }, REFERENCE_TERM_WORD_FILE_NAME);

export const downloadReferenceTermPdf = (processId: string): Promise<DownloadedFile> =>
  apiDownload(REFERENCE_TERM_PATHS.pdf, { process: { id: processId } }, REFERENCE_TERM_PDF_FILE_NAME);

/** The signed PDF (multipart `processId` + `file`); the answer is the term's read view. */
export const uploadSignedReferenceTerm = (processId: string, file: File) =>
  apiUpload<ReferenceTermView | undefined>(REFERENCE_TERM_PATHS.signature, file, { processId });

export const downloadSignedReferenceTerm = (processId: string, fileName: string): Promise<DownloadedFile> =>
  apiDownload(REFERENCE_TERM_PATHS.signatureDownload, { process: { id: processId } }, fileName);
