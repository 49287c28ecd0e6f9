import type { AssuranceData } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AssuranceStep } from "./AssuranceStep";
import { answer, ENGINEERING, fill, GOODS, renderStep, SERVICES_WITHOUT_LABOR } from "./step-test-utils";

// planning §2.10 "Step 5 — Warranty", §5 "Warranty".
const SUPPLEMENTARY = /Haverá garantia complementar/;
const REPAIR = /Prazo de reparação ou substituição dos itens \(dias úteis\)/;
const UNIFORM = /Haverá obrigação de utilização de uniforme padronizado\?/;
const SUPERVISION = /Haverá procedimentos de transição e fiscalização do contrato\?/;

describe("AssuranceStep", () => {
  it("shows the supplementary guarantee and the repair period for goods", () => {
    renderStep<AssuranceData>(AssuranceStep, { context: GOODS });
    expect(screen.getByRole("radiogroup", { name: /Tipo de garantia/ })).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: SUPPLEMENTARY })).toBeInTheDocument();
    expect(screen.getByLabelText(REPAIR)).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup", { name: UNIFORM })).not.toBeInTheDocument();
    expect(screen.queryByRole("radiogroup", { name: SUPERVISION })).not.toBeInTheDocument();
  });

  it("shows the uniform and the transition procedures for services", () => {
    renderStep<AssuranceData>(AssuranceStep, { context: SERVICES_WITHOUT_LABOR });
    expect(screen.getByRole("radiogroup", { name: UNIFORM })).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: SUPERVISION })).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup", { name: SUPPLEMENTARY })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(REPAIR)).not.toBeInTheDocument();
  });

  it("shows only the transition procedures for engineering", () => {
    renderStep<AssuranceData>(AssuranceStep, { context: ENGINEERING });
    expect(screen.getByRole("radiogroup", { name: SUPERVISION })).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup", { name: UNIFORM })).not.toBeInTheDocument();
    expect(screen.queryByRole("radiogroup", { name: SUPPLEMENTARY })).not.toBeInTheDocument();
  });

  it("reveals the predefined months and the supplementary months", async () => {
    const { user, last } = renderStep<AssuranceData>(AssuranceStep, { context: GOODS });
    expect(screen.queryByLabelText(/Prazo de garantia pré-definido \(meses\)/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Prazo de garantia pré-definido" }));
    expect(last().warrantyPeriodKind).toBe("PREDEFINED_GUARANTEE");
    await user.type(screen.getByLabelText(/Prazo de garantia pré-definido \(meses\)/), "12");
    expect(last().predefinedWarrantyPeriodMonths).toBe(12);
    expect(screen.queryByLabelText(/Prazo de garantia complementar \(meses\)/)).not.toBeInTheDocument();
    await answer(user, "Haverá garantia complementar", true);
    await user.type(screen.getByLabelText(/Prazo de garantia complementar \(meses\)/), "6");
    expect(last().supplementaryWarrantyPeriodMonths).toBe(6);
  });

  it("adds a garment through the 'Uniforme padronizado' modal once the uniform is required", async () => {
    const { user, last } = renderStep<AssuranceData>(AssuranceStep, { context: SERVICES_WITHOUT_LABOR });
    expect(screen.queryByRole("button", { name: "+ Peça de vestuário" })).not.toBeInTheDocument();
    await answer(user, "Haverá obrigação de utilização de uniforme padronizado?", true);
    await user.click(screen.getByRole("button", { name: "+ Peça de vestuário" }));
    const dialog = await screen.findByRole("dialog", { name: "Uniforme padronizado" });
    await fill(user, within(dialog).getByLabelText(/Peça do vestuário/), "Camisa polo");
    await user.type(within(dialog).getByLabelText(/Quantidade fornecida/), "3");
    await fill(user, within(dialog).getByLabelText(/Parâmetros de qualidade/), "Algodão, com logotipo");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().uniformDetails).toEqual([
      { id: 1, uniform: "Camisa polo", amount: 3, qualityParameters: "Algodão, com logotipo" },
    ]);
  });

  it("adds a transition procedure once supervision is chosen", async () => {
    const { user, last } = renderStep<AssuranceData>(AssuranceStep, { context: ENGINEERING });
    await answer(user, "Haverá procedimentos de transição e fiscalização do contrato?", true);
    await user.click(screen.getByRole("button", { name: "+ Procedimento de transição" }));
    const dialog = await screen.findByRole("dialog", { name: "Procedimento" });
    await fill(user, within(dialog).getByLabelText(/Descrição do procedimento/), "Repasse de rotinas");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().contractSupervisionProcedures).toEqual([{ number: 1, description: "Repasse de rotinas" }]);
  });

  it("shows an error under its field", () => {
    renderStep<AssuranceData>(AssuranceStep, {
      context: GOODS,
      value: { warrantyPeriodKind: "PREDEFINED_GUARANTEE" },
      errors: { predefinedWarrantyPeriodMonths: ["Campo obrigatório"] },
    });
    expect(screen.getByLabelText(/Prazo de garantia pré-definido \(meses\)/)).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(screen.getByText("Campo obrigatório")).toBeInTheDocument();
  });
});
