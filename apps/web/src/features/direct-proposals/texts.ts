import type { DirectProposalKind } from "@certame/domain";

export const DIRECT_TEXTS = {
  sendTitle: "Anexar proposta assinada",
  preQualificationTitle: "Anexar arquivos de pré-qualificação",
  updateTitle: "Atualizar valores dos produtos",
  approvalTitle: "Analisar e aprovar propostas",
  resultsTitle: "Resultados",
  back: "Voltar",
  templateHelp:
    "Baixe o modelo de proposta, preencha os valores, assine o documento e anexe-o em PDF (até 30 MB).",
  downloadTemplate: "Baixar modelo de proposta",
  fileLabel: "Arquivo da proposta (PDF)",
  descriptionLabel: "Observações (opcional)",
  send: "Enviar proposta",
  sent: "Proposta enviada para análise.",
  sentTitle: "Proposta enviada",
  fileRequired: "Selecione o arquivo da proposta em PDF.",
  pdfOnly: "Envie a proposta assinada em PDF.",
  myProposals: "Minhas propostas",
  none: "Nenhuma proposta enviada.",
  approvedTitle: "Propostas aprovadas",
  noneApproved: "Nenhuma proposta aprovada até o momento.",
  columns: {
    supplier: "Fornecedor",
    document: "CNPJ/CPF",
    kind: "Tipo",
    sentAt: "Enviada em",
    file: "Arquivo",
    status: "Situação",
    reason: "Motivo",
    decidedAt: "Analisada em",
    actions: "Ações",
  },
  approve: "Aprovar",
  reject: "Reprovar",
  rejectTitle: "Reprovar proposta",
  reasonLabel: "Motivo da reprovação",
  confirmReject: "Reprovar",
  cancel: "Cancelar",
  approved: "Proposta aprovada.",
  rejected: "Proposta reprovada.",
  decidedTitle: "Análise registrada",
  download: "Baixar",
  loadError: "Não foi possível carregar as propostas.",
  pending: (n: number) => (n === 1 ? "1 proposta aguardando análise" : `${n} propostas aguardando análise`),
} as const;

/** The page's kind: the route says which (pedidos-em-andamento updates the accreditation's values). */
export const titleOf = (kind: DirectProposalKind) =>
  kind === "UPDATE_VALUES"
    ? DIRECT_TEXTS.updateTitle
    : kind === "PRE_QUALIFICATION"
      ? DIRECT_TEXTS.preQualificationTitle
      : DIRECT_TEXTS.sendTitle;
