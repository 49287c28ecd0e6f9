import { describe, expect, it } from "vitest";
import {
  addressByPostalCodeSchema,
  CEP_REQUIRED_MESSAGE,
  cepLockedFields,
  isViaCepNotFound,
  mapViaCepAnswer,
  type ViaCepAnswer,
} from "./cep-address";

// ViaCEP's answer for 01001-000, as the service sends it.
const PRACA_DA_SE: ViaCepAnswer = {
  cep: "01001-000",
  logradouro: "Praça da Sé",
  complemento: "lado ímpar",
  unidade: "",
  bairro: "Sé",
  localidade: "São Paulo",
  uf: "SP",
  estado: "São Paulo",
  regiao: "Sudeste",
  ibge: "3550308",
  gia: "1004",
  ddd: "11",
  siafi: "7107",
};

// A city-wide CEP: no street, no district.
const CITY_WIDE: ViaCepAnswer = {
  cep: "69945-000",
  logradouro: "",
  complemento: "",
  unidade: "",
  bairro: "",
  localidade: "Acrelândia",
  uf: "AC",
  estado: "Acre",
  regiao: "Norte",
  ibge: "1200013",
  gia: "",
  ddd: "68",
  siafi: "0643",
};

describe("ViaCEP → address (§3 Lookup results)", () => {
  it("maps cep, logradouro, complemento, bairro, localidade, uf and ibge", () => {
    expect(mapViaCepAnswer(PRACA_DA_SE)).toEqual({
      postalCode: "01001000",
      street: "Praça da Sé",
      complement: "lado ímpar",
      district: "Sé",
      city: "São Paulo",
      state: "SP",
      ibgeCode: "3550308",
    });
  });

  it("gives empty fields as null", () => {
    expect(mapViaCepAnswer(CITY_WIDE)).toEqual({
      postalCode: "69945000",
      street: null,
      complement: null,
      district: null,
      city: "Acrelândia",
      state: "AC",
      ibgeCode: "1200013",
    });
  });

  it("reads the erro flag, as a string or a boolean, as a failure", () => {
    expect(isViaCepNotFound({ erro: "true" })).toBe(true);
    expect(isViaCepNotFound({ erro: true })).toBe(true);
    expect(isViaCepNotFound(PRACA_DA_SE)).toBe(false);
    expect(mapViaCepAnswer({ erro: "true" })).toBeNull();
    expect(mapViaCepAnswer({ erro: true })).toBeNull();
  });

  it("refuses an answer without a well-formed CEP", () => {
    expect(mapViaCepAnswer({})).toBeNull();
    expect(mapViaCepAnswer({ ...PRACA_DA_SE, cep: "0100" })).toBeNull();
  });
});

describe("the lookup locks what it filled (§2.17)", () => {
  it("locks street, district, city and state when given, never number or complement", () => {
    expect(cepLockedFields(mapViaCepAnswer(PRACA_DA_SE))).toEqual(["street", "district", "city", "state"]);
  });

  it("leaves a city-wide CEP's street and district to the user", () => {
    expect(cepLockedFields(mapViaCepAnswer(CITY_WIDE))).toEqual(["city", "state"]);
  });

  it("locks nothing without an address", () => {
    expect(cepLockedFields(null)).toEqual([]);
  });
});

describe("addressByPostalCodeSchema (planning 'Address': CEP obrigatório / CEP inválido)", () => {
  const messagesOf = (body: unknown) => {
    const result = addressByPostalCodeSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it("takes a CEP bare or masked and sends it on as 8 digits", () => {
    expect(addressByPostalCodeSchema.parse({ postalCode: "01001-000" })).toEqual({ postalCode: "01001000" });
    expect(addressByPostalCodeSchema.parse({ postalCode: " 01001000 " })).toEqual({ postalCode: "01001000" });
  });

  it("names a missing CEP and a malformed one", () => {
    expect(messagesOf({})).toEqual([CEP_REQUIRED_MESSAGE]);
    expect(messagesOf({ postalCode: "" })).toEqual([CEP_REQUIRED_MESSAGE]);
    expect(messagesOf({ postalCode: "01001-00" })).toEqual(["CEP inválido"]);
    expect(messagesOf({ postalCode: "0100-1000" })).toEqual(["CEP inválido"]);
    expect(messagesOf({ postalCode: "01001-000x" })).toEqual(["CEP inválido"]);
    expect(messagesOf({ postalCode: 1001000 })).toEqual([CEP_REQUIRED_MESSAGE]);
  });
});
