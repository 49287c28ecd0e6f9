import type {
  ContractingRequirementsData,
  GeneralConditionsData,
  ReferenceTermBatch,
  ReferenceTermContext,
} from "@certame/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import type { StepFormProps } from "../step-props";
import { ContractingRequirementsStep, joinBrasilia, splitBrasilia } from "./ContractingRequirementsStep";
import { GeneralConditionsStep } from "./GeneralConditionsStep";
import { answer, ENGINEERING, GOODS } from "./step-test-utils";

// Steps 1 and 3 of the reference term (planning §2.10 "Step 1", "Step 3", §4 "Step 1 bulk rules",
// §9 "Inspection and service times are labelled as Brasília time").

afterEach(() => {
  vi.unstubAllGlobals();
});

const lot = (n: number, extra: Partial<ReferenceTermBatch> = {}): ReferenceTermBatch => ({
  id: `lot-${n}`,
  number: n,
  item: 1,
  description: n === 1 ? "Papel sulfite A4" : "Caneta esferográfica azul",
  quantity: 100 * n,
  isProductBrandRequired: false,
  decimalsNumber: 2,
  minimumVariationKind: null,
  minimumVariation: null,
  batchItemParticipation: null,
  ...extra,
});
const LOTS = [lot(1), lot(2)];

function renderForm<T>(
  Step: (props: StepFormProps<T>) => ReactNode,
  context: ReferenceTermContext,
  initial: T,
  lots: ReferenceTermBatch[] = LOTS,
) {
  const onChange = vi.fn<(next: T) => void>();
  function Harness() {
    const [value, setValue] = useState<T>(initial);
    return (
      <Step
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        errors={{}}
        context={context}
        lots={lots}
      />
    );
  }
  const user = userEvent.setup();
  renderWithMantine(<Harness />);
  return { user, last: () => onChange.mock.calls.at(-1)?.[0] as T };
}

