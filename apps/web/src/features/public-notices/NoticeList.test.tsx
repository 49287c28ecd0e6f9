import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { mockApi } from "../../test/fetch-mock";
import { notice } from "../../test/fixtures";
import { renderRoutes } from "../../test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(list: (body: unknown) => { auctionNotices: unknown[]; total: number; limitResult: number }) {
  return mockApi({
    "POST /api/app/auth/me": () => ({ status: 401, body: { message: "Sessão expirada" } }),
    "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
    "POST /api/public/auction/list": (body) => ({ body: list(body) }),
  });
}

const listCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === "/api/public/auction/list").map((c) => c.body);

describe("public notice list (/editais)", () => {
  it("shows the published notices with every column", async () => {
    setup(() => ({ auctionNotices: [notice()], total: 1, limitResult: 20 }));
    renderRoutes(appRoutes(), "/editais");
    const table = await screen.findByRole("table", { name: "Editais publicados" });
    await within(table).findByText("12/2026");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Órgão",
      "Edital",
      "Processo",
      "Objeto",
      "Modalidade",
      "Data da sessão",
      "Status",
      "Cidade/UF",
      "Arquivos",
    ]);
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "Prefeitura Municipal de Exemplo",
      "12/2026",
      "345/2026",
      "Aquisição de material de expediente",
      "Pregão Eletrônico (Lei 14.133/2021)",
      "10/03/2026 09:30",
      "Publicado",
      "Campinas/SP",
      "",
    ]);
  });

  it("asks for page 1 sorted by session date, newest first", async () => {
    const { calls } = setup(() => ({ auctionNotices: [], total: 0, limitResult: 20 }));
    renderRoutes(appRoutes(), "/editais");
    await screen.findByText("Nenhum resultado encontrado");
    expect(listCalls(calls)[0]).toEqual({ page: 1, orderByColumn: "startDateTime", sortOrder: "DESC" });
  });

  it("searches and shows 'Nenhum resultado encontrado' when nothing matches", async () => {
    const user = userEvent.setup();
    const { calls } = setup((body) =>
      (body as { searchParameters?: string }).searchParameters
        ? { auctionNotices: [], total: 0, limitResult: 20 }
        : { auctionNotices: [notice()], total: 1, limitResult: 20 },
    );
    renderRoutes(appRoutes(), "/editais");
    await screen.findByText("12/2026");
    await user.type(screen.getByRole("textbox", { name: "Pesquisar" }), "zzz-inexistente");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    expect(await screen.findByText("Nenhum resultado encontrado")).toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toEqual({
      page: 1,
      orderByColumn: "startDateTime",
      sortOrder: "DESC",
      searchParameters: "zzz-inexistente",
    });
  });

  it("sends the text and date filters, the date as yyyy-mm-dd", async () => {
    const user = userEvent.setup();
    const { calls } = setup(() => ({ auctionNotices: [], total: 0, limitResult: 20 }));
    renderRoutes(appRoutes(), "/editais");
    await screen.findByText("Nenhum resultado encontrado");
    await user.type(screen.getByRole("textbox", { name: "Órgão" }), "Prefeitura");
    await user.type(screen.getByRole("textbox", { name: "Número do edital" }), "12/2026");
    await user.type(screen.getByRole("textbox", { name: "Data da sessão a partir de" }), "10032026");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({
        page: 1,
        orderByColumn: "startDateTime",
        sortOrder: "DESC",
        buyerName: "Prefeitura",
        noticeNumber: "12/2026",
        startDate: "2026-03-10",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Limpar filtros" }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ page: 1, orderByColumn: "startDateTime", sortOrder: "DESC" }),
    );
    expect(screen.getByRole("textbox", { name: "Órgão" })).toHaveValue("");
  });

  it("refuses an impossible date with 'Data inválida' and does not search", async () => {
    const user = userEvent.setup();
    const { calls } = setup(() => ({ auctionNotices: [], total: 0, limitResult: 20 }));
    renderRoutes(appRoutes(), "/editais");
    await screen.findByText("Nenhum resultado encontrado");
    const before = listCalls(calls).length;
    await user.type(screen.getByRole("textbox", { name: "Data da sessão a partir de" }), "31022026");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    expect(await screen.findByText("Data inválida")).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(before);
  });

  it("pages through the results and goes back to page 1 on a new sort", async () => {
    const user = userEvent.setup();
    const { calls } = setup((body) => {
      const page = (body as { page: number }).page;
      return {
        auctionNotices: [notice({ id: `n-${page}`, noticeNumber: `${page}/2026` })],
        total: 45,
        limitResult: 20,
      };
    });
    renderRoutes(appRoutes(), "/editais");
    await screen.findByText("1/2026");
    expect(screen.getByText(/Página 1 de 3/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Página 2" }));
    await screen.findByText("2/2026");
    expect(listCalls(calls).at(-1)).toMatchObject({ page: 2 });

    await user.click(screen.getByRole("button", { name: /^Edital/ }));
    await screen.findByText("1/2026");
    expect(listCalls(calls).at(-1)).toEqual({ page: 1, orderByColumn: "noticeNumber", sortOrder: "ASC" });
    await user.click(screen.getByRole("button", { name: /^Edital/ }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ page: 1, orderByColumn: "noticeNumber", sortOrder: "DESC" }),
    );
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    mockApi({
      "POST /api/app/auth/me": () => ({ status: 401, body: { message: "Sem sessão" } }),
      "GET /api/public/settings": () => ({ body: { environment: "test", version: "0.1.0" } }),
      "POST /api/public/auction/list": () => ({ status: 400, body: { message: "UF inválida" } }),
    });
    renderRoutes(appRoutes(), "/editais");
    expect(await screen.findByText("UF inválida")).toBeInTheDocument();
  });

  it("on a phone shows stacked cards linking to the notice and the filters in a drawer", async () => {
    const user = userEvent.setup();
    const phone = (query: string) => ({
      matches: query === "(max-width: 47.99em)",
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
    vi.stubGlobal("matchMedia", phone);
    const { calls } = setup(() => ({ auctionNotices: [notice()], total: 1, limitResult: 20 }));
    renderRoutes(appRoutes(), "/editais");
    const list = await screen.findByRole("list", { name: "Editais publicados" });
    expect(await within(list).findByRole("link", { name: "Ver detalhes do edital 12/2026" })).toHaveAttribute(
      "href",
      "/detalhes-do-edital/n-1",
    );
    expect(screen.queryByRole("table", { name: "Editais publicados" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Órgão" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Filtros" }));
    const drawer = await screen.findByRole("dialog", { name: "Filtros de pesquisa" });
    await user.type(within(drawer).getByRole("textbox", { name: "Órgão" }), "Prefeitura");
    await user.click(within(drawer).getByRole("button", { name: "Aplicar filtros" }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ buyerName: "Prefeitura" }));
  });
});
