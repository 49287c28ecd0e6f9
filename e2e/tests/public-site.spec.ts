import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";

// Issue 12 items 10–14: the public notice page, the demo notices' PDFs, the list on a phone, the
// public menu's Escape, no 401 for a visitor, and the contrast / names axe finds.

/** 'PE 08/2026', the room demo: published, three lots, its edital and reference term as PDFs. */
const ROOM_NOTICE = { id: "00000000-0000-4000-8000-000000002003", number: "PE 08/2026" };
/** 'PE 10/2026': published, its lots open for proposals (the initial bids screen). */
const OPEN_NOTICE = "00000000-0000-4000-8000-000000002002";

/** The console errors of a page (a failed request shows there as "Failed to load resource: … 401"). */
function consoleErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") seen.push(m.text());
  });
  return seen;
}

/** Every request to app/auth/me the page makes. */
function meCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/app/auth/me") seen.push(r.url());
  });
  return seen;
}

/** The box of `locator` lies inside the viewport's width. */
async function expectInsideViewport(page: Page, box: { x: number; width: number } | null) {
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width + 0.5);
}

test.describe("public notice page (/detalhes-do-edital/{id})", () => {
  test("opens from a /editais row and shows the object, lots, documents; a demo PDF downloads", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/editais");
    const table = page.getByRole("table", { name: "Editais publicados" });
    await table.getByRole("link", { name: `Ver detalhes do edital ${ROOM_NOTICE.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/detalhes-do-edital/${ROOM_NOTICE.id}$`));

    await expect(page.getByRole("heading", { level: 1, name: `Edital ${ROOM_NOTICE.number}` })).toBeVisible();
    const object = page.getByRole("region", { name: "Objeto" });
    await expect(object).toContainText("Aquisição de material de expediente e suprimentos de impressão");
    const data = page.getByRole("region", { name: "Dados do processo" });
    await expect(data).toContainText("PA 0312/2026");
    await expect(data).toContainText("Fase atual");
    await expect(data).toContainText("Fechado para propostas");

    const lots = page.getByRole("region", { name: "Lotes e itens" });
    for (const n of [1, 2, 3]) await expect(lots.getByRole("table", { name: `Lote ${n}` })).toBeVisible();
    await expect(lots.getByRole("table", { name: "Lote 1" }).locator("tbody tr")).toHaveCount(1);

    await expect(page.getByRole("link", { name: "Acessar a sala de negociação" })).toHaveAttribute(
      "href",
      `/sala-de-negociacao/${ROOM_NOTICE.id}`,
    );
    await expect(page.getByRole("region", { name: "Ata da sessão pública" })).toContainText(
      "A ata será publicada aqui ao fim da sessão pública.",
    );

    const documents = page.getByRole("list", { name: "Documentos do edital" });
    await expect(documents.getByRole("listitem")).toHaveCount(2);
    const downloading = page.waitForEvent("download");
    await documents.getByRole("link", { name: "Baixar Edital" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^edital-pe-08-2026\.pdf$/);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);

    await expectNoSeriousAxeFindings(page, "a página do edital");
  });

  test("the room's back button leads to the notice's page", async ({ page }) => {
    await page.goto(`/sala-de-negociacao/${ROOM_NOTICE.id}`);
    await page.getByRole("button", { name: "Voltar" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/detalhes-do-edital/${ROOM_NOTICE.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Edital ${ROOM_NOTICE.number}` })).toBeVisible();
  });

  test("an unknown notice says so", async ({ page }) => {
    await page.goto("/detalhes-do-edital/00000000-0000-4000-8000-000000009999");
    await expect(page.getByRole("alert")).toContainText("Edital não encontrado.");
  });
});

test.describe("public list on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows stacked cards inside the viewport and the filters in a drawer", async ({ page }) => {
    await page.goto("/editais");
    const list = page.getByRole("list", { name: "Editais publicados" });
    await expect(list.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Editais publicados" })).toHaveCount(0);
    await expectInsideViewport(page, await list.boundingBox());
    for (const card of (await list.getByRole("listitem").all()).slice(0, 4))
      await expectInsideViewport(page, await card.boundingBox());
    // No page-wide horizontal scroll.
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);

    // The advanced filters are not on the first screen; 'Filtros' opens them in a drawer.
    await expect(page.getByRole("textbox", { name: "Órgão" })).toHaveCount(0);
    await page.getByRole("button", { name: "Filtros", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Filtros de pesquisa" });
    await expect(drawer).toBeVisible();
    await expectInsideViewport(page, await drawer.boundingBox());
    await drawer.getByRole("textbox", { name: "Número do edital" }).fill(ROOM_NOTICE.number);
    await drawer.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(drawer).toBeHidden();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText(ROOM_NOTICE.number);

    // A card's number is a link to the notice's page.
    await list.getByRole("link", { name: `Ver detalhes do edital ${ROOM_NOTICE.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/detalhes-do-edital/${ROOM_NOTICE.id}$`));
    const main = page.getByRole("region", { name: "Lotes e itens" });
    await expect(main).toBeVisible();
    await expectInsideViewport(page, await main.boundingBox());
  });

  test("Escape closes the public menu and gives the focus back to its toggle", async ({ page }) => {
    await page.goto("/editais");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const firstLink = page
      .getByRole("navigation", { name: "Navegação principal (móvel)" })
      .getByRole("link")
      .first();
    await expect(firstLink).toBeInViewport();
    await expect(page.getByRole("button", { name: "Fechar menu" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await expect(firstLink).not.toBeInViewport();
  });
});

test.describe("a visitor without a session", () => {
  test("no public page asks app/auth/me nor logs a 401", async ({ page }) => {
    const errors = consoleErrors(page);
    const me = meCalls(page);
    for (const path of ["/editais", `/detalhes-do-edital/${ROOM_NOTICE.id}`, "/quem-somos", "/login"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    expect(me).toEqual([]);
    expect(errors.filter((e) => e.includes("401"))).toEqual([]);
  });

  test("a login leaves the readable session hint, and the header knows the session", async ({ page }) => {
    await loginAs(page, "cidadao@demo.com.br");
    await page.goto("/editais");
    await expect(page.getByRole("link", { name: "Minha área" })).toBeVisible();
    const hint = (await page.context().cookies()).find((c) => c.name === "certame_signed_in");
    expect(hint?.httpOnly).toBe(false);
  });
});

test.describe("accessibility (axe: 0 critical/serious)", () => {
  test("the public list, the login and the logo's name", async ({ page }) => {
    await page.goto("/editais");
    await expect(
      page.getByRole("table", { name: "Editais publicados" }).locator("tbody tr").first(),
    ).toBeVisible();
    // The logo link's name contains what it shows.
    await expect(page.getByRole("link", { name: /^Certame\s*Compras públicas/ })).toBeVisible();
    await expectNoSeriousAxeFindings(page, "a lista pública de editais");
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Veja os editais publicados" })).toHaveCSS(
      "text-decoration-line",
      "underline",
    );
    await expectNoSeriousAxeFindings(page, "a página de login");
  });

  test("the supplier's document library and the initial bids page", async ({ page }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    await page.goto("/documentos-de-habilitacao");
    await expect(page.getByRole("heading", { level: 1, name: "Documentos de habilitação" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Habilitação jurídica" })).toBeVisible();
    await expectNoSeriousAxeFindings(page, "a biblioteca de documentos do fornecedor");
    await page.goto(`/sala-de-negociacao/${OPEN_NOTICE}/cadastro-de-lances-iniciais`);
    await expect(page.getByRole("heading", { name: "Cadastro de lances iniciais" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("table").first()).toBeVisible();
    await expectNoSeriousAxeFindings(page, "a página de lances iniciais");
  });
});