/** A Mantine select's input by its label (its listbox carries the same label). */
const combo = (label: RegExp | string) => screen.getByLabelText(label, { selector: "input" });

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(combo(label));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("GeneralConditionsStep (step 1)", () => {
  it("applies the bulk rules of the process participation, brand and decimals to every lot (§4)", async () => {
    const { user, last } = renderForm<GeneralConditionsData>(GeneralConditionsStep, GOODS, {
      batchList: LOTS,
    });
    const table = screen.getByRole("table", { name: "Lotes do processo" });
    expect(within(table).getByText("Papel sulfite A4")).toBeInTheDocument();
    expect(combo("Participação - Lote 1 · Item 1")).toBeDisabled();

    await choose(user, /^Participação no processo/, "Exclusiva ME-EPP");
    expect(last().processParticipation).toBe("MICRO_BUSINESS_EXCLUSIVE");
    expect(last().batchList?.map((l) => l.batchItemParticipation)).toEqual(["EXCLUSIVE", "EXCLUSIVE"]);

    await choose(user, /^Participação no processo/, "Definida por lote");
    expect(last().batchList?.map((l) => l.batchItemParticipation)).toEqual([null, null]);
    expect(combo("Participação - Lote 2 · Item 1")).toBeEnabled();
    await user.click(combo("Participação - Lote 2 · Item 1"));
    await user.click(
      await screen.findByRole("option", { name: "Cota Reservada para ME/EPP/COOP (Até 25%)" }),
    );
    expect(last().batchList?.map((l) => l.batchItemParticipation)).toEqual([null, "DIFFERENTIATED"]);

    await choose(user, /^Exige marca do produto\?/, "Sim para todos");
    expect(last().batchList?.map((l) => l.isProductBrandRequired)).toEqual([true, true]);
    await choose(user, /^Exige marca do produto\?/, "Lote a lote");
    expect(last().batchList?.map((l) => l.isProductBrandRequired)).toEqual([false, false]);
    expect(combo("Exige marca - Lote 1 · Item 1")).toBeInTheDocument();

    await choose(user, /^Casas decimais/, "4");
    expect(last().batchList?.map((l) => l.decimalsNumber)).toEqual([4, 4]);
    await choose(user, /^Casas decimais/, "Lote a lote");
    expect(last().batchList?.map((l) => l.decimalsNumber)).toEqual([null, null]);
  });

  it("applies the minimum variation with 'Alterar variações' or Enter (§4)", async () => {
    const { user, last } = renderForm<GeneralConditionsData>(GeneralConditionsStep, GOODS, {
      batchList: LOTS,
    });
    await choose(user, /^Tipo de variação mínima/, "%");
    const value = screen.getByRole("textbox", { name: "Variação mínima" });
    await user.type(value, "150{Enter}");
    expect(last().batchList?.map((l) => [l.minimumVariationKind, l.minimumVariation])).toEqual([
      ["PERCENTAGE", 1.5],
      ["PERCENTAGE", 1.5],
    ]);
    expect(screen.getByRole("table", { name: "Lotes do processo" })).toHaveTextContent("1,50 %");
    await choose(user, /^Tipo de variação mínima/, "R$");
    const money = screen.getByRole("textbox", { name: "Variação mínima" });
    await user.clear(money);
    await user.type(money, "25");
    await user.click(screen.getByRole("button", { name: "Alterar variações" }));
    expect(last().batchList?.[1]).toMatchObject({ minimumVariationKind: "REAL", minimumVariation: 0.25 });
  });

  it("asks 'Motivo da Vigência Contínua' only for a continuous supply (§4 'Supply type')", async () => {
    const { user } = renderForm<GeneralConditionsData>(GeneralConditionsStep, GOODS, { batchList: LOTS });
    expect(screen.queryByRole("textbox", { name: /Motivo da Vigência Contínua/ })).toBeNull();
    await choose(user, /^Tipo de fornecimento/, "Contínuo");
    expect(screen.getByRole("textbox", { name: /Motivo da Vigência Contínua/ })).toBeInTheDocument();
  });

  it("shows 'Sim para todos' on load when the first lot requires the brand (§4 'On load')", () => {
    renderForm<GeneralConditionsData>(GeneralConditionsStep, GOODS, {
      batchList: [lot(1, { isProductBrandRequired: true, decimalsNumber: 4 }), lot(2)],
    });
    expect(combo(/^Exige marca do produto\?/)).toHaveValue("Sim para todos");
    expect(combo(/^Casas decimais/)).toHaveValue("4");
  });

  it("shows 4 decimals on load unless the first lot has 2, never 'Lote a lote' (§4 'On load')", () => {
    renderForm<GeneralConditionsData>(GeneralConditionsStep, GOODS, {
      batchList: [lot(1, { decimalsNumber: null }), lot(2)],
    });
    expect(combo(/^Casas decimais/)).toHaveValue("4");
  });

  it("gives the R$ minimum variation the decimals option's precision, 2 for 'Lote a lote' (§9)", async () => {
    const { user, last } = renderForm<GeneralConditionsData>(GeneralConditionsStep, GOODS, {
      batchList: [lot(1, { decimalsNumber: 4 }), lot(2, { decimalsNumber: 4 })],
    });
    const money = () => screen.getByRole("textbox", { name: "Variação mínima" });
    expect(money()).toHaveAttribute("placeholder", "R$ 0,0000");
    await user.type(money(), "12345");
    expect(money()).toHaveValue("R$ 1,2345");
    await user.click(screen.getByRole("button", { name: "Alterar variações" }));
    expect(last().batchList?.[0]).toMatchObject({ minimumVariationKind: "REAL", minimumVariation: 1.2345 });
    expect(screen.getByRole("table", { name: "Lotes do processo" })).toHaveTextContent("R$ 1,2345");
    await choose(user, /^Casas decimais/, "Lote a lote");
    expect(money()).toHaveAttribute("placeholder", "R$ 0,00");
    await choose(user, /^Tipo de variação mínima/, "%");
    expect(money()).toHaveAttribute("placeholder", "0,00 %");
  });

  it("ties the lots' error to the lots group and 'Alterar variações' (accessibility)", () => {
    renderWithMantine(
      <GeneralConditionsStep
        value={{ batchList: [] }}
        onChange={() => {}}
        errors={{ batchList: ["Adicione no mínimo um item na lista"] }}
        context={GOODS}
        lots={[]}
      />,
    );
    expect(screen.getByRole("group", { name: "Lotes do processo" })).toHaveAccessibleDescription(
      "Adicione no mínimo um item na lista",
    );
    expect(screen.getByRole("button", { name: "Alterar variações" })).toHaveAccessibleDescription(
      "Adicione no mínimo um item na lista",
    );
  });
});

