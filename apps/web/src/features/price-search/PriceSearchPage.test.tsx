import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { auctioneer } from "../../test/fixtures";
import { budgetLot, PNCP_NOTICE, pncpItem } from "../../test/price-search-fixtures";
import { newQueryClient, renderRoutes } from "../../test/render";
import { SESSION_QUERY_KEY } from "../auth/session";
import type { BudgetBatches } from "../budget/budget.api";
import { PriceSearchPage } from "./PriceSearchPage";

// 'Pesquisa de preços' on its own page (planning §2.1 "Price research entry", §2.9; issue 35 item 4): the
// budget's search, typed quotes, the IN SEGES/ME 65/2021 figures, the basket's report and 'Salvar no processo'.

beforeEach(() => {
  // saveFile hands the blob to the browser through an object URL (absent from the test DOM).
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
  );
});

const NOTICE = PNCP_NOTICE;
const ITEM = pncpItem(1, "Papel A4, resma");
const BATCHES: BudgetBatches = {
  process: { id: "p-1", processNumber: "PA 21/2026" },
  total: 1,
  list: [
    budgetLot({
      averagePrice: 28,
      medianPrice: 28,
      lowestPrice: 28,
      referencePrice: 28,
      budgets: [
        {
          id: "b-1",
          price: 28,
          columnOrder: 1,
          pncpItemId: null,
          flag: null,
          excluded: false,
          exclusionJustification: null,
          demandFormalizationBatch: { id: "lot-1" },
          supplier: {
            documentNumber: "11222333000181",
            corporateName: "Fornecedor Já Cotado",
            credentialKind: "LEGAL_PERSON",
            isSmallBusiness: false,
          },
        },
      ],
    }),
  ],
};

