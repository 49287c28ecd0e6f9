import { expect, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo@2026";

/** Logs in through the login page and waits for the published-notices page. */
export async function loginAs(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(login);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/editais-publicados$/);
}

export const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Menu principal" });

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
