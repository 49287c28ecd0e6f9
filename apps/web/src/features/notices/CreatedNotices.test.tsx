import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderRoutes } from "../../test/render";
import { CreatedNotices } from "./CreatedNotices";

const row = (over: Record<string, unknown>) => ({
  id: "n1",
  noticeNumber: "PE 1/2026",
  processNumber: "1/2026",
  objectOfInterest: "Papel",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "GOODS_ACQUISITION",
  status: "PENDING",
  startDateTime: "2026-03-10T12:00:00.000Z",
  proposalsEndDateTime: null,
  createdDate: "2026-03-01T12:00:00.000Z",
  secretariesNames: "Secretaria de Educação",
  ...over,
});

beforeEach(() => {
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(rows: ReturnType<typeof row>[]) {
  return mockApi({
    "POST /api/app/auction/list": () => ({
      body: { auctionNotices: rows, total: rows.length, limitResult: 20 },
    }),
    "POST /api/app/auction/updateStatus": () => ({ body: { id: "n1", status: "PUBLISHED" } }),
    "POST /api/app/auction/downloadPublicationProofReport": () => ({ body: {} }),
    "POST /api/app/auction/delete": () => ({ body: { id: "n1" } }),
  });
}

async function openActions(user: ReturnType<typeof userEvent.setup>, noticeNumber: string) {
  await user.click(await screen.findByRole("button", { name: `Ações do processo ${noticeNumber}` }));
  return screen.findByRole("menu");
}

describe("'Processos criados'", () => {
  it("shows every column sortable and the actions of the status", async () => {
    const user = userEvent.setup();
    setup([row({})]);
    renderRoutes([{ path: "/", element: <CreatedNotices /> }], "/");
    const table = await screen.findByRole("table", { name: "Processos criados" });
    await within(table).findByText("PE 1/2026");
    const sortable = within(table)
      .getAllByRole("columnheader")
      .filter((h) => h.getAttribute("aria-sort"));
    expect(sortable.map((h) => h.textContent)).toEqual([
      "Unidade compradora",
      "Edital/Aviso",
      "Objeto",
      "Data do Processo",
      "Modalidade",
      "Status",
    ]);
    const menu = await openActions(user, "PE 1/2026");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((m) => m.textContent),
    ).toEqual(["Editar", "Publicar", "Duplicar", "Excluir"]);
  });

  it("publishes, says so and downloads the publication proof", async () => {
    const user = userEvent.setup();
    const { calls } = setup([row({})]);
    renderRoutes([{ path: "/", element: <CreatedNotices /> }], "/");
    const menu = await openActions(user, "PE 1/2026");
    await user.click(within(menu).getByRole("menuitem", { name: "Publicar" }));
    // A confirmation naming the notice comes first; 'Cancelar' publishes nothing.
    let dialog = await screen.findByRole("dialog", { name: "Publicar processo" });
    expect(dialog).toHaveTextContent("PE 1/2026");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.map((c) => c.path)).not.toContain("/api/app/auction/updateStatus");
    await user.click(
      within(await openActions(user, "PE 1/2026")).getByRole("menuitem", { name: "Publicar" }),
    );
    dialog = await screen.findByRole("dialog", { name: "Publicar processo" });
    await user.click(within(dialog).getByRole("button", { name: "Publicar" }));
    expect(await screen.findByText("Edital publicado com sucesso!")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain("/api/app/auction/downloadPublicationProofReport"),
    );
    expect(calls.find((c) => c.path === "/api/app/auction/updateStatus")?.body).toEqual({
      id: "n1",
      status: "PUBLISHED",
    });
  });

  it("publishes a formalization without a publication proof", async () => {
    const user = userEvent.setup();
    const { calls } = setup([row({ modality: "WAIVER_FORMALIZATION" })]);
    renderRoutes([{ path: "/", element: <CreatedNotices /> }], "/");
    const menu = await openActions(user, "PE 1/2026");
    await user.click(within(menu).getByRole("menuitem", { name: "Publicar" }));
    const dialog = await screen.findByRole("dialog", { name: "Publicar processo" });
    await user.click(within(dialog).getByRole("button", { name: "Publicar" }));
    // The list is read again after publishing; the proof would be asked for right after that.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/app/auction/list").length).toBeGreaterThanOrEqual(2),
    );
    expect((await screen.findAllByText("Edital publicado com sucesso!")).length).toBeGreaterThan(0);
    expect(calls.map((c) => c.path)).not.toContain("/api/app/auction/downloadPublicationProofReport");
  });

  it("asks 'Deseja mesmo remover o processo?' before deleting", async () => {
    const user = userEvent.setup();
    const { calls } = setup([row({})]);
    renderRoutes([{ path: "/", element: <CreatedNotices /> }], "/");
    const menu = await openActions(user, "PE 1/2026");
    await user.click(within(menu).getByRole("menuitem", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Remover Processo" });
    expect(within(dialog).getByText("Deseja mesmo remover o processo?")).toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain("/api/app/auction/delete");
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Edital excluído com sucesso")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/app/auction/delete")?.body).toEqual({ id: "n1" });
  });

  it("offers the reopen confirmation for a finished formalization", async () => {
    const user = userEvent.setup();
    setup([row({ modality: "WAIVER_FORMALIZATION", status: "FINISHED" })]);
    renderRoutes([{ path: "/", element: <CreatedNotices /> }], "/");
    const menu = await openActions(user, "PE 1/2026");
    await user.click(within(menu).getByRole("menuitem", { name: "Editar" }));
    const dialog = await screen.findByRole("dialog", { name: "Processo encerrado" });
    expect(within(dialog).getByText(/deseja mesmo retomar a negociação\?/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Confirmar Retomada" })).toBeInTheDocument();
  });
});
