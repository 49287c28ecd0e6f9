// Texts of the PNCP publications page (issue 19 item 5). The spec names the menu's PNCP services but
// not this page: the texts are ours (docs/decisions.md, 2026-11-27).
export const PNCP_TEXTS = {
  title: "Publicações no PNCP",
  description:
    "Editais enviados ao Portal Nacional de Contratações Públicas (Lei 14.133/2021, arts. 54 e 94): o que foi publicado, o que falhou e por quê.",
  outboxNotice:
    "Sem credenciais do PNCP (PNCP_LOGIN), os envios ficam registrados na caixa de saída abaixo em vez de irem ao portal.",
  filterLabel: "Situação das publicações",
  search: "Pesquisar",
  searchPlaceholder: "Número do edital, objeto ou número de controle",
  listLabel: "Publicações",
  loadError: "Erro ao carregar publicações",
  retry: "Reenviar",
  retried: "Publicação reenviada.",
  retryError: "Erro ao reenviar",
  refresh: "Atualizar",
  attempts: (n: number) => `${n} ${n === 1 ? "tentativa" : "tentativas"}`,
  nextAttempt: "Próxima tentativa",
  error: "Motivo",
  controlNumber: "Nº de controle PNCP",
  outbox: "Caixa de saída do PNCP",
  outboxEmpty: "Nenhum envio registrado.",
  sentBody: "Conteúdo de",
  columns: {
    notice: "Edital",
    kind: "Envio",
    status: "Situação",
    control: "Nº de controle PNCP",
    detail: "Detalhe",
    date: "Data",
    actions: "Ações",
  },
  filters: {
    ALL: "Todas",
    FAILED: "Falhas",
    PENDING: "Aguardando",
    DONE: "Publicadas",
  },
} as const;
