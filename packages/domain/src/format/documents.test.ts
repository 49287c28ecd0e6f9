import { describe, expect, it } from "vitest";
import {
  CEP_INVALID_MESSAGE,
  CEP_MASKED_LENGTH,
  CNPJ_INVALID_MESSAGE,
  CNPJ_MASKED_LENGTH,
  CPF_INVALID_MESSAGE,
  cnpjMessageFromServer,
  computeCnpjCheckDigits,
  computeCpfCheckDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  formatCpfOrCnpj,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidCpfOrCnpj,
  shouldLookupCep,
  validateCep,
  validateCnpj,
  validateCpf,
} from "./documents";

describe("CPF check digits (§5 Supplier register: CPF 000.000.000-00)", () => {
  it("accepts known valid CPFs, bare or masked", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("111.444.777-35")).toBe(true);
    expect(computeCpfCheckDigits("111444777")).toBe("35");
    expect(computeCpfCheckDigits("529982247")).toBe("25");
  });

  it("rejects wrong check digits, wrong lengths and stray characters", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("529.982.247-15")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("529982247250")).toBe(false);
    expect(isValidCpf("529.982.247-2a")).toBe(false);
    expect(isValidCpf("")).toBe(false);
  });

  it("rejects all-same-digit numbers even though their check digits match", () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      const cpf = String(digit).repeat(11);
      expect(computeCpfCheckDigits(cpf.slice(0, 9))).toBe(cpf.slice(9));
      expect(isValidCpf(cpf)).toBe(false);
    }
  });

  it("formats and validates with 'CPF inválido'", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(validateCpf("529.982.247-25")).toBeNull();
    expect(validateCpf("529.982.247-26")).toBe(CPF_INVALID_MESSAGE);
    expect(validateCpf("")).toBeNull();
    expect(CPF_INVALID_MESSAGE).toBe("CPF inválido");
  });
});

describe("CNPJ check digits (§5 'CNPJ and CEP')", () => {
  it("accepts known valid CNPJs, bare or masked", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11.444.777/0001-61")).toBe(true);
    expect(computeCnpjCheckDigits("112223330001")).toBe("81");
  });

  it("accepts the alphanumeric CNPJ of IN RFB 2.229/2024 (Serpro example 12.ABC.345/01DE-35)", () => {
    expect(computeCnpjCheckDigits("12ABC34501DE")).toBe("35");
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12abc34501de35")).toBe(true);
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
    expect(isValidCnpj("12.ABC.345/01DE-3A")).toBe(false);
  });

  it("rejects wrong check digits and wrong lengths", () => {
    expect(isValidCnpj("11.222.333/0001-80")).toBe(false);
    expect(isValidCnpj("11.222.333/0002-81")).toBe(false);
    expect(isValidCnpj("11.222.333/0001-8")).toBe(false);
    expect(isValidCnpj("112223330001811")).toBe(false);
  });

  it("rejects all-same-digit numbers", () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(isValidCnpj(String(digit).repeat(14))).toBe(false);
    }
    expect(computeCnpjCheckDigits("000000000000")).toBe("00");
  });

  it("a CNPJ shorter than the mask gives 'CNPJ inválido'", () => {
    expect(CNPJ_INVALID_MESSAGE).toBe("CNPJ inválido");
    expect(CNPJ_MASKED_LENGTH).toBe(18);
    expect(validateCnpj("11.222.333/0001")).toBe(CNPJ_INVALID_MESSAGE);
    expect(validateCnpj("11.222.333/0001-81")).toBeNull();
    expect(validateCnpj("11.222.333/0001-82")).toBe(CNPJ_INVALID_MESSAGE);
    expect(validateCnpj("")).toBeNull();
  });

  it("the server message 'Deve ser um CNPJ válido' is shown as 'CNPJ inválido'", () => {
    expect(cnpjMessageFromServer("Deve ser um CNPJ válido")).toBe("CNPJ inválido");
    expect(cnpjMessageFromServer("Campo obrigatório")).toBe("Campo obrigatório");
  });

  it("formats CNPJs", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });
});

describe("CPF or CNPJ chosen by length", () => {
  it("validates either document", () => {
    expect(isValidCpfOrCnpj("529.982.247-25")).toBe(true);
    expect(isValidCpfOrCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCpfOrCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCpfOrCnpj("1122233300018")).toBe(false);
    expect(isValidCpfOrCnpj("")).toBe(false);
  });

  it("formats either document", () => {
    expect(formatCpfOrCnpj("52998224725")).toBe("529.982.247-25");
    expect(formatCpfOrCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });
});

describe("CEP (§5: lookup once the minimum length is reached; failure 'CEP inválido')", () => {
  it("is 8 digits, bare or masked", () => {
    expect(isValidCep("01310-100")).toBe(true);
    expect(isValidCep("01310100")).toBe(true);
    expect(isValidCep("0131010")).toBe(false);
    expect(isValidCep("013101000")).toBe(false);
    expect(isValidCep("01310-10a")).toBe(false);
    expect(isValidCep("0131-0100")).toBe(false);
  });

  it("formats, validates and decides the lookup", () => {
    expect(formatCep("01310100")).toBe("01310-100");
    expect(CEP_MASKED_LENGTH).toBe(9);
    expect(CEP_INVALID_MESSAGE).toBe("CEP inválido");
    expect(validateCep("01310-10")).toBe(CEP_INVALID_MESSAGE);
    expect(validateCep("01310-100")).toBeNull();
    expect(validateCep("")).toBeNull();
    expect(shouldLookupCep("01310-10")).toBe(false);
    expect(shouldLookupCep("01310-100")).toBe(true);
  });
});
