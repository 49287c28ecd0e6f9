// The result of a lot decided in the electronic trading room as the national portal takes it
// (Manual de Integração PNCP v2.3.7, 6.3.15 "Inserir Resultado do Item de uma Contratação": one
// result per item, with quantidadeHomologada, valorUnitarioHomologado, valorTotalHomologado and,
// under the discount criterion, percentualDesconto), and the item situations of §5.6 for the lots
// that end without a winner (6.3.12, situacaoCompraItemId). Lei 14.133/2021 arts. 71 IV (homologação)
// and 94 (divulgação no PNCP). Reading recorded in docs/decisions.md "Publication to the national
// portal, PNCP".
import { respecifyScale } from "../auction/respecified-values";
import type { JudgementCriterion, OfferKind } from "../enums/judgement";
import type { LotPhase } from "../enums/lot-phase";
import { fromScaled, multiplyByQuantity, rescale } from "../format/money";
import { priceAfterDiscount } from "../format/percent";

/** The lot phases in which the room's winner is homologated (art. 71 IV): its result goes to the portal. */
export const PNCP_RESULT_PHASES: readonly LotPhase[] = ["HOMOLOGATION", "CLOSING"];

/** Manual §5.6 "Situação do Item da Contratação". */
export const PNCP_SITUACAO_ITEM = {
  EM_ANDAMENTO: 1,
  HOMOLOGADO: 2,
  ANULADO_REVOGADO_CANCELADO: 3,
  DESERTO: 4,
  FRACASSADO: 5,
} as const;

/**
 * The §5.6 situation of the items of a lot in a phase: deserted (no proposal) 4, failed (every
 * proposal disqualified or disabled) 5, annulled or revoked 3, homologated 2, otherwise 1 "em
 * andamento" (a lot resumed after an end goes back to it).
 */
export function pncpSituacaoItemId(phase: LotPhase): number {
  switch (phase) {
    case "DESERTED":
      return PNCP_SITUACAO_ITEM.DESERTO;
    case "FAILED":
      return PNCP_SITUACAO_ITEM.FRACASSADO;
    case "CANCELED":
    case "REVOKED":
      return PNCP_SITUACAO_ITEM.ANULADO_REVOGADO_CANCELADO;
    case "HOMOLOGATION":
    case "CLOSING":
      return PNCP_SITUACAO_ITEM.HOMOLOGADO;
    default:
      return PNCP_SITUACAO_ITEM.EM_ANDAMENTO;
  }
}

/** One item row of the lot as the result reads it (money scaled by 10^decimalsNumber). */
export interface PncpRoomLotItem {
  id: string;
  item: number;
  quantity: string | number;
  /** The item's value with the meaning of the notice's offer kind: unit (UNIT_VALUE) or the item's total. */
  referencePrice: number;
  /** The unit reference price as entered (null on old rows: referencePrice). */
  unitReferencePrice: number | null;
  decimalsNumber: number;
}

export interface PncpRoomLot {
  criterion: JudgementCriterion;
  offerKind: OfferKind;
  /**
   * The winner's final bid on the head row: unitPrice scaled by the head row's decimals (the lot's
   * value, the sum of its items for a multi-item lot), or percentDiscount under BIGGEST_DISCOUNT.
   */
  bid: { unitPrice: number | null; percentDiscount: number | string | null };
  /** Every item row of the lot, the head row (item 1) included. */
  items: readonly PncpRoomLotItem[];
  /** The winner's re-specified values of that bid (item row id → value at the item's decimals). */
  respecified?: ReadonlyMap<string, number> | null;
}

/** The values of 6.3.15 for one item row. */
export interface PncpItemAward {
  batchId: string;
  quantidadeHomologada: number;
  valorUnitarioHomologado: number;
  valorTotalHomologado: number;
  /** Only under BIGGEST_DISCOUNT (6.3.15 item 8). */
  percentualDesconto?: number;
}

/** The manual's decimals: "Precisão de 4 dígitos decimais". */
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The homologated values of every item of a lot decided in the room:
 * - BIGGEST_DISCOUNT: the winning percent on every item's unit reference (the percent applies to
 *   every item as it is), percentualDesconto the bid;
 * - a single-item lot: the winning bid is the item's value;
 * - a multi-item lot: the winner's re-specified values when they split this bid, else the bid
 *   apportioned by the items' reference values (the "desconto linear": every item gets the lot's
 *   ratio of bid to reference; the last item takes the rounding so the items add up to the bid).
 * The item's value is a unit price under UNIT_VALUE (the total is unit × quantity) and the item's
 * total under BATCH_TOTAL_AMOUNT (the unit is total ÷ quantity), as its referencePrice column.
 */
export function pncpRoomItemResults(lot: PncpRoomLot): PncpItemAward[] {
  const items = [...lot.items].sort((a, b) => a.item - b.item);
  if (items.length === 0) return [];
  if (lot.criterion === "BIGGEST_DISCOUNT") {
    const percent = Number(lot.bid.percentDiscount ?? 0);
    return items.map((i) => {
      const unit = priceAfterDiscount(i.unitReferencePrice ?? i.referencePrice, percent);
      return {
        batchId: i.id,
        quantidadeHomologada: Number(i.quantity),
        valorUnitarioHomologado: round4(fromScaled(unit, i.decimalsNumber)),
        valorTotalHomologado: round4(
          fromScaled(multiplyByQuantity(unit, i.decimalsNumber, String(i.quantity)), i.decimalsNumber),
        ),
        percentualDesconto: round4(percent),
      };
    });
  }
  const head = items[0] as PncpRoomLotItem;
  const bid = lot.bid.unitPrice ?? 0;
  // Each item's value in reais, with the meaning of its referencePrice column.
  let values: number[];
  if (items.length === 1) {
    values = [fromScaled(bid, head.decimalsNumber)];
  } else if (lot.respecified && items.every((i) => lot.respecified?.has(i.id))) {
    values = items.map((i) => fromScaled(lot.respecified?.get(i.id) as number, i.decimalsNumber));
  } else {
    const scale = respecifyScale(items);
    const total = rescale(bid, head.decimalsNumber, scale);
    const references = items.map((i) => rescale(i.referencePrice, i.decimalsNumber, scale));
    const sum = references.reduce((a, b) => a + b, 0);
    let left = total;
    const scaled = references.map((r, index) => {
      if (index === references.length - 1) return left;
      const share = sum > 0 ? Math.floor((total * r) / sum) : Math.floor(total / references.length);
      left -= share;
      return share;
    });
    values = scaled.map((v) => fromScaled(v, scale));
  }
  return items.map((i, index) => {
    const quantity = Number(i.quantity);
    const value = values[index] as number;
    const unit = lot.offerKind === "BATCH_TOTAL_AMOUNT" ? (quantity > 0 ? value / quantity : 0) : value;
    const totalValue = lot.offerKind === "BATCH_TOTAL_AMOUNT" ? value : value * quantity;
    return {
      batchId: i.id,
      quantidadeHomologada: quantity,
      valorUnitarioHomologado: round4(unit),
      valorTotalHomologado: round4(totalValue),
    };
  });
}
