import { describe, expect, it } from "vitest";
import type { LotRow, SavedWinner } from "./api";
import {
  addWinnerSlot,
  applySupplier,
  buildWinnerRows,
  canSaveWinners,
  formatRowTotal,
  rowTotal,
  showsAddWinner,
  showsDeleteWinner,
  toWinnerPayload,
  winnerColumns,
} from "./winners-model";

function lot(number: number, item: number, extra: Partial<LotRow> = {}): LotRow {
  return {
    id: `lot-${number}-${item}`,
    number,
    item,
    product: { id: `p${number}${item}`, name: `Produto ${number}.${item}` },
    quantity: 10,
    measurementUnit: { code: "UN" },
    referencePrice: 1500,
    unitReferencePrice: 1500,
    minimumVariation: 100,
    percentMinimumVariation: 1,
    isProductBrandRequired: 0,
    decimalsNumber: 2,
    batchItemParticipation: "WIDE_PARTICIPATION",
    wideParticipationBatch: null,
    ...extra,
  };
}

const ACME = { id: "s1", name: "ACME Ltda" };
const BETA = { id: "s2", name: "Beta ME" };

function saved(l: LotRow, supplier: { id: string; name: string }, unitPrice: number): SavedWinner {
  return {
    id: `bid-${l.id}-${supplier.id}`,
    batch: { id: l.id, number: l.number, item: l.item },
    supplier: { id: supplier.id, displayName: supplier.name },
    brand: null,
    unitPrice,
    totalPrice: unitPrice * Number(l.quantity),
    quantity: Number(l.quantity),
    decimalsNumber: l.decimalsNumber,
  };
}

