import {
  BRASILIA_TIME_ZONE,
  formatBRL,
  type PriceMethod,
  priceMethodLabel,
  type QuoteFlag,
} from "@certame/domain";
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

// 'Relatório de Pesquisa de Preços' (planning §7 "Report"; IN SEGES/ME 65/2021 art. 3 and 6): one model for
// the saved budget of a process and for a basket of the standalone search (price-report.ts builds both).

export interface PriceReportQuote {
  /** The column of the budget, or the quote's order in the basket. */
  label: string;
  supplier: string;
  cents: number;
  source: string;
  flag: QuoteFlag;
  excluded: boolean;
  exclusionJustification: string | null;
}

export interface PriceReportGroup {
  heading: string;
  details: string[];
  method: PriceMethod;
  quotes: PriceReportQuote[];
  averageCents: number | null;
  medianCents: number | null;
  lowestCents: number | null;
  referenceCents: number | null;
  coefficientOfVariation: number | null;
}

export interface PriceReport {
  bodyName: string;
  issuedAt: Date;
  /** Null for a basket of the standalone search. */
  processNumber: string | null;
  object: string;
  /** Paragraphs after the criterion (how the prices were checked). */
  notes: string[];
  groups: PriceReportGroup[];
}

const money = (cents: number | null) => (cents === null ? "—" : formatBRL(cents, 2));
const FLAG_TEXT = { HIGH: "Excessivamente elevado", LOW: "Possivelmente inexequível" } as const;
const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
const row = (texts: string[]) => new TableRow({ children: texts.map(cell) });

export async function renderPriceSearchDocx(report: PriceReport): Promise<Buffer> {
  const date = new Intl.DateTimeFormat("pt-BR", {
    timeZone: BRASILIA_TIME_ZONE,
    dateStyle: "short",
    timeStyle: "short",
  }).format(report.issuedAt);
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: "Relatório de Pesquisa de Preços", heading: HeadingLevel.TITLE }),
    new Paragraph(`Órgão: ${report.bodyName}`),
    new Paragraph(
      report.processNumber === null
        ? "Processo: pesquisa avulsa (não vinculada a processo)"
        : `Processo: ${report.processNumber}`,
    ),
    new Paragraph(`Objeto: ${report.object || "—"}`),
    new Paragraph(`Data: ${date} (horário de Brasília)`),
    new Paragraph(
      "Critério de preços excessivamente elevados ou inexequíveis (IN SEGES/ME 65/2021, art. 6º): cotação acima de 125% ou abaixo de 75% da mediana das cotações válidas. A exclusão de cotações é decisão justificada do agente.",
    ),
    ...report.notes.map((note) => new Paragraph(note)),
  ];
  for (const g of report.groups) {
    children.push(
      new Paragraph({ text: g.heading, heading: HeadingLevel.HEADING_2 }),
      ...g.details.map((line) => new Paragraph(line)),
      new Paragraph(`Método: ${priceMethodLabel(g.method)}`),
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          row(["Coluna", "Fornecedor", "Preço", "Fonte", "Sinalização", "Situação"]),
          ...g.quotes.map((q) =>
            row([
              q.label,
              q.supplier,
              money(q.cents),
              q.source,
              q.flag ? FLAG_TEXT[q.flag] : "—",
              q.excluded ? "Excluída" : "Válida",
            ]),
          ),
        ],
      }),
      new Paragraph(
        `Média: ${money(g.averageCents)}; Mediana: ${money(g.medianCents)}; Menor preço: ${money(g.lowestCents)}; Coeficiente de variação: ${
          g.coefficientOfVariation === null
            ? "—"
            : `${(g.coefficientOfVariation * 100).toFixed(2).replace(".", ",")}%`
        }`,
      ),
      new Paragraph({
        children: [new TextRun({ text: `Preço de referência: ${money(g.referenceCents)}`, bold: true })],
      }),
    );
    for (const q of g.quotes.filter((x) => x.excluded))
      children.push(
        new Paragraph(
          `Cotação excluída (coluna ${q.label}, ${q.supplier}): ${q.exclusionJustification ?? ""}`,
        ),
      );
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}
