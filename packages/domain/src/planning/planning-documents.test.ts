import { describe, expect, it } from "vitest";
import { type DocumentBlock, type DocumentModel, documentTexts } from "../format/document-model";
import { buildDfdDocument, type DfdDocumentInput } from "./dfd-document";
import { buildEtpDocument, type EtpDocumentInput, NOTICE_ANNEX_ESTIMATE_TEXT } from "./etp-document";
import { riskPanel } from "./risk-matrix";
import {
  buildRiskMatrixDocument,
  RISK_LEVEL_FILL,
  type RiskMatrixDocumentInput,
} from "./risk-matrix-document";

// Issue 35 item 2: the DFD (planning §2.5), the ETP (§2.6) and the risk matrix (§2.7) as one document
// model each, which the server writes as PDF and as .docx.

const headings = (model: DocumentModel) =>
  model.blocks
    .filter((b): b is Extract<DocumentBlock, { kind: "heading" }> => b.kind === "heading")
    .map((b) => b.text);
const tables = (model: DocumentModel) =>
  model.blocks.filter((b): b is Extract<DocumentBlock, { kind: "table" }> => b.kind === "table");

const DFD: DfdDocumentInput = {
  buyerName: "Prefeitura de Exemplo",
  processNumber: "PA 21/2026",
  expectedCompletionDateTime: "2027-02-18",
  hiringPlanProcessNumber: "PCA 2026 — item 14",
  categories: [{ description: "Material de consumo" }],
  description: "Aquisição de papel",
  priority: "HIGH",
  priorityJustification: null,
  needOfHiringJustification: "O estoque termina no mês que vem.",
  demandFormalizationBinding: [],
  batches: [
    {
      number: 1,
      item: 2,
      quantity: "1200.5000",
      measurementUnit: { code: "RESMA", description: "Resma" },
      product: { code: 301, name: "Papel A4", technicalDescription: "75 g/m²" },
    },
  ],
  secretaries: [{ name: "Secretaria de Administração" }],
  responsible: [{ name: "Ana Souza", email: "ana@exemplo.gov.br", cpf: "52998224725" }],
};

describe("buildDfdDocument (planning §2.5; Lei 14.133/2021 art. 12, VII)", () => {
  const model = buildDfdDocument(DFD);
  const texts = documentTexts(model);

  it("carries the general data, the justification, the lots, the areas and a signature line per responsible", () => {
    expect(model.title).toBe("Documento de Formalização de Demanda");
    expect(model.subtitle).toBe("Prefeitura de Exemplo · Processo PA 21/2026");
    expect(headings(model)).toEqual([
      "1. Informações gerais",
      "2. Justificativa da necessidade de contratação",
      "3. Materiais e serviços",
      "4. Área(s) requisitante(s) e responsáveis",
    ]);
    expect(texts).toEqual(
      expect.arrayContaining([
        "18/02/2027",
        "PCA 2026 — item 14",
        "Aquisição de papel",
        "Nenhuma",
        "Secretaria de Administração",
      ]),
    );
    expect(tables(model)[0]?.rows).toEqual([["1", "2", "301", "Papel A4 — 75 g/m²", "1.200,5", "Resma"]]);
    expect(tables(model)[1]?.rows).toEqual([["Ana Souza", "529.982.247-25", "ana@exemplo.gov.br"]]);
    expect(model.blocks.at(-1)).toEqual({ kind: "signature", name: "Ana Souza" });
  });

  it("says what is missing instead of leaving blanks", () => {
    const empty = buildDfdDocument({
      ...DFD,
      description: " ",
      priority: null,
      batches: [],
      responsible: [],
    });
    const t = documentTexts(empty);
    expect(t).toEqual(expect.arrayContaining(["Não informado", "Não informada", "Nenhum lote cadastrado."]));
    expect(empty.blocks.some((b) => b.kind === "signature")).toBe(false);
  });
});

const STUDY: EtpDocumentInput["study"] = {
  number: "ETP 12/2026",
  isRejectedFromTheProcess: false,
  exemptionJustification: null,
  description: "Limpeza predial",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "HIRING_SERVICES",
  serviceKind: null,
  vulnerabilityStatementKind: "VIABLE",
  feasibilityJustification: "Há mercado.",
  documents: [{ name: "pesquisa.pdf", description: "Pesquisa" }],
  marketResearch: "Três orçamentos.",
  process: {
    secretaries: [{ name: "Secretaria A" }],
    responsible: [{ name: "Ana", email: "a@x.gov.br", cpf: null }],
  },
};

