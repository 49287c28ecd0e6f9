import { describe, expect, it } from "vitest";
import {
  IMPACTS,
  levelOfScore,
  median,
  PROBABILITIES,
  RISK_RESPONSIBLE_REQUIRED_MESSAGE,
  RISK_SAVE_MIXED_MESSAGE,
  RISK_SELECTION_REQUIRED_MESSAGE,
  revisionHistory,
  riskLevel,
  riskManagementSaveKind,
  riskManagementSaveSchema,
  riskMatrixMenu,
  riskPanel,
  riskSaveSchema,
  riskScore,
  riskStepStatus,
} from "./risk-matrix";

const ID = "11111111-1111-4111-8111-111111111111";
const ID2 = "22222222-2222-4222-8222-222222222222";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("score and level (planning §4 'Risk matrix', §9 'Risk': 5×5 map, four levels)", () => {
  it("scores probability × impact on 1–5 scales", () => {
    expect(riskScore("VERY_LOW", "INSIGNIFICANT")).toBe(1);
    expect(riskScore("POSSIBLE", "MODERATE")).toBe(9);
    expect(riskScore("VERY_HIGH", "CATASTROPHIC")).toBe(25);
    expect(riskScore("HIGH", "SMALL")).toBe(8);
  });

  it("bands the scores: 1–4 low, 5–9 moderate, 10–16 high, 20–25 critical", () => {
    expect([1, 4].map(levelOfScore)).toEqual(["RISK_LOW", "RISK_LOW"]);
    expect([5, 9].map(levelOfScore)).toEqual(["RISK_MODERATE", "RISK_MODERATE"]);
    expect([10, 16].map(levelOfScore)).toEqual(["RISK_HIGH", "RISK_HIGH"]);
    expect([20, 25].map(levelOfScore)).toEqual(["RISK_CRITICAL", "RISK_CRITICAL"]);
    // Every cell of the 5×5 map has a level; the bands are monotonic in the score.
    const cells = PROBABILITIES.flatMap((p) =>
      IMPACTS.map((i) => [riskScore(p, i), riskLevel(p, i)] as const),
    );
    expect(cells).toHaveLength(25);
    expect(riskLevel("LOW", "BIG")).toBe("RISK_MODERATE");
    expect(riskLevel("VERY_HIGH", "BIG")).toBe("RISK_CRITICAL");
  });

  it("rounds a mean to the nearest whole score, halves up, before banding", () => {
    expect(levelOfScore(4.49)).toBe("RISK_LOW");
    expect(levelOfScore(4.5)).toBe("RISK_MODERATE");
    expect(levelOfScore(9.5)).toBe("RISK_HIGH");
    expect(levelOfScore(16.4)).toBe("RISK_HIGH");
    expect(levelOfScore(16.5)).toBe("RISK_CRITICAL");
  });
});

describe("the panel (planning §2.7 'Painel', §4: process risk = sum ÷ count, mapped to a level)", () => {
  const risks = [
    { probability: "VERY_HIGH", impact: "CATASTROPHIC" }, // 25
    { probability: "LOW", impact: "SMALL" }, // 4
    { probability: "LOW", impact: "SMALL" }, // 4
    { probability: "POSSIBLE", impact: "BIG" }, // 12
  ] as const;

  it("draws the heat map from very high down to very low, insignificant to catastrophic, with counts", () => {
    const panel = riskPanel(risks);
    expect(panel.heatMap.map((r) => r.probability)).toEqual([
      "VERY_HIGH",
      "HIGH",
      "POSSIBLE",
      "LOW",
      "VERY_LOW",
    ]);
    expect(panel.heatMap[0]?.cells.map((c) => c.impact)).toEqual([...IMPACTS]);
    expect(panel.heatMap[0]?.cells[4]).toEqual({
      impact: "CATASTROPHIC",
      score: 25,
      level: "RISK_CRITICAL",
      count: 1,
    });
    expect(panel.heatMap[3]?.cells[1]).toMatchObject({ impact: "SMALL", count: 2, level: "RISK_LOW" });
    expect(panel.heatMap[2]?.cells[3]).toMatchObject({ count: 1, level: "RISK_HIGH" });
    expect(panel.heatMap.flatMap((r) => r.cells).reduce((n, c) => n + c.count, 0)).toBe(4);
  });

  it("sums, takes the median and the process risk", () => {
    const panel = riskPanel(risks);
    expect(panel).toMatchObject({ quantity: 4, sum: 45, median: 8, mean: 11.25, processLevel: "RISK_HIGH" });
    expect(riskPanel([])).toMatchObject({
      quantity: 0,
      sum: 0,
      median: null,
      mean: null,
      processLevel: null,
    });
    expect(median([3, 1, 2])).toBe(2);
  });

  it("keeps one revision-history row per level with risks, dated with the latest creation (§2.7)", () => {
    const rows = revisionHistory([
      { probability: "LOW", impact: "SMALL", createdDate: "2026-03-01T10:00:00.000Z" },
      { probability: "VERY_LOW", impact: "SMALL", createdDate: "2026-03-05T10:00:00.000Z" },
      { probability: "VERY_HIGH", impact: "CATASTROPHIC", createdDate: "2026-03-02T10:00:00.000Z" },
    ]);
    expect(rows).toEqual([
      { level: "RISK_LOW", updatedDate: "2026-03-05T10:00:00.000Z", quantity: 2, meanLevel: "RISK_LOW" },
      {
        level: "RISK_CRITICAL",
        updatedDate: "2026-03-02T10:00:00.000Z",
        quantity: 1,
        meanLevel: "RISK_CRITICAL",
      },
    ]);
  });
});

