import { expect, type Page, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { expectFormErrorState } from "../support/form-errors";
import { chooseOption, smallPdf } from "../support/notice-wizard";

// Appeals in a direct pre-qualification (Lei 14.133/2021 art. 165; notices-and-accounts §2.3; issue 19
// item 2): two suppliers attach their files, the body approves one and rejects the other; the rejected
// one appeals against the other's approval, the approved one answers, the body judges. The demo
// pre-qualification 'PQ 01/2026' is this spec's alone.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOTICE = "PQ 01/2026";
const CARVALHO = "Carvalho Distribuidora de Materiais S.A."; // fornecedor2
const SOUZA = "Souza Comércio de Informática EPP"; // fornecedor3

const card = async (page: Page) => {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.goto("/procedimentos-auxiliares");
  else await sideMenu(page).getByRole("link", { name: "Procedimentos auxiliares" }).click();
  return page
    .getByRole("list", { name: "Procedimentos auxiliares" })
    .getByRole("article", { name: NOTICE, exact: true });
};

async function attachFiles(page: Page, login: string, fileName: string) {
  await loginAs(page, login);
  await (await card(page)).getByRole("link", { name: "Anexar arquivos de pré-qualificação" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Anexar arquivos de pré-qualificação" }),
  ).toBeVisible();
  await page.locator("input[type=file]").setInputFiles({
    name: fileName,
    mimeType: "application/pdf",
    buffer: smallPdf("Pré-qualificação"),
  });
  await page.getByRole("button", { name: "Enviar proposta" }).click();
  await expect(
    page.getByRole("table", { name: "Minhas propostas" }).getByRole("row", { name: new RegExp(fileName) }),
  ).toContainText("Em análise");
}

test.describe.configure({ mode: "serial" });

test.describe("appeals at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("an appeal against another's approval, its counter-arguments (live on the body's page) and the body's decision", async ({
    page,
    browser,
  }) => {
    await attachFiles(page, "fornecedor3@demo.com.br", "pq-souza.pdf");
    await attachFiles(page, "fornecedor2@demo.com.br", "pq-carvalho.pdf");

    // The body approves Souza and rejects Carvalho.
    await loginAs(page, "pregoeiro@demo.gov.br");
    await (await card(page)).getByRole("link", { name: "Analisar e aprovar propostas" }).click();
    const table = page.getByRole("table", { name: "Analisar e aprovar propostas" });
    await table.getByRole("button", { name: `Aprovar ${SOUZA}` }).click();
    await expect(table.getByRole("row", { name: new RegExp(SOUZA) })).toContainText("Aprovada");
    await table.getByRole("button", { name: `Reprovar ${CARVALHO}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reprovar proposta" });
    await dialog.getByRole("textbox", { name: /Motivo da reprovação/ }).fill("Atestado técnico vencido.");
    await dialog.getByRole("button", { name: "Reprovar" }).click();
    await expect(table.getByRole("row", { name: new RegExp(CARVALHO) })).toContainText("Reprovada");

    // Carvalho appeals against Souza's approval.
    await loginAs(page, "fornecedor2@demo.com.br");
    await (await card(page)).getByRole("link", { name: "Interpor recurso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Interpor recurso" })).toBeVisible();
    await chooseOption(
      page,
      page.getByRole("combobox", { name: "Decisão recorrida" }),
      new RegExp(`a aprovação .* de ${SOUZA}`),
    );
    await expect(page.getByRole("note")).toContainText("Prazo para recorrer: até");
    await page
      .getByRole("textbox", { name: /Razões do recurso/ })
      .fill("O atestado de Souza não cobre pavimentação.");
    // A refused attachment (not a PDF) first: marked, focused, readable (issue 33); then none.
    const attachment = page.locator("input[type=file]");
    await attachment.setInputFiles({
      name: "recurso.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("texto"),
    });
    await page.getByRole("button", { name: "Interpor recurso" }).click();
    await expectFormErrorState(page, {
      what: "interpor recurso, anexo recusado",
      fields: [page.getByRole("button", { name: /^Arquivo \(PDF, opcional\)/ })],
    });
    await attachment.setInputFiles([]);
    await page.getByRole("button", { name: "Interpor recurso" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Recurso interposto." })).toBeAttached();
    for (const field of [
      page.getByRole("combobox", { name: "Decisão recorrida" }),
      page.getByRole("textbox", { name: /Razões do recurso/ }),
    ]) {
      const box = await field.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= DESKTOP.width).toBe(true);
    }
    await expectNoSeriousAxeFindings(page, "interpor recurso");

    // The body opens the appeals from the card's submenu: it must wait for the counter-arguments.
    const bodyContext = await browser.newContext({ viewport: DESKTOP });
    const body = await bodyContext.newPage();
    await loginAs(body, "pregoeiro@demo.gov.br");
    await (await card(body)).getByRole("button", { name: "Recursos e fórum" }).click();
    await body.getByRole("menuitem", { name: "Visualizar recursos" }).click();
    await expect(body.getByRole("heading", { level: 1, name: "Visualizar recursos" })).toBeVisible();
    const appeal = body.getByTestId("appeal-item").filter({ hasText: `Interposto por ${CARVALHO}` });
    await expect(appeal).toContainText("Aguarde as contrarrazões");

    // Souza answers it; the body's open page shows the answer without a reload, announced.
    await loginAs(page, "fornecedor3@demo.com.br");
    await (await card(page)).getByRole("link", { name: "Interpor recurso" }).click();
    await expect(page.getByRole("heading", { name: "Recursos contra a sua proposta" })).toBeVisible();
    await page
      .getByRole("textbox", { name: /Contrarrazões/ })
      .fill("O atestado cobre obras viárias, página 2.");
    await page.getByRole("button", { name: "Apresentar contrarrazões" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Contrarrazões apresentadas." })).toBeAttached();
    await expect(appeal).toContainText("O atestado cobre obras viárias, página 2.");
    await expect(
      body.getByRole("status").filter({ hasText: "Os recursos deste procedimento foram atualizados." }),
    ).toBeAttached();

    // The body judges it.
    await appeal.getByRole("radio", { name: "Indeferido" }).check();
    await appeal.getByRole("textbox", { name: /Fundamentação/ }).fill("O atestado abrange pavimentação.");
    await appeal.getByRole("button", { name: "Registrar decisão" }).click();
    await expect(body.getByRole("status").filter({ hasText: "Decisão registrada." })).toBeAttached();
    await expect(appeal).toContainText("Decisão: Indeferido");
    await expectNoSeriousAxeFindings(body, "visualizar recursos");
    await bodyContext.close();

    // Every signed-in user reads it; Souza's approval stands.
    await loginAs(page, "cidadao@demo.com.br");
    await (await card(page)).getByRole("button", { name: "Recursos e fórum" }).click();
    await page.getByRole("menuitem", { name: "Visualizar recursos" }).click();
    await expect(
      page.getByTestId("appeal-item").filter({ hasText: `Interposto por ${CARVALHO}` }),
    ).toContainText("Indeferido");
  });
});

test.describe("appeals at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the appeal form fits the phone", async ({ page }) => {
    await loginAs(page, "fornecedor2@demo.com.br");
    await (await card(page)).getByRole("link", { name: "Interpor recurso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Interpor recurso" })).toBeVisible();
    // Carvalho's own rejection is still within its term.
    await chooseOption(page, page.getByRole("combobox", { name: "Decisão recorrida" }), /a reprovação/);
    await expect(page.getByRole("note")).toContainText("Motivo da decisão: Atestado técnico vencido.");
    await expectInputsInside(page, PHONE.width);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "interpor recurso (celular)");
  });
});
