import type { ClarificationKind } from "@certame/domain";

/**
 * The texts of the clarifications and challenges screens (issue 19 item 1). notices-and-accounts §2.3
 * quotes only the action names ('Solicitar esclarecimento', 'Visualizar esclarecimentos', 'Visualizar
 * impugnações', 'Impugnar'); the rest are ours.
 */
export const CLARIFICATION_TEXTS = {
  requestTitle: { CLARIFICATION: "Solicitar esclarecimento", CHALLENGE: "Impugnar edital" },
  viewTitle: { CLARIFICATION: "Esclarecimentos", CHALLENGE: "Impugnações" },
  inboxTitle: "Esclarecimentos e impugnações",
  inboxDescriptionBuyer: "Pedidos recebidos nos processos do seu órgão, com o prazo legal de resposta.",
  inboxDescriptionRequester: "Os pedidos de esclarecimento e as impugnações que você enviou.",
  textLabel: { CLARIFICATION: "Pedido de esclarecimento", CHALLENGE: "Razões da impugnação" },
  textPlaceholder: {
    CLARIFICATION: "Descreva a dúvida, indicando o item ou a cláusula do edital.",
    CHALLENGE: "Indique a cláusula impugnada e as razões, com a fundamentação legal.",
  },
  fileLabel: "Anexo (opcional, PDF)",
  fileHint: "Somente PDF, até 30 MB.",
  fileTypeError: "Selecione um arquivo PDF de até 30 MB.",
  send: { CLARIFICATION: "Enviar pedido", CHALLENGE: "Enviar impugnação" },
  sent: { CLARIFICATION: "Pedido de esclarecimento enviado.", CHALLENGE: "Impugnação enviada." },
  sendError: "Não foi possível enviar",
  deadline: "Prazo para envio",
  deadlineHint:
    "Até 3 dias úteis antes da abertura da sessão (Lei 14.133/2021, art. 164). A resposta é publicada em até 3 dias úteis após o pedido.",
  closed: "O prazo para envio terminou em",
  noSessionDate: "Este processo não tem data de abertura da sessão definida.",
  notReceiving: "Este processo não recebe pedidos no status atual.",
  notice: "Edital",
  object: "Objeto",
  buyer: "Órgão",
  session: "Abertura da sessão",
  empty: { CLARIFICATION: "Nenhum esclarecimento publicado.", CHALLENGE: "Nenhuma impugnação publicada." },
  askedAt: "Enviado em",
  answerDue: "Resposta até",
  answeredAt: "Respondido em",
  requester: "Solicitante",
  you: "Você",
  answer: "Resposta",
  decision: "Decisão",
  pending: "Aguardando resposta",
  answered: "Respondido",
  overdue: "Prazo vencido",
  attachment: "Anexo",
  answerAttachment: "Anexo da resposta",
  answerLabel: { CLARIFICATION: "Resposta", CHALLENGE: "Fundamentação da decisão" },
  decisionLabel: "Decisão",
  suspendLabel: "Suspender o edital (o processo fica suspenso até ser editado e republicado)",
  answerSend: "Publicar resposta",
  answered_ok: "Resposta publicada.",
  answerError: "Não foi possível publicar a resposta",
  newRequest: { CLARIFICATION: "Solicitar esclarecimento", CHALLENGE: "Impugnar" },
  viewAll: { CLARIFICATION: "Ver esclarecimentos", CHALLENGE: "Ver impugnações" },
  back: "Voltar",
  loading: "Carregando",
  publicSection: "Esclarecimentos e impugnações",
  publicEmpty: "Nenhum esclarecimento ou impugnação respondido até o momento.",
  kind: "Tipo",
  status: "Situação",
  filterKind: "Tipo",
  filterStatus: "Situação",
  all: "Todos",
  open: "Abrir",
  inboxEmpty: "Nenhum pedido encontrado.",
  total: (n: number) => (n === 1 ? "1 pedido" : `${n} pedidos`),
} as const;

export const kindPath = (kind: ClarificationKind, view: boolean, id: string) =>
  kind === "CHALLENGE"
    ? `${view ? "/visualizar-impugnacoes" : "/impugnar"}/${id}`
    : `${view ? "/visualizar-esclarecimentos" : "/solicitar-esclarecimentos"}/${id}`;
