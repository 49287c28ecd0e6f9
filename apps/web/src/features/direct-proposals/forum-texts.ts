export const FORUM_TEXTS = {
  title: "Fórum de mensagens",
  listLabel: "Mensagens do fórum",
  repliesLabel: "Respostas do órgão",
  none: "Nenhuma mensagem no fórum até o momento.",
  closed:
    "Este processo não recebe novas mensagens: o fórum fica aberto enquanto o processo está publicado ou em andamento.",
  readOnly:
    "Você pode ler o fórum; escrevem nele os fornecedores, os cidadãos e a equipe do órgão responsável.",
  messageLabel: "Sua mensagem",
  noticeLabel: "Aviso do órgão",
  send: "Enviar mensagem",
  sendNotice: "Publicar aviso",
  sent: "Mensagem publicada no fórum.",
  sentTitle: "Fórum de mensagens",
  reply: "Responder",
  replyTo: (name: string) => `Responder a mensagem de ${name}`,
  replyLabel: "Resposta",
  sendReply: "Enviar resposta",
  cancel: "Cancelar",
  newMessage: "Nova mensagem no fórum.",
  characters: (n: number, max: number) => `${n}/${max} caracteres`,
  loadError: "Não foi possível carregar o fórum de mensagens.",
} as const;
