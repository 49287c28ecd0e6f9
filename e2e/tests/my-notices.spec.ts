import { expect, type Locator, type Page, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";

// 'Meus editais' (issue 19 item 3): a supplier's participations and a buyer's body's processes,
// with the next deadline and the pending actions, searched and narrowed by status.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function expectInside(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width + 1).toBe(true);
}

async function search(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Pesquisar meus editais" }).fill(text);
  await page.getByRole("button", { name: "Pesquisar" }).click();
}

test.describe("my notices at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("a supplier finds the room it bids in with its deadline column; a buyer's draft asks to be published", async ({
    page,
  }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    await sideMenu(page).getByRole("link", { name: "Meus editais" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Meus editais" })).toBeVisible();
    await search(page, "PE 08/2026");
    const table = page.getByRole("table", { name: "Meus editais" });
    await expect(table.getByRole("link", { name: "PE 08/2026", exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "1 processo encontrado" })).toBeAttached();
    for (const header of ["Edital", "Órgão", "Situação", "Próximo prazo", "Pendências"])
      await expectInside(table.getByRole("columnheader", { name: header }), DESKTOP.width);
    // Another body's notice the supplier takes no part in (no test bids on it) is not its own.
    await search(page, "PE 21/2026");
    await expect(page.getByRole("status").filter({ hasText: "Nenhum processo encontrado" })).toBeAttached();
    await expectNoSeriousAxeFindings(page, "meus editais (fornecedor)");

    await loginAs(page, "pregoeiro@demo.gov.br");
    await page.goto("/meus-editais");
    await page.getByRole("combobox", { name: "Situação" }).selectOption("PENDING");
    await search(page, "PE 12/2026");
    // Its row (another test's duplicate, 'PE 12/2026 (cópia)', is a draft too).
    const number = page.getByRole("link", { name: "PE 12/2026", exact: true });
    const draft = page.getByRole("table", { name: "Meus editais" }).getByRole("row").filter({ has: number });
    await expect(draft.getByRole("link", { name: "Publicar o edital" })).toHaveAttribute(
      "href",
      /\/cadastrar\/editais\/[0-9a-f-]{36}\/formulario$/,
    );
    await draft.getByRole("link", { name: "PE 12/2026", exact: true }).click();
    await expect(page).toHaveURL(/\/cadastrar\/editais\/[0-9a-f-]{36}\/formulario$/);
  });
});

test.describe("my notices at 390×844", () => {
  test.use({ viewport: PHONE });

  test("each process is a card whose deadline and actions fit the phone", async ({ page }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    await page.goto("/meus-editais");
    await search(page, "PE 08/2026");
    const card = page.getByRole("list", { name: "Meus editais" }).getByRole("listitem").first();
    await expect(card.getByRole("link", { name: "PE 08/2026" })).toBeVisible();
    await expectInside(card, PHONE.width);
    await expectInside(card.getByText("Próximo prazo"), PHONE.width);
    await expectInputsInside(page, PHONE.width);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "meus editais (celular)");
  });
});