describe("winners table model", () => {
  it("builds one empty row per lot item, ordered, and one row per saved winner", () => {
    const lots = [lot(2, 1), lot(1, 2), lot(1, 1)];
    const empty = buildWinnerRows(lots, []);
    expect(empty.map((r) => `${r.lot.number}.${r.lot.item}`)).toEqual(["1.1", "1.2", "2.1"]);
    expect(empty.every((r) => r.supplier === null && r.unitPrice === null && r.bidId === null)).toBe(true);

    const l11 = lots[2] as LotRow;
    const withWinners = buildWinnerRows(lots, [saved(l11, ACME, 1200), saved(l11, BETA, 1300)]);
    // Lot 1 has two suppliers → two slots of two items each (the second item of each slot empty).
    expect(
      withWinners.map((r) => `${r.lot.number}.${r.lot.item}/${r.slot}/${r.supplier?.id ?? "-"}`),
    ).toEqual(["1.1/0/s1", "1.2/0/-", "1.1/1/s2", "1.2/1/-", "2.1/0/-"]);
  });

  it("computes the live total as unit price × quantity for unit offers, the unit price for global ones", () => {
    const [row] = buildWinnerRows([lot(1, 1, { quantity: "2.5" })], []);
    if (!row) throw new Error("sem linha");
    expect(rowTotal(row, "UNIT_VALUE")).toBeNull();
    const priced = { ...row, unitPrice: 1234 };
    expect(rowTotal(priced, "UNIT_VALUE")).toBe(3085);
    expect(formatRowTotal(priced, "UNIT_VALUE")).toBe("R$ 30,85");
    expect(rowTotal(priced, "BATCH_TOTAL_AMOUNT")).toBe(1234);
    const fourDecimals = { ...priced, lot: { ...priced.lot, decimalsNumber: 4 as const }, unitPrice: 12345 };
    expect(formatRowTotal(fourDecimals, "UNIT_VALUE")).toBe("R$ 3,0863");
  });

  it("shows the brand column only when some row requires a brand, and never for pre-qualification", () => {
    const plain = buildWinnerRows([lot(1, 1), lot(2, 1)], []);
    expect(winnerColumns("WAIVER_FORMALIZATION", plain, true).brand).toBe(false);
    const oneBrand = buildWinnerRows([lot(1, 1), lot(2, 1, { isProductBrandRequired: 1 })], []);
    expect(winnerColumns("WAIVER_FORMALIZATION", oneBrand, true).brand).toBe(true);
    expect(winnerColumns("PRE_QUALIFICATION", oneBrand, true).brand).toBe(false);
  });

  it("drops the price columns and the sum for pre-qualification; the winner column for accreditation and pre-qualification when editable", () => {
    const rows = buildWinnerRows([lot(1, 1)], []);
    expect(winnerColumns("PRE_QUALIFICATION", rows, true)).toEqual({
      prices: false,
      brand: false,
      winnerActions: true,
      sum: false,
    });
    expect(winnerColumns("ACCREDITATION", rows, true)).toMatchObject({
      prices: true,
      sum: true,
      winnerActions: true,
    });
    expect(winnerColumns("ACCREDITATION", rows, false).winnerActions).toBe(false);
    expect(winnerColumns("WAIVER_FORMALIZATION", rows, true).winnerActions).toBe(false);
  });

  it("allows saving only when every row has a supplier, a non-zero price and a required brand", () => {
    const rows = buildWinnerRows([lot(1, 1), lot(2, 1, { isProductBrandRequired: 1 })], []);
    expect(canSaveWinners("WAIVER_FORMALIZATION", rows)).toBe(false);
    const target = rows[0];
    if (!target) throw new Error("sem linha");
    const withSupplier = applySupplier(rows, target, ACME, "ALL");
    expect(withSupplier.every((r) => r.supplier?.id === "s1")).toBe(true);
    expect(canSaveWinners("PRE_QUALIFICATION", withSupplier)).toBe(true);
    const priced = withSupplier.map((r) => ({ ...r, unitPrice: 1000 }));
    expect(canSaveWinners("WAIVER_FORMALIZATION", priced)).toBe(false);
    const branded = priced.map((r) => ({ ...r, brand: "Marca X" }));
    expect(canSaveWinners("WAIVER_FORMALIZATION", branded)).toBe(true);
    expect(
      canSaveWinners(
        "WAIVER_FORMALIZATION",
        branded.map((r) => ({ ...r, unitPrice: 0 })),
      ),
    ).toBe(false);
    expect(
      canSaveWinners(
        "WAIVER_FORMALIZATION",
        branded.map((r) => ({ ...r, brand: "x".repeat(21) })),
      ),
    ).toBe(false);
    expect(toWinnerPayload("WAIVER_FORMALIZATION", branded)).toEqual([
      { batch: { id: "lot-1-1" }, supplier: { id: "s1" }, brand: "Marca X", unitPrice: 1000 },
      { batch: { id: "lot-2-1" }, supplier: { id: "s1" }, brand: "Marca X", unitPrice: 1000 },
    ]);
    expect(toWinnerPayload("PRE_QUALIFICATION", branded)[0]).toMatchObject({ unitPrice: 0, brand: null });
  });

  it("'Lote Selecionado' fills the items of the row's lot; 'Vencedor' duplicates the lot's rows empty", () => {
    const rows = buildWinnerRows([lot(1, 1), lot(1, 2), lot(2, 1)], []);
    const first = rows[0];
    if (!first) throw new Error("sem linha");
    const lot1 = applySupplier(rows, first, ACME, "SELECTED");
    expect(lot1.map((r) => r.supplier?.id ?? "-")).toEqual(["s1", "s1", "-"]);
    expect(showsAddWinner(lot1, first)).toBe(true);
    expect(showsAddWinner(lot1, lot1[2] as (typeof lot1)[number])).toBe(false);
    const added = addWinnerSlot(lot1, 1);
    expect(added.map((r) => `${r.lot.number}.${r.lot.item}/${r.slot}/${r.supplier?.id ?? "-"}`)).toEqual([
      "1.1/0/s1",
      "1.2/0/s1",
      "1.1/1/-",
      "1.2/1/-",
      "2.1/0/-",
    ]);
    // The unsaved extra slot offers 'Excluir' on its first item only; the unsaved first slot does not.
    expect(added.map((r) => showsDeleteWinner(added, r))).toEqual([false, false, true, false, false]);
  });
});
