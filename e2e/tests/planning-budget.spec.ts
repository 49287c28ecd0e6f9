import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import JSZip from "jszip";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { expectFormErrorState } from "../support/form-errors";
import { newProcessWithLots, PLANNER } from "../support/planning";

// Issue 16: the price research of a lot (planning §2.8, §2.9; IN SEGES/ME 65/2021). Prices found on
// the national portal (the local fake started with the platform) and one typed quote, the statistics
// with the outlier flagged and excluded with a justification, and the .docx report.

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const LOT = "Lote 1 · Item 1";

/** The right edge of what `name` labels stays inside the viewport (no sideways scrolling to reach it). */
async function expectInView(page: Page, role: "textbox" | "button", name: string, width: number) {
  const box = await page.getByRole(role, { name, exact: true }).boundingBox();
  expect(box, name).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test.describe("budget (price research)", () => {
  test.use({ viewport: WIDE });

  test("portal prices and a typed quote give the statistics, the outlier is excluded with a justification, the report holds them", async ({
    page,
  }) => {
    await loginAs(page, PLANNER);
    const process = await newProcessWithLots(page.request, "PA ORC");
    await page.goto(`/cadastrar/processos/${process.id}/orcamento`);
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: `Relatório de Pesquisa de Preços - Processo ${process.number}`,
      }),
    ).toBeVisible();

    // Two homologated prices from two notices of the portal.
    await page.getByRole("button", { name: `Pesquisar preços - ${LOT}` }).click();
    const dialog = page.getByRole("dialog", { name: /Pesquisa de Preços/ });
    // The states start at the body's own (SP, §2.9); the research widens to every state.
    const states = dialog.getByRole("combobox", { name: "Unidade Federativa" });
    await expect(dialog.getByText("SP", { exact: true })).toBeVisible();
    await states.click();
    await page.getByRole("option", { name: "Selecionar Todos" }).click();
    await states.press("Escape");
    await dialog.getByRole("textbox", { name: "Objeto de interesse" }).fill("grampeador");
    await dialog.getByRole("button", { name: "Pesquisar", exact: true }).click();
    const notices = dialog.getByRole("listitem", { name: /^Ato nº/ });
    await expect(notices.first()).toBeVisible();
    let chosen = 0;
    for (let i = 0; chosen < 2; i++) {
      await notices.nth(i).click();
      const free = dialog.getByRole("checkbox", { name: /^Selecionar item/, disabled: false });
      await expect(dialog.getByRole("table", { name: "Detalhe do Processo Selecionado" })).toBeVisible();
      if ((await free.count()) > 0) {
        await free.first().check();
        await expect(dialog.getByLabel("Quantidade de Itens Selecionados")).toHaveText(String(++chosen));
      }
      await dialog.getByRole("button", { name: "Voltar" }).click();
    }
    await expect(dialog.getByLabel("Quantidade de Processos Diferentes")).toHaveText("2");
    await dialog.getByRole("button", { name: "Adicionar ao orçamento" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("textbox", { name: `Orçamento 1 - ${LOT}` })).not.toHaveValue("R$ 0,00");
    await expect(page.getByRole("textbox", { name: `Orçamento 2 - ${LOT}` })).not.toHaveValue("R$ 0,00");
    // At 1440×900 the first quote and its supplier open in view, and the lot's name stays in view
    // (Lote, Item and Produto are sticky) while the later quotes are scrolled to.
    await expectInView(page, "textbox", `Orçamento 1 - ${LOT}`, WIDE.width);
    await expectInView(page, "button", `Remover fornecedor 1 - ${LOT}`, WIDE.width);
    const x = async (name: string) =>
      (await page.getByRole("textbox", { name }).boundingBox())?.x ?? Number.NaN;
    const searchX = async () =>
      (await page.getByRole("button", { name: `Pesquisar preços - ${LOT}` }).boundingBox())?.x ?? Number.NaN;
    const [quoteBefore, searchBefore] = [await x(`Orçamento 1 - ${LOT}`), await searchX()];
    await page.getByRole("button", { name: `Remover fornecedor 2 - ${LOT}` }).scrollIntoViewIfNeeded();
    await expectInView(page, "button", `Remover fornecedor 2 - ${LOT}`, WIDE.width);
    expect(await x(`Orçamento 1 - ${LOT}`)).toBeLessThan(quoteBefore);
    expect(Math.abs((await searchX()) - searchBefore)).toBeLessThanOrEqual(1);

    // One quote asked of a supplier, far above the others.
    await page.getByRole("button", { name: "+ Adicionar Orçamento" }).click();
    await page.getByRole("textbox", { name: `Orçamento 3 - ${LOT}` }).fill("95,00");
    await page.getByRole("button", { name: `+ Fornecedor 3 - ${LOT}` }).click();
    const supplier = page.getByRole("dialog");
    await supplier.getByLabel(/^CPF\/CNPJ/).fill("11.444.777/0001-61");
    await supplier.getByLabel(/^Nome ou Razão Social/).fill("Comercial Cotação Alta Ltda");
    await supplier.getByRole("button", { name: "Adicionar" }).click();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Orçamento(s) salvo(s) com sucesso").first()).toBeVisible();

    // Average, median, lowest and CV; the typed quote is flagged above 125 % of the median.
    await expect(page.getByText("Acima do limite")).toBeVisible();
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("textbox", { name: `Orçamento 1 - ${LOT}` }) });
    const averageWithOutlier = await row.getByTestId(/^average-/).innerText();
    await expect(row.getByRole("cell", { name: /%$/ })).toBeVisible();

    await expectNoSeriousAxeFindings(page, "orçamento");

    // Excluded only with a justification; the average then leaves it out.
    await page.getByRole("button", { name: `Excluir do cálculo - Orçamento 3 - ${LOT}` }).click();
    const exclusion = page.getByRole("dialog", { name: "Excluir orçamento do cálculo" });
    await exclusion.getByRole("button", { name: "Excluir", exact: true }).click();
    await expect(exclusion.getByText("Campo obrigatório")).toBeVisible();
    // Too short, the server refuses it (at least 10 characters): on its field, readable at both sizes (issue 33).
    const justification = exclusion.getByLabel(/^Justificativa/);
    await justification.fill("Cara");
    await exclusion.getByRole("button", { name: "Excluir", exact: true }).click();
    await expect(justification).toHaveAccessibleDescription(/mínimo de 10 caracteres/);
    await expectFormErrorState(page, { what: "orçamento: justificativa curta", fields: [justification] });
    await justification.fill("Cotação 3 destoa das demais sem motivo de mercado.");
    await exclusion.getByRole("button", { name: "Excluir", exact: true }).click();
    await expect(exclusion).toBeHidden();
    await expect(row.getByText("Excluído")).toBeVisible();
    await expect(row.getByTestId(/^average-/)).not.toHaveText(averageWithOutlier);

    // The report: a .docx whose document holds the process, the suppliers and the justification.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Gerar relatório" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("relatorio-de-pesquisa-de-precos.docx");
    const zip = await JSZip.loadAsync(readFileSync(await file.path()));
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    expect(xml).toContain(process.number);
    expect(xml).toContain("Comercial Cotação Alta Ltda");
    expect(xml).toContain("Cotação 3 destoa das demais sem motivo de mercado.");
  });
});

test.describe("budget at 390×844", () => {
  test.use({ viewport: PHONE });

  test("each lot is a card whose quote inputs and supplier buttons fit the phone", async ({ page }) => {
    await loginAs(page, PLANNER);
    const process = await newProcessWithLots(page.request, "PA ORC");
    await page.goto(`/cadastrar/processos/${process.id}/orcamento`);
    await page.getByRole("button", { name: "+ Adicionar Orçamento" }).click();
    const card = page.getByRole("listitem", { name: LOT });
    await expect(card.getByRole("textbox", { name: `Orçamento 1 - ${LOT}` })).toBeVisible();
    await expectInView(page, "textbox", `Orçamento 1 - ${LOT}`, PHONE.width);
    await expectInView(page, "button", `+ Fornecedor 1 - ${LOT}`, PHONE.width);
    await expectInputsInside(page, PHONE.width);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.getByRole("textbox", { name: "Pesquisar lotes" }).fill("item 2");
    await expect(page.getByRole("listitem", { name: "Lote 1 · Item 2" })).toBeVisible();
    await expect(card).toBeHidden();
    await expectNoSeriousAxeFindings(page, "orçamento no celular");
  });
});
