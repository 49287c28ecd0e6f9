import { createHash } from "node:crypto";
import type { DocumentModel } from "@certame/domain";
import { DOCX_MIME, renderDocumentDocx } from "./document-docx";
import { renderDocumentPdf } from "./document-pdf";

// A document the platform issues, ready to be written as PDF or as Word from its one model.

export const DOCUMENT_FORMATS = ["pdf", "docx"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const DOCUMENT_MIME: Record<DocumentFormat, string> = { pdf: "application/pdf", docx: DOCX_MIME };

export interface IssuedDocument {
  model: DocumentModel;
  /** The instant printed in the PDF's footer; for a versioned document, only the PDF's CreationDate. */
  issuedAt: Date;
  fileName(format: DocumentFormat): string;
  /**
   * A document the body signs (a process's documents, issue 35 item 3): the platform's id of it,
   * `certame-documento:<process id>:<step kind>`. Its PDF is then a function of its model alone —
   * the footer prints the version (the model's SHA-256) instead of the time of the download, and
   * `issuedAt` must be a fixed instant of the record (the process's creation) — so the same content
   * always gives the same bytes and a signature's SHA-256 says whether the document changed since.
   */
  documentId?: string;
}

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** The SHA-256 of a model's content (its JSON): the version a versioned PDF names. */
export const modelSha256 = (model: DocumentModel) => sha256(JSON.stringify(model));

/**
 * What a versioned document's PDF carries: in its Keywords the platform's id and version
 * (`certame-documento:<process>:<kind>:<model sha-256>`, which an uploaded signed copy is checked
 * against when its signer's tool rewrote the file), and in its footer the short version.
 */
export function versionMarks(documentId: string, model: DocumentModel) {
  const version = modelSha256(model);
  return {
    keywords: `${documentId}:${version}`,
    footer: `Versão ${version.slice(0, 12)} do documento`,
  };
}

export function renderDocument(
  doc: IssuedDocument,
  format: DocumentFormat,
  options: { appendix?: DocumentModel } = {},
): Promise<Buffer> {
  if (format === "docx") return renderDocumentDocx(doc.model);
  const marks = doc.documentId ? versionMarks(doc.documentId, doc.model) : {};
  return renderDocumentPdf(doc.model, { issuedAt: doc.issuedAt, ...marks, ...options });
}

/** The platform's id of a process's document (see IssuedDocument.documentId). */
export const processDocumentId = (processId: string, kind: string) =>
  `certame-documento:${processId}:${kind}`;
