// Rules of the winners step (notices-and-accounts §2.7, §3 "Winner row", §4 "Winners step",
// §5 "Winners").
import type { OfferKind } from "../enums/judgement";
import type { Modality } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import { multiplyByQuantity } from "../format/money";
import { hasWinnersStep, isInPersonModality } from "./notice-options";

/**
 * Notices whose winners are recorded by hand: the formalization modalities (the winners step after
 * the lots, §2.6) and the in-person ones ('Inserir Resultados', §4).
 */
export function recordsWinnersByHand(modality: Modality): boolean {
  return hasWinnersStep(modality) || isInPersonModality(modality);
}

/**
 * §4 "Winners step": editable when the status is PENDING and the modality is not in "a special
 * set", or ONGOING and the modality is in it. The set is read as the in-person group, whose results
 * are inserted while ONGOING (§4 'Inserir Resultados').
 */
export function areWinnersEditable(status: NoticeStatus, modality: Modality): boolean {
  if (!recordsWinnersByHand(modality)) return false;
  return isInPersonModality(modality) ? status === "ONGOING" : status === "PENDING";
}

/** §2.7: only accreditation and pre-qualification have several winners per lot ('Vencedor' add button). */
export const allowsSeveralWinnersPerLot = (modality: Modality): boolean =>
  modality === "ACCREDITATION" || modality === "PRE_QUALIFICATION";

/** §2.7: pre-qualification shows no reference, unit or total price. */
export const hasWinnerPrices = (modality: Modality): boolean => modality !== "PRE_QUALIFICATION";

export const WINNER_BRAND_MAX_LENGTH = 20;

/** §2.7 'Somatória dos Valores': rows without a supplier are summed under this label. */
export const WINNER_SUM_REMAINING_LABEL = "Restante";

/** §3 "Winner row": unitPrice × quantity for UNIT_VALUE offers, otherwise the unit price itself. */
export function winnerTotalPrice(
  unitPrice: number,
  decimals: number,
  quantity: number | string,
  offerKind: OfferKind,
): number {
  return offerKind === "UNIT_VALUE" ? multiplyByQuantity(unitPrice, decimals, quantity) : unitPrice;
}

export const WINNERS_NOT_EDITABLE_MESSAGE =
  "Os vencedores só podem ser alterados com o edital pendente (formalizações) ou em andamento (processos presenciais).";
export const NO_WINNERS_STEP_MESSAGE = "Esta modalidade não tem etapa de vencedores.";
