import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { budgetLot, PNCP_NOTICE, pncpItem } from "../../test/price-search-fixtures";
import { newQueryClient, renderRoutes } from "../../test/render";
import { SESSION_QUERY_KEY } from "../auth/session";
import { BudgetPage } from "./BudgetPage";
import type { BudgetBatches } from "./budget.api";

// The price search modal opened from a lot (planning §2.9, §4 "Price search selection", "Budget columns").

beforeEach(() => {
  // saveFile hands the blob to the browser through an object URL (absent from the test DOM).
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const DATA: BudgetBatches = {
  process: { id: "p-1", processNumber: "PA 7/2026" },
  total: 1,
  list: [budgetLot()],
};
const NOTICE = PNCP_NOTICE;
const item = pncpItem;

describe("PriceSearchModal", () => {
  it("searches on opening, lists a tender's items, and turns the selected price into a budget column", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/budget/read/batches": () => ({ body: DATA }),
      "POST /api/app/pncp/search": () => ({ body: { list: [NOTICE], totalPages: 3 } }),
      "POST /api/app/pncp/items": () => ({
        body: { list: [item(1, "PAPEL SULFITE A4"), item(2, "Caneta azul")], totalPages: 1 },
      }),
      "POST /api/app/report/priceSearch": () => ({ body: {} }),
      "POST /api/app/pncp/itemResults": () => ({
        body: {
          list: [
            {
              niFornecedor: "11222333000181",
              nomeRazaoSocialFornecedor: "Papelaria Boa",
              porteFornecedorNome: "ME",
              isSmallBusiness: true,
              credentialKind: "LEGAL_PERSON",
              quantidadeHomologada: 100,
              valorUnitarioHomologado: 25.555,
              valorTotalHomologado: 2555.5,
              codigoPais: "BRA",
              dataInclusao: "2026-03-10T00:00:00",
            },
          ],
        },
      }),
    });
    renderRoutes(
      [{ path: "/cadastrar/processos/:id/orcamento", element: <BudgetPage /> }],
      "/cadastrar/processos/p-1/orcamento",
    );
    await user.click(await screen.findByRole("button", { name: "Pesquisar preços - Lote 1 · Item 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Pesquisa de Preços" });
    expect(within(dialog).getByRole("textbox", { name: "Objeto de interesse" })).toHaveValue("Papel sulfite");
    const row = await within(dialog).findByRole("listitem", { name: /Ato nº 5\/2026/ });
    expect(within(row).getByText("04/03/2026")).toBeInTheDocument();
    expect(within(dialog).getByText("Página 1 - 3")).toBeInTheDocument();
    const search = api.calls.find((c) => c.path === "/api/app/pncp/search");
    expect(search?.body).toMatchObject({
      states: ["Selecionar Todos"],
      objectOfInterest: "Papel sulfite",
      page: 1,
      limitPerPage: 10,
    });

    await user.click(row);
    expect(await within(dialog).findByText("Detalhe do Processo Selecionado")).toBeInTheDocument();
    // 'Filtrar Itens' (Sim) keeps the items matching the object of interest.
    expect(within(dialog).queryByText("Caneta azul")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "Selecionar item 1" }));
    expect(await within(dialog).findByText("Papelaria Boa")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Quantidade de Itens Selecionados")).toHaveTextContent("1");
    expect(within(dialog).getByLabelText("Quantidade de Processos Diferentes")).toHaveTextContent("1");
    expect(within(dialog).getByLabelText("Quantidade de Licitantes Diferentes")).toHaveTextContent("1");

    // 'Gerar Relatório': the report of the selected basket (§7 "Report"), checked by the server.
    await user.click(within(dialog).getByRole("button", { name: "Gerar Relatório" }));
    expect(await screen.findByText("Download efetuado com sucesso!")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/app/report/priceSearch")?.body).toEqual({
      priceSearchData: {
        objectOfInterest: "Papel sulfite",
        priceMethod: "AVERAGE",
        items: [{ itemId: `${NOTICE.numeroControlePNCP}-1`, price: 25.56 }],
      },
      priceSearchExternalData: [],
    });

    await user.click(within(dialog).getByRole("button", { name: "Adicionar ao orçamento" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("textbox", { name: "Orçamento 1 - Lote 1 · Item 1" })).toHaveValue("R$ 25,56");
    expect(screen.getByText("Papelaria Boa")).toBeInTheDocument();
  });

  it("filters by the buyer's own state on opening (§2.9 'Unidade Federativa')", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/budget/read/batches": () => ({ body: DATA }),
      "POST /api/app/pncp/search": () => ({ body: { list: [NOTICE], totalPages: 1 } }),
    });
    const client = newQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, {
      id: "u-1",
      name: "Felipe Araújo",
      email: "planejamento@demo.gov.br",
      kind: "BUYER",
      buyer: { id: "b-1", corporateName: "Prefeitura de Teste", staffRoles: [], state: "PE" },
    });
    renderRoutes(
      [{ path: "/cadastrar/processos/:id/orcamento", element: <BudgetPage /> }],
      "/cadastrar/processos/p-1/orcamento",
      client,
    );
    await user.click(await screen.findByRole("button", { name: "Pesquisar preços - Lote 1 · Item 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Pesquisa de Preços" });
    await within(dialog).findByRole("listitem", { name: /Ato nº 5\/2026/ });
    expect(api.calls.find((c) => c.path === "/api/app/pncp/search")?.body).toMatchObject({ states: ["PE"] });
  });

  it("asks before closing with selected items and drops them on 'Sair mesmo assim' (§2.9)", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/budget/read/batches": () => ({ body: DATA }),
      "POST /api/app/pncp/search": () => ({ body: { list: [NOTICE], totalPages: 1 } }),
      "POST /api/app/pncp/items": () => ({ body: { list: [item(1, "Papel sulfite")], totalPages: 1 } }),
      "POST /api/app/pncp/itemResults": () => ({
        body: {
          list: [
            {
              niFornecedor: "1",
              nomeRazaoSocialFornecedor: "X",
              porteFornecedorNome: null,
              isSmallBusiness: false,
              credentialKind: "LEGAL_PERSON",
              quantidadeHomologada: 1,
              valorUnitarioHomologado: 1,
              valorTotalHomologado: 1,
              codigoPais: null,
              dataInclusao: null,
            },
          ],
        },
      }),
    });
    renderRoutes(
      [{ path: "/cadastrar/processos/:id/orcamento", element: <BudgetPage /> }],
      "/cadastrar/processos/p-1/orcamento",
    );
    await user.click(await screen.findByRole("button", { name: "Pesquisar preços - Lote 1 · Item 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Pesquisa de Preços" });
    await user.click(await within(dialog).findByRole("listitem", { name: /Ato nº 5\/2026/ }));
    await user.click(await within(dialog).findByRole("checkbox", { name: "Selecionar item 1" }));
    await within(dialog).findByText("X");
    await user.click(within(dialog).getByRole("button", { name: "Fechar" }));
    expect(
      await screen.findByText(/Atenção! Você possui itens selecionados\. Se sair da pesquisa/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sair mesmo assim" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("columnheader", { name: "Orçamento 1" })).not.toBeInTheDocument();
  });
});
