import { expect, type Page, test } from "@playwright/test";
import { DEMO, loginAs } from "../support/app";
import { addLotRow, brasiliaDate, chooseFirstOption, smallPdf } from "../support/notice-wizard";

const SHOTS = process.env.E2E_SCREENSHOTS === "1";
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
};

/** Fills the basic form of a notice and advances to the lots editor. */
async function fillBasicForm(page: Page, noticeNumber: string, object: string, withProposals: boolean) {
  const form = page.getByRole("form", { name: "Formulário do edital" });
  await form.getByRole("textbox", { name: "Número do edital/aviso" }).fill(noticeNumber);
  await form.getByRole("textbox", { name: "Número do processo" }).fill(`P-${noticeNumber}`);
  await form.getByRole("textbox", { name: "Objeto" }).fill(object);
  await chooseFirstOption(page, form.getByRole("combobox", { name: "Unidade compradora" }));
  const responsible = form.getByRole("combobox", { name: /Nome d[oa] (pregoeiro|Agente|leiloeiro)/ });
  if ((await responsible.count()) > 0) await chooseFirstOption(page, responsible);
  if (withProposals) {
    await form
      .getByRole("textbox", { name: "Fim do recebimento de propostas", exact: true })
      .fill(brasiliaDate(5));
    await form.getByRole("textbox", { name: "Horário — fim do recebimento de propostas" }).fill("17:00");
  }
  await form.getByRole("textbox", { name: "Data da sessão", exact: true }).fill(brasiliaDate(6));
  await form.getByRole("textbox", { name: "Horário — data da sessão" }).fill("09:00");
  await shot(page, "notice-form");
  await page.getByRole("button", { name: "Avançar" }).click();
  await expect(page).toHaveURL(/\/cadastrar\/editais\/[0-9a-f-]{36}\/lotes-do-edital$/);
}

