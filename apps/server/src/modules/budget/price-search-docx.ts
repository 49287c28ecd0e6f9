import {
  BRASILIA_TIME_ZONE,
  formatBRL,
  formatCpfOrCnpj,
  pncpNoticeLink,
  priceMethodLabel,
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
import type { BudgetService } from "./budget.service";

// 'Relatório de Pesquisa de Preços' (planning §7 "Report"; IN SEGES/ME 65/2021 art. 3 and 6).

type Batches = Awaited<ReturnType<BudgetService["read"]>>;

const money = (reais: number | null) => (reais === null ? "—" : formatBRL(Math.round(reais * 100), 2));
const FLAG_TEXT = { HIGH: "Excessivamente elevado", LOW: "Possivelmente inexequível" } as const;
const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
const row = (texts: string[]) => new TableRow({ children: texts.map(cell) });

export async function renderPriceSearchDocx(input: {
  data: Batches;
  bodyName: string;
  issuedAt: Date;
}): Promise<Buffer> {
  const { data } = input;
  const date = new Intl.DateTimeFormat("pt-BR", {
    timeZone: BRASILIA_TIME_ZONE,
    dateStyle: "short",
    timeStyle: "short",
  }).format(input.issuedAt);
  const object = data.list.find((b) => b.description)?.description ?? "—";
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: "Relatório de Pesquisa de Preços", heading: HeadingLevel.TITLE }),
    new Paragraph(`Órgão: ${input.bodyName}`),
    new Paragraph(`Processo: ${data.process.processNumber}`),
    new Paragraph(`Objeto: ${object}`),
    new Paragraph(`Data: ${date} (horário de Brasília)`),
    new Paragraph(
      "Critério de preços excessivamente elevados ou inexequíveis (IN SEGES/ME 65/2021, art. 6º): cotação acima de 125% ou abaixo de 75% da mediana das cotações válidas. A exclusão de cotações é decisão justificada do agente.",
    ),
  ];
  for (const b of data.list) {
    children.push(
      new Paragraph({
        text: `Lote ${b.number} – Item ${b.item}: ${b.product.name}`,
        heading: HeadingLevel.HEADING_2,
      }),
      new Paragraph(`Quantidade: ${b.quantity} ${b.measurementUnit.description}`),
      new Paragraph(`Método: ${priceMethodLabel(b.priceMethod)}`),
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          row(["Coluna", "Fornecedor", "Preço", "Fonte", "Sinalização", "Situação"]),
          ...b.budgets.map((q) => {
            const link = pncpNoticeLink(q.pncpItemId);
            return row([
              String(q.columnOrder),
              `${q.supplier.corporateName} (${formatCpfOrCnpj(q.supplier.documentNumber)})`,
              money(q.price),
              link ? `Portal Nacional de Contratações Públicas – ${link}` : "Cotação direta",
              q.flag ? FLAG_TEXT[q.flag] : "—",
              q.excluded ? "Excluída" : "Válida",
            ]);
          }),
        ],
      }),
      new Paragraph(
        `Média: ${money(b.averagePrice)}; Mediana: ${money(b.medianPrice)}; Menor preço: ${money(b.lowestPrice)}; Coeficiente de variação: ${
          b.coefficientOfVariation === null
            ? "—"
            : `${(b.coefficientOfVariation * 100).toFixed(2).replace(".", ",")}%`
        }`,
      ),
      new Paragraph({
        children: [new TextRun({ text: `Preço de referência: ${money(b.referencePrice)}`, bold: true })],
      }),
    );
    for (const q of b.budgets.filter((x) => x.excluded))
      children.push(
        new Paragraph(
          `Cotação excluída (coluna ${q.columnOrder}, ${q.supplier.corporateName}): ${q.exclusionJustification ?? ""}`,
        ),
      );
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}
