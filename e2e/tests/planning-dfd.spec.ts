import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { loginAs, sideMenu } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { expectFormErrorState } from "../support/form-errors";
import {
  addRisk,
  choose,
  fourRisks,
  openStep,
  openStepWizard,
  PLANNER,
  PLANNER_NAME,
} from "../support/planning";
import { apiLogin } from "../support/room-api";

// Issue 15's "done when": a planning-team user creates a process from the list and plans it — the
// Demand Formalization Document (planning §2.5) with one lot typed from the catalogue and another
// imported from the template spreadsheet, the requesting area and the responsible; the ETP (§2.6),
// dispensed from its description step; the risk matrix (§2.7) with four risks in four cells of the heat
// map and the process risk — sees each step completed on the administration page and downloads the DFD;
// another body cannot read any of it. The ETP filled step by step has its own spec.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SAVED = "Formalização de demanda salva com sucesso";
const uniqueNumber = () => `PA DFD ${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}/2026`;

const step = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

async function saveAndExpect(page: Page, current: string, next: string) {
  await step(page, current).getByRole("button", { name: "Salvar e Avançar" }).click();
  await expect(page.getByText(SAVED).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: next })).toBeVisible();
}

/** The template the page offers, with one lot of two items of a catalogue product named in full. */
async function filledTemplate(page: Page, productName: string): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar Planilha de Lotes/Itens" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("planilha-lotes-itens-dfd.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await file.path()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  sheet.addRow([1, 1, "", productName, "", "40", "UN"]);
  sheet.addRow([1, 2, "", productName, "", "12,5", "CX"]);
  const path = test.info().outputPath("lotes-dfd.xlsx");
  await workbook.xlsx.writeFile(path);
  return path;
}

