// Rules of the lots editor (notices-and-accounts §2.6, §3 "Auction batch", §4 "Lot editing",
// §5 "Lots", §9 "Lots and money", "Reserved quota"). The server enforces them; the web app reads them.
import type { OfferKind } from "../enums/judgement";
import { type Modality, modalityGroup } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import type { BatchItemParticipation, ProcessParticipation } from "../enums/participation";
import { RESERVED_QUOTA_MAX_PERCENT } from "../enums/participation";
import { parseExactDecimal, pow10, roundToScale } from "../format/decimal";
import { MONEY_MASK_MAX_INTEGER_DIGITS, multiplyByQuantity } from "../format/money";

/** §4: the lots screen is editable only in these notice statuses. */
export const LOT_EDITABLE_STATUSES: readonly NoticeStatus[] = ["PENDING", "SUSPENDED_INDEFINITELY"];

export const areLotsEditable = (status: NoticeStatus): boolean => LOT_EDITABLE_STATUSES.includes(status);

/**
 * §4 leaves unnamed "the certain group" whose PENDING notices keep their row values editable
 * whatever the dates. Read here as the groups whose dates record a process run outside the
 * platform: the formalization group and the in-person group.
 */
export const LOT_VALUES_ALWAYS_EDITABLE_GROUPS = ["FORMALIZATION", "IN_PERSON"] as const;

export interface LotEditingNotice {
  status: NoticeStatus;
  modality: Modality;
  proposalsEndDateTime: Date | string | null;
}

/**
 * §4 "A row's values (product, quantity, unit, price) are editable when any of these holds": the
 * modality is in that group and the status is PENDING; the status is SUSPENDED_INDEFINITELY; the
 * current time is still before proposalsEndDateTime (a notice without that date counts as before).
 * Never outside the editable statuses.
 */
export function areLotValuesEditable(notice: LotEditingNotice, now: Date): boolean {
  if (!areLotsEditable(notice.status)) return false;
  if (notice.status === "SUSPENDED_INDEFINITELY") return true;
  const group = modalityGroup(notice.modality);
  if ((LOT_VALUES_ALWAYS_EDITABLE_GROUPS as readonly string[]).includes(group)) return true;
  if (notice.proposalsEndDateTime === null) return true;
  return now.getTime() < new Date(notice.proposalsEndDateTime).getTime();
}

export const LOTS_NOT_EDITABLE_MESSAGE =
  "Os lotes só podem ser alterados enquanto o edital está pendente ou suspenso por prazo indeterminado.";
export const LOT_VALUES_LOCKED_MESSAGE =
  "O prazo de propostas já terminou: produto, quantidade, unidade e preço dos lotes não podem mais ser alterados.";

/** Largest scaled amount the money mask accepts: 7 integer digits (R$ 9.999.999,99 / ,9999). */
export function maxMaskedMoney(decimals: number): number {
  return Number(pow10(MONEY_MASK_MAX_INTEGER_DIGITS + decimals) - 1n);
}

/** Quantities are kept with up to 4 fraction digits (column numeric(18,4)). */
export const QUANTITY_MAX_FRACTION_DIGITS = 4;
export const QUANTITY_MAX = 99_999_999_999_999;

/**
 * §3: the lot total is unit × quantity; for global offers (BATCH_TOTAL_AMOUNT) the reference
 * price itself is stored as that total, otherwise it is the unit price.
 */
export function lotAmounts(
  unitReferencePrice: number,
  decimals: number,
  quantity: number | string,
  offerKind: OfferKind,
): { referencePrice: number; totalAmount: number } {
  const totalAmount = multiplyByQuantity(unitReferencePrice, decimals, quantity);
  return {
    referencePrice: offerKind === "BATCH_TOTAL_AMOUNT" ? totalAmount : unitReferencePrice,
    totalAmount,
  };
}

/**
 * The participation the lots of a process must take, or null when it is chosen lot by lot
 * (§4: editable only for DEFINED_PER_BATCH; MICRO_BUSINESS_DIFFERENTIATED mixes wide lots and their
 * reserved quotas).
 */
export function allowedBatchParticipations(process: ProcessParticipation): readonly BatchItemParticipation[] {
  switch (process) {
    case "BROAD":
      return ["WIDE_PARTICIPATION"];
    case "MICRO_BUSINESS_EXCLUSIVE":
      return ["EXCLUSIVE"];
    case "MICRO_BUSINESS_DIFFERENTIATED":
      return ["WIDE_PARTICIPATION", "DIFFERENTIATED"];
    case "DEFINED_PER_BATCH":
      return ["WIDE_PARTICIPATION", "EXCLUSIVE", "DIFFERENTIATED"];
  }
}

function quantityUnits(quantity: number | string): bigint {
  const exact = parseExactDecimal(String(quantity));
  if (!exact) throw new RangeError(`Quantidade inválida: ${String(quantity)}`);
  return roundToScale(exact, QUANTITY_MAX_FRACTION_DIGITS);
}

/**
 * §9 "Reserved quota: up to 25%": the reserved-quota quantity may be at most 25% of the quantity of
 * the wide-participation lot it is linked to (compared exactly, 4 fraction digits).
 */
export function isReservedQuotaWithinLimit(
  quotaQuantity: number | string,
  wideQuantity: number | string,
): boolean {
  return (
    quantityUnits(quotaQuantity) * 100n <= quantityUnits(wideQuantity) * BigInt(RESERVED_QUOTA_MAX_PERCENT)
  );
}

export const reservedQuotaMessage = (wideLot: number) =>
  `A cota reservada pode ter no máximo ${RESERVED_QUOTA_MAX_PERCENT}% da quantidade do lote ${wideLot} de ampla participação.`;
