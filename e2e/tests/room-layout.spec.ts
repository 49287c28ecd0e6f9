import { expect, type Locator, type Page, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { useOwnServer } from "../support/own-server";
import { prepareRoomNotice } from "../support/room-api";
import { advanceTo, bidInput, controlPanel, LIVE, lotRow, openRoom } from "../support/room-page";

// Issue 12 items 1, 3 (structure) and 5: the room's layout as people see it. Every column of the
// bid table and of the lot table, and the bid input, lie inside the viewport (by bounding box, after
// scrolling them into view) for the auctioneer, a supplier and a citizen, at 1440×900, at the spec's
// 1324 px breakpoint and, as stacked rows ('label: value'), at 390×844; the room has its headings,
// a skip link to 'Novo lance', named scroll boxes, a tab title, and no serious axe finding.
//
// A notice of its own with a live dispute (room-api prepareRoomNotice, on a server of its own with
// the test clock): the demo room's lots are closed for offers and show nobody's bids but one's own.

const AUCTIONEER = "pregoeiro@demo.gov.br";
const SUPPLIER_1 = "fornecedor1@demo.com.br";
const SUPPLIER_3 = "fornecedor3@demo.com.br";
const CITIZEN = "cidadao@demo.com.br";

const SHOTS = process.env.E2E_SCREENSHOTS === "1";
/** Past the OPEN bidding's 10 minutes (no bid in its last 2 extends it). */
const PAST_BIDDING_MS = 15 * 60_000;

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1324, height: 900 },
  { width: 390, height: 844 },
] as const;

const bidTable = (page: Page) => page.getByRole("table", { name: "Lances" });
const lotTable = (page: Page) => page.getByRole("table", { name: "Lotes do processo" });

/**
 * The element, scrolled into view, lies whole inside the viewport's width and inside the box that
 * clips it (no column cut off or scrolled sideways out of sight), and is not squeezed to nothing.
 */
async function expectFullyShown(page: Page, element: Locator, clip: Locator, what: string): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const clipBox = await clip.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  expect(clipBox, what).not.toBeNull();
  if (!box || !clipBox || !viewport) return;
  expect(box.width, `${what}: largura`).toBeGreaterThan(0);
  expect(box.height, `${what}: altura`).toBeGreaterThan(0);
  expect(box.x, `${what}: início`).toBeGreaterThanOrEqual(Math.max(0, clipBox.x) - 0.5);
  expect(box.x + box.width, `${what}: fim`).toBeLessThanOrEqual(
    Math.min(viewport.width, clipBox.x + clipBox.width) + 0.5,
  );
}

/** What the in-page measurement reads of an element (the e2e project has no DOM types). */
interface PageElement {
  textContent: string | null;
  children: { length: number };
  querySelectorAll(selector: string): Iterable<PageElement> & ArrayLike<PageElement>;
  scrollIntoView(options: { block: string; inline: string }): void;
  getBoundingClientRect(): { x: number; width: number; height: number };
}

interface Shown {
  what: string;
  x: number;
  width: number;
  height: number;
  clipX: number;
  clipWidth: number;
  viewportWidth: number;
}

/**
 * Every column of the table is shown: drawn as a table, each column header; drawn as stacked rows,
 * each label (and value) of the first row. Each is scrolled into view and measured in the page, in
 * one round trip (a call per cell took half the test on 2 cores). Returns whether it was stacked.
 */
