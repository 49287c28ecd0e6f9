import type { MeasurementPaymentData } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MeasurementPaymentStep } from "./MeasurementPaymentStep";
import {
  answer,
  ENGINEERING,
  fill,
  GOODS,
  pick,
  renderStep,
  SERVICES_WITH_LABOR,
  SERVICES_WITHOUT_LABOR,
  selectInput,
} from "./step-test-utils";

// planning §2.10 "Step 7 — Measurement and payment", §5 "Payment".
type Data = MeasurementPaymentData;
const CRITERIA = "+ Adicionar critério";
const PROVISIONAL = /Prazo de recebimento provisório/;
const FINAL = /Prazo total para o recebimento definitivo dos itens \(dias úteis\)/;
const INVOICE = /Prazo de liquidação da nota fiscal/;
const METHOD = /Forma de pagamento/;
const ADVANCE = /Será permitida a antecipação de pagamentos\?/;

const has = {
  criteria: () => screen.queryByRole("button", { name: CRITERIA }) !== null,
  provisional: () => screen.queryByLabelText(PROVISIONAL) !== null,
  invoice: () => screen.queryByLabelText(INVOICE) !== null,
  method: () => screen.queryByLabelText(METHOD, { selector: "input" }) !== null,
  advance: () => screen.queryByRole("radiogroup", { name: ADVANCE }) !== null,
};

describe("MeasurementPaymentStep", () => {
  it("shows the final receipt, the index and the advance block for goods — no criteria, no method", () => {
    renderStep<Data>(MeasurementPaymentStep, { context: GOODS });
    expect(screen.getByLabelText(FINAL)).toBeInTheDocument();
    expect(selectInput(/Índice de Correção Monetária/)).toBeInTheDocument();
    expect(has.advance()).toBe(true);
    expect(has.criteria()).toBe(false);
    expect(has.method()).toBe(false);
    expect(has.provisional()).toBe(false);
    expect(has.invoice()).toBe(false);
  });

  it("shows criteria and the payment method for services with labour — no advance block", () => {
    renderStep<Data>(MeasurementPaymentStep, { context: SERVICES_WITH_LABOR });
    expect(has.criteria()).toBe(true);
    expect(has.method()).toBe(true);
    expect(has.advance()).toBe(false);
    expect(has.provisional()).toBe(false);
  });

  it("shows criteria and the advance block for services without labour — no method", () => {
    renderStep<Data>(MeasurementPaymentStep, { context: SERVICES_WITHOUT_LABOR });
    expect(has.criteria()).toBe(true);
    expect(has.advance()).toBe(true);
    expect(has.method()).toBe(false);
  });

  it("shows the receipt and liquidation periods, criteria, method and advance block for engineering", () => {
    renderStep<Data>(MeasurementPaymentStep, { context: ENGINEERING });
    expect(has.provisional()).toBe(true);
    expect(has.invoice()).toBe(true);
    expect(has.criteria()).toBe(true);
    expect(has.method()).toBe(true);
    expect(has.advance()).toBe(true);
    // The labels as the spec quotes them (§2.10 "Step 7"), no unit added.
    expect(screen.getByLabelText(/^Prazo de recebimento provisório\s*\*?$/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Prazo de liquidação da nota fiscal\s*\*?$/)).toBeInTheDocument();
  });

  it("asks about bank fees for the linked deposit account and then their amount in R$", async () => {
    const { user, last } = renderStep<Data>(MeasurementPaymentStep, { context: SERVICES_WITH_LABOR });
    expect(
      screen.queryByRole("radiogroup", { name: /Haverá custos de tarifas bancárias\?/ }),
    ).not.toBeInTheDocument();
    await pick(user, METHOD, "Conta-depósito vinculada");
    expect(last().paymentMethod).toBe("LINKED_DEPOSIT_ACCOUNT");
    await answer(user, "Haverá custos de tarifas bancárias?", true);
    await user.type(screen.getByLabelText(/Valor estimado da tarifa bancária/), "12345");
    expect(last().bankFeesAmountCents).toBe(12345);
    expect(screen.getByLabelText(/Valor estimado da tarifa bancária/)).toHaveValue("R$ 123,45");
  });

  it("reveals the advance details and adds an advance rule in cents", async () => {
    const { user, last } = renderStep<Data>(MeasurementPaymentStep, { context: GOODS });
    expect(screen.queryByRole("radiogroup", { name: /Antecipação Permitida/ })).not.toBeInTheDocument();
    await answer(user, "Será permitida a antecipação de pagamentos?", true);
    expect(screen.getByRole("radiogroup", { name: /Antecipação Permitida/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Prazo de Pagamento Antecipado\s*\*?$/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "+ Adicionar regra de antecipação" }));
    const dialog = await screen.findByRole("dialog", { name: "Antecipação" });
    await user.type(within(dialog).getByLabelText(/Valor da antecipação/), "50000");
    await fill(user, within(dialog).getByLabelText(/Condicionante/), "Entrega do cronograma");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().advanceDetails).toEqual([{ id: 1, valueCents: 50000, condition: "Entrega do cronograma" }]);
    expect(screen.getByText("R$ 500,00")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Garantia adicional devido a antecipação/)).not.toBeInTheDocument();
    await answer(user, "Será solicitada garantia adicional devido a antecipação?", true);
    await user.type(screen.getByLabelText(/Garantia adicional devido a antecipação/), "500");
    expect(last().additionalAssurance).toBe(5);
  });

  it("adds a criterion through its modal", async () => {
    const { user, last } = renderStep<Data>(MeasurementPaymentStep, { context: SERVICES_WITHOUT_LABOR });
    await user.click(screen.getByRole("button", { name: CRITERIA }));
    const dialog = await screen.findByRole("dialog");
    await fill(user, within(dialog).getByLabelText(/Critério/), "Medição mensal por posto");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().measurementAndPaymentCriteria).toEqual([
      { number: 1, description: "Medição mensal por posto" },
    ]);
  });

  it("shows an error under its field", () => {
    renderStep<Data>(MeasurementPaymentStep, {
      context: ENGINEERING,
      errors: {
        finalReceiptPeriod: ["Campo obrigatório"],
        measurementAndPaymentCriteria: ["Adicione no mínimo um item na lista"],
      },
    });
    expect(screen.getByLabelText(FINAL)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Campo obrigatório")).toBeInTheDocument();
    expect(screen.getByText("Adicione no mínimo um item na lista")).toBeInTheDocument();
  });
});
