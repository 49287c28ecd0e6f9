import { describe, expect, it } from "vitest";
import { MENU_ICONS, menuSecondaryIcon } from "./menu-icons";
import { allMenuRoutes, buildMenu, isRouteActive, MENUS, type MenuItem, menuLinks } from "./menus";

const routes = (items: MenuItem[]) => items.map((i) => i.route);
const submenuRoutes = (items: MenuItem[], route: string) =>
  routes(items.find((i) => i.route === route)?.submenu ?? []);

describe("buildMenu", () => {
  it("gives a supplier the supplier routes list of §2.2, in order", () => {
    expect(routes(buildMenu({ kind: "SUPPLIER" }, "development"))).toEqual([
      "/editais-publicados",
      "/formalizacoes-publicadas",
      "/procedimentos-auxiliares",
      "/meus-editais",
      "/esclarecimentos",
      "/empresas-apenadas-e-impedidas",
      "/documentos-de-habilitacao",
      "/renovacao-de-cadastro",
      "/assinaturas",
    ]);
  });

  it("gives an auctioneer the full buyer menu with both submenus outside production", () => {
    const menu = buildMenu({ kind: "BUYER", buyer: { staffRoles: ["AUCTIONEER"] } }, "development");
    expect(routes(menu)).toEqual([
      "/editais-publicados",
      "/formalizacoes-publicadas",
      "/procedimentos-auxiliares",
      "/cadastrar",
      "/meus-editais",
      "/esclarecimentos",
      "/pesquisa-precos",
      "/relatorios",
      "/servicos-pncp",
      "/renovacao-de-cadastro",
    ]);
    expect(submenuRoutes(menu, "/cadastrar")).toEqual([
      "/cadastrar/editais",
      "/cadastrar/processos",
      "/cadastrar/produtos",
      "/cadastrar/produtos-cnbs",
      "/cadastrar/empresas-apenadas-e-impedidas",
    ]);
    expect(submenuRoutes(menu, "/servicos-pncp")).toEqual([
      "/cadastrar/contratos",
      "/cadastrar/atas",
      "/cadastrar/pca",
      "/controle-atas-contratos",
      "/editais-externos",
      "/publicacoes-pncp",
    ]);
    expect(menu.find((i) => i.route === "/cadastrar")?.title).toBe("Cadastrar");
  });

  it("hides 'create full process' in production when the server hides planning there (§2.1)", () => {
    const user = { kind: "BUYER" as const, buyer: { staffRoles: ["AUCTIONEER" as const] } };
    const production = buildMenu(user, "production", { planningInProduction: false });
    expect(submenuRoutes(production, "/cadastrar")).not.toContain("/cadastrar/processos");
    expect(submenuRoutes(production, "/cadastrar")).toHaveLength(4);
    // The price search is not planning: it stays.
    expect(routes(production)).toContain("/pesquisa-precos");
    // Until the server says (settings not read yet), production hides it: it never flashes in.
    expect(submenuRoutes(buildMenu(user, "production"), "/cadastrar")).not.toContain("/cadastrar/processos");
    expect(submenuRoutes(buildMenu(user, "test"), "/cadastrar")).toContain("/cadastrar/processos");
    // Outside production the setting changes nothing.
    expect(
      submenuRoutes(buildMenu(user, "development", { planningInProduction: false }), "/cadastrar"),
    ).toContain("/cadastrar/processos");
  });

  it("keeps 'create full process' in production with PLANNING_IN_PRODUCTION on (its default)", () => {
    const user = { kind: "BUYER" as const, buyer: { staffRoles: ["AUCTIONEER" as const] } };
    const menu = buildMenu(user, "production", { planningInProduction: true });
    expect(submenuRoutes(menu, "/cadastrar")).toContain("/cadastrar/processos");
    expect(
      routes(
        buildMenu({ kind: "BUYER", buyer: { staffRoles: ["PLANNING_TEAM"] } }, "production", {
          planningInProduction: true,
        }),
      ),
    ).toContain("/cadastrar/processos");
  });

  it.each([
    [["PLANNING_TEAM"]],
    [["BUDGET_TEAM", "SECRETARY_MEMBER"]],
    [["REQUESTS_TEAM", "PLANNING_TEAM", "BUDGET_TEAM", "SECRETARY_MEMBER"]],
  ] as const)(
    "removes Cadastrar and registration editing for a buyer whose roles are all restricted: %j",
    (staffRoles) => {
      const menu = buildMenu({ kind: "BUYER", buyer: { staffRoles } }, "development");
      expect(routes(menu)).not.toContain("/cadastrar");
      expect(routes(menu)).not.toContain("/renovacao-de-cadastro");
      expect(routes(menu)).toContain("/servicos-pncp");
      expect(menu).toHaveLength(9);
    },
  );

  it("gives a restricted buyer who plans processes 'Planejamento' after 'Procedimentos auxiliares'", () => {
    const menu = buildMenu({ kind: "BUYER", buyer: { staffRoles: ["PLANNING_TEAM"] } }, "development");
    expect(routes(menu).slice(0, 5)).toEqual([
      "/editais-publicados",
      "/formalizacoes-publicadas",
      "/procedimentos-auxiliares",
      "/cadastrar/processos",
      "/meus-editais",
    ]);
    expect(menu[3]?.title).toBe("Planejamento");
    expect(menu[3]?.submenu).toBeUndefined();
    // The same page as 'Criar processo completo': hidden in production like it.
    expect(
      routes(buildMenu({ kind: "BUYER", buyer: { staffRoles: ["PLANNING_TEAM"] } }, "production")),
    ).not.toContain("/cadastrar/processos");
  });

  it.each([[["AUCTIONEER"]], [["PLANNING_TEAM", "SUPPORT_STAFF"]], [[]]] as const)(
    "keeps 'Criar processo completo' in Cadastrar, without 'Planejamento', for %j",
    (staffRoles) => {
      const menu = buildMenu({ kind: "BUYER", buyer: { staffRoles, isBuyerAccount: true } }, "development");
      expect(menu.map((i) => i.title)).not.toContain("Planejamento");
      expect(submenuRoutes(menu, "/cadastrar")).toContain("/cadastrar/processos");
    },
  );

  it("leads support staff and legal advisers alone to no process page nor price search (they do not plan)", () => {
    for (const staffRoles of [["SUPPORT_STAFF"], ["LEGAL_ADVISOR", "SUPPORT_STAFF"]] as const) {
      const menu = buildMenu({ kind: "BUYER", buyer: { staffRoles } }, "development");
      expect(routes(menu)).not.toContain("/cadastrar/processos");
      expect(routes(menu)).not.toContain("/pesquisa-precos");
      expect(submenuRoutes(menu, "/cadastrar")).not.toContain("/cadastrar/processos");
      expect(submenuRoutes(menu, "/cadastrar")).toContain("/cadastrar/editais");
    }
  });

  it("keeps Cadastrar when at least one role is not restricted", () => {
    const menu = buildMenu(
      { kind: "BUYER", buyer: { staffRoles: ["PLANNING_TEAM", "SUPPORT_STAFF"] } },
      "development",
    );
    expect(routes(menu)).toContain("/cadastrar");
    expect(routes(menu)).toContain("/renovacao-de-cadastro");
  });

  it("keeps Cadastrar for a buyer user without staff roles", () => {
    expect(routes(buildMenu({ kind: "BUYER", buyer: { staffRoles: [] } }, "development"))).toContain(
      "/cadastrar",
    );
  });

  it("applies the restricted-role rule to buyers only", () => {
    expect(
      routes(buildMenu({ kind: "SUPPLIER", buyer: { staffRoles: ["PLANNING_TEAM"] } }, "test")),
    ).toContain("/renovacao-de-cadastro");
  });

  it("gives a citizen and the platform staff their short lists", () => {
    expect(routes(buildMenu({ kind: "REGULAR_CITIZEN" }, "production"))).toEqual([
      "/editais-publicados",
      "/formalizacoes-publicadas",
      "/procedimentos-auxiliares",
      "/esclarecimentos",
    ]);
    const admin = buildMenu({ kind: "ADMIN" }, "production");
    expect(routes(admin)).toEqual([
      "/editais-publicados",
      "/formalizacoes-publicadas",
      "/procedimentos-auxiliares",
      "/analise-de-cadastros",
      "/pagamentos",
    ]);
    expect(admin[3]?.title).toBe("Análise de cadastros");
    expect(admin[4]?.title).toBe("Pagamentos");
    // The local outbox's page only where the server keeps mail locally.
    expect(routes(buildMenu({ kind: "ADMIN" }, "development", { devOutbox: true }))).toContain(
      "/caixa-de-saida",
    );
    expect(routes(buildMenu({ kind: "SUPPLIER" }, "development", { devOutbox: true }))).not.toContain(
      "/caixa-de-saida",
    );
  });

  it("gives every entry of every kind a title, its own icon and a secondary icon", () => {
    for (const items of Object.values(MENUS)) {
      const entries = items.flatMap((item) => [item, ...(item.submenu ?? [])]);
      for (const item of entries) {
        expect(item.title.length).toBeGreaterThan(0);
        expect(MENU_ICONS[item.title], item.title).toBeTruthy();
        expect(menuSecondaryIcon(item)).toBeTruthy();
      }
    }
  });
});

describe("menu helpers", () => {
  it("lists the navigable links without the group entries", () => {
    const links = routes(
      menuLinks(buildMenu({ kind: "BUYER", buyer: { staffRoles: ["AUCTIONEER"] } }, "test")),
    );
    expect(links).toHaveLength(19);
    expect(links).not.toContain("/cadastrar");
    expect(links).not.toContain("/servicos-pncp");
  });

  it("collects every route of every kind once", () => {
    const all = allMenuRoutes();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain("/assinaturas");
    expect(all).toContain("/analise-de-cadastros");
    expect(all).toContain("/cadastrar/pca");
  });

  it("marks an entry active on its route and its sub-routes only", () => {
    expect(isRouteActive("/cadastrar/editais", "/cadastrar/editais")).toBe(true);
    expect(isRouteActive("/cadastrar/editais", "/cadastrar/editais/12/lotes-do-edital")).toBe(true);
    expect(isRouteActive("/editais", "/editais-publicados")).toBe(false);
  });
});
