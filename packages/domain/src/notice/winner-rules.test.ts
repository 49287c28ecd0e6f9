import { describe, expect, it } from "vitest";
import { supplierCreateSchema } from "../schemas/suppliers.schema";
import { winnerRowSchema } from "../schemas/winners.schema";
import {
  allowsSeveralWinnersPerLot,
  areWinnersEditable,
  hasWinnerPrices,
  recordsWinnersByHand,
  winnerTotalPrice,
} from "./winner-rules";

describe("winners step (notices-and-accounts §2.7, §4 Winners step)", () => {
  it("records winners by hand for formalizations (PENDING) and in-person notices (ONGOING)", () => {
    expect(recordsWinnersByHand("ACCREDITATION")).toBe(true);
    expect(recordsWinnersByHand("COMPETITION_IN_PERSON")).toBe(true);
    expect(recordsWinnersByHand("NEW_ELECTRONIC_REVERSED_AUCTION")).toBe(false);
    expect(areWinnersEditable("PENDING", "WAIVER_FORMALIZATION")).toBe(true);
    expect(areWinnersEditable("PUBLISHED", "WAIVER_FORMALIZATION")).toBe(false);
    expect(areWinnersEditable("ONGOING", "REVERSED_AUCTION_IN_PERSON")).toBe(true);
    expect(areWinnersEditable("PENDING", "REVERSED_AUCTION_IN_PERSON")).toBe(false);
    expect(areWinnersEditable("PENDING", "ELECTRONIC_DISPENSER")).toBe(false);
  });

  it("allows several winners per lot only for accreditation and pre-qualification; pre-qualification has no prices", () => {
    expect(allowsSeveralWinnersPerLot("ACCREDITATION")).toBe(true);
    expect(allowsSeveralWinnersPerLot("PRE_QUALIFICATION")).toBe(true);
    expect(allowsSeveralWinnersPerLot("WAIVER_FORMALIZATION")).toBe(false);
    expect(hasWinnerPrices("PRE_QUALIFICATION")).toBe(false);
    expect(hasWinnerPrices("NONENFORCEMENT")).toBe(true);
  });

  it("totals unit × quantity for unit offers, the unit price otherwise (§3 Winner row)", () => {
    expect(winnerTotalPrice(250, 2, "4", "UNIT_VALUE")).toBe(1000);
    expect(winnerTotalPrice(250, 2, "4", "BATCH_TOTAL_AMOUNT")).toBe(250);
  });

  it("limits the brand to 20 characters", () => {
    const row = {
      batch: { id: "00000000-0000-4000-8000-000000000001" },
      supplier: { id: "00000000-0000-4000-8000-000000000002" },
    };
    expect(winnerRowSchema.safeParse({ ...row, brand: "b".repeat(20) }).success).toBe(true);
    expect(winnerRowSchema.safeParse({ ...row, brand: "b".repeat(21) }).success).toBe(false);
  });
});

describe("supplier register (§5 'Cadastro de licitante')", () => {
  it("needs a valid CPF and name for an individual, a valid CNPJ, corporate name and ME/EPP for a company", () => {
    expect(
      supplierCreateSchema.parse({
        credentialKind: "INDIVIDUAL",
        documentNumber: "529.982.247-25",
        name: "Ana",
      }),
    ).toEqual({
      credentialKind: "INDIVIDUAL",
      documentNumber: "52998224725",
      name: "Ana",
      corporateName: null,
      isSmallBusiness: false,
    });
    const bad = supplierCreateSchema.safeParse({
      credentialKind: "INDIVIDUAL",
      documentNumber: "529.982.247-24",
    });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["documentNumber", "name"]);
    const company = supplierCreateSchema.safeParse({
      credentialKind: "LEGAL_PERSON",
      documentNumber: "11.222.333/0001-80",
    });
    expect(company.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["documentNumber", "Deve ser um CNPJ válido"],
      ["corporateName", "Campo obrigatório"],
      ["isSmallBusiness", "Campo obrigatório"],
    ]);
  });
});
