import { expect, type Page, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";

const SHOTS = process.env.E2E_SCREENSHOTS === "1";

const cardList = (page: Page, title: string) => page.getByRole("list", { name: title });
const card = (page: Page, title: string, noticeNumber: string) =>
  cardList(page, title).getByRole("article", { name: noticeNumber, exact: true });

test.describe("published-notice cards", () => {
  test("a citizen sees the demo notices as cards on the three pages and opens a card's download modal", async ({
    page,
  }) => {
    await loginAs(page, "cidadao@demo.com.br");

    // /editais-publicados: the bidding notices only.
    await expect(page.getByRole("heading", { level: 1, name: "Editais publicados" })).toBeVisible();
    const auction = card(page, "Editais publicados", "PE 08/2026");
    await expect(auction).toBeVisible();
    await expect(auction).toContainText("Pregão Eletrônico (Lei 14.133/2021)");
    await expect(auction).toContainText("Publicado");
    await expect(auction).toContainText("(horário de Brasília)");
    await expect(card(page, "Editais publicados", "CR 01/2026")).toHaveCount(0);
    await expect(card(page, "Editais publicados", "DL 03/2026")).toHaveCount(0);
    // The download, and the trading room of a room modality.
    await expect(auction.getByRole("link")).toHaveText(["Sala de negociação"]);
    await expect(auction.getByRole("button")).toHaveText([
      "Baixar arquivos do processo",
      "Impugnações e Esclarecimentos",
    ]);
    if (SHOTS) await page.screenshot({ path: "/tmp/published-cards.png", fullPage: true });

    // /procedimentos-auxiliares: the direct-contracting notices.
    await sideMenu(page).getByRole("link", { name: "Procedimentos auxiliares" }).click();
    await expect(page).toHaveURL(/\/procedimentos-auxiliares$/);
    await expect(page.getByRole("heading", { level: 1, name: "Procedimentos auxiliares" })).toBeVisible();
    const accreditation = card(page, "Procedimentos auxiliares", "CR 01/2026");
    await expect(accreditation).toContainText("Credenciamento");
    await expect(card(page, "Procedimentos auxiliares", "PE 08/2026")).toHaveCount(0);

    // /formalizacoes-publicadas: formalizations, finished ones included.
    await sideMenu(page).getByRole("link", { name: "Formalizações publicadas" }).click();
    await expect(page).toHaveURL(/\/formalizacoes-publicadas$/);
    const waiver = card(page, "Formalizações publicadas", "DL 03/2026");
    await expect(waiver).toContainText("Formalização de Dispensa");
    await expect(waiver).toContainText("Encerrado");
    await expect(card(page, "Formalizações publicadas", "CR 01/2026")).toHaveCount(0);

    // The download modal lists the demo notice's files (issue 12 item 11: its edital and reference
    // term); nothing is chosen yet, so nothing downloads.
    await waiver.getByRole("button", { name: "Baixar arquivos do processo DL 03/2026" }).click();
    const modal = page.getByRole("dialog");
    const files = modal.getByRole("table", { name: "Arquivos do processo" });
    await expect(files).toContainText("edital-dl-03-2026.pdf");
    await expect(files).toContainText("termo-de-referencia-dl-03-2026.pdf");
    await expect(modal.getByRole("button", { name: "Baixar arquivo" })).toBeDisabled();
    if (SHOTS) await page.screenshot({ path: "/tmp/published-cards-download.png" });
    await modal.getByRole("button", { name: "Fechar" }).last().click();
    await expect(modal).toHaveCount(0);
  });
});
