// Texts of the initial-bids screen that the spec describes but does not quote (trading-room §2.8);
// the quoted ones live in the domain (INITIAL_BIDS_TEXTS).

/** The tutorial video linked from 'OBSERVAÇÕES RELEVANTES' (§2.8): the platform's tutorials page. */
export const TUTORIAL_PATH = "/tutoriais";

/** 'OBSERVAÇÕES RELEVANTES' for the new modalities (Lei 14.133/2021), each point of §2.8. */
export function newModalityNotes(beforeBid: boolean): string[] {
  return [
    "O órgão comprador só terá acesso à sua proposta na etapa de julgamento ou de negociação.",
    beforeBid
      ? "Neste processo a habilitação ocorre antes da disputa de lances: o envio dos documentos de habilitação junto com a proposta é obrigatório."
      : "O envio antecipado dos documentos de habilitação é opcional: o licitante vencedor terá, no mínimo, 2 horas para enviá-los na etapa de habilitação.",
    "A ferramenta de lances automáticos é opcional e exige lance inicial, lance final, variação e, quando exigida, a marca do produto. O lance final não pode ser zero.",
    "Nos termos da LC 123/2006, as ME/EPP cujos lances estejam até 5% acima do melhor lance de empresa de grande porte terão direito ao empate ficto.",
  ];
}

/** 'OBSERVAÇÕES RELEVANTES' for the old modalities. */
export const OLD_MODALITY_NOTES = [
  "Cadastre seus lances iniciais e associe os documentos de habilitação exigidos no edital antes do fim do prazo de propostas.",
  "Os lances iniciais ficam em sigilo até a abertura da sessão pública.",
  "Nos termos da LC 123/2006, as ME/EPP cujos lances estejam até 5% acima do melhor lance de empresa de grande porte terão direito ao empate ficto.",
];

/**
 * The terms of §5 "Terms": the seven fixed supplier declarations of notices-and-accounts §2.12
 * (ids 1 to 7), which a proposal makes.
 */
export const TERMS = [
  {
    id: 1,
    text: "Declaro que estou de acordo com o edital e seus anexos e que cumpro plenamente os requisitos de habilitação.",
  },
  {
    id: 2,
    text: "Declaro que inexistem fatos impeditivos para a minha habilitação e que estou ciente da obrigatoriedade de declarar ocorrências posteriores.",
  },
  {
    id: 3,
    text: "Declaro que não emprego menor de 18 anos em trabalho noturno, perigoso ou insalubre, nem menor de 16 anos, salvo na condição de aprendiz a partir de 14 anos (art. 7º, XXXIII, da Constituição; Leis 14.133/2021 e 9.854/1999).",
  },
  {
    id: 4,
    text: "Declaro que a proposta foi elaborada de forma independente (Instrução Normativa nº 2, de 16 de setembro de 2009).",
  },
  { id: 5, text: "Declaro que não possuo, em minha cadeia produtiva, trabalho degradante ou forçado." },
  {
    id: 6,
    text: "Declaro que cumpro a reserva de cargos para pessoas com deficiência ou reabilitadas da Previdência Social (art. 93 da Lei 8.213/1991).",
  },
  {
    id: 7,
    text: "Declaro que a proposta compreende a integralidade dos custos para atendimento dos direitos trabalhistas.",
  },
] as const;

export const SMALL_COMPANY_QUESTION =
  "Declaro, para fins da LC 123/2006, que sou ME/EPP e que não celebrei contratos com a administração pública cujos valores somados extrapolem a receita bruta máxima admitida para fins de enquadramento como ME/EPP.";
export const REGIONAL_PREFERENCE_LABEL =
  "Declaro que sou ME/EPP sediada local ou regionalmente e desejo concorrer com a prioridade de contratação prevista no art. 48, §3º, da LC 123/2006.";
export const BIG_COMPANY_AUTOMATIC_LABEL =
  "Declaro estar ciente de que, não sendo ME/EPP (ou não tendo feito a declaração), meus lances automáticos poderão ser cobertos por ME/EPP com lances até 5% superiores, no empate ficto previsto na LC 123/2006.";
export const SECRET_PHASE_LABEL =
  "Declaro estar ciente de que os lances automáticos não se aplicam à etapa fechada da disputa (modo aberto e fechado), em que o lance final deverá ser enviado manualmente.";

export const DATA_SHEET_WARNING =
  "Atenção: a ficha técnica é vista pelo agente de contratação antes da disputa. Não se identifique nela, sob pena de desclassificação.";
export const QUALIFICATION_WARNING = "ANEXE E SELECIONE SOMENTE OS DOCUMENTOS EXIGIDOS NO EDITAL.";
export const PROPOSAL_FILE_TITLE = {
  INITIAL_PROPOSAL: "Anexe e selecione abaixo, o arquivo da sua proposta inicial",
  PROPOSAL_GUARANTEE: "Anexe e selecione abaixo, o arquivo da sua garantia da proposta",
  TECHNICAL_PROPOSAL: "Anexe e selecione abaixo, o arquivo da sua proposta técnica",
} as const;
export const ATTENTION_NEW_FILE =
  "O arquivo anexado também precisa ser selecionado. Deseja continuar sem selecioná-lo?";
export const REMOVE_PROPOSAL_TEXT =
  "Todos os lances estão zerados. Ao confirmar, sua proposta anterior será removida (ou você não participará deste processo). Deseja continuar?";
export const ACCEPTED_FILES = "application/pdf,image/jpeg,image/png";
export const IMPORT_ERROR =
  "Verifique se o seu arquivo é válido e tente novamente: envie a planilha .xlsx ou .csv, com no máximo 30 MB.";
