import {
  RISK_IMPACT_LABELS,
  RISK_IMPACTS,
  RISK_LEVELS,
  RISK_PROBABILITIES,
  RISK_PROBABILITY_LABELS,
  type RiskImpact,
  type RiskLevel,
  type RiskProbability,
} from "../enums/risk";
import { z } from "../schemas/zod";
import { REQUIRED_FIELD_MESSAGE } from "./process.schema";

// The Risk Matrix of a process (planning §2.7, §3 "Risk management" and "Risk", §4 "Risk matrix",
// §5 "Risk matrix", §7 "Risk management", §8 success texts, §9 "Risk"): the value sets, the score and
// level rule, the panel's figures and the calls' bodies.

/** The scales and levels live in enums/risk (shared with other screens); these are the names used here. */
export const PROBABILITIES = RISK_PROBABILITIES;
export const PROBABILITY_LABELS = RISK_PROBABILITY_LABELS;
export const IMPACTS = RISK_IMPACTS;
export const IMPACT_LABELS = RISK_IMPACT_LABELS;

/** The phase of the hiring a risk belongs to (§3: "The phase and allocation value sets are not shown"). */
export const RISK_PHASES = ["PLANNING", "SUPPLIER_SELECTION", "CONTRACT_MANAGEMENT"] as const;
export type RiskPhase = (typeof RISK_PHASES)[number];
export const RISK_PHASE_LABELS: Record<RiskPhase, string> = {
  PLANNING: "Planejamento da contratação",
  SUPPLIER_SELECTION: "Seleção do fornecedor",
  CONTRACT_MANAGEMENT: "Gestão do contrato",
};

/** Who bears the risk (Law 14.133/2021 art. 22: the matrix allocates risks between the parties). */
export const RISK_ALLOCATIONS = ["CONTRACTING_PARTY", "CONTRACTED_PARTY", "SHARED"] as const;
export type RiskAllocation = (typeof RISK_ALLOCATIONS)[number];
export const RISK_ALLOCATION_LABELS: Record<RiskAllocation, string> = {
  CONTRACTING_PARTY: "Contratante",
  CONTRACTED_PARTY: "Contratada",
  SHARED: "Compartilhado",
};

/** 1 (very low) … 5 (very high). */
export const probabilityWeight = (p: RiskProbability) => PROBABILITIES.indexOf(p) + 1;
/** 1 (insignificant) … 5 (catastrophic). */
export const impactWeight = (i: RiskImpact) => IMPACTS.indexOf(i) + 1;

/** §4: the score of a risk, probability × impact on 1–5 scales (1–25). */
export const riskScore = (probability: RiskProbability, impact: RiskImpact) =>
  probabilityWeight(probability) * impactWeight(impact);

/**
 * The level of a score (docs/decisions.md "Risk levels"): 1–4 low, 5–9 moderate, 10–16 high, 20–25
 * critical. A mean is rounded to the nearest whole score first (halves up), so 17–19 — no single
 * risk scores them — count as critical.
 */
export function levelOfScore(score: number): RiskLevel {
  const whole = Math.floor(score + 0.5);
  if (whole <= 4) return "RISK_LOW";
  if (whole <= 9) return "RISK_MODERATE";
  if (whole <= 16) return "RISK_HIGH";
  return "RISK_CRITICAL";
}

export const riskLevel = (probability: RiskProbability, impact: RiskImpact) =>
  levelOfScore(riskScore(probability, impact));

export interface ScoredRisk {
  probability: RiskProbability;
  impact: RiskImpact;
}

export interface HeatMapCell {
  impact: RiskImpact;
  score: number;
  level: RiskLevel;
  count: number;
}

export interface HeatMapRow {
  probability: RiskProbability;
  cells: HeatMapCell[];
}

