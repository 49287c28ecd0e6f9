import type { BudgetBatch, PncpItem, PncpNotice } from "../features/budget/budget.api";

// A closed tender of the portal, its items and a budget lot, for the price search's tests
// (the budget's modal and the standalone page).

export const PNCP_NOTICE: PncpNotice = {
  numeroControlePNCP: "11222333000181-1-000005/2026",
  orgaoEntidade: { cnpj: "11222333000181", razaoSocial: "Prefeitura de Teste" },
  anoCompra: 2026,
  sequencialCompra: 5,
  modalidadeNome: "Pregão - Eletrônico",
  dataAtualizacao: "2026-03-04T10:00:00",
  unidadeOrgao: { nomeUnidade: "Secretaria de Administração", municipioNome: "Recife", ufSigla: "PE" },
  objetoCompra: "Aquisição de papel",
};

export const pncpItem = (n: number, descricao: string): PncpItem => ({
  itemId: `${PNCP_NOTICE.numeroControlePNCP}-${n}`,
  numeroItem: n,
  descricao,
  quantidade: 100,
  unidadeMedida: "Resma",
  valorUnitarioEstimado: 30,
  valorTotal: 3000,
  materialOuServicoNome: "Material",
  criterioJulgamentoNome: "Menor preço",
  temResultado: true,
});

/** 'Lote 1 · Item 1 - Papel sulfite' without quotes, unless `budgets` are given. */
export const budgetLot = (extra: Partial<BudgetBatch> = {}): BudgetBatch => ({
  id: "lot-1",
  number: 1,
  item: 1,
  product: { id: "pr-1", name: "Papel sulfite" },
  quantity: 10,
  measurementUnit: { code: "UN", description: "Unidade" },
  priceMethod: "AVERAGE",
  averagePrice: 0,
  medianPrice: null,
  lowestPrice: null,
  referencePrice: 0,
  coefficientOfVariation: null,
  budgets: [],
  ...extra,
});