/** '+ Cotação informada': the supplier through the budget's supplier modal (a CPF: no registry lookup). */
async function addTypedQuote(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole("button", { name: "+ Cotação informada" }));
  const modal = await screen.findByRole("dialog", { name: "Cotação informada - Fornecedor" });
  await user.type(within(modal).getByRole("textbox", { name: /CPF\/CNPJ/ }), "52998224725");
  await user.type(within(modal).getByRole("textbox", { name: /Nome ou Razão Social/ }), name);
  await user.click(within(modal).getByRole("button", { name: "Adicionar" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
}

function api(settings: object = { environment: "development" }) {
  return mockApi({
    "POST /api/app/auth/me": () => ({ body: { user: auctioneer } }),
    "GET /api/public/settings": () => ({ body: { version: "0.1.0", ...settings } }),
    "POST /api/app/pncp/search": () => ({ body: { list: [NOTICE], totalPages: 1 } }),
    "POST /api/app/pncp/items": () => ({ body: { list: [ITEM], totalPages: 1 } }),
    "POST /api/app/pncp/itemResults": () => ({
      body: {
        list: [
          {
            niFornecedor: "12345678000195",
            tipoPessoa: "PJ",
            nomeRazaoSocialFornecedor: "Papelaria Central Ltda",
            porteFornecedorNome: "ME",
            isSmallBusiness: true,
            credentialKind: "LEGAL_PERSON",
            quantidadeHomologada: 100,
            valorUnitarioHomologado: 30,
            valorTotalHomologado: 3000,
            codigoPais: "BRA",
            dataInclusao: "2026-03-10T00:00:00",
          },
        ],
      },
    }),
    "POST /api/app/report/priceSearch": () => ({ body: {} }),
    "POST /api/app/process/list": () => ({
      body: {
        processes: [
          {
            id: "p-1",
            processNumber: "PA 21/2026",
            createdDate: "2026-11-20T13:00:00.000Z",
            secretaries: [],
            demandFormalization: null,
            preliminaryTechnicalStudy: null,
            processDate: "2026-11-20",
            status: "PROCESS_PENDING",
            isDeleted: false,
            actions: ["EDIT"],
          },
        ],
        limitResult: 100,
        total: 1,
      },
    }),
    "POST /api/app/budget/read/batches": () => ({ body: BATCHES }),
    "POST /api/app/budget/save": () => ({ body: { success: true } }),
  });
}

function renderPage() {
  const client = newQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, auctioneer);
  return renderRoutes(
    [{ path: "/pesquisa-precos", element: <PriceSearchPage /> }],
    "/pesquisa-precos",
    client,
  );
}

describe("PriceSearchPage", () => {
  it("searches the portal, adds a typed quote, shows the figures, downloads the basket's report and saves it into a process", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderPage();

    expect(await screen.findByRole("heading", { name: "Pesquisa de preços" })).toBeInTheDocument();
    // The first search runs by itself (§2.9); a tender's items; 'Selecionar' reads the homologation.
    await user.click(await screen.findByRole("listitem", { name: /Ato nº 5\/2026/ }));
    await user.click(await screen.findByRole("checkbox", { name: "Selecionar item 1" }));
    expect(await screen.findByLabelText("Quantidade de Itens Selecionados")).toHaveTextContent("1");

    // A typed quote: its supplier, then its price and source.
    await addTypedQuote(user, "Maria Souza");
    await user.type(screen.getByRole("textbox", { name: "Preço unitário - Maria Souza" }), "2000");
    await user.type(
      screen.getByRole("textbox", { name: "Fonte da cotação - Maria Souza" }),
      "Site do fornecedor",
    );

    // The figures of 30,00 (portal) and 20,00 (typed): the domain's statistics.
    expect(screen.getByLabelText("Média")).toHaveTextContent("R$ 25,00");
    expect(screen.getByLabelText("Mediana")).toHaveTextContent("R$ 25,00");
    expect(screen.getByLabelText("Menor preço")).toHaveTextContent("R$ 20,00");
    expect(screen.getByLabelText("Preço de referência")).toHaveTextContent("R$ 25,00");
    await user.click(screen.getAllByLabelText(/^Método/)[0] as HTMLElement);
    await user.click(await screen.findByRole("option", { name: "Menor preço" }));
    expect(screen.getByLabelText("Preço de referência")).toHaveTextContent("R$ 20,00");
    const quotes = screen.getByRole("table", { name: "Cotações da pesquisa" });
    expect(within(quotes).getByText("Papelaria Central Ltda")).toBeInTheDocument();
    expect(within(quotes).getByText("Informada pelo usuário")).toBeInTheDocument();

    // 'Gerar Relatório': the basket, without a process (the server checks the portal's price).
    await user.click(screen.getByRole("button", { name: "Gerar Relatório" }));
    expect(await screen.findByText("Download efetuado com sucesso!")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/report/priceSearch")?.body).toEqual({
      priceSearchData: {
        objectOfInterest: "",
        priceMethod: "LOWEST",
        items: [{ itemId: ITEM.itemId, price: 30 }],
      },
      priceSearchExternalData: [
        {
          supplier: {
            documentNumber: "52998224725",
            name: "Maria Souza",
            credentialKind: "INDIVIDUAL",
            isSmallBusiness: false,
          },
          price: 20,
          source: "Site do fornecedor",
        },
      ],
    });

    // 'Salvar no processo': a process of the body, one of its lots, the budget's own save.
    await user.click(screen.getByRole("button", { name: "Salvar no processo" }));
    const save = await screen.findByRole("dialog", { name: "Salvar no processo" });
    await user.click(within(save).getAllByLabelText(/^Processo/)[0] as HTMLElement);
    await user.click(await screen.findByRole("option", { name: "PA 21/2026" }));
    const lot = () => within(save).getAllByLabelText(/^Lote e item/)[0] as HTMLElement;
    await waitFor(() => expect(lot()).toBeEnabled());
    await user.click(lot());
    await user.click(await screen.findByRole("option", { name: "Lote 1 · Item 1 - Papel sulfite" }));
    await user.click(within(save).getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Orçamento(s) salvo(s) com sucesso")).toBeInTheDocument();
    // Next to the lot's column 1: the portal price as column 2 (with its item id), the typed one as 3.
    expect(calls.find((c) => c.path === "/api/app/budget/save")?.body).toEqual([
      {
        demandFormalizationBatchId: "lot-1",
        price: 30,
        columnOrder: 2,
        supplier: {
          documentNumber: "12345678000195",
          corporateName: "Papelaria Central Ltda",
          credentialKind: "LEGAL_PERSON",
          isSmallBusiness: true,
        },
        pncpItemId: ITEM.itemId,
      },
      {
        demandFormalizationBatchId: "lot-1",
        price: 20,
        columnOrder: 3,
        supplier: {
          documentNumber: "52998224725",
          name: "Maria Souza",
          credentialKind: "INDIVIDUAL",
          isSmallBusiness: false,
        },
      },
    ]);
  });

  it("names a typed quote without a price instead of sending it", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderPage();
    await addTypedQuote(user, "Maria Souza");
    await user.click(screen.getByRole("button", { name: "Gerar Relatório" }));
    expect(await screen.findAllByText("Informe um preço maior que zero.")).not.toHaveLength(0);
    expect(screen.getByRole("textbox", { name: "Preço unitário - Maria Souza" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(calls.some((c) => c.path === "/api/app/report/priceSearch")).toBe(false);
  });

  it("offers 'Salvar no processo' only where the processes page is open (PLANNING_IN_PRODUCTION)", async () => {
    const { calls } = api({ environment: "production", planningInProduction: false });
    const first = renderPage();
    await waitFor(() => expect(calls.some((c) => c.path === "/api/public/settings")).toBe(true));
    await screen.findByRole("listitem", { name: /Ato nº 5\/2026/ });
    expect(screen.getByRole("button", { name: "Gerar Relatório" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Salvar no processo" })).toBeNull();
    first.unmount();

    api({ environment: "production", planningInProduction: true });
    renderPage();
    expect(await screen.findByRole("button", { name: "Salvar no processo" })).toBeInTheDocument();
  });
});
