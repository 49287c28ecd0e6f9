// Fixed interface texts shared by several components (notices-and-accounts §2.17, §8).
export const EMPTY_TABLE_TEXT = "Nenhum resultado encontrado";
export const EMPTY_SELECT_TEXT = "Nenhuma opção disponível";
/** The name of a file field's clear button (the spec names none; the action as the user reads it). */
export const CLEAR_FILE_LABEL = "Remover arquivo";
export const GENERIC_ERROR_TITLE = "Erro";
// notices-and-accounts §8 quotes the general text this way ('erro connexão'); the room, the
// initial bids and most modals say 'na conexão' (trading-room §8, notices-and-accounts §8).
export const GENERIC_ERROR_MESSAGE = "Houve um erro connexão com o servidor";
export const CONNECTION_ERROR_MESSAGE = "Houve um erro na conexão com o servidor";
export const UNAVAILABLE_FEATURE_TEXT =
  "Esta funcionalidade ainda não está disponível nesta versão da plataforma.";
/**
 * Why a submit is disabled: the required fields still empty, by their labels (the spec has 'Save
 * buttons stay disabled until every required field of the step is filled' and no text for it; ours).
 */
export const missingFieldsText = (labels: readonly string[]) => `Falta preencher: ${labels.join(", ")}.`;