test.describe("notice wizard", () => {
  test("a buyer creates, fills and publishes an electronic reversed auction; a visitor downloads its files as a zip", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const noticeNumber = `E2E-${Date.now()}/2026`;
    const object = "Aquisição de papel sulfite para as escolas municipais";
    await loginAs(page, "pregoeiro@demo.gov.br");

    await page.goto("/cadastrar/editais");
    await expect(page.getByRole("heading", { level: 1, name: "Criar Processo" })).toBeVisible();
    await expect(page.getByText("Modalidades Licitatórias")).toBeVisible();
    await page.getByRole("radio", { name: "Pregão Eletrônico (Lei 14.133/2021)" }).check();
    await page.getByRole("radio", { name: "Aquisição de bens", exact: true }).check();
    await shot(page, "notices-page");
    await page.getByRole("button", { name: "Avançar" }).click();
    await expect(page).toHaveURL(
      /\/cadastrar\/editais\/formulario\?modalidade=NEW_ELECTRONIC_REVERSED_AUCTION/,
    );
    await expect(page.getByRole("combobox", { name: "Modalidade", exact: true })).toHaveValue(
      "Pregão Eletrônico (Lei 14.133/2021)",
    );
    await expect(page.getByRole("combobox", { name: /Nome do pregoeiro responsável/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Avançar" })).toBeDisabled();

    await fillBasicForm(page, noticeNumber, object, true);
    await expect(page.getByText("Edital cadastrado com sucesso")).toBeVisible();

    // Lots: lot 1 with two items, lot 2 with one.
    await expect(page.getByRole("heading", { level: 1, name: "Criar Edital" })).toBeVisible();
    await addLotRow(page, { quantity: "10", priceDigits: "1500", button: "Adicionar lote" });
    await expect(page.getByText("Lote criado com sucesso")).toBeVisible();
    await expect(page.getByRole("row", { name: "Lote 1 item 1" })).toBeVisible();
    await page.getByRole("row", { name: "Lote 1 item 1" }).getByRole("button", { name: "+ Item" }).click();
    await addLotRow(page, { quantity: "4", priceDigits: "250", button: "Adicionar item" });
    await expect(page.getByRole("row", { name: "Lote 1 item 2" })).toBeVisible();
    await addLotRow(page, { quantity: "2", priceDigits: "10000", button: "Adicionar lote" });
    await expect(page.getByRole("row", { name: "Lote 2 item 1" })).toBeVisible();
    // 10 × 15,00 + 4 × 2,50 + 2 × 100,00
    await expect(page.getByTestId("lots-total")).toHaveText("R$ 360,00");
    await shot(page, "lots");
    await page.getByRole("button", { name: "Avançar" }).click();

    // Documents: the notice file and another document, both real PDFs.
    await expect(page).toHaveURL(/\/documentos-do-edital$/);
    const main = page.getByRole("region", { name: "Anexar arquivos — Anexar edital" });
    await main.getByRole("textbox", { name: "Descrição do edital" }).fill("Edital completo");
    await main.locator("input[type=file]").setInputFiles({
      name: "edital.pdf",
      mimeType: "application/pdf",
      buffer: smallPdf("Edital"),
    });
    await main.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Arquivo anexado com sucesso").first()).toBeVisible();
    const other = page.getByRole("region", { name: "Anexar arquivos — Anexar documento" });
    await other.getByRole("textbox", { name: "Descrição do documento" }).fill("Termo de referência");
    await other.locator("input[type=file]").setInputFiles({
      name: "termo-de-referencia.pdf",
      mimeType: "application/pdf",
      buffer: smallPdf("Termo"),
    });
    await other.getByRole("button", { name: "Salvar" }).click();
    const files = page.getByRole("table", { name: "Lista de arquivos" });
    await expect(files.getByRole("row")).toHaveCount(3);
    await expect(files).toContainText("edital.pdf");
    await expect(files).toContainText("termo-de-referencia.pdf");
    await shot(page, "documents");
    await page.getByRole("button", { name: "Finalizar" }).click();

    // Publish from 'Processos criados': the publication proof is downloaded.
    await expect(page).toHaveURL(/\/cadastrar\/editais$/);
    const created = page.getByRole("table", { name: "Processos criados" });
    const row = created.getByRole("row").filter({ hasText: noticeNumber });
    await expect(row).toContainText("Pendente");
    await row.getByRole("button", { name: `Ações do processo ${noticeNumber}` }).click();
    const proof = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Publicar" }).click();
    await page
      .getByRole("dialog", { name: "Publicar processo" })
      .getByRole("button", { name: "Publicar" })
      .click();
    await expect(page.getByText("Edital publicado com sucesso!")).toBeVisible();
    const proofFile = await proof;
    expect(proofFile.suggestedFilename()).toMatch(/\.pdf$/);
    // Published; its proposal window opens at publication (the wizard's default start), so the
    // server's clock may already have opened its lots: then it shows as 'Em andamento'.
    await expect(row).toContainText(/Publicado|Em andamento/);
    await shot(page, "created-notices");

    // A visitor finds it on /editais and downloads both files as one zip.
    const visitor = await browser.newPage();
    await visitor.goto("/editais");
    await visitor.getByRole("textbox", { name: "Número do edital" }).fill(noticeNumber);
    await visitor.getByRole("button", { name: "Pesquisar" }).click();
    const publicRow = visitor
      .getByRole("table", { name: "Editais publicados" })
      .getByRole("row")
      .filter({ hasText: noticeNumber });
    await expect(publicRow).toContainText(object);
    await publicRow.getByRole("button", { name: `Baixar arquivos do processo ${noticeNumber}` }).click();
    const modal = visitor.getByRole("dialog");
    await expect(modal.getByRole("table", { name: "Arquivos do processo" })).toContainText("edital.pdf");
    await modal.getByRole("checkbox", { name: "Selecionar todos" }).check();
    await shot(visitor, "download-modal");
    const zip = visitor.waitForEvent("download");
    await modal.getByRole("button", { name: "Baixar 2 arquivos (.zip)" }).click();
    const zipFile = await zip;
    expect(zipFile.suggestedFilename()).toMatch(/\.zip$/);
    expect(zipFile.suggestedFilename()).toContain(noticeNumber.split("/")[0]);
    const path = await zipFile.path();
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(path);
    // A zip starts with the local file header signature PK\x03\x04.
    expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
    await visitor.close();
  });

  test("a buyer fills the lots (a lot with two items) and documents of a draft, publishes it; a visitor downloads a zip", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await loginAs(page, "pregoeiro@demo.gov.br");
    // A copy of the demo draft ('Duplicar'), so the demo notice itself stays as it is. By its id: the
    // newest PENDING notice may be the one the other test of this file is creating in another worker.
    const copy = await page.request.post("/api/app/auction/duplicate", { data: { id: DEMO.noticeDraft } });
    expect(copy.ok()).toBe(true);
    const draft = (await copy.json()) as { id: string; noticeNumber: string };
    await page.goto(`/cadastrar/editais/${draft.id}/lotes-do-edital`);
    await expect(page.getByRole("heading", { name: "Criar Edital" })).toBeVisible();
    await addLotRow(page, { quantity: "10", priceDigits: "1500", button: "Adicionar lote" });
    await expect(page.getByRole("row", { name: "Lote 2 item 1" })).toBeVisible();
    await page.getByRole("row", { name: "Lote 2 item 1" }).getByRole("button", { name: "+ Item" }).click();
    await addLotRow(page, { quantity: "4", priceDigits: "250", button: "Adicionar item" });
    await expect(page.getByRole("row", { name: "Lote 2 item 2" })).toBeVisible();
    await expect(page.getByTestId("lots-total")).toHaveText("R$ 35.760,00");
    await page.getByRole("button", { name: "Avançar" }).click();
    await expect(page).toHaveURL(/documentos-do-edital$/);
    const main = page.getByRole("region", { name: "Anexar arquivos — Anexar edital" });
    await main
      .locator("input[type=file]")
      .setInputFiles({ name: "edital.pdf", mimeType: "application/pdf", buffer: smallPdf("Edital") });
    await main.getByRole("button", { name: "Salvar" }).click();
    const other = page.getByRole("region", { name: "Anexar arquivos — Anexar documento" });
    await other
      .locator("input[type=file]")
      .setInputFiles({ name: "termo.pdf", mimeType: "application/pdf", buffer: smallPdf("Termo") });
    await other.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("table", { name: "Lista de arquivos" }).getByRole("row")).toHaveCount(3);
    await page.getByRole("button", { name: "Finalizar" }).click();
    const row = page
      .getByRole("table", { name: "Processos criados" })
      .getByRole("row")
      .filter({ hasText: draft.noticeNumber });
    await row.getByRole("button", { name: `Ações do processo ${draft.noticeNumber}` }).click();
    const proof = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Publicar" }).click();
    await page
      .getByRole("dialog", { name: "Publicar processo" })
      .getByRole("button", { name: "Publicar" })
      .click();
    await expect(page.getByText("Edital publicado com sucesso!")).toBeVisible();
    expect((await proof).suggestedFilename()).toMatch(/^Comprovante de publicação.*\.pdf$/);
    const visitor = await browser.newPage();
    await visitor.goto("/editais");
    await visitor.getByRole("textbox", { name: "Número do edital" }).fill(draft.noticeNumber);
    await visitor.getByRole("button", { name: "Pesquisar" }).click();
    const publicRow = visitor
      .getByRole("table", { name: "Editais publicados" })
      .getByRole("row")
      .filter({ hasText: draft.noticeNumber });
    await publicRow
      .getByRole("button", { name: `Baixar arquivos do processo ${draft.noticeNumber}` })
      .click();
    const modal = visitor.getByRole("dialog");
    await modal.getByRole("checkbox", { name: "Selecionar todos" }).check();
    const zip = visitor.waitForEvent("download");
    await modal.getByRole("button", { name: "Baixar 2 arquivos (.zip)" }).click();
    const zipFile = await zip;
    expect(zipFile.suggestedFilename()).toMatch(/\.zip$/);
    const { readFileSync } = await import("node:fs");
    expect(
      readFileSync(await zipFile.path())
        .subarray(0, 4)
        .toString("hex"),
    ).toBe("504b0304");
  });
});
