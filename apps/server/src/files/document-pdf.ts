import type { DocumentModel } from "@certame/domain";
import { createReport } from "./pdf-layout";

// A document of the platform's vocabulary (domain document-model.ts) as a PDF, in the report layout:
// the same model the .docx renderer (document-docx.ts) writes, so both files say the same.

export interface DocumentPdfOptions {
  issuedAt: Date;
  /** PDF Keywords and the footer's text instead of the issue time (a versioned document). */
  keywords?: string;
  footer?: string;
  /** A second document printed after this one, from a new page (the signature manifest). */
  appendix?: DocumentModel;
}

type Report = ReturnType<typeof createReport>;

export function renderDocumentPdf(model: DocumentModel, info: DocumentPdfOptions): Promise<Buffer> {
  const r = createReport({
    title: model.title,
    subject: model.subtitle,
    issuedAt: info.issuedAt,
    keywords: info.keywords,
    footer: info.footer,
  });
  writeModel(r, model);
  if (info.appendix) {
    r.doc.addPage();
    writeModel(r, info.appendix);
  }
  return r.finish();
}

function writeModel(r: Report, model: DocumentModel) {
  const { doc } = r;
  r.heading(model.title, model.subtitle);
  for (const block of model.blocks) {
    switch (block.kind) {
      case "heading":
        if ((block.level ?? 1) === 1) r.section(block.text);
        else {
          if (doc.y > doc.page.height - 130) doc.addPage();
          doc.moveDown(0.4);
          doc
            .font("Helvetica-Bold")
            .fontSize(10)
            .fillColor("black")
            .text(block.text, doc.page.margins.left, doc.y, {
              width: r.width,
            });
          doc.moveDown(0.2);
        }
        break;
      case "paragraph":
        r.paragraph(block.number ? `${block.number} ${block.text}` : block.text);
        doc.moveDown(0.4);
        break;
      case "fields":
        for (const row of block.rows) r.field(row.label, row.value);
        doc.moveDown(0.4);
        break;
      case "table": {
        if (block.title) {
          doc
            .font("Helvetica-Bold")
            .fontSize(9.5)
            .fillColor("black")
            .text(block.title, doc.page.margins.left, doc.y, {
              width: r.width,
            });
          doc.moveDown(0.2);
        }
        const n = Math.max(1, block.columns.length);
        r.table(
          block.columns.map((title, i) => ({
            title,
            width: Math.floor(r.width * (block.widths?.[i] ?? 1 / n)),
            align: block.align?.[i] ?? "left",
          })),
          block.rows,
          block.fills,
        );
        doc.moveDown(0.4);
        break;
      }
      case "signature":
        if (doc.y > doc.page.height - 130) doc.addPage();
        doc.moveDown(1.5);
        r.paragraph("_______________________________________________");
        r.paragraph(block.name);
        if (block.role) r.paragraph(block.role, 8.5);
        break;
    }
  }
}