test.describe("planning a process at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("a planning-team user fills the DFD (a lot imported), the ETP and four risks, reads the heat map, downloads the DFD; another body reads nothing", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await loginAs(page, PLANNER);
    await sideMenu(page).getByRole("link", { name: "Planejamento" }).click();
    const number = uniqueNumber();
    await page.getByRole("textbox", { name: /Número do Processo/ }).fill(number);
    await page.getByRole("button", { name: "Criar" }).click();
    await expect(page).toHaveURL(/\/cadastrar\/processos\/[0-9a-f-]{36}\/edicao$/);
    const id = /processos\/([0-9a-f-]{36})\/edicao/.exec(page.url())?.[1] as string;

    await openStepWizard(
      page,
      /^1 - Documento de Formalização de Demanda/,
      "Criar/Editar Documento de Formalização de Demanda",
      new RegExp(`/cadastrar/processos/${id}/formalizacao-de-demanda$`),
    );
    await expect(
      page.getByRole("heading", { level: 1, name: "Documento de Formalização de Demanda" }),
    ).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Campos de Preenchimento" });
    await expect(menu.getByText("1. Informações Gerais")).toBeVisible();
    await expectNoSeriousAxeFindings(page, "DFD: data prevista");

    // 1. General information.
    // A date the calendar refuses says so on its field, readable at both sizes (issue 33).
    const expectedDate = page.getByRole("textbox", { name: /Data prevista para conclusão/ });
    await expectedDate.fill("31022027");
    await expectFormErrorState(page, { what: "DFD: data inválida", fields: [expectedDate] });
    await expectedDate.fill("15032027");
    await page.getByRole("textbox", { name: /Plano de Contratações Anual/ }).fill("PCA 2027 — item 3");
    await saveAndExpect(page, "Data Prevista", "Descrição");
    await expect(menu.getByRole("button", { name: /Data Prevista.*preenchida/ })).toBeVisible();
    await step(page, "Descrição").getByRole("combobox", { name: "Categorias" }).click();
    await page.getByRole("option", { name: "Material de consumo" }).click();
    await page.keyboard.press("Escape");
    await step(page, "Descrição")
      .getByRole("textbox", { name: /^Descrição/ })
      .fill("Aquisição de material de escritório");
    await saveAndExpect(page, "Descrição", "Prioridade da Compra");
    await page.getByRole("radio", { name: "Alta" }).check();
    const save = step(page, "Prioridade da Compra").getByRole("button", { name: "Salvar e Avançar" });
    await expect(save).toBeDisabled();
    await step(page, "Prioridade da Compra")
      .getByRole("textbox", { name: /Justificativa/ })
      .fill("Estoque zerado");
    await saveAndExpect(page, "Prioridade da Compra", "Justificativa da Contratação");

    // 2. Justification and linked demands (Enter adds).
    await page
      .getByRole("textbox", { name: /Justificativa da necessidade/ })
      .fill("Reposição anual do almoxarifado");
    await saveAndExpect(page, "Justificativa da Contratação", "Demandas Vinculadas");
    const link = page.getByRole("textbox", { name: "Número da Formalização de Demanda Vinculada" });
    await link.fill("DFD 3/2026");
    await link.press("Enter");
    await expect(step(page, "Demandas Vinculadas").getByText("DFD 3/2026")).toBeVisible();
    await saveAndExpect(page, "Demandas Vinculadas", "Lotes e Itens");

    // 3. Lots: one typed with a catalogue product, one imported from the template.
    const lots = step(page, "Lotes e Itens");
    await expect(lots.getByRole("button", { name: "Salvar e Avançar" })).toBeDisabled();
    await lots.getByRole("button", { name: "Adicionar lote" }).click();
    const line = page.getByRole("region", { name: "Lote 1 — Item 1" });
    await line.getByRole("button", { name: "Inserir" }).click();
    const catalogue = page.getByRole("dialog", { name: "Catálogo de produtos" });
    await catalogue.getByRole("row").filter({ hasText: "Papel A4" }).first().click();
    await expect(catalogue).toBeHidden();
    await line.getByRole("textbox", { name: /Quantidade/ }).fill("120,5");
    await line.getByLabel(/^Unidade/).click();
    await page.getByRole("option", { name: "Resma (RESMA)" }).click();
    await line.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Lote criado com sucesso").first()).toBeVisible();
    const table = lots.getByRole("table", { name: "Lotes e itens" });
    await expect(table.getByRole("row").filter({ hasText: "Papel A4" })).toContainText("120,5");

    // A catalogue product, by its name: the planning team imports lots but does not register products.
    const product = "Caneta esferográfica azul";
    const sheet = await filledTemplate(page, product);
    const chooser = page.waitForEvent("filechooser");
    await lots.getByRole("button", { name: "Anexar Arquivo de Lotes/Itens" }).click();
    await (await chooser).setFiles(sheet);
    await expect(page.getByText("Lotes adicionados").first()).toBeVisible();
    // The sheet's lot 1 comes after the typed lot: lot 2, items 1 and 2.
    const imported = table.getByRole("row").filter({ hasText: product });
    await expect(imported).toHaveCount(2);
    await expect(imported.first().getByRole("cell").first()).toHaveText("2");
    await expectNoSeriousAxeFindings(page, "DFD: lotes e itens");
    await lots.getByRole("button", { name: "Salvar e Avançar" }).click();

    // 4. Requesting area and responsible.
    await expect(page.getByRole("heading", { level: 2, name: "Área(s) Requisitante(s)" })).toBeVisible();
    await page.getByRole("checkbox", { name: "Selecionar Secretaria Municipal de Administração" }).check();
    await step(page, "Área(s) Requisitante(s)").getByRole("button", { name: "Salvar e Avançar" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Responsáveis" })).toBeVisible();
    await page.getByRole("checkbox", { name: /^Selecionar Felipe/ }).check();
    await step(page, "Responsáveis").getByRole("button", { name: "Salvar e Finalizar" }).click();

    // Back on the administration page: the DFD is complete and its object is the process's.
    await expect(page).toHaveURL(new RegExp(`/cadastrar/processos/${id}/edicao$`));
    await expect(page.getByText("Aquisição de material de escritório")).toBeVisible();
    await openStep(page, /^1 - Documento de Formalização de Demanda/);
    await expect(page.getByRole("table", { name: "1 - Documento de Formalização de Demanda" })).toContainText(
      "Concluído",
    );

    // The ETP, dispensed from its description step (§2.6): the menu shrinks and the study is finished.
    await openStepWizard(
      page,
      /^2 - Estudo Técnico Preliminar/,
      "Criar/Editar Estudo Técnico Preliminar",
      new RegExp(`/cadastrar/processos/${id}/estudo-tecnico-preliminar$`),
    );
    const description = page.getByRole("region", { name: "Descrição da Necessidade", exact: true }).first();
    await description.getByRole("radio", { name: "Sim" }).check();
    await expect(page.getByRole("navigation", { name: "Etapas" }).getByRole("button")).toHaveCount(1);
    await description.getByRole("textbox", { name: /Número do ETP/ }).fill("ETP 13/2026");
    await choose(page, description, /^Modalidade/, "Dispensa Eletrônica");
    await choose(page, description, /^Sub-Modalidade/, "Aquisição de bens");
    await description
      .getByRole("textbox", { name: /Justificativa da dispensa/ })
      .fill("Contratação de pequeno valor (art. 75, II, da Lei 14.133/2021).");
    await description.getByRole("button", { name: "Salvar e Finalizar" }).click();
    await expect(page).toHaveURL(new RegExp(`/cadastrar/processos/${id}/edicao$`));
    await expect(page.getByText("Dispensa Eletrônica")).toBeVisible();
    // A dispensed study sends whoever opens it back to the administration.
    await page.goto(`/cadastrar/processos/${id}/estudo-tecnico-preliminar`);
    await expect(page).toHaveURL(new RegExp(`/cadastrar/processos/${id}/edicao$`));
    // The router changes the URL inside a transition: wait for the administration itself before using it.
    await expect(page.getByRole("heading", { level: 1, name: "Administração do Processo" })).toBeVisible();

    // The risk matrix: four risks, one per level, selected with a responsible each.
    await openStepWizard(
      page,
      /^3 - /,
      /^Criar\/Editar Matriz/,
      new RegExp(`/cadastrar/processos/${id}/gerenciamento-de-risco$`),
    );
    await expect(page.getByRole("heading", { level: 1, name: "Criar Matriz de Risco" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Nº do Processo" })).toHaveValue(number);
    const tag = number.replace(/\D+/g, "");
    const risks = fourRisks(tag);
    for (const risk of risks) await addRisk(page, risk);
    const riskTable = page.getByRole("table", { name: "Risco da Contratação" });
    await page.getByRole("textbox", { name: "Pesquisar riscos" }).fill(tag);
    await expect(riskTable.getByRole("row")).toHaveCount(5);
    for (const risk of risks)
      await expect(
        riskTable.getByRole("checkbox", { name: `Selecionar o risco ${risk.description}` }),
      ).toBeChecked();
    await expectNoSeriousAxeFindings(page, "matriz de riscos — riscos da contratação");
    await page.getByRole("button", { name: "Salvar e Avançar" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Responsáveis" })).toBeVisible();
    for (let n = 1; n <= 4; n++) {
      const card = page.getByRole("article", { name: `Risco ${n}` });
      await card.getByRole("button", { name: "Editar Responsáveis" }).click();
      const modal = page.getByRole("dialog", { name: "Responsáveis" });
      await modal.getByRole("checkbox", { name: `Selecionar ${PLANNER_NAME}` }).check();
      await modal.getByRole("button", { name: "Selecionar" }).click();
      await expect(modal).toBeHidden();
      await expect(card).toContainText(PLANNER_NAME);
    }
    await page.getByRole("button", { name: "Salvar e Avançar" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Anexos" })).toBeVisible();

    // The panel: each risk in its cell, the figures and the process risk (54 ÷ 4 = 13,5 → Alto).
    await page
      .getByRole("navigation", { name: "Etapas" })
      .getByRole("button", { name: /Painel/ })
      .click();
    const map = page.getByRole("table", { name: "Mapa de Riscos" });
    const cell = (probability: string, column: number) =>
      map
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: probability, exact: true }) })
        .getByRole("cell")
        .nth(column);
    await expect(cell("Muito alta", 4)).toContainText("1 risco, nível Crítico");
    await expect(cell("Alta", 3)).toContainText("1 risco, nível Alto");
    await expect(cell("Possível", 2)).toContainText("1 risco, nível Moderado");
    await expect(cell("Baixa", 1)).toContainText("1 risco, nível Baixo");
    await expect(cell("Muito baixa", 0)).toContainText("0 riscos");
    await expect(page.getByText("Somatória dos Riscos").locator("xpath=following-sibling::*[1]")).toHaveText(
      "54",
    );
    await expect(page.getByText("Mediana dos Riscos").locator("xpath=following-sibling::*[1]")).toHaveText(
      "12,5",
    );
    await expect(page.getByTestId("process-risk")).toContainText("Alto");
    await expectNoSeriousAxeFindings(page, "matriz de riscos — painel");
    const riskPdf = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar PDF" }).click();
    expect(
      readFileSync(await (await riskPdf).path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // The administration page: three steps done, the process risk; the DFD as a PDF.
    await page.goto(`/cadastrar/processos/${id}/edicao`);
    await expect(
      page.getByText("Risco Médio do Processo").locator("xpath=following-sibling::*[1]"),
    ).toHaveText("Alto");
    for (const n of [1, 2, 3]) {
      await page.getByRole("button", { name: new RegExp(`^${n} - `) }).click();
      await expect(page.getByRole("table", { name: new RegExp(`^${n} - `) })).toContainText("Concluído");
    }
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar PDF Documento de Formalização de Demanda" }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^dfd-pa-dfd-[0-9-]+2026\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // Another body's staff reads nothing of it.
    const other = await apiLogin(request, "compras@vilanova.demo.gov.br");
    for (const [path, data] of [
      ["/api/app/process/read", { id }],
      ["/api/app/demandFormalization/read", { process: { id } }],
      ["/api/app/preliminaryTechnicalStudy/read", { process: { id } }],
      ["/api/app/riskManagement/read", { process: { id } }],
    ] as const) {
      const res = await request.post(path, { data, headers: { authorization: `Bearer ${other}` } });
      expect(res.status(), path).toBe(404);
    }
    for (const kind of ["demandFormalization", "preliminaryTechnicalStudy", "riskManagement"]) {
      const foreignPdf = await request.get(`/api/app/${kind}/pdf/${id}`, {
        headers: { authorization: `Bearer ${other}` },
      });
      expect(foreignPdf.status(), kind).toBe(404);
    }
  });
});

test.describe("the demand formalization at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the demo DFD's lots and a line's inputs fit the phone", async ({ page }) => {
    await loginAs(page, PLANNER);
    const token = await apiLogin(page.request, PLANNER);
    const list = await page.request.post("/api/app/process/list", {
      data: { searchParameters: "PA 21/2026" },
      headers: { authorization: `Bearer ${token}` },
    });
    const id = (await list.json()).processes[0].id as string;
    await page.goto(`/cadastrar/processos/${id}/formalizacao-de-demanda`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Documento de Formalização de Demanda" }),
    ).toBeVisible();
    await page
      .getByRole("navigation", { name: "Campos de Preenchimento" })
      .getByRole("button", { name: /Lotes e Itens/ })
      .click();
    const lots = step(page, "Lotes e Itens");
    await expect(lots.getByRole("table", { name: "Lotes e itens" })).toContainText("Toner");
    await lots.getByRole("button", { name: "Adicionar lote" }).click();
    const line = page.getByRole("region", { name: "Lote 3 — Item 1" });
    await expect(line).toBeVisible();
    await expectInputsInside(page, PHONE.width);
    for (const control of [
      line.getByRole("textbox", { name: /Quantidade/ }),
      line.getByRole("button", { name: "Salvar" }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "DFD no celular");
  });
});
