import { parseCsvRows } from "@certame/domain";
import { createReport, type PdfColumn } from "../../files/pdf-layout";

/**
 * A CSV notice file as the PDF the portal takes (manual §5.16 has no CSV): its rows as a table with
 * the first row as the header, under the document's title. The platform's PDF layout (pdfkit).
 */
export async function csvAsPdf(title: string, csv: Buffer, issuedAt: Date): Promise<Buffer> {
  const rows = parseCsvRows(csv.toString("utf8"));
  const report = createReport({ title, subject: "Documento do edital (CSV convertido em PDF)", issuedAt });
  report.heading(title, "Planilha anexada ao edital em CSV, reproduzida em tabela para o PNCP.");
  report.section("Conteúdo");
  const [header = [], ...body] = rows;
  const width = Math.max(1, ...rows.map((r) => r.length));
  const columns: PdfColumn[] = Array.from({ length: width }, (_, i) => ({
    title: header[i] ?? "",
    width: report.width / width,
  }));
  if (rows.length === 0) report.paragraph("(arquivo vazio)");
  else
    report.table(
      columns,
      body.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? "")),
    );
  return report.finish();
}
