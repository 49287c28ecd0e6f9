import {
  can,
  combineBrasiliaDateTime,
  isNewModality,
  isRegionalPreferencePhase,
  permissionEntry,
  type RoomAction,
  rolesFor,
} from "@certame/domain";
import { CONNECTION_ERROR_MESSAGE } from "../../../ui/texts";
import { type RoomState, selectedLot } from "../live/room-state";
import { permissionContext } from "../room-permissions";
import type { RoomLot } from "../types";
import type { AwardLotFields } from "./award-state";

// The winner's documents in the action panel (trading-room §2.3, §2.6, §5 "Room modals", §6, §8):
// which buttons show, and what the modals send. The server decides; this only mirrors it.

export const AWARD_TEXTS = {
  readjustedProposal: "Anexar proposta readequada e outros documentos",
  qualificationDocuments: "Anexar documentos de habilitação",
  proofPayment: "Anexar comprovante de pagamento",
  proofPaymentAttached: "Comprovante de pagamento anexada com sucesso",
  proofPaymentOneFile: "Anexe o comprovante de pagamento. Um novo envio substitui o anterior.",
  viewProofPayments: "Visualizar comprovantes de pagamento",
  proofPaymentsLoadError: "Erro ao carregar comprovantes",
  viewWinnerDocuments: "Visualizar documentos do vencedor",
  attachProcessFile: "Anexar arquivo ao Processo",
  reserveRegister: "Aderir ao cadastro reserva",
  reserveQuestion: "Aceita cotar pelo valor do licitante vencedor (melhor lance atual)?",
  reserveHint: "Não: o cadastro reserva registra o seu melhor lance neste lote/item.",
  regionalPreference: "Aplicar Regra de Preferência Local ou Regional",
  regionalQuestion: "Aplicar a preferência local ou regional neste lote/item?",
  yes: "Sim",
  no: "Não",
  answerRequired: "Escolha Sim ou Não.",
  fewSmallBusinesses: (n: number) =>
    `Há ${n === 0 ? "nenhuma" : `apenas ${n}`} microempresa(s) ou empresa(s) de pequeno porte competitiva(s) e habilitada(s) neste lote/item: com menos de 3, o tratamento diferenciado pode não se aplicar (LC 123/2006, art. 49, II).`,
  indicateWinner: "Indicar como vencedor o licitante da cota de ampla participação",
  wideLot: "Lote/item de ampla participação",
  wideLotPlaceholder: "Selecione o lote/item",
  indicateHint: (n: number) =>
    `A cota reservada do lote/item ${n} será adjudicada ao vencedor do lote/item de ampla participação escolhido.`,
  processFileAttached: "Arquivo anexado com sucesso",
  processFileHint: "Arquivo PDF de até 30 MB; será publicado com os arquivos do processo.",
  description: "Descrição",
  kindLabels: {
    READJUSTED_PROPOSAL: "Proposta readequada",
    QUALIFICATION_DOCUMENT: "Documento de habilitação",
    ELECTRONIC_AUCTION_PAYMENT: "Comprovante de pagamento",
  } as Record<string, string>,
  extendDeadline: "Prorrogar prazo de Recebimento dos documentos",
  startProposalsDeadline: "Iniciar Prazo Para envio das Propostas Ajustadas",
  startDocumentsDeadline: "Iniciar Prazo Para Envio dos Documentos de Habilitação",
  readjustedAttached: "Proposta readequada anexada com sucesso",
  qualificationAttached: "Documento(s) de habilitação anexados com sucesso!",
  noFiles: "Nenhum arquivo anexado no momento",
  newDocument: "Anexar novo documento",
  newDocumentDescription: "Digite a descrição do documento",
  error: "Erro",
  connectionError: CONNECTION_ERROR_MESSAGE,
  loadError: "Erro ao carregar dados, tente novamente",
  file: "Arquivo",
  filePlaceholder: "Selecione o arquivo (PDF, JPG ou PNG, até 30 MB)",
  fileRequired: "Selecione o arquivo.",
  oneFile: "Anexe o arquivo da proposta readequada. Um novo envio substitui o anterior.",
  selectRequired: "Selecione ao menos um documento.",
  selectAll: "Selecionar todos",
  view: "Visualizar",
  deadlineKind: "Tipo de prazo",
  hours: "Em horas",
  fixedDate: "Data fixa",
  amountHour: "Quantidade de horas",
  deadlineDate: "Data limite",
  deadlineTime: "Hora limite",
  scope: "Aplicar para",
  selectedLot: "Lote/item selecionado",
  allLots: "Todos os lotes/itens",
  amountHourError: "Informe um número inteiro de horas, no mínimo 1.",
  dateError: "Informe a data (DD/MM/AAAA) e a hora (HH:MM).",
  deadlineUntil: (when: string) => `Prazo para envio dos documentos: até ${when}`,
  deadlineOver: (when: string) => `Prazo para envio dos documentos encerrado em ${when}`,
} as const;

