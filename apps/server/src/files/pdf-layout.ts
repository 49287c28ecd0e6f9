import { brasiliaParts } from "@certame/domain";
import PDFDocument from "pdfkit";

// The platform's A4 report layout with pdfkit: a title block, ruled sections, "label: value"
// fields, simple tables that break across pages, and a footer with the issue time on every page.

const M = 50;
const INK = "#1f3a5f";

const two = (n: number) => String(n).padStart(2, "0");
/** dd/MM/yyyy às HH:mm:ss, Brasília time. */
export function brasiliaStamp(d: Date) {
  const p = brasiliaParts(d);
  return `${two(p.day)}/${two(p.month)}/${p.year} às ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

export interface PdfColumn {
  title: string;
  /** Width in points; one column may take the rest with width 0. */
  width: number;
  align?: "left" | "center" | "right";
}

export interface ReportInfo {
  title: string;
  subject?: string;
  issuedAt: Date;
  /** PDF Keywords (the platform's document id of a versioned document). */
  keywords?: string;
  /**
   * The footer's first words instead of 'Emitido em {issuedAt} (horário de Brasília)': a versioned
   * document (files/document-file.ts) prints its version there, so its bytes do not depend on when
   * it is downloaded.
   */
  footer?: string;
}

export function createReport(info: ReportInfo) {
  const doc = new PDFDocument({
    size: "A4",
    margin: M,
    bufferPages: true,
    // pdfkit hashes every info value into the file id: an undefined Subject would throw.
    info: {
      Title: info.title,
      Author: "Certame",
      ...(info.subject ? { Subject: info.subject } : {}),
      ...(info.keywords ? { Keywords: info.keywords } : {}),
      CreationDate: info.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * M;

  const report = {
    doc,
    width,
    heading(title: string, intro?: string) {
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor("#555")
        .text("Certame — Plataforma de Compras Públicas", M, M);
      doc.moveDown(0.3);
      doc.font("Helvetica-Bold").fontSize(18).fillColor(INK).text(title, { width });
      doc.moveDown(0.5).fillColor("black");
      if (intro) doc.font("Helvetica").fontSize(10.5).text(intro, { width });
    },
    section(title: string) {
      if (doc.y > doc.page.height - M - 80) doc.addPage();
      doc.moveDown(0.8);
      doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(title.toUpperCase(), M, doc.y, { width });
      doc
        .moveTo(M, doc.y + 2)
        .lineTo(M + width, doc.y + 2)
        .strokeColor(INK)
        .lineWidth(0.7)
        .stroke();
      doc.moveDown(0.7).fillColor("black");
    },
    field(label: string, value: string) {
      doc.font("Helvetica-Bold").fontSize(9.5).text(`${label}: `, M, doc.y, { continued: true, width });
      doc.font("Helvetica").text(value);
    },
    paragraph(text: string, size = 9.5) {
      doc.font("Helvetica").fontSize(size).text(text, M, doc.y, { width });
    },
    mono(text: string) {
      doc.font("Courier").fontSize(8).text(text, M, doc.y, { width });
    },
    /**
     * A table: the header row, then `rows`; a row that does not fit starts a new page. `fills` gives
     * a cell's background colour, row by row (null for none); a filled cell is boxed.
     */
    table(
      columns: readonly PdfColumn[],
      rows: readonly string[][],
      fills?: readonly (readonly (string | null)[])[],
    ) {
      const fixed = columns.reduce((sum, c) => sum + c.width, 0);
      const cols = columns.map((c) => ({ ...c, width: c.width || width - fixed }));
      const tableWidth = cols.reduce((sum, c) => sum + c.width, 0);
      const line = (cells: readonly string[], bold: boolean, fill?: readonly (string | null)[]) => {
        doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8.5);
        const h =
          Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (cols[i]?.width ?? 40) - 6 }))) + 6;
        if (doc.y + h > doc.page.height - M - 20) doc.addPage();
        const y = doc.y;
        if (bold) doc.rect(M, y, tableWidth, h).fill("#e8eef5").fillColor("black");
        let x = M;
        cells.forEach((c, i) => {
          const col = cols[i];
          if (!col) return;
          const background = fill?.[i];
          if (background) {
            doc.rect(x, y, col.width, h).fillAndStroke(background, "#555555");
            doc.fillColor("black");
          }
          doc.text(c, x + 3, y + 3, { width: col.width - 6, align: col.align ?? "left" });
          x += col.width;
        });
        doc
          .moveTo(M, y + h)
          .lineTo(M + tableWidth, y + h)
          .strokeColor("#cccccc")
          .lineWidth(0.5)
          .stroke();
        doc.x = M;
        doc.y = y + h;
      };
      line(
        cols.map((c) => c.title),
        true,
      );
      rows.forEach((r, i) => {
        line(r, false, fills?.[i]);
      });
    },
    /** Writes the footer on every page and ends the document. */
    finish(): Promise<Buffer> {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font("Helvetica")
          .fontSize(8)
          .fillColor("#666")
          .text(
            `${info.footer ?? `Emitido em ${brasiliaStamp(info.issuedAt)} (horário de Brasília)`} · Página ${i - range.start + 1} de ${range.count}`,
            M,
            doc.page.height - 35,
            { width, align: "center", lineBreak: false },
          );
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return done;
    },
  };
  return report;
}
