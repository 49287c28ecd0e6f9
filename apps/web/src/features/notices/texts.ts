// The notice wizard's fixed texts, verbatim from notices-and-accounts §4 and §8.
export const NOTICE_TEXTS = {
  created: "Edital cadastrado com sucesso",
  updated: "Edital atualizado com sucesso",
  imported: "Edital importado",
  published: "Edital publicado com sucesso!",
  finished: "Edital finalizado com sucesso!",
  duplicated: "Edital duplicado com sucesso",
  deleted: "Edital excluído com sucesso",
  loadError: "Erro ao localizar edital",
  reopenTitle: "Processo encerrado",
  reopenText:
    "O processo abaixo já consta como Encerrado, deseja mesmo retomar a negociação? Ao retomar a negociação as datas e relatórios serão atualizadas, sendo necessário ajustar o processo e republicá-lo",
  reopenConfirm: "Confirmar Retomada",
  finishText:
    "Certifique-se de inserir os resultados do processo antes de finalizar. Após a finalização, não será possível editar o processo. Deseja mesmo finalizar o processo?",
  removeTitle: "Remover Processo",
  // Not in the spec (issue 12 asks for a confirmation before publishing).
  publishTitle: "Publicar processo",
  publishText:
    "Deseja mesmo publicar o processo acima? Após a publicação ele ficará visível no portal e aberto às propostas dos licitantes nas datas definidas.",
  removeText: "Deseja mesmo remover o processo?",
  importError: "Erro ao enviar",
  templateErrorTitle: "Erro ao baixar",
  templateErrorText: "Por favor, tente novamente.",
  noNoticeId: "Não conseguimos localizar seu edital, por favor tente novamente",
  // Issue 35 (ours): the planning process a notice was made from, linked from the wizard.
  processLink: (processNumber: string) => `Processo ${processNumber}`,
} as const;

export const LOT_TEXTS = {
  created: "Lote criado com sucesso",
  changed: "Lote alterado com sucesso",
  deleted: "Lote excluído com sucesso",
  deletedAll: "Lotes excluídos com sucesso",
  added: "Lotes adicionados",
} as const;

export const DOCUMENT_TEXTS = {
  attached: "Arquivo anexado com sucesso",
  deleted: "Arquivo excluído com sucesso",
  deleteErrorTitle: "Erro ao excluir",
  deleteErrorText: "Erro ao excluir do documento, por favor tente novamente!",
  classCreateError: "Houve um erro ao criar a nova classe",
} as const;

export const WINNER_TEXTS = {
  deleted: "Vencedores apagados com sucesso",
  created: "Vencedores criados com sucesso",
  supplierCreated: "Licitante cadastrado com sucesso",
} as const;
