import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { expectFormErrorState } from "../support/form-errors";
import { smallPdf } from "../support/notice-wizard";

// A direct accreditation's proposal (issue 19 item 2, notices-and-accounts §2.3): a supplier
// downloads the template and attaches its signed proposal, the body — its analysis page open — sees
// it arrive without a reload (the live channel, announced) and approves it, the results show it.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOTICE = "CR 01/2026";

const accreditationCard = async (page: Page) => {
  // On a phone the side menu is folded: the list is opened by its address.
  if ((page.viewportSize()?.width ?? 0) < 768) await page.goto("/procedimentos-auxiliares");
  else await sideMenu(page).getByRole("link", { name: "Procedimentos auxiliares" }).click();
  return page
    .getByRole("list", { name: "Procedimentos auxiliares" })
    .getByRole("article", { name: NOTICE, exact: true });
};

test.describe.configure({ mode: "serial" });

test.describe("direct accreditation at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("a supplier attaches its signed proposal; the body's open page shows it live and approves it; the results list it", async ({
    page,
    browser,
  }) => {
    // The body's analysis page is open before the proposal is sent, in its own browser.
    const buyerContext = await browser.newContext({ viewport: DESKTOP });
    const buyer = await buyerContext.newPage();
    await loginAs(buyer, "pregoeiro@demo.gov.br");
    await (await accreditationCard(buyer))
      .getByRole("link", { name: "Analisar e aprovar propostas" })
      .click();
    await expect(
      buyer.getByRole("heading", { level: 1, name: "Analisar e aprovar propostas" }),
    ).toBeVisible();
    await expect(buyer.getByRole("status")).toContainText("aguardando análise");

    await loginAs(page, "fornecedor1@demo.com.br");
    let card = await accreditationCard(page);
    // The template: a real spreadsheet built from the notice's lots.
    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: `Baixar modelo de proposta ${NOTICE}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("modelo-de-proposta-CR 01-2026.xlsx");
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");

    await card.getByRole("link", { name: "Anexar proposta assinada" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anexar proposta assinada" })).toBeVisible();
    await expect(page.getByText(NOTICE, { exact: true })).toBeVisible();
    // Sending without a file names the field.
    await page.getByRole("button", { name: "Enviar proposta" }).click();
    await expect(page.getByText("Selecione o arquivo da proposta em PDF.")).toBeVisible();
    await expectFormErrorState(page, {
      what: "anexar proposta sem arquivo",
      fields: [page.getByRole("button", { name: /Arquivo da proposta \(PDF\)/ })],
    });
    await page.locator("input[type=file]").setInputFiles({
      name: "proposta-clinica.pdf",
      mimeType: "application/pdf",
      buffer: smallPdf("Proposta"),
    });
    await page.getByRole("textbox", { name: "Observações (opcional)" }).fill("Tabela de exames 2027");
    await page.getByRole("button", { name: "Enviar proposta" }).click();
    const mine = page.getByRole("table", { name: "Minhas propostas" });
    await expect(mine.getByRole("row", { name: /proposta-clinica\.pdf.*Em análise/ })).toBeVisible();
    await expectNoSeriousAxeFindings(page, "anexar proposta");

    // The body's page, never reloaded, shows it: the live channel told it, announced.
    await expect(buyer.getByRole("status").filter({ hasText: "Nova proposta recebida." })).toBeAttached();
    const table = buyer.getByRole("table", { name: "Analisar e aprovar propostas" });
    const row = table
      .getByRole("row", { name: /proposta|Tabela de exames 2027/ })
      .filter({ hasText: "Em análise" });
    await expect(row).toHaveCount(1);
    for (const header of ["Fornecedor", "Situação", "Ações"]) {
      const box = await table.getByRole("columnheader", { name: header }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= DESKTOP.width).toBe(true);
    }
    // A rejection without its reason is refused on the field; then the approval.
    await row.getByRole("button", { name: /^Reprovar / }).click();
    const dialog = buyer.getByRole("dialog", { name: "Reprovar proposta" });
    await dialog.getByRole("button", { name: "Reprovar" }).click();
    await expect(dialog.getByText("Informe o motivo da reprovação.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await row.getByRole("button", { name: /^Aprovar / }).click();
    await expect(table.getByText("Aprovada")).toBeVisible();
    await expect(
      buyer.getByRole("status").filter({ hasText: "0 propostas aguardando análise" }),
    ).toBeAttached();
    await expectNoSeriousAxeFindings(buyer, "aprovar propostas");
    await buyerContext.close();

    // The supplier reads the result.
    await loginAs(page, "fornecedor1@demo.com.br");
    card = await accreditationCard(page);
    await card.getByRole("link", { name: "Resultados e propostas aprovadas" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Resultados e propostas aprovadas" }),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Propostas aprovadas" })).toContainText(
      "Proposta inicial de valores",
    );
    await expect(page.getByRole("table", { name: "Minhas propostas" })).toContainText("Aprovada");
  });
});

test.describe("direct accreditation at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the attachment form fits the phone", async ({ page }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    const card = await accreditationCard(page);
    await card.getByRole("link", { name: "Atualizar valores dos produtos" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Atualizar valores dos produtos" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar proposta" })).toBeInViewport();
    await expectInputsInside(page, PHONE.width);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "atualizar valores (celular)");
  });
});
