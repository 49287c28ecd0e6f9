import { expect, test } from "@playwright/test";
import { loginAs, type MenuEntry, readMenu } from "../support/app";

const PUBLIC_LISTS: MenuEntry[] = [
  { title: "Editais publicados", href: "/editais-publicados" },
  { title: "Formalizações publicadas", href: "/formalizacoes-publicadas" },
  { title: "Procedimentos auxiliares", href: "/procedimentos-auxiliares" },
];

const CADASTRAR: MenuEntry = {
  title: "Cadastrar",
  submenu: [
    { title: "Publicar processos", href: "/cadastrar/editais" },
    { title: "Criar processo completo", href: "/cadastrar/processos" },
    { title: "Catálogo de produtos", href: "/cadastrar/produtos" },
    { title: "Catálogo CNBS", href: "/cadastrar/produtos-cnbs" },
    { title: "Empresas apenadas e impedidas", href: "/cadastrar/empresas-apenadas-e-impedidas" },
  ],
};

const PNCP_SERVICES: MenuEntry = {
  title: "Serviços do PNCP",
  submenu: [
    { title: "Inserir termos de contrato", href: "/cadastrar/contratos" },
    { title: "Inserir atas de registro de preços", href: "/cadastrar/atas" },
    { title: "Inserir plano de contratações anual", href: "/cadastrar/pca" },
    { title: "Controle de atas e contratos", href: "/controle-atas-contratos" },
    { title: "Adesão a atas de registro de preços", href: "/editais-externos" },
    { title: "Publicações no PNCP", href: "/publicacoes-pncp" },
  ],
};

const BUYER_MENU: MenuEntry[] = [
  ...PUBLIC_LISTS,
  CADASTRAR,
  { title: "Meus editais", href: "/meus-editais" },
  { title: "Esclarecimentos", href: "/esclarecimentos" },
  { title: "Pesquisa de preços", href: "/pesquisa-precos" },
  { title: "Relatórios de acesso", href: "/relatorios" },
  PNCP_SERVICES,
  { title: "Renovação de cadastro", href: "/renovacao-de-cadastro" },
];

// The demo server runs outside production, so 'Criar processo completo' is listed.
const MENUS: Record<string, MenuEntry[]> = {
  "pregoeiro@demo.gov.br": BUYER_MENU,
  // Support staff alone do not plan processes: no 'Criar processo completo' nor 'Pesquisa de preços'.
  "apoio@demo.gov.br": BUYER_MENU.filter((e) => e.href !== "/pesquisa-precos").map((e) =>
    e === CADASTRAR ? { ...e, submenu: e.submenu?.filter((s) => s.href !== "/cadastrar/processos") } : e,
  ),
  // A planning-only profile: no 'Cadastrar' (planning §2.1), its processes under 'Planejamento'.
  "planejamento@demo.gov.br": [
    ...PUBLIC_LISTS,
    { title: "Planejamento", href: "/cadastrar/processos" },
    ...BUYER_MENU.slice(PUBLIC_LISTS.length).filter(
      (e) => e.title !== "Cadastrar" && e.title !== "Renovação de cadastro",
    ),
  ],
  "fornecedor1@demo.com.br": [
    ...PUBLIC_LISTS,
    { title: "Meus editais", href: "/meus-editais" },
    { title: "Esclarecimentos", href: "/esclarecimentos" },
    { title: "Empresas apenadas e impedidas", href: "/empresas-apenadas-e-impedidas" },
    { title: "Documentos de habilitação", href: "/documentos-de-habilitacao" },
    { title: "Renovação de cadastro", href: "/renovacao-de-cadastro" },
    { title: "Assinaturas", href: "/assinaturas" },
  ],
  "cidadao@demo.com.br": [...PUBLIC_LISTS, { title: "Esclarecimentos", href: "/esclarecimentos" }],
  "admin@certame.local": [
    ...PUBLIC_LISTS,
    { title: "Análise de cadastros", href: "/analise-de-cadastros" },
    { title: "Pagamentos", href: "/pagamentos" },
  ],
};

test.describe("side menu of each demo user", () => {
  test("the server runs outside production", async ({ request }) => {
    const settings = (await (await request.get("/api/public/settings")).json()) as { environment: string };
    expect(settings.environment).not.toBe("production");
  });

  for (const [login, expected] of Object.entries(MENUS)) {
    test(`${login} sees exactly its menu entries`, async ({ page }) => {
      await loginAs(page, login);
      // Some entries wait for the user's roles in the body to load: read until the menu settles.
      await expect.poll(() => readMenu(page)).toEqual(expected);
      await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
      await expect(
        page
          .getByRole("navigation", { name: "Menu principal" })
          .getByRole("link", { name: "Editais publicados" }),
      ).toHaveAttribute("aria-current", "page");
    });
  }
});
