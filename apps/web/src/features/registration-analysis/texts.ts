// The staff console's texts (/analise-de-cadastros). The spec quotes none; §9 "Registration
// analysis" gives the rule the page states.
export const ANALYSIS_TEXTS = {
  title: "Análise de cadastros",
  description:
    "Cadastros concluídos por órgãos e fornecedores, do mais antigo ao mais recente. Prazo: até 24 horas úteis; os concluídos até as 17h de um dia útil contam desde a conclusão.",
  pending: "Em análise",
  decided: "Concluídas",
  tableLabel: "Cadastros aguardando análise",
  decidedTableLabel: "Análises concluídas",
  empty: "Nenhum cadastro aguardando análise.",
  emptyDecided: "Nenhuma análise concluída.",
  overdue: "Atrasado",
  open: "Abrir",
  approve: "Aprovar",
  reject: "Reprovar",
  approveTitle: "Aprovar cadastro",
  approveQuestion: (name: string) =>
    `Aprovar o cadastro de ${name}? O usuário será avisado por e-mail e o cadastro passa a valer na plataforma.`,
  rejectTitle: "Reprovar cadastro",
  reasonLabel: "Motivo da reprovação",
  reasonDescription: "O motivo é enviado por e-mail ao usuário, que corrige e conclui o cadastro novamente.",
  approved: (name: string) => `Cadastro de ${name} aprovado. O usuário foi avisado por e-mail.`,
  rejected: (name: string) => `Cadastro de ${name} reprovado. O motivo foi enviado por e-mail ao usuário.`,
  mailFailed: "A decisão foi registrada, mas o e-mail ao usuário não pôde ser enviado agora.",
  loadError: "Erro ao carregar os cadastros",
  readError: "Erro ao abrir o cadastro",
  decideError: "Erro ao registrar a decisão",
  kind: { BUYER: "Órgão", SUPPLIER: "Fornecedor" } as const,
} as const;
