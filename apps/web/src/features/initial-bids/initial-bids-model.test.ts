import { describe, expect, it } from "vitest";
import {
  buildBidData,
  grandTotal,
  initialRows,
  isZeroProposalState,
  type RowState,
  rowValues,
} from "./initial-bids-model";
import type { InitialBidLotRow } from "./types";

/** The row of lot l1 (always present: initialRows makes one per lot). */
const first = (lots: InitialBidLotRow[], offerKind = "UNIT_VALUE") =>
  initialRows(lots, offerKind).l1 as RowState;

const lot = (extra: Partial<InitialBidLotRow> = {}): InitialBidLotRow => ({
  id: "l1",
  number: 1,
  item: 1,
  product: { name: "P", technicalDescription: null },
  productName: "P",
  quantity: 4,
  measurementUnit: "UN",
  referencePrice: 10_000,
  minimumVariation: 100,
  percentMinimumVariation: 0.5,
  decimalsNumber: 2,
  isProductBrandRequired: 0,
  batchItemParticipation: "WIDE_PARTICIPATION",
  dispensationForm: "LOWEST_PRICE",
  phase: "OPEN_FOR_OFFERS",
  hasManyItems: false,
  items: [],
  bids: [],
  ...extra,
});
const ctx = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const,
  closingKind: "OPEN",
  offerKind: "UNIT_VALUE",
};

describe("initial bids screen model (trading-room §2.8, §5 'Initial bid payload')", () => {
  it("defaults the variation percent to the lot's minimum and detects the zero proposal", () => {
    const rows = initialRows([lot()], "UNIT_VALUE");
    expect(rows.l1?.percentVariation).toBe(0.5);
    expect(isZeroProposalState([lot()], rows)).toBe(true);
  });

  it("computes the price total and the discounted total live", () => {
    const base = initialRows([lot()], "UNIT_VALUE");
    expect(rowValues(lot(), { ...(base.l1 as RowState), unitPrice: 2_500 }, "UNIT_VALUE").total).toBe(10_000);
    const d = lot({ dispensationForm: "BIGGEST_DISCOUNT" });
    expect(rowValues(d, { ...(base.l1 as RowState), percentDiscount: 10 }, "UNIT_VALUE")).toEqual({
      discount: 1_000,
      total: 36_000,
    });
    expect(grandTotal([lot()], { l1: { ...(base.l1 as RowState), unitPrice: 2_500 } }, "UNIT_VALUE")).toEqual(
      {
        scaled: 10_000,
        decimals: 2,
      },
    );
  });

  it("sends automatic fields only when shown, quantity 0 for a zero row", () => {
    const rows = {
      l1: {
        ...first([lot()]),
        unitPrice: 9_000,
        finalPrice: 8_000,
        variationPrice: 100,
      },
    };
    expect(buildBidData([lot()], rows, { ...ctx, canApplyAutomaticBid: false })).toEqual([
      { batch: { id: "l1" }, quantity: 4, brand: null, unitPrice: 9_000 },
    ]);
    expect(buildBidData([lot()], rows, { ...ctx, canApplyAutomaticBid: true })[0]).toMatchObject({
      finalPrice: 8_000,
      variationPrice: 100,
    });
    expect(
      buildBidData([lot()], { l1: { ...rows.l1, unitPrice: 0 } }, { ...ctx, canApplyAutomaticBid: false })[0],
    ).toMatchObject({
      quantity: 0,
    });
  });

  it("shows a global offer per unit and multiplies it back when sent", () => {
    const global = lot({
      bids: [
        {
          id: "b",
          batch: { id: "l1" },
          unitPrice: 36_000,
          totalPrice: 36_000,
          finalPrice: null,
          variationPrice: null,
          percentDiscount: null,
          percentFinalDiscount: null,
          percentVariation: null,
          quantity: 4,
          brand: null,
          canApplyAutomaticBid: false,
        },
      ],
    });
    const rows = initialRows([global], "BATCH_TOTAL_AMOUNT");
    expect(rows.l1?.unitPrice).toBe(9_000);
    expect(
      buildBidData([global], rows, {
        ...ctx,
        offerKind: "BATCH_TOTAL_AMOUNT",
        canApplyAutomaticBid: false,
      })[0]?.unitPrice,
    ).toBe(36_000);
  });

  it("derives the prices of a discount from the reference", () => {
    const d = lot({ dispensationForm: "BIGGEST_DISCOUNT" });
    const rows = {
      l1: {
        ...first([d]),
        percentDiscount: 10,
        percentFinalDiscount: 20,
        percentVariation: 1,
      },
    };
    expect(buildBidData([d], rows, { ...ctx, canApplyAutomaticBid: true })[0]).toMatchObject({
      percentDiscount: 10,
      unitPrice: 9_000,
      percentFinalDiscount: 20,
      finalPrice: 8_000,
      percentVariation: 1,
      variationPrice: 100,
    });
  });
});
