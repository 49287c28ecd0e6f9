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
    HELD: "Sem unidade",
  },
  checkTitle: "Este edital não pode ser publicado no PNCP como está configurado",
  unit: {
    missingTitle: "Unidade compradora do PNCP não cadastrada",
    missing:
      "Sem o código da unidade compradora do órgão no PNCP, nenhum edital é enviado ao portal. Informe a unidade cadastrada no PNCP para o CNPJ do órgão; ela é conferida no portal antes de ser gravada.",
    waiting: (numbers: readonly string[]) =>
      `${numbers.length === 1 ? "Edital aguardando" : "Editais aguardando"} a unidade: ${numbers.join(", ")}.`,
    current: "Unidade compradora no PNCP",
    change: "Alterar unidade",
    code: "Código da unidade no PNCP",
    name: "Nome da unidade",
    save: "Salvar unidade",
    cancel: "Cancelar",
    saved: (queued: number) =>
      queued > 0
        ? `Unidade do PNCP gravada; ${queued} ${queued === 1 ? "edital enviado" : "editais enviados"} à fila.`
        : "Unidade do PNCP gravada.",
    saveError: "Erro ao gravar a unidade do PNCP",
  },
} as const;
