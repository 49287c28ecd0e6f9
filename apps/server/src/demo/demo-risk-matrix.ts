import { type RiskImpact, type RiskProbability, riskLevel } from "@certame/domain";
import type { Tx } from "../db/client";
import { riskManagementRiskResponsibles, riskManagementRisks, riskManagements, risks } from "../db/schema";

/** Fixed ids of the demo risk matrix (own series, apart from demo-planning's P()). */
const M = (n: number) => `00000000-0000-4000-8700-${String(n).padStart(12, "0")}`;

export const DEMO_RISK_MATRIX_IDS = {
  riskManagement: M(1),
  risks: [M(11), M(12), M(13), M(14), M(15), M(16)],
} as const;

const DEMO_RISKS: {
  description: string;
  cause: string;
  phase: "PLANNING" | "SUPPLIER_SELECTION" | "CONTRACT_MANAGEMENT";
  allocation: "CONTRACTING_PARTY" | "CONTRACTED_PARTY" | "SHARED";
  probability: RiskProbability;
  impact: RiskImpact;
  disclose: boolean;
  possibleImpacts: string;
  preventiveActions: string;
  contingencyActions: string;
}[] = [
  {
    description: "Especificação insuficiente do objeto",
    cause: "Levantamento de necessidades incompleto pelas secretarias requisitantes",
    phase: "PLANNING",
    allocation: "CONTRACTING_PARTY",
    probability: "POSSIBLE",
    impact: "BIG",
    disclose: false,
    possibleImpacts: "Aquisição de itens que não atendem à necessidade; aditivos e nova licitação.",
    preventiveActions: "Validar o termo de referência com as áreas requisitantes antes da publicação.",
    contingencyActions: "Revisar a especificação e republicar o edital.",
  },
  {
    description: "Preço estimado abaixo do mercado",
    cause: "Pesquisa de preços com poucas fontes ou desatualizada",
    phase: "PLANNING",
    allocation: "CONTRACTING_PARTY",
    probability: "POSSIBLE",
    impact: "MODERATE",
    disclose: false,
    possibleImpacts: "Licitação deserta ou fracassada.",
    preventiveActions: "Consultar ao menos três fontes, incluindo o PNCP, nos últimos 12 meses.",
    contingencyActions: "Refazer a pesquisa de preços e republicar.",
  },
  {
    description: "Conluio entre licitantes",
    cause: "Mercado concentrado com poucos fornecedores na região",
    phase: "SUPPLIER_SELECTION",
    allocation: "SHARED",
    probability: "LOW",
    impact: "CATASTROPHIC",
    disclose: true,
    possibleImpacts: "Sobrepreço e prejuízo ao erário.",
    preventiveActions: "Ampliar a divulgação e analisar padrões de lances.",
    contingencyActions: "Comunicar o CADE e o Tribunal de Contas; anular o certame.",
  },
  {
    description: "Atraso na entrega dos materiais",
    cause: "Fornecedor sem estoque ou logística insuficiente",
    phase: "CONTRACT_MANAGEMENT",
    allocation: "CONTRACTED_PARTY",
    probability: "VERY_HIGH",
    impact: "BIG",
    disclose: true,
    possibleImpacts: "Interrupção de serviços das unidades de saúde e administração.",
    preventiveActions: "Exigir prazos de entrega e cronograma no edital.",
    contingencyActions: "Aplicar as sanções do contrato e convocar o segundo colocado.",
  },
  {
    description: "Entrega de itens fora da especificação",
    cause: "Fiscalização do recebimento sem conferência técnica",
    phase: "CONTRACT_MANAGEMENT",
    allocation: "CONTRACTED_PARTY",
    probability: "LOW",
    impact: "SMALL",
    disclose: true,
    possibleImpacts: "Retrabalho no recebimento e devoluções.",
    preventiveActions: "Designar fiscal técnico e usar lista de conferência no recebimento.",
    contingencyActions: "Recusar o item e exigir a substituição no prazo do contrato.",
  },
  {
    description: "Impugnação do edital",
    cause: "Exigências de habilitação restritivas",
    phase: "SUPPLIER_SELECTION",
    allocation: "CONTRACTING_PARTY",
    probability: "VERY_LOW",
    impact: "MODERATE",
    disclose: false,
    possibleImpacts: "Suspensão do certame e atraso do cronograma.",
    preventiveActions: "Submeter o edital à assessoria jurídica.",
    contingencyActions: "Responder à impugnação e, se procedente, retificar o edital.",
  },
];

/**
 * Issue 15's demo, the Risk Matrix of "PA 21/2026": six risks of the demo body across the map
 * (Baixo, Moderado, Alto and Crítico), all selected for the process, each with a responsible. Fixed
 * ids and ON CONFLICT DO NOTHING: loading twice changes nothing.
 */
export async function insertDemoRiskMatrix(
  tx: Tx,
  ids: { buyer: string; process: string; staff: string[] },
  now: Date,
) {
  await tx
    .insert(risks)
    .values(
      DEMO_RISKS.map((r, i) => ({
        ...r,
        id: DEMO_RISK_MATRIX_IDS.risks[i] as string,
        buyerId: ids.buyer,
        level: riskLevel(r.probability, r.impact),
        // A minute apart, the first the oldest (the list shows the newest first).
        createdDate: new Date(now.getTime() - (DEMO_RISKS.length - i) * 60_000),
        updatedDate: now,
      })),
    )
    .onConflictDoNothing();
  const inserted = await tx
    .insert(riskManagements)
    .values({
      id: DEMO_RISK_MATRIX_IDS.riskManagement,
      processId: ids.process,
      number: "MR 21/2026",
      canDispenseRisk: false,
      createdDate: now,
      updatedDate: now,
    })
    .onConflictDoNothing()
    .returning({ id: riskManagements.id });
  // Already loaded (or the process has a matrix of its own): leave it as it is.
  if (inserted.length === 0) return;
  const selected = await tx
    .insert(riskManagementRisks)
    .values(
      DEMO_RISK_MATRIX_IDS.risks.map((riskId, i) => ({
        riskManagementId: DEMO_RISK_MATRIX_IDS.riskManagement,
        riskId,
        createdDate: new Date(now.getTime() - (DEMO_RISKS.length - i) * 1000),
        updatedDate: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: riskManagementRisks.id });
  if (ids.staff.length === 0) return;
  await tx
    .insert(riskManagementRiskResponsibles)
    .values(
      selected.map((s, i) => ({
        riskManagementRiskId: s.id,
        staffId: ids.staff[i % ids.staff.length] as string,
      })),
    )
    .onConflictDoNothing();
}
