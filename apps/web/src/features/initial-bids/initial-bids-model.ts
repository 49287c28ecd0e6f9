// The screen's state and computations (trading-room §2.8, §5 "Initial bid payload"); the rules
// themselves come from the domain (packages/domain/src/initial-bids).
import {
  automaticFieldsShown,
  discountAmount,
  type InitialBidRowInput,
  isAllowRegisterBid,
  isDiscountMode,
  type Modality,
  multiplyByQuantity,
  priceAfterDiscount,
} from "@certame/domain";
import type { InitialBidLotRow } from "./types";

/** What the supplier typed on a lot row. Money at the row's scale; in BATCH_TOTAL_AMOUNT per unit. */
export interface RowState {
  unitPrice: number | null;
  finalPrice: number | null;
  variationPrice: number | null;
  percentDiscount: number | null;
  percentFinalDiscount: number | null;
  percentVariation: number | null;
  brand: string;
}

export type RowsState = Record<string, RowState>;

const perUnit = (total: number | null, quantity: number) =>
  total === null ? null : quantity > 0 ? Math.round(total / quantity) : total;

/** §5 "With BATCH_TOTAL_AMOUNT … shown per unit (divided by quantity) and multiplied back when sent". */
export const isGlobalOffer = (offerKind: string) => offerKind === "BATCH_TOTAL_AMOUNT";

/** The reference price as shown: per unit in a global offer. */
export function shownReference(lot: InitialBidLotRow, offerKind: string): number | null {
  return isGlobalOffer(offerKind) ? perUnit(lot.referencePrice, lot.quantity) : lot.referencePrice;
}

/**
 * The rows as the screen starts (§4 "Existing bids prefill the fields"); percentVariation defaults to
 * the lot's percentMinimumVariation when there is no bid (§5).
 */
export function initialRows(lots: readonly InitialBidLotRow[], offerKind: string): RowsState {
  const out: RowsState = {};
  const global = isGlobalOffer(offerKind);
  for (const lot of lots) {
    const bid = lot.bids[0];
    const money = (v: number | null | undefined) =>
      v == null ? null : global ? perUnit(v, lot.quantity) : v;
    out[lot.id] = {
      unitPrice: money(bid?.unitPrice),
      finalPrice: money(bid?.finalPrice),
      variationPrice: money(bid?.variationPrice),
      percentDiscount: bid?.percentDiscount ?? null,
      percentFinalDiscount: bid?.percentFinalDiscount ?? null,
      percentVariation: bid ? (bid.percentVariation ?? null) : lot.percentMinimumVariation,
      brand: bid?.brand ?? "",
    };
  }
  return out;
}

/** The row's 'Valor total (R$)' or, in discount mode, its 'Desconto' and 'Valor total Descontado (R$)'. */
export function rowValues(lot: InitialBidLotRow, row: RowState | undefined, offerKind: string) {
  const discount = isDiscountMode(lot.dispensationForm);
  const reference = shownReference(lot, offerKind);
  if (discount) {
    const pct = row?.percentDiscount ?? 0;
    if (reference === null) return { discount: null, total: null };
    const d = discountAmount(reference, pct);
    return {
      discount: d,
      total: multiplyByQuantity(reference - d, lot.decimalsNumber, String(lot.quantity)),
    };
  }
  const unit = row?.unitPrice ?? 0;
  return { discount: null, total: multiplyByQuantity(unit, lot.decimalsNumber, String(lot.quantity)) };
}

/** The sum of the rows' totals (the live total under the table), at the highest scale used. */
export function grandTotal(lots: readonly InitialBidLotRow[], rows: RowsState, offerKind: string) {
  const decimals = lots.some((l) => l.decimalsNumber === 4) ? 4 : 2;
  let total = 0;
  for (const lot of lots) {
    const t = rowValues(lot, rows[lot.id], offerKind).total;
    if (t !== null) total += t * 10 ** (decimals - lot.decimalsNumber);
  }
  return { scaled: total, decimals };
}