export interface RiskPanel {
  /** Rows from very high down to very low probability; columns from insignificant to catastrophic. */
  heatMap: HeatMapRow[];
  /** 'Quantidade de Risco'. */
  quantity: number;
  /** 'Somatória dos Riscos': the sum of the scores. */
  sum: number;
  /** 'Mediana dos Riscos': the median score (the mean of the two middle ones for an even count). */
  median: number | null;
  /** sum ÷ quantity. */
  mean: number | null;
  /** 'Risco do Processo': the mean's level (§4), null without risks. */
  processLevel: RiskLevel | null;
}

/** The median of numbers (null for none). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** §2.7 'Painel': the 5×5 heat map with counts and the four summary figures. */
export function riskPanel(risks: readonly ScoredRisk[]): RiskPanel {
  const scores = risks.map((r) => riskScore(r.probability, r.impact));
  const sum = scores.reduce((a, b) => a + b, 0);
  const mean = scores.length ? sum / scores.length : null;
  const heatMap = [...PROBABILITIES].reverse().map((probability) => ({
    probability,
    cells: IMPACTS.map((impact) => ({
      impact,
      score: riskScore(probability, impact),
      level: riskLevel(probability, impact),
      count: risks.filter((r) => r.probability === probability && r.impact === impact).length,
    })),
  }));
  return {
    heatMap,
    quantity: scores.length,
    sum,
    median: median(scores),
    mean,
    processLevel: mean === null ? null : levelOfScore(mean),
  };
}

export interface RevisionHistoryRow {
  level: RiskLevel;
  /** 'Data da Atualização': the latest creation date among the risks of this level. */
  updatedDate: string;
  /** 'Quantidade de Riscos'. */
  quantity: number;
  /** 'Risco Médio do Processo': the level of the mean score of these risks. */
  meanLevel: RiskLevel;
}

/**
 * §2.7 'Histórico de Revisões': one row per risk level that has risks, dated with the latest creation
 * date among them, from low to critical.
 */
export function revisionHistory(
  risks: readonly (ScoredRisk & { createdDate: string | Date })[],
): RevisionHistoryRow[] {
  return RISK_LEVELS.flatMap((level) => {
    const mine = risks.filter((r) => riskLevel(r.probability, r.impact) === level);
    if (mine.length === 0) return [];
    const times = mine.map((r) => new Date(r.createdDate).getTime());
    const scores = mine.map((r) => riskScore(r.probability, r.impact));
    return [
      {
        level,
        updatedDate: new Date(Math.max(...times)).toISOString(),
        quantity: mine.length,
        meanLevel: levelOfScore(scores.reduce((a, b) => a + b, 0) / scores.length),
      },
    ];
  });
}

/** The number of the Risk Matrix ('Nº da Matriz de Riscos', §9: at most 40). */
export const RISK_MATRIX_NUMBER_MAX_LENGTH = 40;
/** §9: text areas hold at most 5000 characters (risk texts, justifications). */
export const RISK_TEXT_MAX_LENGTH = 5000;

// §8 success texts.
export const RISK_SAVED_MESSAGE = "Risco salvo com sucesso";
export const RISK_DELETED_MESSAGE = "Risco excluído com sucesso";
export const RISK_MANAGEMENT_SAVED_MESSAGE = "Gerenciamento de risco salvo com sucesso";
// §2.7 delete confirmation.
export const RISK_DELETE_TITLE = "Excluir Risco";
export const RISK_DELETE_QUESTION = "Tem certeza que deseja excluir o risco selecionado?";
// Ours (the spec names no server messages).
export const RISK_NOT_FOUND_MESSAGE = "Risco não encontrado no órgão.";
export const RISK_SELECTION_REQUIRED_MESSAGE = "Selecione ao menos um risco.";
export const RISK_RESPONSIBLE_REQUIRED_MESSAGE = "Cada risco precisa de ao menos um responsável.";
export const RISK_NOT_SELECTED_MESSAGE = "O risco não está selecionado na matriz deste processo.";
export const RISK_FILE_NOT_ALLOWED_MESSAGE = "Arquivo não encontrado entre os enviados pelo órgão.";
export const RISK_SAVE_EMPTY_MESSAGE = "Informe o que salvar na matriz de riscos.";
export const RISK_SAVE_MIXED_MESSAGE = "Salve uma parte da matriz de riscos por vez.";
/** A risk of the catalogue whose edit would change a published or deleted process's matrix (§4). */
export const RISK_LOCKED_MESSAGE =
  "Este risco já está na matriz de um processo publicado ou excluído e não pode mais ser alterado.";
