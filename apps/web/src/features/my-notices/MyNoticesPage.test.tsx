import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { MyNoticeRow, MyNoticesAnswer } from "./api";
import { MyNoticesPage } from "./MyNoticesPage";

// /meus-editais (notices-and-accounts §2.2; issue 19 item 3).

afterEach(() => {
  vi.unstubAllGlobals();
});

const SUPPLIER = { id: "u1", name: "Fornecedor Um", email: "fornecedor1@demo.com.br", kind: "SUPPLIER" };
const BUYER = { id: "u2", name: "Pregoeira", email: "pregoeiro@demo.gov.br", kind: "BUYER" };

const row = (over: Partial<MyNoticeRow> = {}): MyNoticeRow => ({
  id: "n1",
  noticeNumber: "PE 12/2026",
  processNumber: "PA 40/2026",
  objectOfInterest: "Material de escritório",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  status: "PUBLISHED",
  startDateTime: "2026-12-10T12:00:00.000Z",
  buyer: { id: "b1", corporateName: "Prefeitura Municipal de Exemplo", city: "Exemplo", state: "SP" },
  nextDeadline: {
    kind: "CLARIFICATION_END",
    label: "Fim do prazo de esclarecimentos e impugnações",
    at: "2026-12-04T12:00:00.000Z",
  },
  pendingActions: [
    {
      kind: "SEND_PROPOSAL",
      label: "Enviar proposta inicial",
      lotNumbers: [],
      dueAt: "2026-12-10T12:00:00.000Z",
    },
  ],
  ...over,
});

function setup(user: typeof SUPPLIER, answer: Partial<MyNoticesAnswer> = {}) {
  return mockApi({
    "POST /api/app/auth/me": () => ({ body: { user } }),
    "POST /api/app/auction/myNotices": () => ({
      body: {
        auctionNotices: [row()],
        limitResult: 20,
        total: 1,
        totalIsLowerBound: false,
        statusCounts: { PUBLISHED: 1, ONGOING: 0, FINISHED: 0 },
        ...answer,
      },
    }),
  });
}

const renderPage = () =>
  renderRoutes([{ path: "/meus-editais", element: <MyNoticesPage /> }], "/meus-editais");

describe("MyNoticesPage", () => {
  it("shows each process with its next deadline in Brasília time and its pending action as a link", async () => {
    setup(SUPPLIER);
    renderPage();
    const table = await screen.findByRole("table", { name: "Meus editais" });
    const cells = within(table);
    expect(await cells.findByRole("link", { name: "PE 12/2026" })).toHaveAttribute(
      "href",
      "/detalhes-do-edital/n1",
    );
    expect(cells.getByText("Prefeitura Municipal de Exemplo")).toBeInTheDocument();
    expect(cells.getByText("04/12/2026 09:00")).toBeInTheDocument();
    expect(cells.getByText("Fim do prazo de esclarecimentos e impugnações")).toBeInTheDocument();
    expect(cells.getByRole("link", { name: "Enviar proposta inicial" })).toHaveAttribute(
      "href",
      "/sala-de-negociacao/n1/cadastro-de-lances-iniciais",
    );
    expect(cells.getByText("até 10/12/2026 09:00")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("1 processo encontrado");
  });

  it("searches and narrows by status, sending both to the server from the first page", async () => {
    const api = setup(SUPPLIER);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("link", { name: "PE 12/2026" });
    expect(screen.getByRole("combobox", { name: "Situação" })).toHaveTextContent("Todas (1)");
    await user.type(screen.getByRole("textbox", { name: "Pesquisar meus editais" }), "escritório");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Situação" }), "Publicado (1)");
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/app/auction/myNotices").at(-1)?.body).toEqual({
        page: 1,
        searchParameters: "escritório",
        statuses: ["PUBLISHED"],
      }),
    );
  });

  it("a buyer's draft opens in its form and asks to be published; no body column for the body's own list", async () => {
    setup(BUYER, {
      auctionNotices: [
        row({
          id: "n2",
          status: "PENDING",
          nextDeadline: null,
          pendingActions: [{ kind: "PUBLISH", label: "Publicar o edital", lotNumbers: [], dueAt: null }],
        }),
      ],
      statusCounts: { PENDING: 1 },
    });
    renderPage();
    const table = await screen.findByRole("table", { name: "Meus editais" });
    expect(await within(table).findByRole("link", { name: "PE 12/2026" })).toHaveAttribute(
      "href",
      "/cadastrar/editais/n2/formulario",
    );
    expect(within(table).getByRole("link", { name: "Publicar o edital" })).toHaveAttribute(
      "href",
      "/cadastrar/editais/n2/formulario",
    );
    expect(within(table).getByText("Sem prazo em curso")).toBeInTheDocument();
    expect(within(table).queryByRole("columnheader", { name: "Órgão" })).toBeNull();
  });

  it("an empty answer says so", async () => {
    setup(SUPPLIER, { auctionNotices: [], total: 0, statusCounts: { PUBLISHED: 0 } });
    renderPage();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Nenhum processo encontrado"));
  });
});