/** §5: amountHour defaults to 2 and is at least 1. */
export const DEFAULT_AMOUNT_HOUR = 2;

export type AwardButton =
  | "READJUSTED_PROPOSAL"
  | "QUALIFICATION_DOCUMENTS"
  | "START_DEADLINE"
  | "EXTEND_DEADLINE"
  | "PROOF_PAYMENT"
  | "VIEW_PROOF_PAYMENTS"
  | "VIEW_WINNER_DOCUMENTS"
  | "PROCESS_FILE"
  | "INDICATE_WINNER"
  | "REGIONAL_PREFERENCE"
  | "RESERVE_REGISTER";

const awardFields = (lot: RoomLot): AwardLotFields => lot as RoomLot & AwardLotFields;

/** §6 "Extra conditions": the user's anonymous number is the lot winner's. */
export function isLotWinner(state: RoomState, lot: RoomLot): boolean {
  const winner = awardFields(lot).winner?.anonymousSupplierIdentificationNumber ?? null;
  return state.anonymousNumber !== null && winner !== null && winner === state.anonymousNumber;
}

/** The documents window's end, when one is set for the lot's current phase. */
export function deadlineOf(lot: RoomLot): Date | null {
  const end = awardFields(lot).attachingDocumentsEndingDateTime;
  return end ? new Date(end) : null;
}

function may(state: RoomState, action: RoomAction, now: Date, lot: RoomLot): boolean {
  const ctx = permissionContext(state, now, lot);
  return (
    ctx !== null &&
    can(state.role, action, {
      ...ctx,
      isWinner: isLotWinner(state, lot),
      hasWinner: !!awardFields(lot).winner?.anonymousSupplierIdentificationNumber,
    })
  );
}

/** The award buttons of the action panel for the selected lot, in the spec's order (§2.3). */
export function awardButtons(state: RoomState, now: Date): { key: AwardButton; label: string }[] {
  const lot = selectedLot(state);
  const notice = state.notice;
  if (!lot || !notice) return [];
  const end = deadlineOf(lot);
  const open = !end || end.getTime() >= now.getTime();
  const buttons: { key: AwardButton; label: string }[] = [];
  const readjusted = isNewModality(notice.modality)
    ? "ATTACH_READJUSTED_PROPOSAL_NEW"
    : "ATTACH_READJUSTED_PROPOSAL_OLD";
  if (open && may(state, readjusted, now, lot))
    buttons.push({ key: "READJUSTED_PROPOSAL", label: AWARD_TEXTS.readjustedProposal });
  if (may(state, "ATTACH_PROOF_PAYMENT", now, lot))
    buttons.push({ key: "PROOF_PAYMENT", label: AWARD_TEXTS.proofPayment });
  if (open && may(state, "ATTACH_QUALIFICATION_DOCUMENT", now, lot))
    buttons.push({ key: "QUALIFICATION_DOCUMENTS", label: AWARD_TEXTS.qualificationDocuments });
  if (may(state, "CREATE_BACKLOG_BID", now, lot))
    buttons.push({ key: "RESERVE_REGISTER", label: AWARD_TEXTS.reserveRegister });
  if (may(state, "EXTEND_ATTACHING_DOCUMENTS_DATE_TIME", now, lot))
    buttons.push({ key: "EXTEND_DEADLINE", label: AWARD_TEXTS.extendDeadline });
  if (may(state, "INITIALIZE_ATTACHING_DOCUMENTS_DATE_TIME", now, lot))
    buttons.push({
      key: "START_DEADLINE",
      label:
        lot.phase === "NEGOTIATION" ? AWARD_TEXTS.startProposalsDeadline : AWARD_TEXTS.startDocumentsDeadline,
    });
  if (may(state, "SHOW_PROOF_PAYMENT", now, lot))
    buttons.push({ key: "VIEW_PROOF_PAYMENTS", label: AWARD_TEXTS.viewProofPayments });
  // The officials' panel of attached proposals (§6 SHOW_ATTACHED_PROPOSAL_PANEL) once the lot has a winner.
  if (awardFields(lot).winner && may(state, "SHOW_ATTACHED_PROPOSAL_PANEL", now, lot))
    buttons.push({ key: "VIEW_WINNER_DOCUMENTS", label: AWARD_TEXTS.viewWinnerDocuments });
  if (mayOfferRegionalPreference(state, now, lot))
    buttons.push({ key: "REGIONAL_PREFERENCE", label: AWARD_TEXTS.regionalPreference });
  if (may(state, "INDICATE_WINNER_BROAD_PARTICIPATION_BATCH", now, lot))
    buttons.push({ key: "INDICATE_WINNER", label: AWARD_TEXTS.indicateWinner });
  if (may(state, "ATTACH_DOCUMENT_AT_PROCESS", now, lot))
    buttons.push({ key: "PROCESS_FILE", label: AWARD_TEXTS.attachProcessFile });
  return buttons;
}