/** Deleting a risk another process selected would leave that matrix with a risk it cannot untick. */
export const RISK_SELECTED_ELSEWHERE_MESSAGE =
  "Este risco está selecionado na matriz de outro processo; retire-o de lá antes de excluí-lo.";

const ID_MESSAGE = "Identificador inválido";
const uuid = z.uuid(ID_MESSAGE);
const requiredText = (max = RISK_TEXT_MAX_LENGTH) =>
  z
    .string({ error: REQUIRED_FIELD_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELD_MESSAGE)
    .max(max, `No máximo ${max} caracteres`);

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: REQUIRED_FIELD_MESSAGE });

/** §7 app/riskManagement/read: {process:{id}}. */
export const riskManagementReadSchema = z.object({ process: z.object({ id: uuid }) });

/**
 * §7 app/riskManagement/saveRisk with §5 "Risk": every field required. `id` is omitted for a new risk;
 * `processId` names the process whose matrix is being edited (risks change only while it is pending, §4).
 */
export const riskSaveSchema = z.object({
  id: uuid.optional(),
  processId: uuid,
  description: requiredText(),
  cause: requiredText(),
  phase: choice(RISK_PHASES),
  allocation: choice(RISK_ALLOCATIONS),
  probability: choice(PROBABILITIES),
  impact: choice(IMPACTS),
  disclose: z.boolean({ error: REQUIRED_FIELD_MESSAGE }),
  possibleImpacts: requiredText(),
  preventiveActions: requiredText(),
  contingencyActions: requiredText(),
});
export type RiskSaveInput = z.infer<typeof riskSaveSchema>;

/** §7 app/riskManagement/deleteRisk. */
export const riskDeleteSchema = z.object({ riskId: uuid, processId: uuid });

/** 'Risco', 'Fase', … columns of the hiring-risk table, sortable (§2.7). */
export const RISK_LIST_COLUMNS = [
  "description",
  "phase",
  "probability",
  "impact",
  "level",
  "allocation",
  "disclose",
  "createdDate",
] as const;
export type RiskListColumn = (typeof RISK_LIST_COLUMNS)[number];
export const RISK_LIST_PAGE_SIZE = 10;

/** §7 app/riskManagement/listOwnRisks. */
export const riskListSchema = z.object({
  processId: uuid,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RISK_LIST_PAGE_SIZE),
  orderByColumn: z.enum(RISK_LIST_COLUMNS).default("createdDate"),
  sortOrder: z.enum(["ASC", "DESC"]).default("DESC"),
  searchParameters: z.string().trim().max(200).optional(),
});
export type RiskListInput = z.infer<typeof riskListSchema>;

const documentSchema = z.object({
  description: requiredText(),
  fileId: uuid,
});

/**
 * §7 app/riskManagement/save: one of {number?, canDispenseRisk} · {risks:[{id, risk:{id}}]} (the
 * selection, replaced whole) · {risks:[{id, responsible:[{id}]}]} (the responsibles of selected risks)
 * · {documents} (replaced whole) · {justification} — always with process {id}.
 */
