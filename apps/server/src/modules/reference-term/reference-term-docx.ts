import type { ReferenceTermDocument } from "@certame/domain";
import {
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";

// The reference term as a Word document (issue 16 item 5; planning §2.10 'Download Word'): the same
// document model as the preview and the PDF (domain buildReferenceTermDocument).

const cell = (text: string, bold = false) =>
  new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
const table = (columns: string[] | null, rows: string[][]) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      ...(columns ? [new TableRow({ tableHeader: true, children: columns.map((c) => cell(c, true)) })] : []),
      ...rows.map((r) => new TableRow({ children: r.map((c) => cell(c)) })),
    ],
  });

export async function renderReferenceTermDocx(doc: ReferenceTermDocument): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
    table(
      null,
      doc.header.map((h) => [h.label, h.value]),
    ),
  ];
  for (const chapter of doc.chapters) {
    children.push(
      new Paragraph({ text: `${chapter.number}. ${chapter.title}`, heading: HeadingLevel.HEADING_1 }),
    );
    for (const block of chapter.blocks) {
      if (block.kind === "paragraph")
        children.push(
          new Paragraph({
            spacing: { after: 120 },
            children: [
              ...(block.number ? [new TextRun({ text: `${block.number} `, bold: true })] : []),
              new TextRun(block.text),
            ],
          }),
        );
      else if (block.kind === "fields")
        children.push(
          table(
            null,
            block.rows.map((r) => [r.label, r.value]),
          ),
          new Paragraph(""),
        );
      else children.push(table(block.columns, block.rows), new Paragraph(""));
    }
  }
  return Packer.toBuffer(new Document({ title: doc.title, sections: [{ children }] }));
}
