import type { DocumentModel } from "@certame/domain";
import { DOCX_MIME, renderDocumentDocx } from "./document-docx";
import { renderDocumentPdf } from "./document-pdf";

// A document the platform issues, ready to be written as PDF or as Word from its one model.

export const DOCUMENT_FORMATS = ["pdf", "docx"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const DOCUMENT_MIME: Record<DocumentFormat, string> = { pdf: "application/pdf", docx: DOCX_MIME };

export interface IssuedDocument {
  model: DocumentModel;
  /** The instant printed in the PDF's footer. */
  issuedAt: Date;
  fileName(format: DocumentFormat): string;
}

export function renderDocument(doc: IssuedDocument, format: DocumentFormat): Promise<Buffer> {
  return format === "pdf"
    ? renderDocumentPdf(doc.model, { issuedAt: doc.issuedAt })
    : renderDocumentDocx(doc.model);
}
