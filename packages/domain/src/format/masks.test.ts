import { describe, expect, it } from "vitest";
import { applyMask, applyPattern, looksLikeCnpj, MASK_KINDS, onlyAlphanumeric, onlyDigits } from "./masks";

describe("§5 Masks — helpers", () => {
  it("onlyDigits keeps 0–9 only", () => {
    expect(onlyDigits("(11) 98765-4321")).toBe("11987654321");
    expect(onlyDigits("abc")).toBe("");
    expect(onlyDigits("R$ 1.234,56")).toBe("123456");
  });

  it("onlyAlphanumeric keeps upper-cased letters and digits", () => {
    expect(onlyAlphanumeric("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });

  it("applyPattern writes a literal only when a character follows it", () => {
    expect(applyPattern("###.###", "123")).toBe("123");
    expect(applyPattern("###.###", "1234")).toBe("123.4");
    expect(applyPattern("(##) ####", "1")).toBe("(1");
    expect(applyPattern("###", "12345")).toBe("123");
    expect(applyPattern("###", "")).toBe("");
  });
});

describe("§5 Masks — every shape of the table", () => {
  it("tel: (##) ####-#### or (##) #####-####", () => {
    expect(applyMask("tel", "1133334444")).toBe("(11) 3333-4444");
    expect(applyMask("tel", "11987654321")).toBe("(11) 98765-4321");
    expect(applyMask("tel", "119876543219")).toBe("(11) 98765-4321");
    expect(applyMask("tel", "113")).toBe("(11) 3");
    expect(applyMask("tel", "(11) 3333-44")).toBe("(11) 3333-44");
  });

  it("cpf/cnpj: chosen by digit count", () => {
    expect(applyMask("cpfCnpj", "52998224725")).toBe("529.982.247-25");
    expect(applyMask("cpfCnpj", "5299822")).toBe("529.982.2");
    expect(applyMask("cpfCnpj", "112223330001")).toBe("11.222.333/0001");
    expect(applyMask("cpfCnpj", "11222333000181")).toBe("11.222.333/0001-81");
    expect(applyMask("cpfCnpj", "1122233300018199")).toBe("11.222.333/0001-81");
    expect(applyMask("cpfCnpj", "12abc34501de35")).toBe("12.ABC.345/01DE-35"); // IN RFB 2.229/2024
    expect(looksLikeCnpj("529.982.247-25")).toBe(false);
    expect(looksLikeCnpj("112223330001")).toBe(true);
  });

  it("cpf and cnpj on their own (§5 Supplier register masks)", () => {
    expect(applyMask("cpf", "529.982.247-25")).toBe("529.982.247-25");
    expect(applyMask("cpf", "52998224725999")).toBe("529.982.247-25");
    expect(applyMask("cnpj", "11222333000181")).toBe("11.222.333/0001-81");
  });

  it("rg: ##.###.###-#", () => {
    expect(applyMask("rg", "123456789")).toBe("12.345.678-9");
    expect(applyMask("rg", "12345")).toBe("12.345");
  });

  it("date/birth: ##/##/####", () => {
    expect(applyMask("date", "20112026")).toBe("20/11/2026");
    expect(applyMask("birth", "0101199")).toBe("01/01/199");
    expect(applyMask("date", "201")).toBe("20/1");
  });

  it("cep: #####-###", () => {
    expect(applyMask("cep", "01310100")).toBe("01310-100");
    expect(applyMask("cep", "013101")).toBe("01310-1");
  });

  it("creditCard: #### #### #### ####", () => {
    expect(applyMask("creditCard", "4111111111111111")).toBe("4111 1111 1111 1111");
    expect(applyMask("creditCard", "41111")).toBe("4111 1");
  });

  it("time: ##:##", () => {
    expect(applyMask("time", "0800")).toBe("08:00");
    expect(applyMask("time", "080")).toBe("08:0");
  });

  it("cvv: ###", () => {
    expect(applyMask("cvv", "1234")).toBe("123");
  });

  it("money: 'R$ ' with up to 7 integer digits", () => {
    expect(applyMask("money", "123456")).toBe("R$ 1.234,56");
    expect(applyMask("money", "123456", { decimals: 4 })).toBe("R$ 12,3456");
    expect(applyMask("money", "9999999999")).toBe("R$ 9.999.999,99");
  });

  it("national-portal control number: ##############-#-######/####", () => {
    expect(applyMask("pncpControlNumber", "1122233300018110000012026")).toBe("11222333000181-1-000001/2026");
    expect(applyMask("pncpControlNumber", "112223330001811")).toBe("11222333000181-1");
  });

  it("every kind ignores non-digit noise and empty input gives ''", () => {
    for (const kind of MASK_KINDS) {
      expect(applyMask(kind, "")).toBe("");
      expect(applyMask(kind, "--//")).toBe("");
    }
  });
});
