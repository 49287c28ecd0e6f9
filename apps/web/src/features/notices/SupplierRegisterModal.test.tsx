import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { newQueryClient, renderWithMantine } from "../../test/render";
import { SupplierRegisterModal } from "./SupplierRegisterModal";

afterEach(() => {
  vi.unstubAllGlobals();
});

const created = {
  id: "s9",
  code: 9,
  createdDate: "2026-03-01T12:00:00.000Z",
  credentialKind: "LEGAL_PERSON",
  documentNumber: "11222333000181",
  name: null,
  corporateName: "Empresa Exemplo Ltda",
  isSmallBusiness: true,
  email: null,
  phoneNumber: null,
  cellphoneNumber: null,
  tradeRepresentativeName: null,
  tradeRepresentativeCpf: null,
};

function open(onCreated = vi.fn()) {
  renderWithMantine(
    <QueryClientProvider client={newQueryClient()}>
      <SupplierRegisterModal opened onClose={() => {}} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return onCreated;
}

const addButton = () => screen.getByRole("button", { name: "Adicionar" });

describe("'Cadastro de licitante'", () => {
  it("keeps 'Adicionar' disabled until a legal person's CNPJ has valid check digits and the company fields are filled; the lookup fills the name read-only", async () => {
    const api = mockApi({
      "POST /api/integrations/getCompanyInformation": (body) => ({
        body: {
          cnpj: (body as { cnpj: string }).cnpj,
          corporateName: "Empresa Exemplo Ltda",
          tradeName: null,
        },
      }),
      "POST /api/app/supplier/create": () => ({ body: created }),
    });
    const onCreated = open();
    const user = userEvent.setup();
    expect(addButton()).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Pessoa jurídica" }));
    const cnpj = screen.getByRole("textbox", { name: "CNPJ" });
    await user.type(cnpj, "11222333000182");
    expect(cnpj).toHaveValue("11.222.333/0001-82");
    expect(screen.getByText("CNPJ inválido")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith("getCompanyInformation"))).toBe(false);
    expect(addButton()).toBeDisabled();

    await user.clear(cnpj);
    await user.type(cnpj, "11222333000181");
    expect(screen.queryByText("CNPJ inválido")).not.toBeInTheDocument();
    const name = screen.getByRole("textbox", { name: "Razão social" });
    await waitFor(() => expect(name).toHaveValue("Empresa Exemplo Ltda"));
    expect(name).toHaveAttribute("readonly");
    expect(api.calls.find((c) => c.path.endsWith("getCompanyInformation"))?.body).toEqual({
      cnpj: "11.222.333/0001-81",
    });
    // ME/EPP is still required.
    expect(addButton()).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Sim" }));
    expect(addButton()).toBeEnabled();
    await user.click(addButton());
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(screen.getByText("Licitante cadastrado com sucesso")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/app/supplier/create")?.body).toEqual({
      credentialKind: "LEGAL_PERSON",
      documentNumber: "11.222.333/0001-81",
      corporateName: "Empresa Exemplo Ltda",
      isSmallBusiness: true,
    });
  });

  it("leaves the company name editable when the CNPJ lookup fails, with the server's message", async () => {
    mockApi({
      "POST /api/integrations/getCompanyInformation": () => ({
        status: 404,
        body: { message: "Erro ao localizar dados complementares do CNPJ" },
      }),
    });
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Pessoa jurídica" }));
    await user.type(screen.getByRole("textbox", { name: "CNPJ" }), "11222333000181");
    expect(await screen.findByText("Erro ao localizar dados complementares do CNPJ")).toBeInTheDocument();
    const name = screen.getByRole("textbox", { name: "Razão social" });
    expect(name).not.toHaveAttribute("readonly");
    await user.type(name, "Nome digitado");
    await user.click(screen.getByRole("radio", { name: "Não" }));
    expect(addButton()).toBeEnabled();
  });

  it("asks an individual for a CPF with valid check digits and a name", async () => {
    mockApi({});
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Pessoa física" }));
    expect(screen.queryByRole("textbox", { name: "CNPJ" })).not.toBeInTheDocument();
    const cpf = screen.getByRole("textbox", { name: "CPF" });
    await user.type(cpf, "52998224724");
    expect(cpf).toHaveValue("529.982.247-24");
    expect(screen.getByText("CPF inválido")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Maria da Silva");
    expect(addButton()).toBeDisabled();
    await user.clear(cpf);
    await user.type(cpf, "52998224725");
    expect(screen.queryByText("CPF inválido")).not.toBeInTheDocument();
    expect(addButton()).toBeEnabled();
    expect(screen.queryByText("Sua empresa está enquadrada como ME/EPP?")).not.toBeInTheDocument();
  });
});
