import type { ReferenceTermAddress } from "@certame/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/fetch-mock";
import { renderWithMantine } from "../../../test/render";
import { AddressListField } from "./AddressListField";
import { ListField } from "./ListField";
import { YesNoField } from "./YesNoField";

// The reference term's shared fields (planning §2.10, §2.11 "Address form", §5 "Address",
// §5 "Lists and paragraphs", §9 "List entries … receive id/number = list length + 1").

afterEach(() => {
  vi.unstubAllGlobals();
});

const CEP_ROUTE = "POST /api/integrations/getAddressByPostalCode";

type Advance = { id: number; valueCents: number; condition: string };

function AdvanceList({ onValue }: { onValue: (rows: Advance[]) => void }) {
  const [rows, setRows] = useState<Advance[]>([]);
  return (
    <ListField<Advance>
      title="Regras de antecipação"
      addLabel="+ Adicionar regra"
      modalTitle="Regra de antecipação"
      fields={[
        { key: "valueCents", label: "Valor", kind: "money" },
        { key: "condition", label: "Condição", kind: "textarea" },
      ]}
      columns={[
        { header: "Número", render: (row) => row.id },
        { header: "Condição", render: (row) => row.condition },
      ]}
      value={rows}
      onChange={(next) => {
        setRows(next);
        onValue(next);
      }}
      error={rows.length === 0 ? ["Adicione no mínimo um item na lista"] : undefined}
    />
  );
}

function AddressHarness({ onValue }: { onValue: (rows: ReferenceTermAddress[]) => void }) {
  const [rows, setRows] = useState<ReferenceTermAddress[]>([]);
  return (
    <AddressListField
      label="Endereços de execução"
      value={rows}
      onChange={(next) => {
        setRows(next);
        onValue(next);
      }}
    />
  );
}

describe("YesNoField", () => {
  it("offers 'Sim' / 'Não', reports the choice and links its error", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithMantine(
      <YesNoField label="Haverá vistoria prévia?" onChange={onChange} error="Campo obrigatório" required />,
    );
    const group = screen.getByRole("radiogroup", { name: /Haverá vistoria prévia\?/ });
    expect(group).toHaveAccessibleDescription("Campo obrigatório");
    await user.click(within(group).getByRole("radio", { name: "Não" }));
    expect(onChange).toHaveBeenLastCalledWith(false);
    await user.click(within(group).getByRole("radio", { name: "Sim" }));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });
});

describe("ListField", () => {
  it("keeps 'Confirmar' disabled until every field is filled, numbers entries and renumbers on delete", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithMantine(<AdvanceList onValue={onValue} />);
    expect(screen.getByText("Adicione no mínimo um item na lista")).toBeInTheDocument();

    for (const [amount, condition] of [
      ["150000", "Na assinatura"],
      ["2550", "Na entrega"],
    ] as const) {
      await user.click(screen.getByRole("button", { name: "+ Adicionar regra" }));
      const dialog = await screen.findByRole("dialog", { name: "Regra de antecipação" });
      const confirm = within(dialog).getByRole("button", { name: "Confirmar" });
      expect(confirm).toBeDisabled();
      await user.type(within(dialog).getByRole("textbox", { name: /Valor/ }), amount);
      expect(confirm).toBeDisabled();
      await user.type(within(dialog).getByRole("textbox", { name: /Condição/ }), condition);
      expect(confirm).toBeEnabled();
      await user.click(confirm);
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    // Money is typed in R$ and kept in cents; ids are the list length + 1.
    expect(onValue).toHaveBeenLastCalledWith([
      { id: 1, valueCents: 150000, condition: "Na assinatura" },
      { id: 2, valueCents: 2550, condition: "Na entrega" },
    ]);
    expect(screen.queryByText("Adicione no mínimo um item na lista")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Excluir Regras de antecipação 1" }));
    expect(onValue).toHaveBeenLastCalledWith([{ id: 1, valueCents: 2550, condition: "Na entrega" }]);
  });
});

describe("AddressListField and AddressModal", () => {
  it("validates every required field on save with the §5 messages and adds nothing", async () => {
    const user = userEvent.setup();
    mockApi({});
    const onValue = vi.fn();
    renderWithMantine(<AddressHarness onValue={onValue} />);
    await user.click(screen.getByRole("button", { name: "+ Adicionar endereço" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar endereço" });
    await user.click(within(dialog).getByRole("button", { name: "Salvar endereço" }));
    for (const message of [
      "CEP obrigatório",
      "Rua obrigatória",
      "Número obrigatório",
      "Bairro obrigatório",
      "Cidade obrigatória",
      "Estado obrigatório",
    ])
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /Rua/ })).toHaveAccessibleDescription(
      "Rua obrigatória",
    );
    expect(onValue).not.toHaveBeenCalled();
  });

  it("fills the address from the CEP and shows it as 'street, number, district - city/state, postalCode'", async () => {
    const user = userEvent.setup();
    mockApi({
      [CEP_ROUTE]: () => ({
        body: {
          postalCode: "01001000",
          street: "Praça da Sé",
          complement: null,
          district: "Sé",
          city: "São Paulo",
          state: "SP",
          ibgeCode: "3550308",
        },
      }),
    });
    const onValue = vi.fn();
    renderWithMantine(<AddressHarness onValue={onValue} />);
    await user.click(screen.getByRole("button", { name: "+ Adicionar endereço" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar endereço" });
    await user.type(within(dialog).getByRole("textbox", { name: /CEP/ }), "01001000");
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: /Rua/ })).toHaveValue("Praça da Sé"),
    );
    expect(within(dialog).getByRole("textbox", { name: /Cidade/ })).toHaveValue("São Paulo");
    await user.type(within(dialog).getByRole("textbox", { name: /Número/ }), "100");
    await user.click(within(dialog).getByRole("button", { name: "Salvar endereço" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onValue).toHaveBeenLastCalledWith([
      {
        postalCode: "01001-000",
        street: "Praça da Sé",
        number: "100",
        district: "Sé",
        city: "São Paulo",
        state: "SP",
      },
    ]);
    expect(screen.getByRole("table", { name: "Endereços de execução" })).toHaveTextContent(
      "Praça da Sé, 100, Sé - São Paulo/SP, 01001-000",
    );
  });

  it("says 'Erro ao encontrar dados do CEP inserido.' when the lookup fails (§8)", async () => {
    const user = userEvent.setup();
    mockApi({ [CEP_ROUTE]: () => ({ status: 404, body: { message: "Não encontrado" } }) });
    renderWithMantine(<AddressHarness onValue={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "+ Adicionar endereço" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar endereço" });
    const cep = within(dialog).getByRole("textbox", { name: /CEP/ });
    await user.type(cep, "99999999");
    await waitFor(() => expect(cep).toHaveAccessibleDescription("Erro ao encontrar dados do CEP inserido."));
  });
});
