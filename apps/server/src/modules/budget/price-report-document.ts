import { type DocumentBlock, type DocumentModel, formatBRL, priceMethodLabel } from "@certame/domain";
import type { PriceReport } from "./price-search-docx";

// The price research report of a process's budget as a document of the platform's vocabulary (domain
// document-model.ts), for its PDF: the one the budget step signs (issue 35 item 3). It says what the
// .docx of price-search-docx.ts says, but its date: the PDF is versioned (files/document-file.ts), so
// no download time is printed in it.

const money = (cents: number | null) => (cents === null ? "—" : formatBRL(cents, 2));
const FLAG_TEXT = { HIGH: "Excessivamente elevado", LOW: "Possivelmente inexequível" } as const;
const percent = (value: number | null) =>
  value === null ? "—" : `${(value * 100).toFixed(2).replace(".", ",")}%`;

export const PRICE_REPORT_TITLE = "Relatório de Pesquisa de Preços";

export function priceReportDocumentModel(report: PriceReport): DocumentModel {
  const blocks: DocumentBlock[] = [
    {
      kind: "fields",
      rows: [
        { label: "Órgão", value: report.bodyName || "—" },
        {
          label: "Processo",
          value: report.processNumber ?? "pesquisa avulsa (não vinculada a processo)",
        },
        { label: "Objeto", value: report.object || "—" },
      ],
    },
    {
      kind: "paragraph",
      text: "Critério de preços excessivamente elevados ou inexequíveis (IN SEGES/ME 65/2021, art. 6º): cotação acima de 125% ou abaixo de 75% da mediana das cotações válidas. A exclusão de cotações é decisão justificada do agente.",
    },
    ...report.notes.map((text): DocumentBlock => ({ kind: "paragraph", text })),
  ];
  for (const g of report.groups) {
    blocks.push(
      { kind: "heading", level: 2, text: g.heading },
      ...g.details.map((text): DocumentBlock => ({ kind: "paragraph", text })),
      { kind: "paragraph", text: `Método: ${priceMethodLabel(g.method)}` },
      {
        kind: "table",
        columns: ["Coluna", "Fornecedor", "Preço", "Fonte", "Sinalização", "Situação"],
        widths: [0.08, 0.26, 0.13, 0.27, 0.14, 0.12],
        align: ["center", "left", "right", "left", "left", "left"],
        rows: g.quotes.map((q) => [
          q.label,
          q.supplier,
          money(q.cents),
          q.source,
          q.flag ? FLAG_TEXT[q.flag] : "—",
          q.excluded ? "Excluída" : "Válida",
        ]),
      },
      {
        kind: "paragraph",
        text: `Média: ${money(g.averageCents)}; Mediana: ${money(g.medianCents)}; Menor preço: ${money(g.lowestCents)}; Coeficiente de variação: ${percent(g.coefficientOfVariation)}`,
      },
      { kind: "paragraph", text: `Preço de referência: ${money(g.referenceCents)}` },
      ...g.quotes
        .filter((q) => q.excluded)
        .map(
          (q): DocumentBlock => ({
            kind: "paragraph",
            text: `Cotação excluída (coluna ${q.label}, ${q.supplier}): ${q.exclusionJustification ?? ""}`,
          }),
        ),
    );
  }
  return {
    title: PRICE_REPORT_TITLE,
    subtitle: report.processNumber ? `Processo ${report.processNumber}` : undefined,
    blocks,
  };
}