async function expectEveryColumnShown(table: Locator, clip: Locator, what: string) {
  await expect(table.locator("tbody tr").first()).toBeVisible(LIVE);
  // After a resize the room redraws the table for its new box (as a table that fits, or stacked).
  await expect
    .poll(
      () =>
        clip.evaluate((box) => {
          const drawn = box.querySelector("table");
          return (
            drawn !== null &&
            (drawn.hasAttribute("data-stacked") || drawn.getBoundingClientRect().width <= box.clientWidth + 1)
          );
        }),
      { message: `${what}: a tabela cabe na sua caixa`, timeout: 15_000 },
    )
    .toBe(true);
  const stacked = (await table.getAttribute("data-stacked")) !== null;
  const clipHandle = await clip.elementHandle();
  const shown: Shown[] = await table.evaluate(
    (table, { box, stacked }) => {
      const drawn = table as unknown as PageElement;
      const headers = [...drawn.querySelectorAll("thead th")].map((th) => (th.textContent ?? "").trim());
      const targets: { what: string; element: PageElement | null }[] = [];
      if (!stacked) {
        for (const [i, th] of [...drawn.querySelectorAll("thead th")].entries())
          targets.push({ what: `coluna '${headers[i]}'`, element: th });
      } else {
        const cells = drawn.querySelectorAll("tbody tr:first-child > td");
        headers.forEach((header, i) => {
          const cell = cells[i];
          if (!cell) return;
          // The label is the cell's element whose own text is the header (the stacked row's 'label: value').
          const label = [...cell.querySelectorAll("*")].find(
            (e) => (e.textContent ?? "").trim() === header && e.children.length === 0,
          );
          targets.push({ what: `rótulo '${header}'`, element: label ?? null });
          targets.push({ what: `valor de '${header}'`, element: cell });
        });
      }
      // biome-ignore lint/suspicious/noExplicitAny: this runs in the page.
      const viewportWidth: number = (globalThis as any).document.documentElement.clientWidth;
      return targets.map(({ what, element }) => {
        // A missing label measures as nothing, and fails 'largura'.
        element?.scrollIntoView({ block: "nearest", inline: "nearest" });
        const rect = element?.getBoundingClientRect() ?? { x: 0, width: 0, height: 0 };
        const clipRect = (box as unknown as PageElement).getBoundingClientRect();
        return {
          what,
          x: rect.x,
          width: rect.width,
          height: rect.height,
          clipX: clipRect.x,
          clipWidth: clipRect.width,
          viewportWidth,
        };
      });
    },
    { box: clipHandle, stacked },
  );
  await clipHandle?.dispose();
  expect(shown.length, what).toBeGreaterThan(5);
  for (const s of shown) expectInside(s, `${what}: ${s.what}`);
  return stacked;
}

/** Whole inside the viewport's width and the box that clips it, and not squeezed to nothing. */
function expectInside(s: Shown, what: string): void {
  expect(s.width, `${what}: largura`).toBeGreaterThan(0);
  expect(s.height, `${what}: altura`).toBeGreaterThan(0);
  expect(s.x, `${what}: início`).toBeGreaterThanOrEqual(Math.max(0, s.clipX) - 0.5);
  expect(s.x + s.width, `${what}: fim`).toBeLessThanOrEqual(
    Math.min(s.viewportWidth, s.clipX + s.clipWidth) + 0.5,
  );
}

const server = useOwnServer();

