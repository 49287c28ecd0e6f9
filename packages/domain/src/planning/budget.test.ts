import { describe, expect, it } from "vitest";
import {
  budgetExcludeSchema,
  budgetSaveRowSchema,
  PRICE_METHODS,
  pncpNoticeLink,
  priceStatistics,
  reaisToCents,
  referencePriceCents,
} from "./budget";

// IN SEGES/ME 65/2021 art. 6: the price is the average, median or lowest of the valid quotes (caput), the
// method chosen and justified by the buyer; "preços inexequíveis ou excessivamente elevados" are not used
// (§§ 3º–4º) — here flagged by the median ±25% criterion (docs/decisions.md "Price research statistics").
describe("priceStatistics (IN SEGES/ME 65/2021 art. 6)", () => {
  const q = (cents: number, excluded = false) => ({ cents, excluded });

  it("computes average, median, lowest and the sample coefficient of variation", () => {
    const s = priceStatistics([q(1000), q(1100), q(1200)]);
    expect(s.count).toBe(3);
    expect(s.averageCents).toBe(1100);
    expect(s.medianCents).toBe(1100);
    expect(s.lowestCents).toBe(1000);
    // sample std dev = 100 → CV = 100 / 1100
    expect(s.coefficientOfVariation).toBeCloseTo(100 / 1100, 10);
    expect(s.flags).toEqual([null, null, null]);
  });

  it("flags a quote above 125% of the median HIGH and one below 75% LOW (art. 6 §§ 3º–4º)", () => {
    const s = priceStatistics([q(1000), q(1050), q(1100), q(5000), q(500)]);
    expect(s.medianCents).toBe(1050);
    expect(s.flags).toEqual([null, null, null, "HIGH", "LOW"]);
  });

  it("leaves excluded and zero-price quotes out of the figures (spec §9 average)", () => {
    const s = priceStatistics([q(1000), q(0), q(9999, true), q(2000)]);
    expect(s.count).toBe(2);
    expect(s.averageCents).toBe(1500);
    expect(s.medianCents).toBe(1500);
    expect(s.lowestCents).toBe(1000);
    expect(s.flags[2]).toBe("HIGH"); // an excluded quote still shows why it was excluded
    expect(s.flags[1]).toBeNull();
  });

  it("has no CV under 2 quotes and nothing with none", () => {
    expect(priceStatistics([q(1234)]).coefficientOfVariation).toBeNull();
    expect(priceStatistics([q(1234)]).flags).toEqual([null]);
    const none = priceStatistics([]);
    expect(none.averageCents).toBeNull();
    expect(referencePriceCents(none, "AVERAGE")).toBeNull();
  });

  it("picks the reference price by the buyer's method (art. 6 caput)", () => {
    const s = priceStatistics([q(1000), q(1200), q(2000)]);
    expect(referencePriceCents(s, "AVERAGE")).toBe(1400);
    expect(referencePriceCents(s, "MEDIAN")).toBe(1200);
    expect(referencePriceCents(s, "LOWEST")).toBe(1000);
    expect(PRICE_METHODS.map((m) => m.label)).toEqual(["Média", "Mediana", "Menor preço"]);
  });
});

describe("budget schemas (spec §9 money)", () => {
  const row = {
    demandFormalizationBatchId: "6f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
    price: 12.34,
    columnOrder: 1,
    supplier: {
      documentNumber: "11.222.333/0001-81",
      corporateName: "ACME",
      credentialKind: "LEGAL_PERSON",
      isSmallBusiness: false,
    },
  };
  it("accepts 2 decimals, refuses 3 decimals and negatives", () => {
    expect(budgetSaveRowSchema.safeParse(row).success).toBe(true);
    expect(reaisToCents(12.34)).toBe(1234);
    expect(budgetSaveRowSchema.safeParse({ ...row, price: 12.345 }).success).toBe(false);
    expect(budgetSaveRowSchema.safeParse({ ...row, price: -1 }).success).toBe(false);
  });
  it("checks the CNPJ/CPF check digits", () => {
    const bad = { ...row, supplier: { ...row.supplier, documentNumber: "11.222.333/0001-82" } };
    const r = budgetSaveRowSchema.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["supplier", "documentNumber"]);
  });
  it("requires a justification of 10+ characters to exclude", () => {
    const id = row.demandFormalizationBatchId;
    expect(
      budgetExcludeSchema.safeParse({ id, excluded: true, exclusionJustification: "curta" }).success,
    ).toBe(false);
    expect(
      budgetExcludeSchema.safeParse({
        id,
        excluded: true,
        exclusionJustification: "Preço muito acima do mercado",
      }).success,
    ).toBe(true);
    expect(budgetExcludeSchema.safeParse({ id, excluded: false }).success).toBe(true);
  });
  it("derives the PNCP notice link from the item id", () => {
    expect(pncpNoticeLink("12345678000190-1-000042/2025-3")).toBe(
      "https://pncp.gov.br/app/editais/12345678000190/2025/42",
    );
    expect(pncpNoticeLink(null)).toBeNull();
  });
});
