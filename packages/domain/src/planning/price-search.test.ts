import { describe, expect, it } from "vitest";
import {
  ALL_STATES_OPTION,
  cutPurchaseObject,
  isSmallBusinessSize,
  PRICE_SEARCH_BASKET_EMPTY,
  PRICE_SEARCH_ITEM_INVALID,
  PRICE_SEARCH_MODALITY_REQUIRED,
  PRICE_SEARCH_QUOTE_ZERO,
  PRICE_SEARCH_STATE_REQUIRED,
  parsePncpItemId,
  pncpItemId,
  pncpSearchSchema,
  portalStatesFilter,
  priceSearchReportSchema,
  totalPagesOf,
} from "./price-search";

const valid = { modalities: [6], states: ["SP"], objectOfInterest: "papel", page: 1, limitPerPage: 10 };

describe("price search (planning §5, §7, §9)", () => {
  it("§5: requires at least one state and one modality", () => {
    const r = pncpSearchSchema.safeParse({ ...valid, states: [], modalities: [] });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["states", PRICE_SEARCH_STATE_REQUIRED],
        ["modalities", PRICE_SEARCH_MODALITY_REQUIRED],
      ]),
    );
  });

  it("§5/§9: the object of interest is at most 500 characters", () => {
    expect(pncpSearchSchema.safeParse({ ...valid, objectOfInterest: "x".repeat(500) }).success).toBe(true);
    expect(pncpSearchSchema.safeParse({ ...valid, objectOfInterest: "x".repeat(501) }).success).toBe(false);
  });

  it("§9: page 1 and size 10 by default", () => {
    expect(pncpSearchSchema.parse({ modalities: [6], states: ["SP"] })).toMatchObject({
      page: 1,
      limitPerPage: 10,
      objectOfInterest: "",
    });
  });

  it("§5: 'Selecionar Todos' drops the state filter", () => {
    expect(portalStatesFilter(["SP", ALL_STATES_OPTION])).toEqual([]);
    expect(portalStatesFilter(["SP", "RJ", "SP"])).toEqual(["SP", "RJ"]);
  });

  it("§9: ME and EPP are small businesses", () => {
    expect([isSmallBusinessSize("ME"), isSmallBusinessSize("EPP"), isSmallBusinessSize("Demais")]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("§2.9/§9: the object is cut at 500 characters plus '...'; §3 itemId; §7 total pages", () => {
    expect(cutPurchaseObject("a".repeat(500))).toBe("a".repeat(500));
    expect(cutPurchaseObject("a".repeat(501))).toBe(`${"a".repeat(500)}...`);
    expect(pncpItemId("46395000000139-1-000100/2025", 3)).toBe("46395000000139-1-000100/2025-3");
    expect([totalPagesOf(0, 10), totalPagesOf(10, 10), totalPagesOf(11, 10)]).toEqual([0, 1, 2]);
  });
});

describe("the report of a basket (planning §7 'Report'; issue 35 item 4)", () => {
  const item = "46395000000139-1-000100/2025-3";
  const quote = {
    supplier: {
      documentNumber: "11222333000181",
      corporateName: "Fornecedor Ltda",
      credentialKind: "LEGAL_PERSON",
    },
    price: 10,
  };

  it("§3: an item id names its purchase and item", () => {
    expect(parsePncpItemId(item)).toEqual({
      cnpj: "46395000000139",
      purchaseYear: 2025,
      purchaseSequence: 100,
      itemNumber: 3,
    });
    for (const bad of [
      "46395000000139-1-000100/2025",
      "4639500000013-1-000100/2025-3",
      "x",
      "46395000000139-1-000000/2025-3",
    ])
      expect(parsePncpItemId(bad)).toBeNull();
  });

  it("takes the basket without a process, with the typed quotes; the method defaults to the average", () => {
    const body = priceSearchReportSchema.parse({
      priceSearchData: { items: [{ itemId: item, price: 24.9 }] },
      priceSearchExternalData: [quote],
    });
    expect(body.priceSearchData).toEqual({
      objectOfInterest: "",
      priceMethod: "AVERAGE",
      items: [{ itemId: item, price: 24.9 }],
    });
    expect(body.priceSearchExternalData[0]).toMatchObject({
      price: 10,
      source: "",
      supplier: { isSmallBusiness: false },
    });
  });

  it("keeps processId for the saved budget, and asks a basket without it", () => {
    expect(
      priceSearchReportSchema.safeParse({ processId: "6f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f" }).success,
    ).toBe(true);
    const empty = priceSearchReportSchema.safeParse({});
    expect(empty.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["priceSearchData", PRICE_SEARCH_BASKET_EMPTY],
    ]);
  });

  it("refuses a malformed item, a price with more than 2 decimals and a typed quote at zero", () => {
    const r = priceSearchReportSchema.safeParse({
      priceSearchData: { items: [{ itemId: "abc", price: 1.234 }] },
      priceSearchExternalData: [{ ...quote, price: 0 }],
    });
    const issues = Object.fromEntries(r.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(issues["priceSearchData.items.0.itemId"]).toBe(PRICE_SEARCH_ITEM_INVALID);
    expect(Object.keys(issues)).toContain("priceSearchData.items.0.price");
    expect(issues["priceSearchExternalData.0.price"]).toBe(PRICE_SEARCH_QUOTE_ZERO);
  });
});
