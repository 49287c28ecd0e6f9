import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, type RecordedCall } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import type { ProcessListRow } from "./api";
import { ProcessesPage } from "./ProcessesPage";

// planning §2.2 (form, table, row actions), §4 (actions per status, success texts), §8 (errors).

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(overrides: Partial<ProcessListRow> = {}): ProcessListRow {
  return {
    id: "p-21",
    processNumber: "PA 21/2026",
    createdDate: "2026-11-20T13:00:00.000Z",
    secretaries: [{ name: "Secretaria de Educação" }, { name: "Secretaria de Saúde" }],
    demandFormalization: null,
    preliminaryTechnicalStudy: null,
    processDate: "2026-11-20",
    status: "PROCESS_PENDING",
    isDeleted: false,
    actions: ["EDIT", "DELETE"],
    ...overrides,
  };
}

const deleted = row({
  id: "p-7",
  processNumber: "PA 7/2026",
  createdDate: "2026-02-03T13:00:00.000Z",
  secretaries: [],
  processDate: "2026-02-03",
  isDeleted: true,
  actions: ["UNDO"],
});

type Handlers = Parameters<typeof mockApi>[0];

function setup(rows: ProcessListRow[] = [row(), deleted], extra: Handlers = {}) {
  return mockApi({
    "POST /api/app/process/list": () => ({ body: { processes: rows, limitResult: 20, total: rows.length } }),
    ...extra,
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: "/cadastrar/processos", element: <ProcessesPage /> },
      { path: "/cadastrar/processos/:id/edicao", element: <h1>Administração do Processo</h1> },
    ],
    "/cadastrar/processos",
  );
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === "/api/app/process/list").map((c) => c.body as Record<string, unknown>);

