import type { DocAlign, DocumentModel } from "@certame/domain";
import {
  AlignmentType,
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

// A document of the platform's vocabulary (domain document-model.ts) as a Word file ('Baixar arquivo
// em Word'): the same model the PDF renderer (document-pdf.ts) draws, so both files say the same.

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT } as const;

/** A text's lines as runs, a line break between them. */
const runs = (text: string, options: { bold?: boolean } = {}) =>
  text
    .split("\n")
    .map((line, i) => new TextRun({ text: line, bold: options.bold, break: i > 0 ? 1 : undefined }));

function table(
  columns: string[] | null,
  rows: string[][],
  options: { widths?: number[]; align?: DocAlign[]; fills?: (string | null)[][]; boldFirst?: boolean } = {},
) {
  const total = options.widths
    ? Math.min(100, Math.round(options.widths.reduce((a, b) => a + b, 0) * 100))
    : 100;
  const cell = (text: string, i: number, bold: boolean, fill: string | null | undefined) =>
    new TableCell({
      ...(options.widths?.[i] !== undefined
        ? { width: { size: Math.round((options.widths[i] as number) * 100), type: WidthType.PERCENTAGE } }
        : {}),
      ...(fill ? { shading: { fill: fill.replace("#", "").toUpperCase() } } : {}),
      children: [
        new Paragraph({ alignment: ALIGN[options.align?.[i] ?? "left"], children: runs(text, { bold }) }),
      ],
    });
  return new Table({
    width: { size: total, type: WidthType.PERCENTAGE },
    rows: [
      ...(columns
        ? [new TableRow({ tableHeader: true, children: columns.map((c, i) => cell(c, i, true, null)) })]
        : []),
      ...rows.map(
        (r, y) =>
          new TableRow({
            children: r.map((c, i) =>
              cell(c, i, options.boldFirst === true && i === 0, options.fills?.[y]?.[i]),
            ),
          }),
      ),
    ],
  });
}

export function renderDocumentDocx(model: DocumentModel): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [new Paragraph({ text: model.title, heading: HeadingLevel.TITLE })];
  if (model.subtitle)
    children.push(new Paragraph({ spacing: { after: 200 }, children: runs(model.subtitle) }));
  for (const block of model.blocks) {
    switch (block.kind) {
      case "heading":
        children.push(
          (block.level ?? 1) === 1
            ? new Paragraph({
                heading: HeadingLevel.HEADING_1,
                children: [new TextRun({ text: block.text, allCaps: true })],
              })
            : new Paragraph({ heading: HeadingLevel.HEADING_2, children: runs(block.text) }),
        );
        break;
      case "paragraph":
        children.push(
          new Paragraph({
            spacing: { after: 120 },
            children: [
              ...(block.number ? [new TextRun({ text: `${block.number} `, bold: true })] : []),
              ...runs(block.text),
            ],
          }),
        );
        break;
      case "fields":
        children.push(
          table(
            null,
            block.rows.map((r) => [r.label, r.value]),
            { widths: [0.4, 0.6], boldFirst: true },
          ),
          new Paragraph(""),
        );
        break;
      case "table":
        if (block.title)
          children.push(
            new Paragraph({ spacing: { before: 120 }, children: runs(block.title, { bold: true }) }),
          );
        children.push(table(block.columns, block.rows, block), new Paragraph(""));
        break;
      case "signature":
        children.push(
          new Paragraph({
            spacing: { before: 480 },
            text: "_______________________________________________",
          }),
          new Paragraph({ children: runs(block.name) }),
          ...(block.role ? [new Paragraph({ children: runs(block.role) })] : []),
        );
        break;
    }
  }
  return Packer.toBuffer(new Document({ title: model.title, sections: [{ children }] }));
}
