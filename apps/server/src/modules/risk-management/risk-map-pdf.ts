import {
  IMPACT_LABELS,
  IMPACTS,
  PROBABILITY_LABELS,
  RISK_ALLOCATION_LABELS,
  RISK_LEVEL_LABELS,
  RISK_PHASE_LABELS,
  type RiskLevel,
  type RiskPanel,
  riskScore,
} from "@certame/domain";
import { createReport } from "../../files/pdf-layout";
import type { SelectedRisk } from "./risk-management.repository";

/** The cell colours of the map (the same bands as the web panel). */
export const LEVEL_FILL: Record<RiskLevel, string> = {
  RISK_LOW: "#d3f0d8",
  RISK_MODERATE: "#fff1b8",
  RISK_HIGH: "#ffd3a8",
  RISK_CRITICAL: "#f7b9b9",
};

export interface RiskMapData {
  bodyName: string;
  processNumber: string;
  number: string | null;
  canDispenseRisk: boolean;
  justification: string | null;
  panel: RiskPanel;
  risks: SelectedRisk[];
  issuedAt: Date;
}

const decimal = (n: number | null) =>
  n === null ? "-" : n.toLocaleString("pt-BR", { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/**
 * The risk map of a process as a document of the body (planning §2.7 'Painel'): the body and the
 * process, the 5×5 heat map with the count of risks in each cell, the summary figures and the selected
 * risks with their responsible people — or, when dispensed, the dispensation and its justification.
 */
export async function renderRiskMapPdf(data: RiskMapData): Promise<Buffer> {
  const report = createReport({
    title: `Matriz de Riscos — Processo ${data.processNumber}`,
    subject: data.bodyName,
    issuedAt: data.issuedAt,
  });
  const { doc } = report;
  report.heading("Matriz de Riscos", data.bodyName);
  doc.moveDown(0.5);
  report.field("Nº do Processo", data.processNumber);
  report.field("Nº da Matriz de Riscos", data.number || "-");

  if (data.canDispenseRisk) {
    report.section("Dispensa da Matriz de Riscos");
    report.paragraph("A Matriz de Riscos foi dispensada para o processo em questão.");
    doc.moveDown(0.5);
    report.field("Justificativa", data.justification || "-");
    return report.finish();
  }

  report.section("Mapa de Riscos");
  drawHeatMap(report.doc, data.panel, report.width);

  report.section("Resumo");
  report.field("Quantidade de Risco", String(data.panel.quantity));
  report.field("Somatória dos Riscos", String(data.panel.sum));
  report.field("Mediana dos Riscos", decimal(data.panel.median));
  report.field(
    "Risco do Processo",
    data.panel.processLevel
      ? `${RISK_LEVEL_LABELS[data.panel.processLevel]} (média ${decimal(data.panel.mean)})`
      : "-",
  );

  report.section("Riscos da Contratação");
  if (data.risks.length === 0) report.paragraph("Nenhum risco selecionado.");
  else
    report.table(
      [
        { title: "Risco", width: 0 },
        { title: "Fase", width: 70 },
        { title: "Probabilidade", width: 62 },
        { title: "Impacto", width: 62 },
        { title: "Nível", width: 52 },
        { title: "Alocação", width: 62 },
        { title: "Responsáveis", width: 90 },
      ],
      data.risks.map(({ risk, responsible }) => [
        `${risk.description}\nCausa: ${risk.cause}`,
        RISK_PHASE_LABELS[risk.phase] ?? risk.phase,
        PROBABILITY_LABELS[risk.probability] ?? risk.probability,
        IMPACT_LABELS[risk.impact] ?? risk.impact,
        `${RISK_LEVEL_LABELS[risk.level] ?? risk.level} (${riskScore(risk.probability, risk.impact)})`,
        RISK_ALLOCATION_LABELS[risk.allocation] ?? risk.allocation,
        responsible.map((p) => p.name).join(", ") || "-",
      ]),
    );

  if (data.risks.length) {
    report.section("Ações por risco");
    data.risks.forEach(({ risk }, i) => {
      if (doc.y > doc.page.height - 150) doc.addPage();
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .text(`Risco ${i + 1}: ${risk.description}`);
      doc.moveDown(0.2);
      report.field("Possíveis Impactos", risk.possibleImpacts);
      report.field("Ações Preventivas", risk.preventiveActions);
      report.field("Ações de Contingência", risk.contingencyActions);
      report.field("Divulgar no Edital", risk.disclose ? "Sim" : "Não");
      doc.moveDown(0.6);
    });
  }
  return report.finish();
}

/** The grid: probability rows from very high down, impact columns from insignificant up. */
function drawHeatMap(doc: ReturnType<typeof createReport>["doc"], panel: RiskPanel, width: number) {
  const left = doc.page.margins.left;
  const labelWidth = 90;
  const cellWidth = Math.min(80, (width - labelWidth - 20) / IMPACTS.length);
  const cellHeight = 30;
  if (doc.y + cellHeight * 7 + 30 > doc.page.height - 60) doc.addPage();
  let y = doc.y;
  doc.font("Helvetica-Bold").fontSize(8).fillColor("black");
  doc.text("Probabilidade \\ Impacto", left, y + 8, { width: labelWidth - 4 });
  IMPACTS.forEach((impact, c) => {
    doc.text(IMPACT_LABELS[impact], left + labelWidth + c * cellWidth, y + 8, {
      width: cellWidth,
      align: "center",
    });
  });
  y += cellHeight;
  for (const row of panel.heatMap) {
    doc
      .font("Helvetica-Bold")
      .fontSize(8)
      .fillColor("black")
      .text(PROBABILITY_LABELS[row.probability], left, y + 11, { width: labelWidth - 4 });
    row.cells.forEach((cell, c) => {
      const x = left + labelWidth + c * cellWidth;
      doc.rect(x, y, cellWidth, cellHeight).fillAndStroke(LEVEL_FILL[cell.level], "#555555");
      doc
        .fillColor("black")
        .font(cell.count ? "Helvetica-Bold" : "Helvetica")
        .fontSize(cell.count ? 12 : 9)
        .text(String(cell.count), x, y + (cell.count ? 9 : 11), { width: cellWidth, align: "center" });
    });
    y += cellHeight;
  }
  // The legend of the bands.
  y += 8;
  let x = left;
  doc.font("Helvetica").fontSize(8);
  for (const [level, range] of [
    ["RISK_LOW", "1 a 4"],
    ["RISK_MODERATE", "5 a 9"],
    ["RISK_HIGH", "10 a 16"],
    ["RISK_CRITICAL", "20 a 25"],
  ] as const) {
    doc.rect(x, y, 10, 10).fillAndStroke(LEVEL_FILL[level], "#555555");
    doc
      .fillColor("black")
      .text(`${RISK_LEVEL_LABELS[level]} (${range})`, x + 14, y + 1, { lineBreak: false });
    x += 100;
  }
  doc.x = left;
  doc.y = y + 18;
}
