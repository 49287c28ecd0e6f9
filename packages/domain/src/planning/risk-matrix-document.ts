import { RISK_LEVEL_LABELS, type RiskImpact, type RiskLevel, type RiskProbability } from "../enums/risk";
import type { DocumentBlock, DocumentModel } from "../format/document-model";
import {
  IMPACT_LABELS,
  IMPACTS,
  PROBABILITY_LABELS,
  RISK_ALLOCATION_LABELS,
  RISK_PHASE_LABELS,
  type RiskAllocation,
  type RiskPanel,
  type RiskPhase,
  riskScore,
} from "./risk-matrix";

/** The cell colours of the map (the same bands as the web panel). */
export const RISK_LEVEL_FILL: Record<RiskLevel, string> = {
  RISK_LOW: "#d3f0d8",
  RISK_MODERATE: "#fff1b8",
  RISK_HIGH: "#ffd3a8",
  RISK_CRITICAL: "#f7b9b9",
};

/** The score bands of the legend (planning §4 "Risk level"). */
const LEVEL_RANGES: [RiskLevel, string][] = [
  ["RISK_LOW", "1 a 4"],
  ["RISK_MODERATE", "5 a 9"],
  ["RISK_HIGH", "10 a 16"],
  ["RISK_CRITICAL", "20 a 25"],
];

export interface RiskMatrixDocumentInput {
  bodyName: string;
  processNumber: string;
  number: string | null;
  canDispenseRisk: boolean;
  justification: string | null;
  panel: RiskPanel;
  risks: {
    risk: {
      description: string;
      cause: string;
      phase: RiskPhase | string;
      probability: RiskProbability;
      impact: RiskImpact;
      level: RiskLevel | string;
      allocation: RiskAllocation | string;
      possibleImpacts: string;
      preventiveActions: string;
      contingencyActions: string;
      disclose: boolean;
    };
    responsible: { name: string }[];
  }[];
}

export const RISK_MATRIX_DOCUMENT_TITLE = "Matriz de Riscos";

const decimal = (n: number | null) =>
  n === null ? "-" : n.toLocaleString("pt-BR", { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const labelOf = (labels: Readonly<Record<string, string>>, value: string) => labels[value] ?? value;

/**
 * The risk map of a process as a document of the body (planning §2.7 'Painel'): the process, the 5×5
 * heat map with the count of risks in each cell and its legend, the summary figures and the selected
 * risks with their responsible people and actions — or, when dispensed, the dispensation and its
 * justification. One model for its PDF and .docx.
 */
export function buildRiskMatrixDocument(input: RiskMatrixDocumentInput): DocumentModel {
  const blocks: DocumentBlock[] = [
    {
      kind: "fields",
      rows: [
        { label: "Nº do Processo", value: input.processNumber },
        { label: "Nº da Matriz de Riscos", value: input.number || "-" },
      ],
    },
  ];
  const model = { title: RISK_MATRIX_DOCUMENT_TITLE, subtitle: input.bodyName, blocks };
  if (input.canDispenseRisk) {
    blocks.push(
      { kind: "heading", text: "Dispensa da Matriz de Riscos" },
      { kind: "paragraph", text: "A Matriz de Riscos foi dispensada para o processo em questão." },
      { kind: "fields", rows: [{ label: "Justificativa", value: input.justification || "-" }] },
    );
    return model;
  }
  const { panel } = input;
  const share = 0.78 / IMPACTS.length;
  blocks.push(
    { kind: "heading", text: "Mapa de Riscos" },
    {
      kind: "table",
      columns: ["Probabilidade \\ Impacto", ...IMPACTS.map((i) => IMPACT_LABELS[i])],
      widths: [0.22, ...IMPACTS.map(() => share)],
      align: ["left", ...IMPACTS.map(() => "center" as const)],
      rows: panel.heatMap.map((row) => [
        PROBABILITY_LABELS[row.probability],
        ...row.cells.map((c) => String(c.count)),
      ]),
      fills: panel.heatMap.map((row) => [null, ...row.cells.map((c) => RISK_LEVEL_FILL[c.level])]),
    },
    {
      kind: "table",
      columns: ["Nível de risco (pontuação)"],
      widths: [0.35],
      rows: LEVEL_RANGES.map(([level, range]) => [`${RISK_LEVEL_LABELS[level]} (${range})`]),
      fills: LEVEL_RANGES.map(([level]) => [RISK_LEVEL_FILL[level]]),
    },
    { kind: "heading", text: "Resumo" },
    {
      kind: "fields",
      rows: [
        { label: "Quantidade de Risco", value: String(panel.quantity) },
        { label: "Somatória dos Riscos", value: String(panel.sum) },
        { label: "Mediana dos Riscos", value: decimal(panel.median) },
        {
          label: "Risco do Processo",
          value: panel.processLevel
            ? `${RISK_LEVEL_LABELS[panel.processLevel]} (média ${decimal(panel.mean)})`
            : "-",
        },
      ],
    },
    { kind: "heading", text: "Riscos da Contratação" },
  );
  if (input.risks.length === 0) {
    blocks.push({ kind: "paragraph", text: "Nenhum risco selecionado." });
    return model;
  }
  blocks.push({
    kind: "table",
    columns: ["Risco", "Fase", "Probabilidade", "Impacto", "Nível", "Alocação", "Responsáveis"],
    widths: [0.28, 0.12, 0.11, 0.11, 0.1, 0.11, 0.17],
    rows: input.risks.map(({ risk, responsible }) => [
      `${risk.description}\nCausa: ${risk.cause}`,
      labelOf(RISK_PHASE_LABELS, risk.phase),
      labelOf(PROBABILITY_LABELS, risk.probability),
      labelOf(IMPACT_LABELS, risk.impact),
      `${labelOf(RISK_LEVEL_LABELS, risk.level)} (${riskScore(risk.probability, risk.impact)})`,
      labelOf(RISK_ALLOCATION_LABELS, risk.allocation),
      responsible.map((p) => p.name).join(", ") || "-",
    ]),
  });
  blocks.push({ kind: "heading", text: "Ações por risco" });
  input.risks.forEach(({ risk }, i) => {
    blocks.push(
      { kind: "heading", level: 2, text: `Risco ${i + 1}: ${risk.description}` },
      {
        kind: "fields",
        rows: [
          { label: "Possíveis Impactos", value: risk.possibleImpacts },
          { label: "Ações Preventivas", value: risk.preventiveActions },
          { label: "Ações de Contingência", value: risk.contingencyActions },
          { label: "Divulgar no Edital", value: risk.disclose ? "Sim" : "Não" },
        ],
      },
    );
  });
  return model;
}
