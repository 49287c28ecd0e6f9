import { describe, expect, it } from "vitest";
import {
  ALL_STATES_OPTION,
  cutPurchaseObject,
  isSmallBusinessSize,
  PRICE_SEARCH_MODALITY_REQUIRED,
  PRICE_SEARCH_STATE_REQUIRED,
  pncpItemId,
  pncpSearchSchema,
  portalStatesFilter,
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
