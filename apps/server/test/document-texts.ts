import JSZip from "jszip";
import { expect } from "vitest";
import { pdfText } from "./pdf-text";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The texts of a .docx's body: the runs (w:t) of word/document.xml, unescaped, in order. */
export async function docxTexts(docx: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file("word/document.xml")?.async("string");
  if (xml === undefined) throw new Error("sem word/document.xml: não é um .docx");
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) =>
    (m[1] as string).replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] as string),
  );
}

/** Text compared as the PDF lays it out: line breaks and spaces vary, the PDF's headings are upper case. */
const squeeze = (text: string) => text.replace(/\s+/g, "").toLocaleUpperCase("pt-BR");

/**
 * The PDF's text without the page footers written after each page's content ('Emitido em … · Página
 * 1 de 2', or 'Versão … do documento · Página 1 de 2' for a versioned document):
 * the next page's first text follows the footer directly, so the page count is matched exactly.
 */
function withoutFooters(pdf: Buffer) {
  const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;
  return pdfText(pdf).replace(
    new RegExp(`(?:Emitido em [^·]*|Versão [0-9a-f]{12} do documento )· Página \\d+ de ${pages}`, "g"),
    "",
  );
}

/** Every text of the .docx appears, whole, in the PDF: both files carry the same document. */
export function expectPdfToCarry(pdf: Buffer, texts: readonly string[]) {
  const body = squeeze(withoutFooters(pdf));
  const missing = texts.filter((text) => squeeze(text) !== "" && !body.includes(squeeze(text)));
  expect(missing).toEqual([]);
}
