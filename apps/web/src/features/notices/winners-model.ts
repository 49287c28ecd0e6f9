// Rows of the winners step (notices-and-accounts §2.7, §3 "Winner row", §4 "Winners step",
// §5 "Winners"). The rules themselves (editability, several winners per lot, prices, totals) come
// from @certame/domain; this file only arranges the table.
import {
  allowsSeveralWinnersPerLot,
  formatBRL,
  hasWinnerPrices,
  type Modality,
  type OfferKind,
  WINNER_BRAND_MAX_LENGTH,
  winnerTotalPrice,
} from "@certame/domain";
import type { LotRow, SavedWinner, WinnerPayload } from "./api";

export interface WinnerSupplierRef {
  id: string;
  name: string;
}

/** One row of the table: a lot item and (maybe) its winner. */
export interface WinnerDraft {
  /** Stable React key. */
  key: string;
  /** The saved winner row ("bid"), when there is one. */
  bidId: string | null;
  lot: LotRow;
  /** 0 for the lot's first winner; ACCREDITATION / PRE_QUALIFICATION add more ('Vencedor'). */
  slot: number;
  supplier: WinnerSupplierRef | null;
  /** Scaled by 10^lot.decimalsNumber; null while empty. */
  unitPrice: number | null;
  brand: string;
}

const byLotAndItem = (a: LotRow, b: LotRow) => a.number - b.number || a.item - b.item;

/**
 * The table rows: each lot item once per winner slot of its lot number. A slot is one supplier of
 * the lot (the saved winners, in the order they come); items of a lot without winners get one empty
 * row, and a slot missing an item gets an empty row for it.
 */
export function buildWinnerRows(lots: readonly LotRow[], winners: readonly SavedWinner[]): WinnerDraft[] {
  const sorted = [...lots].sort(byLotAndItem);
  const rows: WinnerDraft[] = [];
  const numbers = [...new Set(sorted.map((l) => l.number))];
  for (const number of numbers) {
    const items = sorted.filter((l) => l.number === number);
    const itemIds = new Set(items.map((l) => l.id));
    const lotWinners = winners.filter((w) => itemIds.has(w.batch.id));
    const suppliers = [...new Set(lotWinners.map((w) => w.supplier.id))];
    const slots = suppliers.length === 0 ? [null] : suppliers;
    slots.forEach((supplierId, slot) => {
      for (const lot of items) {
        const saved = lotWinners.find((w) => w.batch.id === lot.id && w.supplier.id === supplierId);
        rows.push(
          saved
            ? {
                key: saved.id,
                bidId: saved.id,
                lot,
                slot,
                supplier: { id: saved.supplier.id, name: saved.supplier.displayName },
                unitPrice: saved.unitPrice,
                brand: saved.brand ?? "",
              }
            : emptyRow(lot, slot),
        );
      }
    });
  }
  return rows;
}

function emptyRow(lot: LotRow, slot: number): WinnerDraft {
  return { key: `${lot.id}#${slot}`, bidId: null, lot, slot, supplier: null, unitPrice: null, brand: "" };
}

export const brandRequired = (row: WinnerDraft): boolean => Boolean(row.lot.isProductBrandRequired);

/** The columns the table shows (§2.7). */
export interface WinnerColumns {
  prices: boolean;
  brand: boolean;
  /** The 'Vencedor' / 'Excluir' column (ACCREDITATION and PRE_QUALIFICATION, when editable). */
  winnerActions: boolean;
  /** 'Visualizar Somatória' (not for pre-qualification). */
  sum: boolean;
}

export function winnerColumns(
  modality: Modality,
  rows: readonly WinnerDraft[],
  editable: boolean,
): WinnerColumns {
  const prices = hasWinnerPrices(modality);
  return {
    prices,
    brand: prices && rows.some(brandRequired),
    winnerActions: editable && allowsSeveralWinnersPerLot(modality),
    sum: prices,
  };
}

/** 'Valor total (R$)' of a row, live: §3 unit × quantity for UNIT_VALUE offers; null when not computable. */
export function rowTotal(row: WinnerDraft, offerKind: OfferKind): number | null {
  if (row.unitPrice === null) return null;
  try {
    return winnerTotalPrice(row.unitPrice, row.lot.decimalsNumber, row.lot.quantity, offerKind);
  } catch {
    return null;
  }
}

export function formatRowTotal(row: WinnerDraft, offerKind: OfferKind): string {
  return formatBRL(rowTotal(row, offerKind) ?? 0, row.lot.decimalsNumber);
}

/** The reference price shown: the unit reference price (referencePrice is the lot total for global offers). */
export const referencePriceText = (lot: LotRow): string =>
  formatBRL(lot.unitReferencePrice ?? lot.referencePrice, lot.decimalsNumber);

