import { CONNECTION_ERROR_MESSAGE } from "../../ui/texts";
// Texts of the qualification-document library (notices-and-accounts §2.13, §8; trading-room §8
// "Document modals"). Quoted ones verbatim; the confirmation is ours (the spec quotes none).
export const SUPPLIER_DOCUMENT_TEXTS = {
  title: "Documentos de habilitação",
  attachButton: "Anexar documento",
  saveAttachment: "Salvar anexo",
  descriptionLabel: "Descrição do documento",
  descriptionPlaceholder: "Digite a descrição do documento",
  fileLabel: "Arquivo",
  filePlaceholder: "Selecione um arquivo JPG, PNG ou PDF",
  view: "Visualizar",
  delete: "Excluir",
  required: "Obrigatório",
  empty: "Nenhum documento anexado",
  attached: "Arquivo anexado com sucesso",
  deleted: "Documento excluído",
  deleteErrorTitle: "Erro ao excluir",
  deleteErrorText: "Erro ao excluir do documento, por favor tente novamente!",
  uploadErrorTitle: "Erro ao enviar",
  uploadErrorText:
    "Verifique se o seu arquivo é válido e tente novamente: o tamanho máximo é 30 MB e os formatos aceitos são JPG, PNG e PDF.",
  attachErrorTitle: "Erro",
  attachErrorText: CONNECTION_ERROR_MESSAGE,
  confirmDeleteTitle: "Excluir documento",
  confirmDeleteText: (name: string) => `Deseja mesmo excluir o documento "${name}"?`,
  confirmDeleteButton: "Excluir",
  loadError: "Erro ao carregar documentos",
} as const;
