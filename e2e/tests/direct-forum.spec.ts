import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";

// The message forum of a direct procedure (issue 19 item 2, notices-and-accounts §2.3): a supplier
// posts a message on the demo accreditation, the body replies, and the supplier's open page shows
// the reply without a reload (the live channel), announced.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOTICE = "CR 01/2026";
const SUPPLIER_COMPANY = "Ribeiro Papelaria e Suprimentos Ltda - ME";

/** The demo accreditation's forum, from its card's submenu. */
async function openForum(page: Page) {
  // On a phone the side menu is folded: the list is opened by its address.
  if ((page.viewportSize()?.width ?? 0) < 768) await page.goto("/procedimentos-auxiliares");
  else await sideMenu(page).getByRole("link", { name: "Procedimentos auxiliares" }).click();
  const card = page
    .getByRole("list", { name: "Procedimentos auxiliares" })
    .getByRole("article", { name: NOTICE, exact: true });
  await card.getByRole("button", { name: "Impugnações e Esclarecimentos" }).click();
  await page.getByRole("menuitem", { name: "Fórum de mensagens" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fórum de mensagens" })).toBeVisible();
  await expect(page.getByText(NOTICE, { exact: true })).toBeVisible();
}

test.describe("direct procedure's forum at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("a supplier asks, the body replies, the supplier sees the reply live", async ({ page, browser }) => {
    // This run's own message: other runs and specs may have written in the demo forum.
    const question = `Clínicas de outros municípios podem se credenciar? (${randomUUID().slice(0, 8)})`;
    const answer = `Sim, desde que atendam no município. (${randomUUID().slice(0, 8)})`;

    await loginAs(page, "fornecedor1@demo.com.br");
    await openForum(page);
    // An empty message is refused on its field.
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Escreva a mensagem.")).toBeVisible();
    await page.getByRole("textbox", { name: "Sua mensagem" }).fill(question);
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    const list = page.getByRole("list", { name: "Mensagens do fórum" });
    const mine = list
      .getByRole("listitem", { name: `Mensagem de ${SUPPLIER_COMPANY}` })
      .filter({ hasText: question });
    await expect(mine).toBeVisible();
    await expect(mine.getByText("Fornecedor", { exact: true })).toBeVisible();
    await expectNoSeriousAxeFindings(page, "fórum (fornecedor)");
    // Its own message is no news to announce.
    await expect(page.getByRole("status").filter({ hasText: "Nova mensagem no fórum." })).toHaveCount(0);

    // The body, in its own browser, replies to that message.
    const buyerContext = await browser.newContext({ viewport: DESKTOP });
    const buyer = await buyerContext.newPage();
    try {
      await loginAs(buyer, "pregoeiro@demo.gov.br");
      await openForum(buyer);
      const message = buyer
        .getByRole("list", { name: "Mensagens do fórum" })
        .getByRole("listitem", { name: `Mensagem de ${SUPPLIER_COMPANY}` })
        .filter({ hasText: question });
      await message.getByRole("button", { name: `Responder a mensagem de ${SUPPLIER_COMPANY}` }).click();
      const reply = message.getByRole("textbox", { name: "Resposta" });
      await expect(reply).toBeInViewport();
      await reply.fill(answer);
      await message.getByRole("button", { name: "Enviar resposta" }).click();
      await expect(message.getByRole("list", { name: "Respostas do órgão" })).toContainText(answer);
      await expectNoSeriousAxeFindings(buyer, "fórum (órgão)");
    } finally {
      await buyerContext.close();
    }

    // The supplier's page, never reloaded, shows the reply under its message, announced.
    await expect(page.getByRole("status").filter({ hasText: "Nova mensagem no fórum." })).toBeAttached();
    await expect(mine.getByRole("list", { name: "Respostas do órgão" })).toContainText(answer);
    await expect(mine.getByRole("list", { name: "Respostas do órgão" })).toContainText(
      "Prefeitura Municipal de Exemplo",
    );
  });
});

test.describe("direct procedure's forum at 390×844", () => {
  test.use({ viewport: PHONE });

  test("a citizen's message form fits the phone", async ({ page }) => {
    await loginAs(page, "cidadao@demo.com.br");
    await openForum(page);
    const field = page.getByRole("textbox", { name: "Sua mensagem" });
    await expect(field).toBeInViewport();
    await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeInViewport();
    await expectInputsInside(page, PHONE.width);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "fórum (celular)");
  });
});