/**
 * §5 "Winners": outside PRE_QUALIFICATION, save is disabled when a row has a zero unit price, no
 * supplier, or a required brand left empty (or longer than the limit); for PRE_QUALIFICATION only
 * the supplier counts. An empty table cannot be saved either.
 */
export function canSaveWinners(modality: Modality, rows: readonly WinnerDraft[]): boolean {
  if (rows.length === 0) return false;
  const prices = hasWinnerPrices(modality);
  return rows.every((r) => {
    if (!r.supplier) return false;
    if (!prices) return true;
    if (!r.unitPrice || r.unitPrice <= 0) return false;
    if (r.brand.length > WINNER_BRAND_MAX_LENGTH) return false;
    return !brandRequired(r) || r.brand.trim() !== "";
  });
}

/** The save payload (§3 "Winner row"); pre-qualification sends no price. */
export function toWinnerPayload(modality: Modality, rows: readonly WinnerDraft[]): WinnerPayload[] {
  const prices = hasWinnerPrices(modality);
  return rows.flatMap((r): WinnerPayload[] =>
    r.supplier
      ? [
          {
            batch: { id: r.lot.id },
            supplier: { id: r.supplier.id },
            brand: prices ? r.brand.trim() || null : null,
            unitPrice: prices ? (r.unitPrice ?? 0) : 0,
          },
        ]
      : [],
  );
}

/** §2.9 'Indicar em:': the chosen supplier goes to the row's lot slot or to every lot. */
export type SupplierScope = "SELECTED" | "ALL";

/**
 * Applies a supplier. 'Lote Selecionado' fills every item of the row's lot and slot (all items of a
 * lot share one winner). 'Todos os Lotes' fills the first slot of every lot and, where a lot has
 * several winners, the other slots still empty.
 */
export function applySupplier(
  rows: readonly WinnerDraft[],
  target: WinnerDraft,
  supplier: WinnerSupplierRef,
  scope: SupplierScope,
): WinnerDraft[] {
  return rows.map((r) => {
    const chosen =
      scope === "ALL"
        ? r.slot === 0 || r.supplier === null
        : r.lot.number === target.lot.number && r.slot === target.slot;
    return chosen ? { ...r, supplier } : r;
  });
}

/** Clears the supplier of the row's lot slot (the delete button next to the name). */
export function clearSupplier(rows: readonly WinnerDraft[], target: WinnerDraft): WinnerDraft[] {
  return rows.map((r) =>
    r.lot.number === target.lot.number && r.slot === target.slot ? { ...r, supplier: null } : r,
  );
}

/** §4 'Add winner': duplicates a lot's rows with an empty supplier, price and brand. */
export function addWinnerSlot(rows: readonly WinnerDraft[], lotNumber: number): WinnerDraft[] {
  const lotRows = rows.filter((r) => r.lot.number === lotNumber);
  const next = lotRows.reduce((max, r) => Math.max(max, r.slot), -1) + 1;
  const items = lotRows.filter((r) => r.slot === 0).map((r) => emptyRow(r.lot, next));
  const lastIndex = rows.reduce((last, r, i) => (r.lot.number === lotNumber ? i : last), -1);
  return [...rows.slice(0, lastIndex + 1), ...items, ...rows.slice(lastIndex + 1)];
}

/** Removes a slot that was never saved (its 'Excluir' needs no call). */
export function removeUnsavedSlot(rows: readonly WinnerDraft[], target: WinnerDraft): WinnerDraft[] {
  return rows.filter((r) => !(r.lot.number === target.lot.number && r.slot === target.slot));
}

/** §4: the 'Vencedor' add button sits on item 1 of the first row of a lot number that has a supplier. */
export function showsAddWinner(rows: readonly WinnerDraft[], row: WinnerDraft): boolean {
  return (
    row.slot === 0 &&
    row.lot.item === rows.find((r) => r.lot.number === row.lot.number)?.lot.item &&
    rows.some((r) => r.lot.number === row.lot.number && r.supplier !== null)
  );
}

/** §4: 'Excluir' sits on the first-item rows that have a bid (plus unsaved extra slots, to undo an add). */
export function showsDeleteWinner(rows: readonly WinnerDraft[], row: WinnerDraft): boolean {
  const first = rows.find((r) => r.lot.number === row.lot.number && r.slot === row.slot);
  if (first?.key !== row.key) return false;
  return row.bidId !== null || row.slot > 0;
}

/** The saved rows of a slot: deleting one removes the supplier's rows of that lot on the server. */
export const slotBidIds = (rows: readonly WinnerDraft[], row: WinnerDraft): string[] =>
  rows
    .filter((r) => r.lot.number === row.lot.number && r.slot === row.slot && r.bidId)
    .map((r) => r.bidId as string);
