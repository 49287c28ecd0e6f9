import { expect, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo@2026";

/**
 * Stable ids of the demo data (apps/server/src/demo/demo-data.ts DEMO_IDS; e2e does not import server
 * code). A test that copies a demo notice names it by id: "the first PENDING notice" may be another
 * test's, created meanwhile in another worker.
 */
export const DEMO = {
  officeAdmin: "00000000-0000-4000-8000-000000001101",
  staffAuctioneer: "00000000-0000-4000-8000-000000001201",
  staffSupport: "00000000-0000-4000-8000-000000001203",
  /** The first product of the shared demo catalogue. */
  product: "00000000-0000-4000-8000-000000003001",
  /** 'PE 12/2026', the PENDING draft. */
  noticeDraft: "00000000-0000-4000-8000-000000002001",
  /** The waiver formalization ('DL 03/2026'). */
  noticeFormalization: "00000000-0000-4000-8000-000000002007",
} as const;

/** Logs in through the login screen, as a person does (auth.spec proves the screen this way). */
export async function loginThroughForm(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(login);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/editais-publicados$/);
  // The router changes the URL inside a transition, before the logged-in layout replaces the public
  // one: wait for the layout's own menu, or a next click may land on the public header's toggle.
  await expect(sideMenu(page)).toBeAttached();
}

/**
 * A logged-in page for tests whose subject comes after the login: the session cookie from the login
 * call (the page's request context shares the browser's cookies), then the landing page — one load
 * of the app instead of two and no typing.
 */
export async function loginAs(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  const answer = await page.request.post("/api/public/auth/login", { data: { login, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto("/editais-publicados");
  await expect(sideMenu(page)).toBeAttached();
}

/**
 * Collects what the page's Content-Security-Policy blocks (Chromium reports each block as a console
 * error): a test reads it at its end and expects none, so the policy cannot silently break the app.
 */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy"))
      seen.push(message.text());
  });
  return seen;
}

export const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Menu principal" });

/**
 * From the published notices ('Editais publicados'): searches the notice by its number and opens its
 * card's 'Cadastro de lances iniciais'. Waits for the list to hold only the searched notice first: a
 * click aimed at the card in the unfiltered list lands elsewhere when the results replace it.
 */
export async function openInitialBidsFromCard(page: Page, noticeNumber: string): Promise<void> {
  await sideMenu(page).getByRole("link", { name: "Editais publicados" }).click();
  await expect(page).toHaveURL(/\/editais-publicados$/);
  const search = page.getByRole("search", { name: "Pesquisar editais" });
  await search.getByRole("textbox", { name: "Pesquisar" }).fill(noticeNumber);
  await search.getByRole("button", { name: "Pesquisar" }).click();
  const list = page.getByRole("list", { name: "Editais publicados" });
  await expect(list.getByRole("article").filter({ hasNotText: noticeNumber })).toHaveCount(0);
  const card = list.getByRole("article", { name: noticeNumber, exact: true });
  await card.getByRole("link", { name: "Cadastro de lances iniciais" }).click();
}

export interface MenuEntry {
  title: string;
  /** The link of an entry, or the entries of a submenu. */
  href?: string;
  submenu?: { title: string; href: string }[];
}

/**
 * Reads the side menu as the user sees it: every top-level entry (a link, or a button that opens a
 * submenu, which is opened to read its links) in display order.
 */
export async function readMenu(page: Page): Promise<MenuEntry[]> {
  const menu = sideMenu(page);
  await expect(menu.getByRole("link").first()).toBeVisible();
  for (const button of await menu.getByRole("button").all()) {
    if ((await button.getAttribute("aria-expanded")) === "false") await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
  }
  const label = async (item: Locator) => ((await item.textContent()) ?? "").trim();
  const entries: MenuEntry[] = [];
  // Top-level entries: the links outside any submenu group and the buttons that open a group.
  for (const item of await menu.locator(":is(a, button):not([role=group] *)").all()) {
    const title = await label(item);
    const href = await item.getAttribute("href");
    if (href !== null) {
      entries.push({ title, href });
      continue;
    }
    const submenu: { title: string; href: string }[] = [];
    const group = menu.getByRole("group", { name: title, exact: true });
    await expect(group.getByRole("link").first()).toBeVisible();
    for (const link of await group.getByRole("link").all()) {
      submenu.push({ title: await label(link), href: (await link.getAttribute("href")) ?? "" });
    }
    entries.push({ title, submenu });
  }
  return entries;
}
