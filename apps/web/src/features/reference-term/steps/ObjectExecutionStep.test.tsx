import type { ObjectExecutionModelData } from "@certame/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ObjectExecutionStep } from "./ObjectExecutionStep";
import { answer, ENGINEERING, fill, GOODS, renderStep, SERVICES_WITH_LABOR } from "./step-test-utils";

// planning §2.10 "Step 4 — Object execution model", §5 "Reference term — step 4".
type Data = ObjectExecutionModelData;

describe("ObjectExecutionStep", () => {
  it("shows the delivery blocks for goods", () => {
    renderStep<Data>(ObjectExecutionStep, { context: GOODS });
    expect(screen.getByRole("radiogroup", { name: /Haverá entrega parcelada\?/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/Prazo de execução do objeto \(dias\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Início da contagem do prazo/, { selector: "input" })).toBeInTheDocument();
    expect(screen.getByLabelText(/Prazo para justificativa de não entrega \(dias\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Prazo de validade na entrega/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Unidade do prazo de validade/, { selector: "input" })).toBeInTheDocument();
    expect(screen.getByText("Endereços de execução do objeto")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Descrição da execução dos serviços/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "+ Adicionar tarefa" })).not.toBeInTheDocument();
  });

  it.each([
    ["services", SERVICES_WITH_LABOR],
    ["engineering", ENGINEERING],
  ])("shows the service execution blocks for %s", (_, context) => {
    renderStep<Data>(ObjectExecutionStep, { context });
    expect(screen.queryByRole("radiogroup", { name: /Haverá entrega parcelada\?/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Prazo de execução dos serviços \(dias\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Contados a partir/, { selector: "input" })).toBeInTheDocument();
    expect(screen.getByLabelText(/Descrição da execução dos serviços/)).toBeInTheDocument();
    expect(
      screen.getByLabelText(/Horário de início da execução dos serviços \(horário de Brasília\)/),
    ).toBeInTheDocument();
    expect(
      screen.getByLabelText(/Horário de término da execução dos serviços \(horário de Brasília\)/),
    ).toBeInTheDocument();
    for (const add of [
      "+ Adicionar tarefa",
      "+ Adicionar rotina",
      "+ Adicionar material",
      "+ Adicionar informação",
    ])
      expect(screen.getByRole("button", { name: add })).toBeInTheDocument();
    expect(screen.getByText("Endereços de execução do objeto")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Prazo para justificativa de não entrega/)).not.toBeInTheDocument();
  });

  it("reveals the installments when the delivery is in installments, and adds one", async () => {
    const { user, last } = renderStep<Data>(ObjectExecutionStep, { context: GOODS });
    expect(screen.queryByRole("button", { name: "+ Adicionar parcela" })).not.toBeInTheDocument();
    await answer(user, "Haverá entrega parcelada?", true);
    expect(last().isInstallmentDelivery).toBe(true);
    await user.click(screen.getByRole("button", { name: "+ Adicionar parcela" }));
    const dialog = await screen.findByRole("dialog", { name: "Parcelas" });
    await fill(user, within(dialog).getByLabelText(/Descrição da parcela/), "Primeira entrega");
    fireEvent.change(within(dialog).getByLabelText(/Prazo de entrega/), { target: { value: "2027-02-15" } });
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().installments).toEqual([
      { number: 1, description: "Primeira entrega", deliveryDate: "2027-02-15" },
    ]);
    expect(screen.getByText("15/02/2027")).toBeInTheDocument();
  });

  it("adds a routine through the 'Rotinas' modal and keeps the times typed", async () => {
    const { user, last } = renderStep<Data>(ObjectExecutionStep, { context: ENGINEERING });
    await user.click(screen.getByRole("button", { name: "+ Adicionar rotina" }));
    const dialog = await screen.findByRole("dialog", { name: "Rotinas" });
    await fill(user, within(dialog).getByLabelText(/Detalhamento das rotinas/), "Limpeza diária");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().routineDetails).toEqual([{ number: 1, description: "Limpeza diária" }]);
    await user.type(screen.getByLabelText(/Horário de início da execução dos serviços/), "0800");
    expect(last().serviceExecutionStartTime).toBe("08:00");
  });

  it("shows the errors under their fields", () => {
    renderStep<Data>(ObjectExecutionStep, {
      context: SERVICES_WITH_LABOR,
      errors: {
        executionServicesDescriptions: ["Campo obrigatório"],
        serviceExecutionTimeline: ["Adicione no mínimo uma tarefa"],
        materialsDistributed: ["Adicione no mínimo um material"],
        executionObjectAddresses: ["Adicione no mínimo um endereço"],
      },
    });
    const description = screen.getByLabelText(/Descrição da execução dos serviços/);
    expect(description).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Campo obrigatório")).toBeInTheDocument();
    expect(screen.getByText("Adicione no mínimo uma tarefa")).toBeInTheDocument();
    expect(screen.getByText("Adicione no mínimo um material")).toBeInTheDocument();
    expect(screen.getByText("Adicione no mínimo um endereço")).toBeInTheDocument();
  });

  it("shows an address's own error under the address list", () => {
    renderStep<Data>(ObjectExecutionStep, {
      context: GOODS,
      value: {
        executionObjectAddresses: [
          {
            postalCode: "01310-100",
            street: "Av. Paulista",
            number: "1000",
            district: "Bela Vista",
            city: "São Paulo",
            state: "SP",
          },
          {
            postalCode: "01310-100",
            street: "",
            number: "10",
            district: "Centro",
            city: "São Paulo",
            state: "SP",
          },
        ],
      },
      errors: { "executionObjectAddresses.1.street": ["Rua obrigatória"] },
    });
    expect(screen.getByText("Endereço 2: Rua obrigatória")).toBeInTheDocument();
  });
});
