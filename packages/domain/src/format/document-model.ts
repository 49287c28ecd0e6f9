import { formatBrasiliaDate, formatBrasiliaDateTime } from "./dates";
import { formatBRL, formatDecimalBR } from "./money";

// One small vocabulary for the documents the platform issues (issue 35 item 2: "the .docx from the
// same model as the PDF"): a title, headings, paragraphs, label/value lists, tables and signature
// lines. A document is built once, as data, by a pure builder (the reference term, the DFD, the ETP,
// the risk matrix, the edital); the server renders that one model to PDF (pdfkit) and to Word
// (docx), so both files carry the same texts.

export interface DocRow {
  label: string;
  value: string;
}

export type DocAlign = "left" | "center" | "right";

/** The blocks the reference term's live preview also draws. */
export type DocBlock =
  | { kind: "paragraph"; number?: string; text: string }
  | { kind: "fields"; rows: DocRow[] }
  | {
      kind: "table";
      title?: string;
      columns: string[];
      rows: string[][];
      /** Each column's share of the page width (0–1); equal shares of the whole width when absent. */
      widths?: number[];
      align?: DocAlign[];
      /** A cell's background colour ('#rrggbb'), row by row; null for none. */
      fills?: (string | null)[][];
    };

export type DocumentBlock =
  | DocBlock
  /** Level 1: a numbered section (ruled, upper case in the PDF); level 2: a sub-heading. */
  | { kind: "heading"; text: string; level?: 1 | 2 }
  /** A line to sign on, with the signer's name and, optionally, the role under it. */
  | { kind: "signature"; name: string; role?: string };

export interface DocumentModel {
  title: string;
  /** The line under the title: the body, the process. */
  subtitle?: string;
  blocks: DocumentBlock[];
}

/** Text shown for a missing placeholder or value. */
export const MISSING_VALUE = "-";

/** Every text a document carries, in reading order (what both renderings must show). */
export function documentTexts(model: DocumentModel): string[] {
  const out = [model.title, ...(model.subtitle ? [model.subtitle] : [])];
  for (const block of model.blocks) {
    if (block.kind === "heading") out.push(block.text);
    else if (block.kind === "paragraph")
      out.push(block.number ? `${block.number} ${block.text}` : block.text);
    else if (block.kind === "fields") for (const row of block.rows) out.push(row.label, row.value);
    else if (block.kind === "table")
      out.push(...(block.title ? [block.title] : []), ...block.columns, ...block.rows.flat());
    else out.push(block.name, ...(block.role ? [block.role] : []));
  }
  return out;
}

// ── Formatting ─────────────────────────────────────────────────────────────────────────────────

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (no time zone involved); an ISO date-time → Brasília date. */
export function formatDocumentDate(value: string | null | undefined): string {
  if (!value) return MISSING_VALUE;
  const match = ISO_DATE.exec(value);
  if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? value : formatBrasiliaDate(parsed);
}

/** ISO date-time → 'dd/mm/aaaa HH:mm' (Brasília time). */
export function formatDocumentDateTime(value: string | null | undefined): string {
  if (!value) return MISSING_VALUE;
  if (ISO_DATE.test(value)) return formatDocumentDate(value);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? value : formatBrasiliaDateTime(parsed);
}

/** Integer cents → 'R$ 1.234,56'. */
export function formatDocumentMoney(cents: number | null | undefined): string {
  if (typeof cents !== "number" || !Number.isFinite(cents)) return MISSING_VALUE;
  return formatBRL(Math.round(cents), 2);
}

/** A plain number, pt-BR, up to 4 fraction digits: 1234.5 → '1.234,5'. */
export function formatDocumentNumber(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return MISSING_VALUE;
  return formatDecimalBR(Math.round(value * 10_000), 4, { minFractionDigits: 0 });
}
