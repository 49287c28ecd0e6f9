import { type AgendaActionKind, isDirectModality, type Modality } from "@certame/domain";

export const MY_NOTICES_TEXTS = {
  title: "Meus editais",
  supplierIntro: "Os processos de que você participa, com o próximo prazo e o que falta fazer.",
  buyerIntro: "Os processos do seu órgão, por situação, com o próximo prazo e o que falta fazer.",
  searchLabel: "Pesquisar meus editais",
  searchPlaceholder: "Número, objeto ou órgão",
  search: "Pesquisar",
  statusLabel: "Situação",
  allStatuses: "Todas",
  tableLabel: "Meus editais",
  columns: {
    notice: "Edital",
    object: "Objeto",
    buyer: "Órgão",
    status: "Situação",
    nextDeadline: "Próximo prazo",
    pending: "Pendências",
    actions: "Ações",
  },
  noDeadline: "Sem prazo em curso",
  noPending: "Nada pendente",
  open: "Abrir",
  lots: (numbers: number[]) => (numbers.length === 1 ? `lote ${numbers[0]}` : `lotes ${numbers.join(", ")}`),
  until: (when: string) => `até ${when}`,
  process: (n: string) => `Processo ${n}`,
  found: (total: number, lowerBound: boolean) =>
    total === 0
      ? "Nenhum processo encontrado"
      : `${lowerBound ? "Mais de " : ""}${total.toLocaleString("pt-BR")} ${total === 1 ? "processo encontrado" : "processos encontrados"}`,
  loadError: "Não foi possível carregar os seus editais.",
} as const;

/**
 * Where each pending action is done: the initial bids page, the notice form or the room; a direct
 * procedure's on its own pages (the proposals' analysis, the appeals).
 */
export function actionPath(kind: AgendaActionKind, notice: { id: string; modality: Modality }): string {
  const noticeId = notice.id;
  if (isDirectModality(notice.modality)) {
    if (kind === "ANALYSE_PROPOSALS") return `/procedimentos-auxiliares/${noticeId}/aprovar-propostas`;
    if (kind === "JUDGE_APPEALS") return `/visualizar-recursos/${noticeId}`;
    if (kind === "FILE_APPEAL" || kind === "SEND_COUNTER_ARGUMENTS") return `/interpor-recurso/${noticeId}`;
    if (kind === "SEND_PROPOSAL") return `/procedimentos-auxiliares/${noticeId}/cadastro-de-proposta`;
  }
  if (kind === "SEND_PROPOSAL") return `/sala-de-negociacao/${noticeId}/cadastro-de-lances-iniciais`;
  if (kind === "PUBLISH") return `/cadastrar/editais/${noticeId}/formulario`;
  return `/sala-de-negociacao/${noticeId}`;
}
