import {
  PARAGRAPH_HISTORY_EMPTY_MESSAGE,
  PARAGRAPH_HISTORY_LOAD_FAILED_MESSAGE,
  REFERENCE_TERM_CHAPTER_LABELS,
  REFERENCE_TERM_DOCUMENT_STATUS_LABELS,
  REFERENCE_TERM_LOAD_FAILED_MESSAGE,
  REFERENCE_TERM_RENDER_FAILED_MESSAGE,
  REFERENCE_TERM_SAVE_FAILED_MESSAGE,
  REFERENCE_TERM_SAVED_MESSAGE,
  type ReferenceTermChapterCode,
} from "@certame/domain";

/**
 * The step manager's labels, '{n} - {label}' (planning §2.10 "Each step is titled '{n} - {label}'" and
 * the reading-B table): the chapter labels of reading A, except step 9, whose reading-B label is
 * 'Estimativas do Valor da Contratação'. The form titles are the domain's REFERENCE_TERM_CHAPTERS titles.
 */
export const REFERENCE_TERM_STEP_LABELS: Record<ReferenceTermChapterCode, string> = {
  GENERAL_CONTRACTING_CONDITIONS: REFERENCE_TERM_CHAPTER_LABELS.GENERAL_CONTRACTING_CONDITIONS,
  CONTRACTING_JUSTIFICATION: REFERENCE_TERM_CHAPTER_LABELS.CONTRACTING_JUSTIFICATION,
  CONTRACTING_REQUIREMENTS: REFERENCE_TERM_CHAPTER_LABELS.CONTRACTING_REQUIREMENTS,
  OBJECT_EXECUTION_MODEL: REFERENCE_TERM_CHAPTER_LABELS.OBJECT_EXECUTION_MODEL,
  ASSURANCE_TECHNICAL_ASSISTENCE: REFERENCE_TERM_CHAPTER_LABELS.ASSURANCE_TECHNICAL_ASSISTENCE,
  CONTRACT_MANAGEMENT_MODEL: REFERENCE_TERM_CHAPTER_LABELS.CONTRACT_MANAGEMENT_MODEL,
  MEASUREMENT_PAYMENT_CRITERIA: REFERENCE_TERM_CHAPTER_LABELS.MEASUREMENT_PAYMENT_CRITERIA,
  CRITERIA_SUPPLIER_SELECTION: REFERENCE_TERM_CHAPTER_LABELS.CRITERIA_SUPPLIER_SELECTION,
  ESTIMATED_VALUE_CONTRACT: "Estimativas do Valor da Contratação",
  BUDGET_ADEQUACY: REFERENCE_TERM_CHAPTER_LABELS.BUDGET_ADEQUACY,
};

// The reference term's screen texts (planning §2.10, §8 "Reference term": the messages are the domain's).

export const REFERENCE_TERM_TEXTS = {
  title: "Termo de Referência",
  header: "Dados Gerais do Processo",
  headerLabels: {
    processNumber: "Nº do Processo",
    object: "Objeto",
    modality: "Modalidade",
    subModality: "Sub-Modalidade",
    processDate: "Data do Processo",
    buyer: "Unidade Compradora",
    agent: "Pregoeiro/Agente de Contratação Responsável",
    totalValue: "Valor Total do Processo",
    averageRisk: "Risco Médio do Processo",
  },
  steps: "Etapas do Termo de Referência",
  stepSubtitle: "Clique para abrir formulário",
  progress: "Progresso",
  status: REFERENCE_TERM_DOCUMENT_STATUS_LABELS as Record<string, string>,
  back: "Voltar",
  saveAndNext: "Salvar e avançar",
  errorTitle: "Erro",
  loadError: REFERENCE_TERM_LOAD_FAILED_MESSAGE,
  saveError: REFERENCE_TERM_SAVE_FAILED_MESSAGE,
  saved: REFERENCE_TERM_SAVED_MESSAGE,
  fixErrors: "Corrija os campos destacados.",
  preview: "Pré-visualização do Documento",
  previewError: REFERENCE_TERM_RENDER_FAILED_MESSAGE,
  previewLoading: "Carregando pré-visualização",
  paragraphs: {
    title: "Parágrafos Customizados",
    number: "Número",
    content: "Conteúdo",
    edit: "Editar",
    remove: "Excluir",
    empty: "Nenhum parágrafo customizado adicionado.",
    add: "+ Adicionar parágrafo",
    addTitle: "Adicionar parágrafo",
    editTitle: "Editar parágrafo",
    contentLabel: "Conteúdo do parágrafo",
    confirm: "Confirmar",
    cancel: "Cancelar",
    history: "Usar do histórico",
    historyTitle: "Selecionar Parágrafo do Histórico",
    historyEmpty: PARAGRAPH_HISTORY_EMPTY_MESSAGE,
    historyError: PARAGRAPH_HISTORY_LOAD_FAILED_MESSAGE,
    used: (n: number) => `Usado ${n}x`,
    use: "Usar",
  },
  actions: {
    word: "Baixar Word",
    pdf: "Baixar PDF",
    print: "Imprimir",
    sign: "Assinar",
    downloadError: "Erro ao gerar o documento.",
  },
  signature: {
    title: "Assinar Termo de Referência",
    intro:
      "Baixe o PDF do termo, assine-o com seu certificado digital e envie aqui o arquivo assinado (PDF, até 10 MB).",
    file: "PDF assinado",
    send: "Enviar PDF assinado",
    sent: "PDF assinado enviado com sucesso",
    sendError: "Erro ao enviar o PDF assinado.",
    notPdf: "Envie um arquivo PDF.",
    tooLarge: "O arquivo deve ter no máximo 10 MB.",
    none: "Nenhum PDF assinado enviado.",
    signedSha: "SHA-256 do PDF assinado",
    issuedSha: "SHA-256 do PDF emitido pela plataforma",
    signedAt: "Enviado em",
    signedBy: "Enviado por",
    digital: "Assinatura digital encontrada no PDF",
    download: "Baixar PDF assinado",
    stale:
      "Atenção: o termo foi alterado depois desta assinatura. O PDF assinado não corresponde mais ao documento atual; gere um novo PDF, assine-o e envie-o novamente.",
    close: "Fechar",
  },
} as const;
