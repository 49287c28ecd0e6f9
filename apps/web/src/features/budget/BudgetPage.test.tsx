import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { BudgetPage } from "./BudgetPage";
import type { Budget, BudgetBatch, BudgetBatches } from "./budget.api";

// The budget screen (planning §2.8, §4 "Budget columns", §8 "Budget screen", §9).

afterEach(() => {
  vi.unstubAllGlobals();
});

const PID = "p-1";
const ACME = {
  documentNumber: "11222333000181",
  corporateName: "Acme Ltda",
  credentialKind: "LEGAL_PERSON" as const,
  isSmallBusiness: false,
};

function budget(id: string, columnOrder: number, price: number, extra: Partial<Budget> = {}): Budget {
  return {
    id,
    price,
    columnOrder,
    pncpItemId: null,
    flag: null,
    excluded: false,
    exclusionJustification: null,
    demandFormalizationBatch: { id: "lot-1" },
    supplier: ACME,
    ...extra,
  };
}

function batches(budgets: Budget[]): BudgetBatches {
  const lot: BudgetBatch = {
    id: "lot-1",
    number: 1,
    item: 1,
    product: { id: "pr-1", name: "Papel sulfite A4" },
    quantity: 100,
    measurementUnit: { code: "UN", description: "Unidade" },
    priceMethod: "AVERAGE",
    averagePrice: 15,
    medianPrice: 15,
    lowestPrice: 10,
    referencePrice: 15,
    coefficientOfVariation: 0.5,
    budgets,
  };
  return { process: { id: PID, processNumber: "PA 7/2026" }, list: [lot], total: 1 };
}

function renderPage(data: BudgetBatches, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ "POST /api/app/budget/read/batches": () => ({ body: data }), ...extra });
  renderRoutes(
    [
      { path: "/cadastrar/processos/:id/orcamento", element: <BudgetPage /> },
      { path: "/cadastrar/processos/:id/edicao", element: <p>admin</p> },
    ],
    `/cadastrar/processos/${PID}/orcamento`,
  );
  return api;
}

describe("BudgetPage", () => {
  it("shows the title, the fixed columns, the column pairs and the live average (§2.8, §9)", async () => {
    const user = userEvent.setup();
    renderPage(batches([budget("b-1", 1, 10), budget("b-2", 2, 20, { flag: "HIGH" })]));
    expect(
      await screen.findByRole("heading", { name: "Relatório de Pesquisa de Preços - Processo PA 7/2026" }),
    ).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Orçamentos dos lotes" });
    for (const header of [
      "Lote",
      "Item",
      "Produto",
      "Quantidade",
      "Unidade de medida",
      "Preço de referência médio (R$)",
      "Orçamento 1",
      "Fornecedor 1",
      "Orçamento 2",
      "Fornecedor 2",
    ])
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    expect(screen.getByTestId("average-lot-1")).toHaveTextContent("R$ 15,00");
    expect(screen.getByText("Acima do limite")).toBeInTheDocument();
    expect(screen.getByText("50,00 %")).toBeInTheDocument();

    const input = screen.getByRole("textbox", { name: "Orçamento 1 - Lote 1 · Item 1" });
    await user.clear(input);
    await user.type(input, "4000");
    expect(input).toHaveValue("R$ 40,00");
    expect(screen.getByTestId("average-lot-1")).toHaveTextContent("R$ 30,00");
  });

  it("adds a column after the used ones and saves only the cells with a supplier (§4)", async () => {
    const user = userEvent.setup();
    const api = renderPage(batches([budget("b-1", 1, 10)]), {
      "POST /api/app/budget/save": () => ({ body: [] }),
    });
    await user.click(await screen.findByRole("button", { name: "+ Adicionar Orçamento" }));
    expect(await screen.findByText("Coluna de orçamento adicionada!")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Orçamento 2" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Orçamento 2 - Lote 1 · Item 1" })).toHaveValue("R$ 0,00");

    // The supplier modal checks the CNPJ's check digits.
    await user.click(screen.getByRole("button", { name: "+ Fornecedor 2 - Lote 1 · Item 1" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "CPF/CNPJ" }), "11222333000182");
    await user.type(within(dialog).getByRole("textbox", { name: "Nome ou Razão Social" }), "Beta SA");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("CPF ou CNPJ inválido")).toBeInTheDocument();
    const doc = within(dialog).getByRole("textbox", { name: "CPF/CNPJ" });
    await user.clear(doc);
    await user.type(doc, "52998224725");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.type(screen.getByRole("textbox", { name: "Orçamento 2 - Lote 1 · Item 1" }), "1250");

    await user.click(screen.getByRole("button", { name: "Salvar alterações" }));
    expect(await screen.findByText("Orçamento(s) salvo(s) com sucesso")).toBeInTheDocument();
    const save = api.calls.find((c) => c.path === "/api/app/budget/save");
    expect(save?.body).toEqual([
      { id: "b-1", demandFormalizationBatchId: "lot-1", price: 10, columnOrder: 1, supplier: ACME },
      {
        demandFormalizationBatchId: "lot-1",
        price: 12.5,
        columnOrder: 2,
        supplier: {
          documentNumber: "52998224725",
          name: "Beta SA",
          credentialKind: "INDIVIDUAL",
          isSmallBusiness: false,
        },
      },
    ]);
  });

  it("deletes a whole column after the confirmation (§2.8)", async () => {
    const user = userEvent.setup();
    const api = renderPage(batches([budget("b-1", 1, 10)]), {
      "POST /api/app/budget/delete_many": () => ({ body: {} }),
    });
    await user.click(await screen.findByRole("button", { name: "Excluir coluna Orçamento 1" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Deseja excluir a coluna de orçamento selecionada?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Excluir coluna" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "/api/app/budget/delete_many")?.body).toEqual(["b-1"]),
    );
  });

  it("excludes a flagged quote with a justification", async () => {
    const user = userEvent.setup();
    const api = renderPage(batches([budget("b-1", 1, 10), budget("b-2", 2, 90, { flag: "HIGH" })]), {
      "POST /api/app/budget/exclude": () => ({ body: {} }),
    });
    await user.click(
      await screen.findByRole("button", { name: "Excluir do cálculo - Orçamento 2 - Lote 1 · Item 1" }),
    );
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await within(dialog).findByText("Campo obrigatório")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Justificativa" }), "Preço fora do mercado");
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "/api/app/budget/exclude")?.body).toEqual({
        id: "b-2",
        excluded: true,
        exclusionJustification: "Preço fora do mercado",
      }),
    );
  });

  // Issue 33: the server judges the justification's length (planning §2.8; domain budgetExcludeSchema).
  it("puts the server's refusal of a short justification on its field, focused", async () => {
    const user = userEvent.setup();
    const refusal = "Justifique a exclusão (mínimo de 10 caracteres).";
    renderPage(batches([budget("b-1", 1, 10), budget("b-2", 2, 90, { flag: "HIGH" })]), {
      "POST /api/app/budget/exclude": () => ({
        status: 400,
        body: {
          message: "Dados inválidos",
          properties: [{ property: "exclusionJustification", errorMessages: [refusal] }],
        },
      }),
    });
    await user.click(
      await screen.findByRole("button", { name: "Excluir do cálculo - Orçamento 2 - Lote 1 · Item 1" }),
    );
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByRole("textbox", { name: "Justificativa" });
    await user.type(field, "Caro");
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(refusal);
    await waitFor(() => expect(field).toHaveFocus());
  });
});
