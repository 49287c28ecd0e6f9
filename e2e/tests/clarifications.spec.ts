import { expect, type Locator, type Page, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { publishNoticeForClarifications } from "../support/clarifications";
import { expectFormErrorState } from "../support/form-errors";

// Clarifications and challenges (Lei 14.133/2021 art. 164; notices-and-accounts §2.3; issue 19 item 1).

const DAY = 86_400_000;

async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), what).toBeLessThanOrEqual(width + 0.5);
}

test("a citizen asks a clarification, the auctioneer answers, the answer appears on the public notice", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const notice = await publishNoticeForClarifications(request, 30 * DAY);
  const question = `O lote 1 aceita cadeiras com apoio de cabeça? (${notice.noticeNumber})`;
  const answer = "Sim: o apoio de cabeça é opcional e não altera a especificação mínima.";

  // The citizen, from the card's submenu on the published notices.
  await loginAs(page, "cidadao@demo.com.br");
  await page.goto(`/solicitar-esclarecimentos/${notice.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Solicitar esclarecimento" })).toBeVisible();
  await expect(page.getByText(/^Até \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  const text = page.getByRole("textbox", { name: /Pedido de esclarecimento/ });
  await expectNoSeriousAxeFindings(page, "request form");
  await text.fill(question);
  await page.getByRole("button", { name: "Enviar pedido" }).click();
  await expect(page).toHaveURL(new RegExp(`/visualizar-esclarecimentos/${notice.id}$`));
  const mine = page.getByTestId("clarification-item").filter({ hasText: question });
  await expect(mine.getByText("Aguardando resposta")).toBeVisible();

  // Not public before the answer.
  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await visitor.goto(`/detalhes-do-edital/${notice.id}`);
  await expect(visitor.getByRole("heading", { name: "Esclarecimentos e impugnações" })).toBeVisible();
  await expect(visitor.getByText(question)).toHaveCount(0);

  // The auctioneer finds it on /esclarecimentos with its due date and answers.
  const auctioneer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loginAs(auctioneer, "pregoeiro@demo.gov.br");
  await auctioneer.goto("/esclarecimentos");
  await expect(
    auctioneer.getByRole("heading", { level: 1, name: "Esclarecimentos e impugnações" }),
  ).toBeVisible();
  const row = auctioneer.getByRole("row").filter({ hasText: notice.noticeNumber });
  await expect(row.getByText("Eduardo Lima")).toBeVisible();
  await expect(row.getByText("Aguardando resposta")).toBeVisible();
  await expectNoSeriousAxeFindings(auctioneer, "buyer's /esclarecimentos");
  await row.getByRole("link", { name: notice.noticeNumber }).click();
  const pending = auctioneer.getByTestId("clarification-item").filter({ hasText: question });
  await expect(pending.getByText("Solicitante: Eduardo Lima", { exact: false })).toBeVisible();
  await pending.getByRole("textbox", { name: /Resposta/ }).fill(answer);
  await expectNoSeriousAxeFindings(auctioneer, "answer form");
  await pending.getByRole("button", { name: "Publicar resposta" }).click();
  await expect(pending.getByText(answer)).toBeVisible();
  await expect(pending.getByText("Respondido", { exact: true })).toBeVisible();

  // Public on the notice, without who asked.
  await visitor.reload();
  const published = visitor.getByTestId("public-clarification").filter({ hasText: question });
  await expect(published.getByText(answer)).toBeVisible();
  await expect(visitor.getByText("Eduardo Lima")).toHaveCount(0);
  await visitor.close();
  await auctioneer.close();
});

test("a supplier's challenge past the deadline is refused with the last allowed date", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The session opens tomorrow: 3 business days before it have gone by.
  const notice = await publishNoticeForClarifications(request, DAY);
  await loginAs(page, "fornecedor1@demo.com.br");
  await page.goto(`/impugnar/${notice.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Impugnar edital" })).toBeVisible();
  const closed = page.getByText(/^O prazo para envio terminou em \d{2}\/\d{2}\/\d{4}\.$/);
  await expect(closed).toBeVisible();
  const lastDay = ((await closed.textContent()) ?? "").match(/\d{2}\/\d{2}\/\d{4}/)?.[0] ?? "";
  await page
    .getByRole("textbox", { name: /Razões da impugnação/ })
    .fill("A exigência do item 3 restringe a competição.");
  await page.getByRole("button", { name: "Enviar impugnação" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "O prazo para impugnar o edital terminou em" });
  await expect(refusal).toContainText(`terminou em ${lastDay}`);
  await expect(refusal).toContainText("art. 164");
  await expect(page).toHaveURL(new RegExp(`/impugnar/${notice.id}$`));
});

test("the request form fits 390×844", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const notice = await publishNoticeForClarifications(request, 30 * DAY);
  await loginAs(page, "fornecedor2@demo.com.br");
  await page.goto(`/solicitar-esclarecimentos/${notice.id}`);
  const text = page.getByRole("textbox", { name: /Pedido de esclarecimento/ });
  await expect(text).toBeVisible();
  await expectInsideViewport(page, text, "texto do pedido");
  await expectInsideViewport(page, page.getByRole("button", { name: /Anexo \(opcional, PDF\)/ }), "anexo");
  const send = page.getByRole("button", { name: "Enviar pedido" });
  await send.scrollIntoViewIfNeeded();
  await expectInsideViewport(page, send, "enviar");
  await expectInsideViewport(page, page.getByText(notice.noticeNumber).first(), "edital");
  await expectNoSeriousAxeFindings(page, "request form at 390 px");

  // A refused attachment (not a PDF): marked, focused, readable (issue 33).
  await text.fill("O item 2 admite similar?");
  await page.locator("input[type=file]").setInputFiles({
    name: "pedido.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("não é um PDF"),
  });
  await send.click();
  await expectFormErrorState(page, {
    what: "pedido de esclarecimento, anexo recusado",
    fields: [page.getByRole("button", { name: /Anexo \(opcional, PDF\)/ })],
  });
});

test("the card's submenu leads to the demo notice's answered clarification", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "fornecedor3@demo.com.br");
  const card = page.getByRole("list", { name: "Editais publicados" }).getByRole("article", {
    name: "PE 10/2026",
    exact: true,
  });
  await card.getByRole("button", { name: "Impugnações e Esclarecimentos" }).click();
  await expect(page.getByRole("menuitem")).toHaveText([
    "Solicitar esclarecimento",
    "Visualizar esclarecimentos",
    "Visualizar impugnações",
    "Impugnar",
  ]);
  await page.getByRole("menuitem", { name: "Visualizar esclarecimentos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Esclarecimentos" })).toBeVisible();
  const demo = page.getByTestId("clarification-item").filter({ hasText: "sistema operacional Linux" });
  await expect(demo.getByText(/licença OEM do Windows 11 Pro/)).toBeVisible();
  await expect(demo.getByText("Respondido", { exact: true })).toBeVisible();
  await expectNoSeriousAxeFindings(page, "view page");
});
