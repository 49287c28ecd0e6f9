import { describe, expect, it } from "vitest";
import type { LotRow } from "./api";
import {
  draftToPayload,
  draftTotal,
  lotPropertyLabel,
  missingLotFields,
  newItemDraft,
  newLotDraft,
} from "./lots-model";

const row: LotRow = {
  id: "b1",
  number: 3,
  item: 1,
  product: { id: "p1", name: "Papel" },
  quantity: 10,
  measurementUnit: { code: "UN" },
  referencePrice: 1500,
  unitReferencePrice: 1500,
  minimumVariation: 50,
  percentMinimumVariation: 2,
  isProductBrandRequired: 1,
  decimalsNumber: 2,
  batchItemParticipation: "EXCLUSIVE",
  wideParticipationBatch: null,
};

describe("lots model", () => {
  it("a new lot takes the §9 defaults and the process participation", () => {
    const d = newLotDraft(4, "MICRO_BUSINESS_EXCLUSIVE");
    expect(d).toMatchObject({
      number: 4,
      item: 1,
      decimalsNumber: 2,
      minimumVariation: 100,
      percentMinimumVariation: 1,
    });
    expect(d.batchItemParticipation).toBe("EXCLUSIVE");
    expect(missingLotFields(d, "REAL")).toEqual(["product", "quantity", "measurementUnitCode", "unitPrice"]);
  });

  it("a new item copies lot number, participation and variation from the previous item", () => {
    const d = newItemDraft(row, 2);
    expect(d).toMatchObject({
      number: 3,
      item: 2,
      batchItemParticipation: "EXCLUSIVE",
      minimumVariation: 50,
      percentMinimumVariation: 2,
    });
    expect(d.id).toBeUndefined();
    expect(d.product).toBeNull();
  });

  it("a reserved-quota lot needs its wide-participation lot", () => {
    const d = {
      ...newLotDraft(2, "DEFINED_PER_BATCH"),
      product: { id: "p", name: "x" },
      quantity: 1,
      measurementUnitCode: "UN",
      unitPrice: 100,
      batchItemParticipation: "DIFFERENTIATED" as const,
    };
    expect(missingLotFields(d, "REAL")).toEqual(["wideParticipationBatch"]);
    expect(missingLotFields({ ...d, wideParticipationBatch: 1 }, "REAL")).toEqual([]);
  });

  it("sends the quantity as text and floors the percent variation at 0,01", () => {
    const d = {
      ...newItemDraft(row, 2),
      product: { id: "p2", name: "y" },
      quantity: 2.5,
      measurementUnitCode: "CX",
      unitPrice: 300,
      percentMinimumVariation: 0.001,
    };
    expect(draftToPayload(d)).toMatchObject({
      number: 3,
      item: 2,
      product: { id: "p2" },
      quantity: "2.5",
      measurementUnit: { code: "CX" },
      referencePrice: 300,
      percentMinimumVariation: 0.01,
      wideParticipationBatch: null,
    });
  });

  it("translates a property path to the column name of 'Erro: {field}'", () => {
    expect(lotPropertyLabel("0.referencePrice")).toBe("Preço de referência");
    expect(lotPropertyLabel("product.id")).toBe("Produto/Serviço");
  });
});

describe("draftTotal", () => {
  it("is quantity × unit price as the row is typed, 0 while a value is missing", () => {
    expect(draftTotal({ unitPrice: 1500, quantity: 10, decimalsNumber: 2 })).toBe(15_000);
    expect(draftTotal({ unitPrice: 12_345, quantity: 2.5, decimalsNumber: 4 })).toBe(30_863);
    expect(draftTotal({ unitPrice: null, quantity: 10, decimalsNumber: 2 })).toBe(0);
    expect(draftTotal({ unitPrice: 1500, quantity: null, decimalsNumber: 2 })).toBe(0);
  });
});
