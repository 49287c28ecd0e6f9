import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { mockApi } from "../../test/fetch-mock";
import { auctioneer, planner, supplier } from "../../test/fixtures";
import { processDetail } from "../../test/process-fixtures";
import { renderRoutes } from "../../test/render";
import type { SessionUser } from "../auth/types";

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(user: SessionUser | null, environment = "development", planningInProduction = false) {
  return mockApi({
    "POST /api/app/auth/me": () =>
      user ? { body: { user } } : { status: 401, body: { message: "Sem sessão" } },
    "POST /api/app/auth/logout": () => ({ body: {} }),
    "GET /api/public/settings": () => ({ body: { environment, version: "0.1.0", planningInProduction } }),
    "POST /api/public/auction/list": () => ({ body: { auctionNotices: [], total: 0, limitResult: 20 } }),
  });
}

const menu = () => screen.getByRole("navigation", { name: "Menu principal" });
const menuLinks = () =>
  within(menu())
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);

describe("authenticated layout", () => {
  it("shows the user and the organisation in the top bar", async () => {
    setup(auctioneer);
    renderRoutes(appRoutes(), "/editais-publicados");
    expect(await screen.findByTestId("user-name")).toHaveTextContent("Paula Pregoeira");
    expect(screen.getByTestId("user-organisation")).toHaveTextContent("Prefeitura Municipal de Exemplo");
    expect(await screen.findByRole("heading", { name: "Editais publicados" })).toBeInTheDocument();
  });

  it("gives a supplier its menu, highlighting the current route", async () => {
    setup(supplier);
    renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    expect(menuLinks()).toEqual([
      ["Editais publicados", "/editais-publicados"],
      ["Formalizações publicadas", "/formalizacoes-publicadas"],
      ["Procedimentos auxiliares", "/procedimentos-auxiliares"],
      ["Meus editais", "/meus-editais"],
      ["Esclarecimentos", "/esclarecimentos"],
      ["Empresas apenadas e impedidas", "/empresas-apenadas-e-impedidas"],
      ["Documentos de habilitação", "/documentos-de-habilitacao"],
      ["Renovação de cadastro", "/renovacao-de-cadastro"],
      ["Assinaturas", "/assinaturas"],
    ]);
    expect(within(menu()).getByRole("link", { name: "Editais publicados" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(menu()).getByRole("link", { name: "Assinaturas" })).not.toHaveAttribute("aria-current");
    expect(screen.getByTestId("user-organisation")).toHaveTextContent("Comercial Exemplo Ltda");
  });

  it("opens and closes the buyer's submenus", async () => {
    const user = userEvent.setup();
    setup(auctioneer);
    renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    const cadastrar = within(menu()).getByRole("button", { name: "Cadastrar" });
    expect(cadastrar).toHaveAttribute("aria-expanded", "false");
    await user.click(cadastrar);
    expect(cadastrar).toHaveAttribute("aria-expanded", "true");
    expect(within(menu()).getByRole("link", { name: "Criar processo completo" })).toHaveAttribute(
      "href",
      "/cadastrar/processos",
    );
    await user.click(cadastrar);
    expect(cadastrar).toHaveAttribute("aria-expanded", "false");
    expect(within(menu()).getByRole("button", { name: "Serviços do PNCP" })).toBeInTheDocument();
  });

  it("hides 'Criar processo completo' in production when the server hides planning there", async () => {
    const user = userEvent.setup();
    setup(auctioneer, "production", false);
    renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    await user.click(within(menu()).getByRole("button", { name: "Cadastrar" }));
    expect(within(menu()).getByRole("link", { name: "Publicar processos" })).toBeInTheDocument();
    expect(within(menu()).queryByRole("link", { name: "Criar processo completo" })).toBeNull();
  });

  it("keeps 'Criar processo completo' in production with PLANNING_IN_PRODUCTION on", async () => {
    const user = userEvent.setup();
    setup(auctioneer, "production", true);
    renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    await user.click(within(menu()).getByRole("button", { name: "Cadastrar" }));
    expect(await within(menu()).findByRole("link", { name: "Criar processo completo" })).toBeInTheDocument();
  });

  it("hides Cadastrar and registration editing from a planning-only buyer", async () => {
    setup(planner);
    renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    expect(within(menu()).queryByRole("button", { name: "Cadastrar" })).toBeNull();
    expect(within(menu()).queryByRole("link", { name: "Renovação de cadastro" })).toBeNull();
    expect(within(menu()).getByRole("button", { name: "Serviços do PNCP" })).toBeInTheDocument();
  });

  it("gives a planning-only buyer 'Planejamento', its process pages and not the notice wizard", async () => {
    const user = userEvent.setup();
    mockApi({
      "POST /api/app/auth/me": () => ({ body: { user: planner } }),
      "GET /api/public/settings": () => ({ body: { environment: "development", version: "0.1.0" } }),
      "POST /api/app/process/list": () => ({ body: { processes: [], limitResult: 20, total: 0 } }),
      "POST /api/app/process/read": () => ({ body: processDetail({ id: "p-1", steps: [] }) }),
    });
    const { router } = renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    // Until the settings arrive the menu is production's, without the processes entry.
    const planning = await within(menu()).findByRole("link", { name: "Planejamento" });
    expect(planning).toHaveAttribute("href", "/cadastrar/processos");
    await user.click(planning);
    expect(await screen.findByRole("heading", { name: "Criar Processo" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Processos criados" })).toBeInTheDocument();
    await act(() => router.navigate("/cadastrar/processos/p-1/edicao"));
    expect(await screen.findByRole("heading", { name: "Administração do Processo" })).toBeInTheDocument();
    expect(within(menu()).getByRole("link", { name: "Planejamento" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await act(() => router.navigate("/cadastrar/editais"));
    expect(await screen.findByRole("heading", { name: "Página não encontrada" })).toBeInTheDocument();
  });

  it("opens a submenu by itself when the current route is inside it", async () => {
    setup(auctioneer);
    renderRoutes(appRoutes(), "/cadastrar/produtos");
    expect(await screen.findByRole("heading", { name: "Catálogo de produtos" })).toBeInTheDocument();
    expect(within(menu()).getByRole("button", { name: "Cadastrar" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(within(menu()).getByRole("link", { name: "Catálogo de produtos" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("shows the entry's title and the unavailable sentence on a route without its feature", async () => {
    setup(supplier);
    // /assinaturas has its page now (issue 14): another supplier entry still without one.
    renderRoutes(appRoutes(), "/empresas-apenadas-e-impedidas");
    expect(await screen.findByRole("heading", { name: "Empresas apenadas e impedidas" })).toBeInTheDocument();
    expect(
      screen.getByText("Esta funcionalidade ainda não está disponível nesta versão da plataforma."),
    ).toBeInTheDocument();
  });

  it("does not open another kind's route", async () => {
    setup(supplier);
    renderRoutes(appRoutes(), "/cadastrar/editais");
    expect(await screen.findByRole("heading", { name: "Página não encontrada" })).toBeInTheDocument();
  });

  it("sends a visitor without a session to /login", async () => {
    setup(null);
    const { router } = renderRoutes(appRoutes(), "/editais-publicados");
    expect(await screen.findByRole("heading", { name: "Entrar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("logs out with 'Sair' and goes to /editais", async () => {
    const user = userEvent.setup();
    const { calls } = setup(auctioneer);
    const { router } = renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    await user.click(screen.getByRole("button", { name: "Sair" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/editais"));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/app/auth/logout")).toBe(true);
    expect(screen.getByRole("link", { name: "Entrar" })).toBeInTheDocument();
  });

  it("toggles the mobile menu with 'Abrir menu' and 'Fechar menu'", async () => {
    const user = userEvent.setup();
    setup(supplier);
    renderRoutes(appRoutes(), "/editais-publicados");
    await screen.findByTestId("user-name");
    await user.click(screen.getByRole("button", { name: "Abrir menu" }));
    const close = screen.getByRole("button", { name: "Fechar menu" });
    await user.click(close);
    expect(screen.getByRole("button", { name: "Abrir menu" })).toBeInTheDocument();
  });
});