describe("the calls' bodies (planning §5 'Risk matrix', §7 'Risk management')", () => {
  const risk = {
    processId: ID,
    description: "Atraso na entrega",
    cause: "Fornecedor sem estoque",
    phase: "CONTRACT_MANAGEMENT",
    allocation: "CONTRACTED_PARTY",
    probability: "HIGH",
    impact: "BIG",
    disclose: true,
    possibleImpacts: "Falta de material",
    preventiveActions: "Exigir comprovação de estoque",
    contingencyActions: "Aplicar sanções",
  };

  it("requires every risk field, and texts of at most 5000 characters", () => {
    expect(riskSaveSchema.safeParse(risk).success).toBe(true);
    const empty = riskSaveSchema.safeParse({ processId: ID, description: "  " });
    const paths = issues(empty).map(([p]) => p);
    for (const field of [
      "description",
      "cause",
      "phase",
      "allocation",
      "probability",
      "impact",
      "disclose",
      "possibleImpacts",
      "preventiveActions",
      "contingencyActions",
    ])
      expect(paths).toContain(field);
    expect(issues(empty)).toContainEqual(["description", "Campo obrigatório"]);
    expect(issues(riskSaveSchema.safeParse({ ...risk, cause: "x".repeat(5001) }))).toEqual([
      ["cause", "No máximo 5000 caracteres"],
    ]);
    expect(issues(riskSaveSchema.safeParse({ ...risk, probability: "SOMETIMES" }))[0]?.[0]).toBe(
      "probability",
    );
  });

  it("takes one of the five save shapes, always with the process", () => {
    const process = { id: ID };
    const kind = (body: object) =>
      riskManagementSaveKind(riskManagementSaveSchema.parse({ process, ...body }));
    expect(kind({ number: "MR 1/2026", canDispenseRisk: false })).toBe("OPTIONS");
    expect(kind({ risks: [{ risk: { id: ID2 } }] })).toBe("SELECTION");
    expect(kind({ risks: [{ id: ID2, responsible: [{ id: ID }] }] })).toBe("RESPONSIBLES");
    expect(kind({ documents: [{ description: "Parecer", fileId: ID2 }] })).toBe("DOCUMENTS");
    expect(kind({ justification: "Contratação de baixo valor e risco irrelevante." })).toBe("JUSTIFICATION");
    expect(riskManagementSaveSchema.safeParse({ canDispenseRisk: true }).success).toBe(false);
  });

  it("refuses an empty selection, a risk without responsibles, mixed shapes and long texts", () => {
    const process = { id: ID };
    expect(issues(riskManagementSaveSchema.safeParse({ process, risks: [] }))).toEqual([
      ["risks", RISK_SELECTION_REQUIRED_MESSAGE],
    ]);
    expect(
      issues(riskManagementSaveSchema.safeParse({ process, risks: [{ id: ID2, responsible: [] }] })),
    ).toEqual([["risks.0.responsible", RISK_RESPONSIBLE_REQUIRED_MESSAGE]]);
    expect(
      issues(riskManagementSaveSchema.safeParse({ process, justification: "x", documents: [] }))[0]?.[1],
    ).toBe(RISK_SAVE_MIXED_MESSAGE);
    expect(issues(riskManagementSaveSchema.safeParse({ process, justification: " " }))).toEqual([
      ["justification", "Campo obrigatório"],
    ]);
    expect(issues(riskManagementSaveSchema.safeParse({ process, justification: "x".repeat(5001) }))).toEqual([
      ["justification", "No máximo 5000 caracteres"],
    ]);
    expect(
      issues(riskManagementSaveSchema.safeParse({ process, number: "1".repeat(41), canDispenseRisk: false })),
    ).toEqual([["number", "No máximo 40 caracteres"]]);
  });
});

describe("the step (planning §2.7 menus; §5 'Risk step', 'Responsibles step')", () => {
  it("shrinks the menu to the justification when dispensed", () => {
    expect(riskMatrixMenu(true)).toEqual(["JUSTIFICATION"]);
    expect(riskMatrixMenu(false)).toEqual([
      "HIRING_RISK",
      "RESPONSIBLES",
      "ATTACHMENTS",
      "REVISION_HISTORY",
      "PANEL",
    ]);
  });

  it("is completed when dispensed with a justification or every selected risk has a responsible", () => {
    expect(riskStepStatus(null)).toBe("PENDING");
    expect(riskStepStatus({ canDispenseRisk: true, justification: "Motivo", selected: [] })).toBe(
      "COMPLETED",
    );
    expect(riskStepStatus({ canDispenseRisk: true, justification: null, selected: [] })).toBe("IN_PROGRESS");
    expect(riskStepStatus({ canDispenseRisk: false, justification: null, selected: [] })).toBe("IN_PROGRESS");
    expect(
      riskStepStatus({
        canDispenseRisk: false,
        justification: null,
        selected: [{ responsibles: 1 }, { responsibles: 0 }],
      }),
    ).toBe("IN_PROGRESS");
    expect(
      riskStepStatus({ canDispenseRisk: false, justification: null, selected: [{ responsibles: 2 }] }),
    ).toBe("COMPLETED");
  });
});
