// 'Reespecificar valores dos itens' (trading-room §2.3 action panel, §2.1 'Itens do lote' column
// 'Valor reespecificado', §3 batchBestBid.respecifiedValue, §6 DIVIDE_BATCH_VALUE, §7
// broadcast_bids_respecified). The spec names the action, not its rule; the reading is in
// docs/decisions.md "Re-specified item values": the winner of a multi-item lot splits its winning
// bid (the lot's value, the sum of its items as aggregateLotHead adds them, §3 "Multi-item lots")
// into one value per item, at the item's own scale; the items must add up to the bid exactly.
import type { JudgementCriterion } from "../enums/judgement";
import { formatBRL, rescale } from "../format/money";

/** An item row of the lot as the rule reads it: its value is the item's referencePrice column. */
export interface RespecifiableItem {
  id: string;
  item: number;
  /**
   * The item's reference value (unit or total per the offer kind, as the lot stores it), scaled;
   * null where the viewer may not see a secret one (maySeeReferencePrice): the bound is then left
   * to the server, which has it.
   */
  referencePrice: number | null;
  decimalsNumber: number;
}

/** One item's re-specified value, scaled by 10^the item's decimalsNumber. */
export interface RespecifiedValue {
  batchId: string;
  unitPrice: number;
}

export interface RespecifyInput {
  lotNumber: number;
  criterion: JudgementCriterion | string;
  /** The winner's best bid on the head row, at the head row's own decimals (the stored scale). */
  bid: { unitPrice: number; decimalsNumber: number };
  items: readonly RespecifiableItem[];
  values: readonly RespecifiedValue[];
  /**
   * Whether a refusal may name the item's reference price: false for a viewer who may not see a
   * secret one (Lei 14.133/2021 art. 24; maySeeReferencePrice), who is told only that it is crossed.
   */
  namesReferencePrice?: boolean;
}

export type RespecifyRefusal =
  | "DISCOUNT_CRITERION"
  | "SINGLE_ITEM"
  | "UNKNOWN_ITEM"
  | "DUPLICATE_ITEM"
  | "MISSING_ITEM"
  | "NOT_POSITIVE"
  | "ABOVE_REFERENCE"
  | "BELOW_REFERENCE"
  | "SUM_MISMATCH";

export type RespecifyVerdict =
  | { ok: true; values: RespecifiedValue[]; total: number; decimalsNumber: number }
  | { ok: false; code: RespecifyRefusal; message: string; batchId?: string };

/** The scale the items add up at (aggregateLotHead's: FOUR when any item has it, else the head's). */
export function respecifyScale(items: readonly Pick<RespecifiableItem, "item" | "decimalsNumber">[]): number {
  const head = items.find((i) => i.item === 1) ?? items[0];
  return items.some((i) => i.decimalsNumber === 4) ? 4 : (head?.decimalsNumber ?? 2);
}

/**
 * The sum of the values typed so far, at the lot's scale (the page's live total). Items without a
 * value count as zero.
 */
export function respecifiedTotal(
  items: readonly Pick<RespecifiableItem, "id" | "item" | "decimalsNumber">[],
  values: ReadonlyMap<string, number | null | undefined>,
): { total: number; decimalsNumber: number } {
  const decimals = respecifyScale(items);
  let total = 0;
  for (const i of items) {
    const v = values.get(i.id);
    if (typeof v === "number" && Number.isSafeInteger(v)) total += rescale(v, i.decimalsNumber, decimals);
  }
  return { total, decimalsNumber: decimals };
}

/** The bid at the lot's scale (always exact: the lot's scale is never below the head row's). */
export const bidAtLotScale = (bid: RespecifyInput["bid"], items: readonly RespecifiableItem[]) =>
  rescale(bid.unitPrice, bid.decimalsNumber, respecifyScale(items));

const money = (scaled: number, decimals: number) => formatBRL(scaled, decimals);

/**
 * Checks a split of the winning bid (docs/decisions.md "Re-specified item values"):
 * price criteria only (a BIGGEST_DISCOUNT percent applies to every item as it is); a lot of
 * several items; every item of the lot once, no other row; each value > 0 and within the item's
 * reference (not above it for LOWEST_PRICE / TECHNIQUE_AND_PRICE, the ceiling of Lei 14.133/2021
 * art. 59 III; not below it for BIGGEST_PRICE, the minimum of a leilão; a price the viewer may not
 * see is neither checked here nor named); the sum at the lot's scale exactly the bid.
 */
export function checkRespecifiedValues(input: RespecifyInput): RespecifyVerdict {
  const lot = `lote/item ${input.lotNumber}`;
  if (input.criterion === "BIGGEST_DISCOUNT")
    return {
      ok: false,
      code: "DISCOUNT_CRITERION",
      message: `No critério de maior desconto o percentual do lance vale para todos os itens do ${lot}; não há valores a reespecificar.`,
    };
  if (input.items.length < 2)
    return {
      ok: false,
      code: "SINGLE_ITEM",
      message: `O ${lot} possui um único item; não há valores a reespecificar.`,
    };
  const byId = new Map(input.items.map((i) => [i.id, i]));
  const seen = new Map<string, number>();
  for (const v of input.values) {
    if (!byId.has(v.batchId))
      return {
        ok: false,
        code: "UNKNOWN_ITEM",
        message: `Item não encontrado no ${lot}.`,
        batchId: v.batchId,
      };
    if (seen.has(v.batchId))
      return {
        ok: false,
        code: "DUPLICATE_ITEM",
        message: `Cada item do ${lot} deve ter um único valor.`,
        batchId: v.batchId,
      };
    seen.set(v.batchId, v.unitPrice);
  }
  const missing = input.items.find((i) => !seen.has(i.id));
  if (missing)
    return {
      ok: false,
      code: "MISSING_ITEM",
      message: `Informe o valor de todos os itens do ${lot}.`,
      batchId: missing.id,
    };
  const ordered = [...input.items].sort((a, b) => a.item - b.item);
  const reference = (scaled: number, decimals: number) =>
    input.namesReferencePrice === false
      ? "o preço de referência"
      : `o preço de referência (${money(scaled, decimals)})`;
  for (const i of ordered) {
    const value = seen.get(i.id) as number;
    if (!Number.isSafeInteger(value) || value <= 0)
      return {
        ok: false,
        code: "NOT_POSITIVE",
        message: `O valor do item ${i.item} deve ser maior que zero.`,
        batchId: i.id,
      };
    const ref = i.referencePrice;
    if (ref === null) continue;
    if (input.criterion === "BIGGEST_PRICE") {
      if (value < ref)
        return {
          ok: false,
          code: "BELOW_REFERENCE",
          message: `O valor do item ${i.item} não pode ser menor que ${reference(ref, i.decimalsNumber)}.`,
          batchId: i.id,
        };
    } else if (value > ref)
      return {
        ok: false,
        code: "ABOVE_REFERENCE",
        message: `O valor do item ${i.item} não pode ser maior que ${reference(ref, i.decimalsNumber)}.`,
        batchId: i.id,
      };
  }
  const { total, decimalsNumber } = respecifiedTotal(ordered, seen);
  const bid = bidAtLotScale(input.bid, input.items);
  if (total !== bid)
    return {
      ok: false,
      code: "SUM_MISMATCH",
      message: `A soma dos valores dos itens (${money(total, decimalsNumber)}) deve ser igual ao lance vencedor do ${lot} (${money(bid, decimalsNumber)}).`,
    };
  return {
    ok: true,
    values: ordered.map((i) => ({ batchId: i.id, unitPrice: seen.get(i.id) as number })),
    total,
    decimalsNumber,
  };
}
