import type { ReferenceTermDocument } from "@certame/domain";
import { createReport } from "../../files/pdf-layout";

// The reference term as a PDF (issue 16 item 5; planning §2.10 'Imprimir PDF'): the same document
// model as the preview and the .docx, in the platform's report layout.

export function renderReferenceTermPdf(
  doc: ReferenceTermDocument,
  info: { buyerName: string; issuedAt: Date },
): Promise<Buffer> {
  const r = createReport({ title: doc.title, subject: info.buyerName, issuedAt: info.issuedAt });
  r.heading(doc.title, info.buyerName || undefined);
  r.section("Dados Gerais do Processo");
  for (const h of doc.header) r.field(h.label, h.value);
  for (const chapter of doc.chapters) {
    r.section(`${chapter.number}. ${chapter.title}`);
    for (const block of chapter.blocks) {
      if (block.kind === "paragraph") {
        r.paragraph(block.number ? `${block.number} ${block.text}` : block.text);
        r.doc.moveDown(0.4);
      } else if (block.kind === "fields") {
        for (const row of block.rows) r.field(row.label, row.value);
        r.doc.moveDown(0.4);
      } else {
        const n = Math.max(1, block.columns.length);
        r.table(
          block.columns.map((title, i) => ({ title, width: i === n - 1 ? 0 : Math.floor(r.width / n) })),
          block.rows,
        );
        r.doc.moveDown(0.4);
      }
    }
  }
  return r.finish();
}
