import { expect, type Page, test } from "@playwright/test";
import { cspViolations, loginAs } from "../support/app";

// The demo room: NEW_ELECTRONIC_REVERSED_AUCTION "PE 08/2026", three lots closed for offers
// (apps/server/src/demo/demo-data.ts DEMO_IDS.noticeRoom). These tests only read the room and use
// its chat, so they change no lot's phase for the other tests sharing the demo data.
const ROOM = "/sala-de-negociacao/00000000-0000-4000-8000-000000002003";
const SHOTS = process.env.E2E_SCREENSHOTS === "1";

const lotTable = (page: Page) => page.getByRole("table", { name: "Lotes do processo" });
/** The room's start (chat subscription, live channel, lot data) on a busy test machine. */
const ROOM_START = { timeout: 20_000 };
const chatInput = (page: Page) => page.getByRole("textbox", { name: "Mensagem" });

test.describe("trading room", () => {
  // Two logins and live rooms per test: more than the default 30 s on a loaded machine.
  test.slow();

  test("a citizen opens the demo room from its card and watches the lots and the chat read-only", async ({
    page,
  }) => {
    const blocked = cspViolations(page);
    await loginAs(page, "cidadao@demo.com.br");
    const card = page
      .getByRole("list", { name: "Editais publicados" })
      .getByRole("article", { name: "PE 08/2026", exact: true });
    await card.getByRole("link", { name: "Sala de negociação" }).click();
    await expect(page).toHaveURL(new RegExp(`${ROOM}$`));

    await expect(page.getByRole("heading", { level: 1, name: "Sala de negociação" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Conectado" })).toBeVisible(ROOM_START);
    const header = page.getByRole("region", { name: "Dados do processo" });
    await expect(header).toContainText("Prefeitura Municipal de Exemplo");
    await expect(header).toContainText("PE 08/2026");

    const lots = lotTable(page);
    await expect(lots.getByRole("row", { name: /^Lote \d+$/ })).toHaveCount(3);
    await expect(lots.getByRole("row", { name: "Lote 1" })).toHaveAttribute("aria-selected", "true");
    await expect(lots.getByRole("row", { name: "Lote 3" })).toContainText("Exclusiva ME-EPP");

    // Read-only: the chat is disabled and no bid or phase control is offered.
    await expect(chatInput(page)).toBeDisabled();
    await expect(chatInput(page)).toHaveAttribute("placeholder", "Chat desabilitado");
    await expect(page.getByRole("button", { name: "Próxima fase" })).toHaveCount(0);
    await expect(page.getByLabel("Novo lance")).toHaveCount(0);

    // Another lot: its chat and bids load.
    await lots.getByRole("row", { name: "Lote 2" }).click();
    await expect(lots.getByRole("row", { name: "Lote 2" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("region", { name: "Chat do lote 2" })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: "/tmp/trading-room-citizen.png", fullPage: true });
    // The live channel and Mantine's run-time styles work under the server's Content-Security-Policy.
    expect(blocked).toEqual([]);
  });

  test("the auctioneer's chat message reaches a supplier in another browser", async ({ page, browser }) => {
    await loginAs(page, "pregoeiro@demo.gov.br");
    await page.goto(ROOM);
    await expect(lotTable(page)).toBeVisible(ROOM_START);

    const supplierContext = await browser.newContext();
    const supplier = await supplierContext.newPage();
    await loginAs(supplier, "fornecedor1@demo.com.br");
    await supplier.goto(ROOM);
    await expect(lotTable(supplier)).toBeVisible(ROOM_START);
    // The supplier sees its own bid panel; the phase controls are the auctioneer's.
    await expect(supplier.getByRole("button", { name: "Próxima fase" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Próxima fase" })).toBeVisible();

    const text = `Bom dia, licitantes (${Date.now()})`;
    await expect(chatInput(page)).toBeEnabled();
    await chatInput(page).fill(text);
    await chatInput(page).press("Enter");
    await expect(chatInput(page)).toHaveValue("");

    const seen = supplier
      .getByRole("list", { name: "Mensagens" })
      .getByRole("listitem")
      .filter({ hasText: text });
    await expect(seen).toBeVisible();
    await expect(seen).toContainText("Preg./Ag. Contrat.:");
    await expect(seen).toHaveAttribute("data-sender", "AUCTIONEER");
    const own = page.getByRole("list", { name: "Mensagens" }).getByRole("listitem").filter({ hasText: text });
    await expect(own).toHaveAttribute("data-sender", "CURRENT_USER");
    if (SHOTS) await supplier.screenshot({ path: "/tmp/trading-room-supplier-chat.png", fullPage: true });
    await supplierContext.close();
  });
});
