// The files the national portal takes with a contracting (Manual de Integração PNCP v2.3.7 §5.16
// "Envio de arquivos pelas APIs de Documento", used by 6.3.1 and 6.3.6): a closed list of extensions
// and 30 MB a file. Notices accept PDF and CSV (notices-and-accounts §9); CSV is not in the portal's
// list, so a CSV goes as a PDF table of its rows (the server renders it), and any other refused file
// is kept out of the publication with the reason shown on /publicacoes-pncp. Recorded in
// docs/decisions.md "Publication to the national portal, PNCP".

/** Manual §5.16: the extensions the document APIs accept. */
export const PNCP_DOCUMENT_EXTENSIONS = [
  "pdf",
  "txt",
  "rtf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "odt",
  "ods",
  "sxw",
  "zip",
  "7z",
  "rar",
  "dwg",
  "dwt",
  "dxf",
  "dwf",
  "dwfx",
  "svg",
  "sldprt",
  "sldasm",
  "dgn",
  "ifc",
  "skp",
  "3ds",
  "dae",
  "obj",
  "rfa",
  "rte",
] as const;

/** Manual §5.16 note: "O tamanho máximo aceito, por arquivo enviado, é de 30 MB". */
export const PNCP_DOCUMENT_MAX_BYTES = 30 * 1024 * 1024;

export type PncpDocumentFormat =
  | { kind: "AS_IS" }
  | { kind: "CSV_AS_PDF" }
  | { kind: "KEPT_OUT"; reason: string };

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** How a notice file goes to the portal: as it is, a CSV as a PDF table, or not at all (why). */
export function pncpDocumentFormat(name: string, sizeBytes: number): PncpDocumentFormat {
  const extension = extensionOf(name);
  if (extension === "csv") return { kind: "CSV_AS_PDF" };
  if (!(PNCP_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension))
    return {
      kind: "KEPT_OUT",
      reason: `O PNCP não aceita arquivos ${extension ? `.${extension}` : "sem extensão"} (manual §5.16): "${name}" não foi enviado.`,
    };
  if (sizeBytes > PNCP_DOCUMENT_MAX_BYTES)
    return {
      kind: "KEPT_OUT",
      reason: `O PNCP aceita arquivos de até 30 MB (manual §5.16): "${name}" não foi enviado.`,
    };
  return { kind: "AS_IS" };
}

/**
 * The rows of a CSV text (RFC 4180 quoting; the separator is ';' when the first line has more of
 * them than commas, as spreadsheets in pt-BR write it). Blank lines are dropped.
 */
export function parseCsvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  const count = (c: string) => firstLine.split(c).length - 1;
  const separator = count(";") > count(",") ? ";" : count("\t") > count(",") ? "\t" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((v) => v.trim() !== ""));
}

/** The document's file name as the portal gets it: a CSV becomes its PDF. */
export function pncpPdfNameOf(name: string): string {
  return `${name.replace(/\.csv$/i, "")}.pdf`;
}