describe("buildEtpDocument (planning §2.6, §4 'ETP dispensation')", () => {
  it("writes every section and sub-step in menu order, with the feasibility statement", () => {
    const model = buildEtpDocument({ buyerName: "Prefeitura", processNumber: "PA 1/2026", study: STUDY });
    const texts = documentTexts(model);
    expect(headings(model)[0]).toBe("1. Necessidade");
    expect(headings(model)).toContain("Levantamento de Mercado");
    expect(texts).toEqual(
      expect.arrayContaining([
        "ETP 12/2026",
        "Pregão Eletrônico (Lei 14.133/2021)",
        "Contratação de serviços",
        "Três orçamentos.",
        "Ana — a@x.gov.br",
        "pesquisa.pdf — Pesquisa",
        "Esta equipe de planejamento declara viável esta contratação com base neste Estudo Técnico Preliminar.",
        "Há mercado.",
      ]),
    );
    expect(texts).toContain("Não preenchido.");
  });

  it("as the notice's public annex, keeps the estimate and the staff's e-mails out (art. 24; LGPD art. 6 III)", () => {
    const study = { ...STUDY, estimateContractValue: "R$ 120.000,00 pela média de três orçamentos." };
    const full = documentTexts(buildEtpDocument({ buyerName: "P", processNumber: "PA 1/2026", study }));
    expect(full).toEqual(
      expect.arrayContaining(["R$ 120.000,00 pela média de três orçamentos.", "Ana — a@x.gov.br"]),
    );
    const annex = documentTexts(
      buildEtpDocument({ buyerName: "P", processNumber: "PA 1/2026", study, asNoticeAnnex: true }),
    );
    expect(annex.join("\n")).not.toContain("120.000");
    expect(annex.join("\n")).not.toContain("a@x.gov.br");
    expect(annex).toEqual(expect.arrayContaining([NOTICE_ANNEX_ESTIMATE_TEXT, "Ana", "Três orçamentos."]));
  });

  it("writes only the dispensation, its justification and the people when the ETP is dispensed", () => {
    const model = buildEtpDocument({
      buyerName: "Prefeitura",
      processNumber: "PA 1/2026",
      study: {
        ...STUDY,
        isRejectedFromTheProcess: true,
        exemptionJustification: "Pequeno valor (art. 75, II).",
      },
    });
    expect(headings(model)).toEqual([
      "Dispensa do Estudo Técnico Preliminar",
      "Área(s) Requisitante(s) e Responsáveis",
    ]);
    expect(documentTexts(model)).toContain("Pequeno valor (art. 75, II).");
    expect(documentTexts(model)).not.toContain("Três orçamentos.");
  });
});

const RISK = {
  description: "Sobrepreço",
  cause: "Pesquisa curta",
  phase: "PLANNING",
  probability: "VERY_HIGH",
  impact: "CATASTROPHIC",
  level: "RISK_CRITICAL",
  allocation: "CONTRACTING_PARTY",
  possibleImpacts: "Dano ao erário",
  preventiveActions: "Ampliar a pesquisa",
  contingencyActions: "Revogar",
  disclose: true,
} as const;

describe("buildRiskMatrixDocument (planning §2.7 'Painel', §4 risk levels)", () => {
  const input: RiskMatrixDocumentInput = {
    bodyName: "Prefeitura",
    processNumber: "PA 1/2026",
    number: "MR 1",
    canDispenseRisk: false,
    justification: null,
    panel: riskPanel([RISK]),
    risks: [{ risk: RISK, responsible: [{ name: "Ana" }] }],
  };

  it("draws the 5×5 map with counts and level colours, the legend, the summary and each risk", () => {
    const model = buildRiskMatrixDocument(input);
    const [map, legend, list] = tables(model);
    expect(map?.columns).toEqual([
      "Probabilidade \\ Impacto",
      "Insignificante",
      "Pequeno",
      "Moderado",
      "Grande",
      "Catastrófico",
    ]);
    expect(map?.rows[0]).toEqual(["Muito alta", "0", "0", "0", "0", "1"]);
    expect(map?.fills?.[0]?.[5]).toBe(RISK_LEVEL_FILL.RISK_CRITICAL);
    expect(map?.fills?.[4]?.[1]).toBe(RISK_LEVEL_FILL.RISK_LOW);
    expect(legend?.rows.flat()).toEqual([
      "Baixo (1 a 4)",
      "Moderado (5 a 9)",
      "Alto (10 a 16)",
      "Crítico (20 a 25)",
    ]);
    expect(list?.rows[0]).toEqual([
      "Sobrepreço\nCausa: Pesquisa curta",
      "Planejamento da contratação",
      "Muito alta",
      "Catastrófico",
      "Crítico (25)",
      expect.any(String),
      "Ana",
    ]);
    expect(documentTexts(model)).toEqual(
      expect.arrayContaining(["Crítico (média 25)", "Divulgar no Edital", "Sim"]),
    );
  });

  it("writes the dispensation and its justification instead of the map when dispensed", () => {
    const model = buildRiskMatrixDocument({
      ...input,
      canDispenseRisk: true,
      justification: "Compra simples.",
    });
    expect(headings(model)).toEqual(["Dispensa da Matriz de Riscos"]);
    expect(tables(model)).toEqual([]);
    expect(documentTexts(model)).toContain("Compra simples.");
  });
});