describe("ContractingRequirementsStep (step 3)", () => {
  it("ignores an empty brand and numbers the brands (§2.10, §9)", async () => {
    const { user, last } = renderForm<ContractingRequirementsData>(ContractingRequirementsStep, GOODS, {});
    await answer(user, "Haverá indicação de marca?", true);
    const input = screen.getByRole("textbox", { name: "Marcas indicadas" });
    await user.type(input, "   ");
    await user.click(screen.getAllByRole("button", { name: "Adicionar" })[0] as HTMLElement);
    expect(last().permittedBrandList).toBeUndefined();
    await user.type(input, "Marca A{Enter}");
    await user.type(input, "Marca B");
    await user.click(screen.getAllByRole("button", { name: "Adicionar" })[0] as HTMLElement);
    expect(last().permittedBrandList).toEqual([
      { id: 1, brand: "Marca A" },
      { id: 2, brand: "Marca B" },
    ]);
    await user.click(screen.getByRole("button", { name: "Excluir marca Marca A" }));
    expect(last().permittedBrandList).toEqual([{ id: 1, brand: "Marca B" }]);
  });

  it("builds 'Lista de Itens para Amostra' from the process's real lots, with select-all (§2.10)", async () => {
    const { user, last } = renderForm<ContractingRequirementsData>(ContractingRequirementsStep, GOODS, {});
    await answer(user, "Será exigida amostra?", true);
    await user.click(screen.getByRole("button", { name: "Selecionar itens" }));
    const dialog = await screen.findByRole("dialog", { name: "Lista de Itens para Amostra" });
    expect(
      within(dialog).getByRole("checkbox", { name: "Lote 1 · Item 1 — Papel sulfite A4" }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "Selecionar todos" }));
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(last().sampleRequiredList).toEqual([
      { id: 1, item: "Lote 1 · Item 1 — Papel sulfite A4" },
      { id: 2, item: "Lote 2 · Item 1 — Caneta esferográfica azul" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("sample-items")).toHaveTextContent(
      "Lote 2 · Item 1 — Caneta esferográfica azul",
    );
  });

  it("hides sustainability and the site assessment for goods; engineering asks the main portion (§5)", async () => {
    renderForm<ContractingRequirementsData>(ContractingRequirementsStep, GOODS, {});
    expect(screen.queryByRole("radiogroup", { name: /Haverá vistoria prévia\?/ })).toBeNull();
    expect(screen.queryByRole("radiogroup", { name: /critérios adicionais de sustentabilidade/ })).toBeNull();
  });

  it("combines the inspection date and the Brasília time into one instant (§3, §9)", async () => {
    const { user, last } = renderForm<ContractingRequirementsData>(
      ContractingRequirementsStep,
      ENGINEERING,
      {},
    );
    await answer(user, "Haverá vistoria prévia?", true);
    expect(
      screen.getByRole("textbox", { name: /Parcela de maior relevância do objeto/ }),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Data de início da vistoria/), {
      target: { value: "2026-12-01" },
    });
    expect(last().inspectionStartDate).toBeNull();
    await user.type(
      screen.getByRole("textbox", { name: /Hora de início da vistoria \(horário de Brasília\)/ }),
      "0930",
    );
    expect(last().inspectionStartDate).toBe("2026-12-01T12:30:00.000Z");
  });

  it("ties the samples' and the delivery address's errors to their buttons (accessibility)", () => {
    function Harness() {
      const [value, setValue] = useState<ContractingRequirementsData>({ isSampleRequired: true });
      return (
        <ContractingRequirementsStep
          value={value}
          onChange={setValue}
          errors={{
            sampleRequiredList: ["Adicione no mínimo um item na lista"],
            "sampleDeliveryAddress.street": ["Rua obrigatória"],
          }}
          context={GOODS}
          lots={LOTS}
        />
      );
    }
    renderWithMantine(<Harness />);
    expect(screen.getByRole("button", { name: "Selecionar itens" })).toHaveAccessibleDescription(
      "Adicione no mínimo um item na lista",
    );
    expect(screen.getByRole("button", { name: "Adicionar endereço" })).toHaveAccessibleDescription(
      "Rua obrigatória",
    );
  });

  it("splits and joins Brasília date-times", () => {
    expect(joinBrasilia("2026-12-01", "09:30")).toBe("2026-12-01T12:30:00.000Z");
    expect(joinBrasilia("2026-12-01", "9:3")).toBeNull();
    expect(joinBrasilia("", "09:30")).toBeNull();
    expect(splitBrasilia("2026-12-01T12:30:00.000Z")).toEqual({ date: "2026-12-01", time: "09:30" });
    expect(splitBrasilia(null)).toEqual({ date: "", time: "" });
  });
});