describe("ProcessesPage", () => {
  it("lists the processes with the spec's columns, every one sortable both ways", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Criar Processo" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Processos criados" });
    const first = await within(table).findByRole("row", { name: /PA 21\/2026/ });
    expect(
      within(first)
        .getAllByRole("cell")
        .slice(0, 8)
        .map((c) => c.textContent),
    ).toEqual([
      "PA 21/2026",
      "20/11/2026",
      "Secretaria de Educação, Secretaria de Saúde",
      "—",
      "—",
      "20/11/2026",
      "Pendente",
      "Não",
    ]);
    const second = within(table).getByRole("row", { name: /PA 7\/2026/ });
    expect(within(second).getByText("Sim")).toBeInTheDocument();

    const sortable = within(table)
      .getAllByRole("columnheader")
      .filter((h) => h.hasAttribute("aria-sort"));
    expect(sortable.map((h) => h.textContent)).toEqual([
      "Processo",
      "Data de Criação",
      "Unidades Responsáveis",
      "Objeto",
      "Modalidade",
      "Data do Processo",
      "Status",
      "Deletado",
    ]);
    expect(listCalls(calls)[0]).toMatchObject({
      page: 1,
      limit: 20,
      orderByColumn: "createdDate",
      sortOrder: "DESC",
    });
    expect(within(table).getByRole("columnheader", { name: /Data de Criação/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    const header = within(table).getByRole("columnheader", { name: /Deletado/ });
    await user.click(within(header).getByRole("button"));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ orderByColumn: "isDeleted", sortOrder: "ASC" }),
    );
    expect(header).toHaveAttribute("aria-sort", "ascending");
    await user.click(within(header).getByRole("button"));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ orderByColumn: "isDeleted", sortOrder: "DESC" }),
    );
    expect(header).toHaveAttribute("aria-sort", "descending");
  });

  it("offers each row its actions, named with the process, and 'Editar' opens the administration", async () => {
    const user = userEvent.setup();
    setup();
    const { router } = renderPage();
    await screen.findByRole("button", { name: "Editar PA 21/2026" });
    expect(screen.getByRole("button", { name: "Excluir PA 21/2026" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Desfazer PA 7/2026" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Editar PA 7/2026" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Excluir PA 7/2026" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Editar PA 21/2026" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cadastrar/processos/p-21/edicao"));
  });

  it("skips creation without a number, then creates and opens the new process", async () => {
    const user = userEvent.setup();
    const { calls } = setup([], {
      "POST /api/app/process/create": () => ({ body: { id: "p-99" } }),
    });
    const { router } = renderPage();
    await screen.findByRole("cell", { name: "Nenhum resultado encontrado" });
    const form = screen.getByRole("region", { name: "Novo processo" });
    await user.click(within(form).getByRole("button", { name: "Criar" }));
    await user.type(within(form).getByRole("textbox", { name: /Número do Processo/ }), "   ");
    await user.keyboard("{Enter}");
    expect(calls.some((c) => c.path === "/api/app/process/create")).toBe(false);

    await user.clear(within(form).getByRole("textbox", { name: /Número do Processo/ }));
    await user.type(within(form).getByRole("textbox", { name: /Número do Processo/ }), " PA 99/2026 ");
    await user.click(within(form).getByRole("button", { name: "Criar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cadastrar/processos/p-99/edicao"));
    expect(calls.find((c) => c.path === "/api/app/process/create")?.body).toEqual({
      processNumber: "PA 99/2026",
    });
  });

  it("puts the server's validation error on the number field", async () => {
    const user = userEvent.setup();
    const taken = "Já existe um processo com este número no órgão.";
    setup([row()], {
      "POST /api/app/process/create": () => ({
        status: 400,
        body: { message: taken, properties: [{ property: "processNumber", errorMessages: [taken] }] },
      }),
    });
    renderPage();
    const input = screen.getByRole("textbox", { name: /Número do Processo/ });
    await user.type(input, "PA 21/2026{Enter}");
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it("deletes after the confirmation, says so and announces it", async () => {
    const user = userEvent.setup();
    let rows = [row(), deleted];
    const { calls } = mockApi({
      "POST /api/app/process/list": () => ({
        body: { processes: rows, limitResult: 20, total: rows.length },
      }),
      "POST /api/app/process/delete": () => {
        rows = [row({ isDeleted: true, actions: ["UNDO"] }), deleted];
        return { body: { id: "p-21" } };
      },
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Excluir PA 21/2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir Processo" });
    expect(dialog).toHaveTextContent("Tem certeza que deseja excluir o processo?");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar exclusão" }));
    // Shown in the notification and said once more by the page's own live region.
    await waitFor(() =>
      expect(screen.getByTestId("processes-announcer")).toHaveTextContent("Processo excluído com sucesso"),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Processo excluído com sucesso");
    expect(calls.find((c) => c.path === "/api/app/process/delete")?.body).toEqual({ id: "p-21" });
    expect(await screen.findByRole("button", { name: "Desfazer PA 21/2026" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("recovers after the confirmation, says so and announces it", async () => {
    const user = userEvent.setup();
    const { calls } = setup([row(), deleted], {
      "POST /api/app/process/undo": () => ({ body: { id: "p-7" } }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Desfazer PA 7/2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Recuperar Processo" });
    expect(dialog).toHaveTextContent("Tem certeza que deseja recuperar o processo excluído?");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar recuperação" }));
    // Shown in the notification and said once more by the page's own live region.
    await waitFor(() =>
      expect(screen.getByTestId("processes-announcer")).toHaveTextContent("Processo recuperado com sucesso"),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Processo recuperado com sucesso");
    expect(calls.find((c) => c.path === "/api/app/process/undo")?.body).toEqual({ id: "p-7" });
  });

  it("shows 'Erro' and the server's message when a recovery is refused, keeping the dialog", async () => {
    const user = userEvent.setup();
    const refused = "Somente processos excluídos podem ser recuperados.";
    setup([row(), deleted], {
      "POST /api/app/process/undo": () => ({ status: 409, body: { message: refused } }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Desfazer PA 7/2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Recuperar Processo" });
    await user.click(within(dialog).getByRole("button", { name: "Confirmar recuperação" }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(screen.getByText("Erro")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Recuperar Processo" })).toBeInTheDocument();
    expect(screen.getByTestId("processes-announcer")).toBeEmptyDOMElement();
  });

  it("tells a failed list with the connection text", async () => {
    mockApi({ "POST /api/app/process/list": () => ({ status: 500 }) });
    renderPage();
    expect(await screen.findByText("Houve um erro na conexão com o servidor")).toBeInTheDocument();
    expect(screen.getByText("Erro")).toBeInTheDocument();
  });

  it("loads the next page with 'Carregar mais processos' and searches by number", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) =>
      row({ id: `p-${i}`, processNumber: `PA ${i + 1}/2026` }),
    );
    const { calls } = mockApi({
      "POST /api/app/process/list": (body) => {
        const { page } = body as { page: number };
        const processes = many.slice((page - 1) * 20, page * 20);
        return { body: { processes, limitResult: 20, total: many.length } };
      },
    });
    renderPage();
    expect(await screen.findByText("25 processos")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Carregar mais processos" }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: 2 }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Carregar mais processos" })).toBeNull());

    await user.type(screen.getByRole("textbox", { name: "Pesquisar pelo número do processo" }), "PA 3");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: 1, searchParameters: "PA 3" }));
  });

  it("shows cards with the actions on a phone, and sorts with the selects", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(max-width: 47.99em)",
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    const { calls } = setup();
    renderPage();
    const list = await screen.findByRole("list", { name: "Processos criados" });
    expect(screen.queryByRole("table", { name: "Processos criados" })).toBeNull();
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText("Unidades Responsáveis")).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole("button", { name: "Excluir PA 21/2026" })).toBeVisible();
    expect(within(cards[1] as HTMLElement).getByRole("button", { name: "Desfazer PA 7/2026" })).toBeVisible();

    await user.selectOptions(screen.getByRole("combobox", { name: "Ordenar por" }), "processNumber");
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordem" }), "ASC");
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ orderByColumn: "processNumber", sortOrder: "ASC" }),
    );
  });
});
