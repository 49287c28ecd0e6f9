import { type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { chooseOption } from "./notice-wizard";
import { sessionState } from "./room-api";

/** A live change reaching another browser; a room opening (first build of the state on a busy CI). */
export const LIVE = { timeout: 30_000 };
export const ROOM_START = { timeout: 60_000 };

export const controlPanel = (page: Page) => page.getByRole("region", { name: "Painel de controle" });
export const bidInput = (page: Page) => controlPanel(page).getByLabel("Novo lance");
/** A polite live region of the room ('Avisos da sala', 'Avisos de lances', 'Avisos do seu lance'). */
export const announcer = (page: Page, name: string) => page.getByRole("status", { name });
export const lotRow = (page: Page) =>
  page.getByRole("table", { name: "Lotes do processo" }).getByRole("row", { name: "Lote 1" });

/**
 * The room of a notice in a browser of its own, signed in as `login`: connected and showing `ready`
 * (the lot row unless told otherwise).
 */
export async function openRoom(
  browser: Browser,
  baseURL: string,
  login: string,
  noticeId: string,
  options: {
    viewport?: { width: number; height: number };
    ready?: (page: Page) => Locator;
    /** Runs on the new context before the room opens (e.g. a route of its WebSocket). */
    prepare?: (context: BrowserContext) => Promise<void>;
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    storageState: await sessionState(baseURL, login),
  });
  await options.prepare?.(context);
  const page = await context.newPage();
  await page.goto(`/sala-de-negociacao/${noticeId}`);
  await expect(page.getByRole("status").filter({ hasText: "Conectado" })).toBeVisible(ROOM_START);
  await expect((options.ready ?? lotRow)(page)).toBeVisible(ROOM_START);
  return page;
}

/** The auctioneer's 'Próxima fase' → the phase modal → the phase the server offers → 'Confirmar'. */
export async function advanceTo(page: Page, phaseLabel: string): Promise<void> {
  await controlPanel(page).getByRole("button", { name: "Próxima fase" }).click();
  const dialog = page.getByRole("dialog", { name: "Avançar para próxima fase" });
  await expect(dialog).toBeVisible(LIVE);
  await dialog.getByRole("radio", { name: "Lote/item selecionado" }).check();
  await chooseOption(page, dialog.getByRole("combobox", { name: "Próxima fase" }), phaseLabel);
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  await expect(dialog).toBeHidden(LIVE);
}
