import { CONNECTION_ERROR_MESSAGE } from "../../ui/texts";
// Texts of the re-specification page. The button's name is the spec's (trading-room §2.3) and the
// column's (§2.1 'Itens do lote'); the save texts are the spec's generic ones (§8,
// planning 'Dados salvos com sucesso'); the rest is ours (docs/decisions.md "Re-specified item values").
export const RESPECIFY_TEXTS = {
  title: "Reespecificar valores dos itens",
  back: "Voltar para a sala de negociação",
  lot: (n: number) => `Lote ${n}`,
  item: "Item",
  productName: "Nome do produto",
  quantity: "Quantidade",
  referencePrice: "Preço de referência",
  secretReferencePrice: "Sigiloso",
  respecifiedValue: "Valor reespecificado",
  winningBid: "Lance vencedor",
  itemsTotal: "Soma dos itens",
  difference: "Diferença",
  save: "Salvar",
  saved: "Dados salvos com sucesso",
  loadError: "Erro ao carregar itens",
  connectionError: CONNECTION_ERROR_MESSAGE,
  none: "Não há lotes com mais de um item vencidos por você para reespecificar.",
  readOnly: "A reespecificação é possível somente na fase de Negociação.",
} as const;
