import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderWithMantine } from "../../test/render";
import { SupplierModal } from "./SupplierModal";

// '+ Fornecedor' of the budget (planning §2.8; issue 16: CNPJ/CPF with check digits, lookup by CNPJ).

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SupplierModal", () => {
  it("fills the corporate name from the CNPJ lookup and adds the supplier as a legal person", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/integrations/getCompanyInformation": () => ({
        body: { cnpj: "11444777000161", corporateName: "Comercial Papel Nobre Ltda", tradeName: null },
      }),
    });
    const onAdd = vi.fn();
    renderWithMantine(
      <SupplierModal opened title="Fornecedor 1 - Lote 1" onClose={() => {}} onAdd={onAdd} />,
    );
    await user.type(screen.getByRole("textbox", { name: /CPF\/CNPJ/ }), "11444777000161");
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: /Nome ou Razão Social/ })).toHaveValue(
        "Comercial Papel Nobre Ltda",
      ),
    );
    expect(api.calls.find((c) => c.path === "/api/integrations/getCompanyInformation")?.body).toEqual({
      cnpj: "11.444.777/0001-61",
    });
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(onAdd).toHaveBeenCalledWith({
      documentNumber: "11444777000161",
      corporateName: "Comercial Papel Nobre Ltda",
      credentialKind: "LEGAL_PERSON",
      isSmallBusiness: false,
    });
  });

  it("refuses a CPF with wrong check digits and asks no registry for a CPF", async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    const onAdd = vi.fn();
    renderWithMantine(
      <SupplierModal opened title="Fornecedor 1 - Lote 1" onClose={() => {}} onAdd={onAdd} />,
    );
    await user.type(screen.getByRole("textbox", { name: /CPF\/CNPJ/ }), "52998224724");
    await user.type(screen.getByRole("textbox", { name: /Nome ou Razão Social/ }), "Maria Silva");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(screen.getByText("CPF ou CNPJ inválido")).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
  });
});
