import { describe, expect, it } from "vitest";
import { formatErrorList, propertiesToFieldErrors } from "./form-errors";

const properties = [
  { property: "noticeNumber", errorMessages: ["Campo obrigatório", "Deve ter até 30 caracteres"] },
  { property: "cnpj", errorMessages: ["Deve ser um CNPJ válido"] },
  { property: "empty", errorMessages: [] },
];

describe("propertiesToFieldErrors", () => {
  it("puts the first message of each property on its field", () => {
    expect(propertiesToFieldErrors(properties)).toEqual({
      noticeNumber: "Campo obrigatório",
      cnpj: "Deve ser um CNPJ válido",
    });
  });

  it("keeps the first entry when a property repeats", () => {
    expect(
      propertiesToFieldErrors([
        { property: "a", errorMessages: ["primeiro"] },
        { property: "a", errorMessages: ["segundo"] },
      ]),
    ).toEqual({ a: "primeiro" });
  });
});

describe("formatErrorList", () => {
  it("formats 'LABEL - first message' with the label in upper case", () => {
    expect(formatErrorList(properties, { noticeNumber: "Número do edital", cnpj: "CNPJ" })).toEqual([
      "NÚMERO DO EDITAL - Campo obrigatório",
      "CNPJ - Deve ser um CNPJ válido",
    ]);
  });

  it("falls back to the property name without a label", () => {
    expect(formatErrorList([{ property: "quantity", errorMessages: ["Inválido"] }])).toEqual([
      "QUANTITY - Inválido",
    ]);
  });
});
