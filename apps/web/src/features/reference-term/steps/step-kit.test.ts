import { describe, expect, it } from "vitest";
import { addressListError, modalityLabel, stepScope } from "./step-kit";

// planning §9 "Sub-modality groups", §3 "serviceKind"; §5 "Address" messages keyed by the domain.
describe("stepScope", () => {
  it("groups the sub-modality and reads the service kind only for services", () => {
    expect(
      stepScope({ modality: null, subModality: "SPECIAL_GOODS_ACQUISITION", serviceKind: null }),
    ).toMatchObject({
      group: "GOODS",
      isGoods: true,
      isServiceWithLabor: false,
    });
    expect(
      stepScope({ modality: null, subModality: "HIRING_SERVICES", serviceKind: "SERVICE_WITH_LABOR" }),
    ).toMatchObject({ isServices: true, isServiceWithLabor: true, isServiceWithoutLabor: false });
    expect(
      stepScope({ modality: null, subModality: "CONSTRUCTION", serviceKind: "SERVICE_WITH_LABOR" }),
    ).toMatchObject({ isEngineering: true, isServiceWithLabor: false });
    expect(stepScope({ modality: null, subModality: null, serviceKind: null }).group).toBeNull();
  });
});

describe("format helpers", () => {
  it("translates the modality, '-' when unknown", () => {
    expect(modalityLabel("ELECTRONIC_COMPETITION")).toBe("Concorrência Eletrônica");
    expect(modalityLabel(null)).toBe("-");
  });

  it("prefers the list's own error, else names the address of the first nested error", () => {
    expect(addressListError({ list: ["Adicione no mínimo um endereço"] }, "list")).toBe(
      "Adicione no mínimo um endereço",
    );
    expect(addressListError({ "list.0.city": ["Cidade obrigatória"] }, "list")).toBe(
      "Endereço 1: Cidade obrigatória",
    );
    expect(addressListError({ other: ["Campo obrigatório"] }, "list")).toBeUndefined();
  });
});