export const riskManagementSaveSchema = z
  .object({
    process: z.object({ id: uuid }),
    number: z
      .string()
      .trim()
      .max(RISK_MATRIX_NUMBER_MAX_LENGTH, `No máximo ${RISK_MATRIX_NUMBER_MAX_LENGTH} caracteres`)
      .nullish(),
    canDispenseRisk: z.boolean().optional(),
    risks: z
      .array(
        z.object({
          id: uuid.nullish(),
          risk: z.object({ id: uuid }).optional(),
          responsible: z
            .array(z.object({ id: uuid }))
            .min(1, RISK_RESPONSIBLE_REQUIRED_MESSAGE)
            .max(100)
            .optional(),
        }),
      )
      .min(1, RISK_SELECTION_REQUIRED_MESSAGE)
      .max(500)
      .optional(),
    documents: z.array(documentSchema).max(50).optional(),
    justification: requiredText().optional(),
  })
  .superRefine((input, ctx) => {
    const parts = [
      input.number !== undefined || input.canDispenseRisk !== undefined,
      input.risks !== undefined,
      input.documents !== undefined,
      input.justification !== undefined,
    ].filter(Boolean).length;
    if (parts === 0)
      ctx.addIssue({ code: "custom", path: ["canDispenseRisk"], message: RISK_SAVE_EMPTY_MESSAGE });
    if (parts > 1) ctx.addIssue({ code: "custom", path: ["body"], message: RISK_SAVE_MIXED_MESSAGE });
    const risks = input.risks ?? [];
    const selection = risks.some((r) => r.risk !== undefined);
    risks.forEach((r, i) => {
      if (selection && !r.risk)
        ctx.addIssue({ code: "custom", path: ["risks", i, "risk"], message: REQUIRED_FIELD_MESSAGE });
      if (selection && r.responsible)
        ctx.addIssue({ code: "custom", path: ["risks", i, "responsible"], message: RISK_SAVE_MIXED_MESSAGE });
      if (!selection && !r.id)
        ctx.addIssue({ code: "custom", path: ["risks", i, "id"], message: REQUIRED_FIELD_MESSAGE });
      if (!selection && !r.responsible)
        ctx.addIssue({
          code: "custom",
          path: ["risks", i, "responsible"],
          message: RISK_RESPONSIBLE_REQUIRED_MESSAGE,
        });
    });
  });
export type RiskManagementSaveInput = z.infer<typeof riskManagementSaveSchema>;

export type RiskManagementSaveKind = "OPTIONS" | "SELECTION" | "RESPONSIBLES" | "DOCUMENTS" | "JUSTIFICATION";

/** Which of §7's body shapes a valid save is. */
export function riskManagementSaveKind(input: RiskManagementSaveInput): RiskManagementSaveKind {
  if (input.risks) return input.risks.some((r) => r.risk) ? "SELECTION" : "RESPONSIBLES";
  if (input.documents) return "DOCUMENTS";
  if (input.justification !== undefined) return "JUSTIFICATION";
  return "OPTIONS";
}

/** The step's status on the administration page (§2.3 'Status'). */
export type RiskStepStatus = "PENDING" | "IN_PROGRESS" | "COMPLETED";

/**
 * COMPLETED: dispensed with a justification, or at least one risk selected and every selected risk
 * with a responsible (§5 "Risk step", "Responsibles step"); IN_PROGRESS once anything was saved.
 */
export function riskStepStatus(
  matrix: {
    canDispenseRisk: boolean;
    justification: string | null;
    selected: readonly { responsibles: number }[];
  } | null,
): RiskStepStatus {
  if (!matrix) return "PENDING";
  if (matrix.canDispenseRisk && matrix.justification?.trim()) return "COMPLETED";
  if (
    !matrix.canDispenseRisk &&
    matrix.selected.length > 0 &&
    matrix.selected.every((s) => s.responsibles > 0)
  )
    return "COMPLETED";
  return "IN_PROGRESS";
}

/** The steps of the wizard's menu (§2.7): the full menu, or the justification alone when dispensed. */
export const RISK_MATRIX_STEPS = {
  HIRING_RISK: "Risco da Contratação",
  RESPONSIBLES: "Responsáveis",
  ATTACHMENTS: "Anexos",
  REVISION_HISTORY: "Histórico de Revisões",
  PANEL: "Painel",
  JUSTIFICATION: "Justificativa",
} as const;
export type RiskMatrixStep = keyof typeof RISK_MATRIX_STEPS;

export const riskMatrixMenu = (dispensed: boolean): RiskMatrixStep[] =>
  dispensed ? ["JUSTIFICATION"] : ["HIRING_RISK", "RESPONSIBLES", "ATTACHMENTS", "REVISION_HISTORY", "PANEL"];