test("every column of the bid and lot tables and the bid input are in view at 1440, 1324 and 390 px; headings, skip link, focus, title, axe", async ({
  browser,
}) => {
  // Three live rooms, three viewports each, on a loaded machine; no term is waited out.
  test.setTimeout(240_000);
  const { baseUrl: origin, api, clock } = server();
  const notice = await prepareRoomNotice(api, clock, {
    proposalsWindowMs: 60 * 60_000,
    proposals: { [SUPPLIER_1]: 9_500, [SUPPLIER_3]: 9_700 },
  });
  const [auctioneer, supplier, citizen] = await Promise.all([
    openRoom(browser, origin, AUCTIONEER, notice.id, { viewport: VIEWPORTS[0] }),
    openRoom(browser, origin, SUPPLIER_1, notice.id, { viewport: VIEWPORTS[0] }),
    openRoom(browser, origin, CITIZEN, notice.id, { viewport: VIEWPORTS[0] }),
  ]);
  const everyone = [
    { who: "pregoeiro", page: auctioneer },
    { who: "fornecedor", page: supplier },
    { who: "cidadão", page: citizen },
  ];

  // Item 5: the tab is named after the screen and the notice.
  for (const { page } of everyone)
    await expect(page).toHaveTitle(`Sala de negociação — ${notice.noticeNumber} — Certame`);

  // The dispute starts; the supplier bids from the keyboard and the focus stays on the input.
  await clock.to(notice.proposalsEnd);
  await expect(lotRow(auctioneer)).toContainText("Fechado para propostas", LIVE);
  await advanceTo(auctioneer, "Sessão pública");
  await advanceTo(auctioneer, "Disputa de lances");
  const input = bidInput(supplier);
  await expect(input).toBeEnabled(LIVE);

  // Item 3: the skip link is the keyboard's way past the header and the lots to 'Novo lance'.
  const skip = supplier.getByRole("link", { name: "Ir para Novo lance" });
  await skip.focus();
  await expect(skip).toBeInViewport();
  await supplier.keyboard.press("Enter");
  await expect(input).toBeFocused();

  await supplier.keyboard.type("9400");
  await supplier.keyboard.press("Enter");
  await expect(input).toHaveValue("", LIVE);
  for (const { page } of everyone)
    await expect(bidTable(page).getByRole("row").filter({ hasText: "R$ 94,00" })).toBeVisible(LIVE);
  await expect(input).toBeFocused();

  // Item 3: the room's headings and the keyboard-reachable scroll boxes.
  for (const { page } of everyone) {
    for (const name of ["Lotes", "Painel de controle", "Lances"])
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Chat — Lote 1" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Histórico de mensagens do lote 1" })).toHaveAttribute(
      "tabindex",
      "0",
    );
  }
  await expect(auctioneer.getByRole("link", { name: "Ir para Novo lance" })).toHaveCount(0);
  await expect(citizen.getByRole("link", { name: "Ir para Novo lance" })).toHaveCount(0);

  // Item 1: every column and the bid input, for everyone, at each width.
  for (const viewport of VIEWPORTS) {
    for (const { who, page } of everyone) {
      await page.setViewportSize(viewport);
      const what = `${who} a ${viewport.width}px`;
      const bidsStacked = await expectEveryColumnShown(
        bidTable(page),
        page.getByTestId("bid-table-scroll"),
        `${what}, lances`,
      );
      const lotsStacked = await expectEveryColumnShown(
        lotTable(page),
        page.getByRole("region", { name: "Lista de lotes" }),
        `${what}, lotes`,
      );
      // A wide screen shows both as tables; a phone shows stacked rows, not a sideways scroll.
      expect([bidsStacked, lotsStacked], what).toEqual(
        viewport.width >= 1324 ? [false, false] : [true, true],
      );
      if (page === supplier) await expectFullyShown(page, input, controlPanel(page), `${what}, Novo lance`);
      if (SHOTS)
        await page.screenshot({ path: `/tmp/room-layout-${who}-${viewport.width}.png`, fullPage: true });
    }
  }

  // axe, as the supplier and as the auctioneer, on a phone and on a desktop screen.
  await expectNoSeriousAxeFindings(supplier, "sala (fornecedor, 390 px)");
  await expectNoSeriousAxeFindings(auctioneer, "sala (pregoeiro, 390 px)");
  for (const { page } of everyone) await page.setViewportSize(VIEWPORTS[0]);
  await expectNoSeriousAxeFindings(supplier, "sala (fornecedor, 1440 px)");
  await expectNoSeriousAxeFindings(auctioneer, "sala (pregoeiro, 1440 px)");

  // After a confirmation (NEGOTIATION, §2.6 'Novo lance') the focus is back on the bid input.
  await clock.advance(PAST_BIDDING_MS);
  await expect(controlPanel(supplier)).toContainText("Negociação", LIVE);
  await expect(input).toBeEnabled(LIVE);
  await input.focus();
  await supplier.keyboard.type("9300");
  await supplier.keyboard.press("Enter");
  const confirm = supplier.getByRole("dialog", { name: "Novo lance" });
  await expect(confirm).toBeVisible(LIVE);
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(confirm).toBeHidden(LIVE);
  await expect(controlPanel(citizen)).toContainText("R$ 93,00", LIVE);
  await expect(input).toBeFocused();

  for (const { page } of everyone) await page.context().close();
});

/** The page's level-1 heading, once shown, names its tab: '<heading> — Certame' (item 5). */
async function expectTitleFromHeading(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const text = ((await heading.textContent()) ?? "").trim();
  expect(text, path).not.toBe("");
  await expect(page, path).toHaveTitle(`${text} — Certame`);
}

test("public and logged-in screens name their tabs after their headings", async ({ page }) => {
  for (const path of ["/editais", "/login", "/tutoriais", "/endereco-que-nao-existe"])
    await expectTitleFromHeading(page, path);
  await expect(page).toHaveTitle("Página não encontrada — Certame");
  await loginAs(page, "fornecedor1@demo.com.br");
  for (const path of ["/editais-publicados", "/documentos-de-habilitacao", "/meus-editais"])
    await expectTitleFromHeading(page, path);
  await expect(page).toHaveTitle("Meus editais — Certame");
});
