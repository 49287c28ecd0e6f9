import type { SupplierSelectionData } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SupplierSelectionStep } from "./SupplierSelectionStep";
import {
  answer,
  ENGINEERING,
  fill,
  GOODS,
  renderStep,
  SERVICES_WITH_LABOR,
  SERVICES_WITHOUT_LABOR,
  selectInput,
} from "./step-test-utils";

// planning §2.10 "Step 8 — Supplier selection", §5 "Supplier selection".
type Data = SupplierSelectionData;
const MINIMUM = /Será exigido capital ou patrimônio líquido mínimo\?/;
const QUALIFICATION = /Características mínimas da qualificação técnica/;

const has = {
  regime: () => screen.queryByLabelText(/Regime de execução do contrato/, { selector: "input" }) !== null,
  supplyType: () => screen.queryByRole("radiogroup", { name: /Tipo de Fornecimento do Objeto/ }) !== null,
  minimum: () => screen.queryByRole("radiogroup", { name: MINIMUM }) !== null,
  qualification: () => screen.queryByLabelText(QUALIFICATION) !== null,
};

describe("SupplierSelectionStep", () => {
  it("shows the modality read-only, the criterion, the supply type, minimum value and qualification for goods", () => {
    renderStep<Data>(SupplierSelectionStep, { context: GOODS });
    const modality = screen.getByLabelText("Modalidade");
    expect(modality).toHaveValue("Pregão Eletrônico (Lei 14.133/2021)");
    expect(modality).toHaveAttribute("readonly");
    const criterion = screen.getByRole("radiogroup", { name: /Critério de Julgamento/ });
    for (const label of ["Menor preço", "Maior desconto", "Técnica e preço", "Maior lance"])
      expect(within(criterion).getByRole("radio", { name: label })).toBeInTheDocument();
    expect(has.supplyType()).toBe(true);
    expect(has.regime()).toBe(false);
    expect(has.minimum()).toBe(true);
    expect(has.qualification()).toBe(true);
  });

  it("shows the execution regime without minimum value or qualification for services with labour", () => {
    renderStep<Data>(SupplierSelectionStep, { context: SERVICES_WITH_LABOR });
    expect(has.regime()).toBe(true);
    expect(has.supplyType()).toBe(false);
    expect(has.minimum()).toBe(false);
    expect(has.qualification()).toBe(false);
  });

  it("shows the regime, minimum value and qualification for services without labour", () => {
    renderStep<Data>(SupplierSelectionStep, { context: SERVICES_WITHOUT_LABOR });
    expect(has.regime()).toBe(true);
    expect(has.minimum()).toBe(true);
    expect(has.qualification()).toBe(true);
  });

  it("shows the regime and minimum value, without qualification, for engineering", () => {
    renderStep<Data>(SupplierSelectionStep, { context: ENGINEERING });
    expect(selectInput(/Regime de execução do contrato/)).toBeInTheDocument();
    expect(has.minimum()).toBe(true);
    expect(has.qualification()).toBe(false);
  });

  it("reveals the minimum index and percent, and the professional entity's name", async () => {
    const { user, last } = renderStep<Data>(SupplierSelectionStep, { context: ENGINEERING });
    await user.click(screen.getByRole("radio", { name: "Técnica e preço" }));
    expect(last().dispensationForm).toBe("TECHNIQUE_AND_PRICE");
    expect(screen.queryByRole("radiogroup", { name: /Índice Mínimo/ })).not.toBeInTheDocument();
    await answer(user, "Será exigido capital ou patrimônio líquido mínimo?", true);
    await user.click(screen.getByRole("radio", { name: "Patrimônio líquido" }));
    await user.type(
      screen.getByLabelText(/Percentual mínimo em relação ao valor estimado da contratação/),
      "1000",
    );
    expect(last()).toMatchObject({
      isMinimumValueRequired: true,
      minimumIndex: "NET_WORTH",
      minimumValue: 10,
    });
    expect(screen.queryByLabelText(/Nome da Entidade Profissional/)).not.toBeInTheDocument();
    await answer(user, "Será exigido registro da empresa em entidade profissional?", true);
    await fill(user, screen.getByLabelText(/Nome da Entidade Profissional/), "CREA");
    expect(last().companyName).toBe("CREA");
  });

  it("adds an authorization through the 'Detalhes da autorização' modal", async () => {
    const { user, last } = renderStep<Data>(SupplierSelectionStep, { context: GOODS });
    expect(screen.queryByRole("button", { name: "+ Atividade de Exercício" })).not.toBeInTheDocument();
    await answer(user, "Será solicitado Ato de Autorização para Exercício de Atividade?", true);
    await user.click(screen.getByRole("button", { name: "+ Atividade de Exercício" }));
    const dialog = await screen.findByRole("dialog", { name: "Detalhes da autorização" });
    await fill(user, within(dialog).getByLabelText(/Atividade de Exercício/), "Comércio de medicamentos");
    await fill(user, within(dialog).getByLabelText(/Orgão competente/), "ANVISA");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().authorizationDetails).toEqual([
      { id: 1, exerciseActivity: "Comércio de medicamentos", competentBody: "ANVISA" },
    ]);
  });

  it("adds a technical qualification and ignores an empty one", async () => {
    const { user, onChange, last } = renderStep<Data>(SupplierSelectionStep, { context: GOODS });
    await user.click(screen.getByRole("button", { name: "+ Característica Técnica" }));
    expect(onChange).not.toHaveBeenCalled();
    await fill(user, screen.getByLabelText(QUALIFICATION), "Atestado de capacidade técnica");
    await user.click(screen.getByRole("button", { name: "+ Característica Técnica" }));
    expect(last().technicalQualifications).toEqual([
      { id: 1, qualification: "Atestado de capacidade técnica" },
    ]);
    expect(screen.getByLabelText(QUALIFICATION)).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Excluir Atestado de capacidade técnica" }));
    expect(last().technicalQualifications).toEqual([]);
  });

  it("shows an error under its field", () => {
    renderStep<Data>(SupplierSelectionStep, {
      context: GOODS,
      errors: { technicalQualification: ["Campo obrigatório"] },
    });
    expect(screen.getByLabelText(QUALIFICATION)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Campo obrigatório")).toBeInTheDocument();
  });
});