/** §5 "Zero proposal": the sum of the initial bids (or of the discounts) is 0. */
export function isZeroProposalState(lots: readonly InitialBidLotRow[], rows: RowsState): boolean {
  return lots.every((lot) => {
    const r = rows[lot.id];
    const v = isDiscountMode(lot.dispensationForm) ? r?.percentDiscount : r?.unitPrice;
    return !v;
  });
}

/** Lots that do not accept a bid for the current answer and still hold a value (§5 exclusive lots). */
export function blockedExclusiveLots(
  lots: readonly InitialBidLotRow[],
  rows: RowsState,
  ctx: { modality: Modality; isSmallBusiness: boolean; smallCompanyAnswer: boolean | null },
): InitialBidLotRow[] {
  return lots.filter((lot) => {
    const r = rows[lot.id];
    const v = isDiscountMode(lot.dispensationForm) ? r?.percentDiscount : r?.unitPrice;
    return (
      (v ?? 0) > 0 && !isAllowRegisterBid({ batchItemParticipation: lot.batchItemParticipation, ...ctx })
    );
  });
}

/**
 * bidData (§5): quantity as the lot quantity when non-zero, else 0; automatic fields only when
 * shown; discount mode sends the prices derived from the reference (when the screen knows it; the
 * server derives them again from its own); a global offer multiplies the per-unit values back.
 */
export function buildBidData(
  lots: readonly InitialBidLotRow[],
  rows: RowsState,
  ctx: { modality: Modality; closingKind: string; offerKind: string; canApplyAutomaticBid: boolean },
): InitialBidRowInput[] {
  const automatic = automaticFieldsShown(ctx.modality, ctx.closingKind, ctx.canApplyAutomaticBid);
  const global = isGlobalOffer(ctx.offerKind);
  return lots.map((lot) => {
    const r = rows[lot.id];
    const discount = isDiscountMode(lot.dispensationForm);
    const back = (v: number | null | undefined) =>
      v == null ? null : global ? multiplyByQuantity(v, lot.decimalsNumber, String(lot.quantity)) : v;
    const value = discount ? (r?.percentDiscount ?? 0) : (r?.unitPrice ?? 0);
    const out: InitialBidRowInput = {
      batch: { id: lot.id },
      quantity: value > 0 ? lot.quantity : 0,
      brand: r?.brand.trim() || null,
    };
    if (discount) {
      out.percentDiscount = value;
      if (lot.referencePrice !== null) out.unitPrice = priceAfterDiscount(lot.referencePrice, value);
      if (automatic) {
        out.percentFinalDiscount = r?.percentFinalDiscount ?? 0;
        out.percentVariation = r?.percentVariation ?? 0;
        if (lot.referencePrice !== null) {
          out.finalPrice = priceAfterDiscount(lot.referencePrice, out.percentFinalDiscount);
          out.variationPrice =
            lot.referencePrice - priceAfterDiscount(lot.referencePrice, out.percentVariation);
        }
      }
    } else {
      out.unitPrice = back(value) ?? 0;
      if (automatic) {
        out.finalPrice = back(r?.finalPrice) ?? 0;
        out.variationPrice = back(r?.variationPrice) ?? 0;
      }
    }
    return out;
  });
}

/** The 'Marca/Modelo' column: removed for ELECTRONIC_AUCTION or when no lot requires a brand (§2.8). */
export const showsBrandColumn = (modality: Modality, lots: readonly InitialBidLotRow[]) =>
  modality !== "ELECTRONIC_AUCTION" && lots.some((l) => l.isProductBrandRequired === 1);

/** Product texts are shown up to 150 characters (§9). */
export const crop = (text: string | null | undefined, max = 150) =>
  !text ? "" : text.length > max ? `${text.slice(0, max)}…` : text;
