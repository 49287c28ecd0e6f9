import type { ContractManagementData } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ContractManagementStep } from "./ContractManagementStep";
import { answer, ENGINEERING, fill, GOODS, renderStep, SERVICES_WITH_LABOR } from "./step-test-utils";

// planning §2.10 "Step 6 — Contract management", §5 "Contract management".
const AGENT = /A contratada deverá manter preposto no local de execução dos serviços\?/;

describe("ContractManagementStep", () => {
  it("asks about the agent on site for engineering only", () => {
    renderStep<ContractManagementData>(ContractManagementStep, {
      context: ENGINEERING,
    });
    expect(screen.getByRole("radiogroup", { name: AGENT })).toBeInTheDocument();
    expect(
      screen.getByRole("radiogroup", { name: /Haverá rotinas extras de fiscalização\?/ }),
    ).toBeInTheDocument();
  });

  it.each([
    ["goods", GOODS],
    ["services", SERVICES_WITH_LABOR],
  ])("does not ask about the agent for %s", (_, context) => {
    renderStep<ContractManagementData>(ContractManagementStep, { context });
    expect(screen.queryByRole("radiogroup", { name: AGENT })).not.toBeInTheDocument();
    expect(
      screen.getByRole("radiogroup", { name: /Haverá rotinas extras de fiscalização\?/ }),
    ).toBeInTheDocument();
  });

  it("reveals the agent's period when the agent stays on site", async () => {
    const { user, last } = renderStep<ContractManagementData>(ContractManagementStep, {
      context: ENGINEERING,
    });
    expect(screen.queryByLabelText(/Período de permanência do preposto no local/)).not.toBeInTheDocument();
    await answer(user, "A contratada deverá manter preposto no local de execução dos serviços?", true);
    expect(last().canKeepAgentOnLocal).toBe(true);
    await fill(
      user,
      screen.getByLabelText(/Período de permanência do preposto no local/),
      "Horário comercial",
    );
    expect(last().keepAgentOnLocalPeriod).toBe("Horário comercial");
  });

  it("adds an extra routine through the 'Rotinas Extras' modal", async () => {
    const { user, last } = renderStep<ContractManagementData>(ContractManagementStep, {
      context: GOODS,
      value: { hasExtraRoutine: true },
    });
    await user.click(screen.getByRole("button", { name: "+ Rotina extra" }));
    const dialog = await screen.findByRole("dialog", { name: "Rotinas Extras" });
    const confirm = within(dialog).getByRole("button", { name: "Confirmar" });
    expect(confirm).toBeDisabled();
    await fill(
      user,
      within(dialog).getByLabelText(/Descrição da rotina extra de fiscalização/),
      "Vistoria semanal do almoxarifado",
    );
    await user.click(confirm);
    expect(last().extraRoutines).toEqual([{ id: 1, description: "Vistoria semanal do almoxarifado" }]);
    expect(screen.getByText("Vistoria semanal do almoxarifado")).toBeInTheDocument();
  });

  it("shows an error under its field", () => {
    renderStep<ContractManagementData>(ContractManagementStep, {
      context: ENGINEERING,
      value: { hasExtraRoutine: true, extraRoutines: [] },
      errors: {
        canKeepAgentOnLocal: ["Campo obrigatório"],
        extraRoutines: ["Adicione no mínimo um item na lista"],
      },
    });
    expect(screen.getByText("Campo obrigatório")).toBeInTheDocument();
    expect(screen.getByText("Adicione no mínimo um item na lista")).toBeInTheDocument();
  });
});
