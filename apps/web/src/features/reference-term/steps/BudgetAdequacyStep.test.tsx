import type { BudgetAdequacyData } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BudgetAdequacyStep } from "./BudgetAdequacyStep";
import { answer, ENGINEERING, fill, GOODS, renderStep, SERVICES_WITH_LABOR } from "./step-test-utils";

// planning §2.10 "Step 10 (reading B) — Budget adequacy", §5 "Budget adequacy".
type Data = BudgetAdequacyData;
const AGREEMENT_QUESTION = /Será utilizados recursos oriundos de Convênios com o Governo Federal\?/;
const AGREEMENT = /Número do convênio \(somente em caso de verba federal\)/;
const SECRETARIATS = [
  { id: "s1", name: "Secretaria de Saúde", cnpj: "12345678000195", responsibleName: "Ana Souza" },
  { id: "s2", name: "Secretaria de Educação", cnpj: null, responsibleName: null },
];

describe("BudgetAdequacyStep", () => {
  it("lists the process's secretariats read-only and asks the four budget inputs", () => {
    renderStep<Data>(BudgetAdequacyStep, {
      context: SERVICES_WITH_LABOR,
      extra: { secretariats: SECRETARIATS },
    });
    const table = screen.getByRole("table", { name: "Unidades responsáveis" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText("Secretaria de Saúde")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("12.345.678/0001-95")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Ana Souza")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole("checkbox")).toBeChecked();
    for (const label of ["Fonte de Recursos", "Programa de Trabalho", "Elemento de Despesa", "Plano Interno"])
      expect(screen.getByLabelText(new RegExp(label))).toBeInTheDocument();
  });

  it("asks about federal agreements for goods only", () => {
    renderStep<Data>(BudgetAdequacyStep, { context: GOODS });
    expect(screen.getByRole("radiogroup", { name: AGREEMENT_QUESTION })).toBeInTheDocument();
  });

  it.each([
    ["services", SERVICES_WITH_LABOR],
    ["engineering", ENGINEERING],
  ])("does not ask about federal agreements for %s", (_, context) => {
    renderStep<Data>(BudgetAdequacyStep, { context });
    expect(screen.queryByRole("radiogroup", { name: AGREEMENT_QUESTION })).not.toBeInTheDocument();
  });

  it("reveals the agreement number and adds it with '+ Número de Convênio'", async () => {
    const { user, last } = renderStep<Data>(BudgetAdequacyStep, { context: GOODS });
    await fill(user, screen.getByLabelText(/Fonte de Recursos/), "Tesouro municipal");
    expect(last().sourceResources).toBe("Tesouro municipal");
    expect(screen.queryByLabelText(AGREEMENT)).not.toBeInTheDocument();
    await answer(user, "Será utilizados recursos oriundos de Convênios com o Governo Federal?", true);
    await fill(user, screen.getByLabelText(AGREEMENT), "912345");
    await user.click(screen.getByRole("button", { name: "+ Número de Convênio" }));
    expect(last().agreementNumbers).toEqual(["912345"]);
    expect(screen.getByLabelText(AGREEMENT)).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Excluir convênio 912345" }));
    expect(last().agreementNumbers).toEqual([]);
  });

  it("shows errors under their fields", () => {
    renderStep<Data>(BudgetAdequacyStep, {
      context: GOODS,
      value: { hasAgreementFederalGovernment: true },
      errors: { innerPlan: ["Campo obrigatório"], agreementNumbers: ["Informe o número do convênio"] },
    });
    expect(screen.getByLabelText(/Plano Interno/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Campo obrigatório")).toBeInTheDocument();
    expect(screen.getByLabelText(AGREEMENT)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Informe o número do convênio")).toBeInTheDocument();
  });
});