export interface DeadlineInput {
  /** H = hours, D = a fixed date (§5). */
  kind: "H" | "D";
  amountHour: number | string | null;
  /** DD/MM/AAAA and HH:MM, Brasília time. */
  date: string;
  time: string;
  allLots: boolean;
}

export const EMPTY_DEADLINE: DeadlineInput = {
  kind: "H",
  amountHour: DEFAULT_AMOUNT_HOUR,
  date: "",
  time: "",
  allLots: false,
};

/** §5 "Attaching-documents deadline": the field errors, none when the modal may be sent. */
export function deadlineErrors(input: DeadlineInput): { amountHour?: string; date?: string } {
  if (input.kind === "H") {
    const hours = Number(input.amountHour);
    return input.amountHour === null || input.amountHour === "" || !Number.isInteger(hours) || hours < 1
      ? { amountHour: AWARD_TEXTS.amountHourError }
      : {};
  }
  return combineBrasiliaDateTime(input.date, input.time) ? {} : { date: AWARD_TEXTS.dateError };
}

/** broadcast_configure_attaching_documents_date_time (§7), for the lot and the modal's choices. */
export function deadlinePayload(noticeId: string, lot: RoomLot, input: DeadlineInput, extending: boolean) {
  return {
    batchId: lot.id,
    auctionNoticeId: noticeId,
    chatChannelId: lot.chatChannel?.id ?? null,
    deadlineKind: input.kind,
    amountHour: input.kind === "H" ? Number(input.amountHour) : null,
    deadlineDateTime: input.kind === "D" ? combineBrasiliaDateTime(input.date, input.time) : null,
    canOverwriteAllBatches: input.allLots,
    isExtendingDateTime: extending,
    currentBatchPhase: lot.phase,
  };
}

/** The wide-participation lots whose winner may take a quota lot (those with a winner), and the lot's own link. */
export function wideLotChoices(lots: readonly RoomLot[], quota: RoomLot) {
  const own = (quota as RoomLot & { wideParticipationBatch?: number | null }).wideParticipationBatch ?? null;
  const choices = lots.filter(
    (l) =>
      (l.item ?? 1) === 1 &&
      (l.batchItemParticipation ?? "WIDE_PARTICIPATION") === "WIDE_PARTICIPATION" &&
      !!awardFields(l).winner?.anonymousSupplierIdentificationNumber &&
      (own === null || l.number === own),
  );
  return { choices, preselected: own === null ? null : (choices.find((l) => l.number === own)?.id ?? null) };
}

export const winnerNumberOf = (lot: RoomLot) =>
  awardFields(lot).winner?.anonymousSupplierIdentificationNumber ?? null;

/**
 * APPLY_REGIONAL_PREFERENCE as far as the screen can tell: the officials, ONGOING, the notice's flag,
 * not yet decided, a §6 phase. The bid views carry no regional declarations, so the price and
 * declaration rule is the server's alone (it answers with its reason).
 */
export function mayOfferRegionalPreference(state: RoomState, now: Date, lot: RoomLot): boolean {
  const ctx = permissionContext(state, now, lot);
  if (!ctx || !state.notice) return false;
  return (
    rolesFor(permissionEntry("APPLY_REGIONAL_PREFERENCE"), ctx.modality).includes(state.role) &&
    ctx.status === "ONGOING" &&
    state.notice.canApplyRegionalPreference === true &&
    (lot.isRegionalPreferenceApplied ?? null) === null &&
    isRegionalPreferencePhase(lot.phase, ctx.licensePhase, lot.hasPassedByQualification)
  );
}

/** §2.6 / LC 123/2006 art. 49 II: the qualified, enabled ME/EPP bidding in the lot, by anonymous number. */
export function qualifyingSmallBusinesses(state: RoomState): number {
  const numbers = new Set<number>();
  for (const b of state.bids) {
    const small = b.supplier?.isSmallBusiness === true;
    if (
      small &&
      b.isQualifiedAndEnabled !== false &&
      !b.isCancelled &&
      b.anonymousSupplierIdentificationNumber !== null
    )
      numbers.add(b.anonymousSupplierIdentificationNumber);
  }
  return numbers.size;
}
