import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { apiLogin } from "../support/room-api";

// Issue 15 item 5: the Risk Matrix (planning §2.7). A planning-team user opens a new process's matrix,
// adds four risks (one per level), selects them, gives each a responsible, sees them in the right cells
// of the heat map with the process risk, and downloads the risk map as a PDF.

const PLANNER = "planejamento@demo.gov.br";
const PLANNER_NAME = "Felipe Araújo";
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const uniqueNumber = () => `PA MR ${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}/2026`;

async function newProcess(page: Page): Promise<{ id: string; number: string }> {
  const token = await apiLogin(page.request, PLANNER);
  const number = uniqueNumber();
  const res = await page.request.post("/api/app/process/create", {
    data: { processNumber: number },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return { id: (await res.json()).id as string, number };
}

interface NewRisk {
  description: string;
  phase: string;
  allocation: string;
  probability: string;
  impact: string;
  level: string;
}

async function addRisk(page: Page, risk: NewRisk) {
  await page.getByRole("button", { name: "Adicionar novo risco" }).click();
  const modal = page.getByRole("dialog", { name: "Adicionar Risco" });
  await modal.getByLabel(/^Risco/).fill(risk.description);
  await modal.getByLabel(/^Causa do Risco/).fill(`Causa de ${risk.description}`);
  for (const [label, option] of [
    ["Fase", risk.phase],
    ["Alocação", risk.allocation],
    ["Probabilidade", risk.probability],
    ["Impacto", risk.impact],
  ] as const) {
    await modal.getByLabel(new RegExp(`^${label}`)).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }
  await modal.getByRole("radio", { name: "Sim" }).check();
  await expect(modal.getByLabel("Nível")).toHaveValue(new RegExp(`^${risk.level}`));
  await modal.getByRole("button", { name: "Avançar" }).click();
  await modal.getByLabel(/^Possíveis Impactos/).fill("Prejuízo ao cronograma da contratação");
  await modal.getByLabel(/^Ações Preventivas/).fill("Acompanhamento semanal pelo fiscal");
  await modal.getByLabel(/^Ações de Contingência/).fill("Aplicar as sanções do contrato");
  await modal.getByRole("button", { name: "Salvar" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText("Risco salvo com sucesso").first()).toBeVisible();
}

test.describe("the risk matrix at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("adds four risks, selects them with responsibles, reads the heat map and downloads the PDF", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loginAs(page, PLANNER);
    const process = await newProcess(page);
    await page.goto(`/cadastrar/processos/${process.id}/gerenciamento-de-risco`);
    await expect(page.getByRole("heading", { level: 1, name: "Criar Matriz de Risco" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Nº do Processo" })).toHaveValue(process.number);
    await page.getByRole("textbox", { name: "Nº da Matriz de Riscos" }).fill("MR E2E");
    await page.getByRole("textbox", { name: "Nº da Matriz de Riscos" }).blur();
    await expect(page.getByText("Gerenciamento de risco salvo com sucesso").first()).toBeVisible();

    const tag = process.number.replace(/\D+/g, "");
    const risks: NewRisk[] = [
      {
        description: `Conluio entre licitantes ${tag}`,
        phase: "Seleção do fornecedor",
        allocation: "Compartilhado",
        probability: "Muito alta",
        impact: "Catastrófico",
        level: "Crítico",
      },
      {
        description: `Atraso na entrega ${tag}`,
        phase: "Gestão do contrato",
        allocation: "Contratada",
        probability: "Alta",
        impact: "Grande",
        level: "Alto",
      },
      {
        description: `Preço estimado defasado ${tag}`,
        phase: "Planejamento da contratação",
        allocation: "Contratante",
        probability: "Possível",
        impact: "Moderado",
        level: "Moderado",
      },
      {
        description: `Item fora da especificação ${tag}`,
        phase: "Gestão do contrato",
        allocation: "Contratada",
        probability: "Baixa",
        impact: "Pequeno",
        level: "Baixo",
      },
    ];
    for (const risk of risks) await addRisk(page, risk);

    // The new risks are checked for this process; the search finds them.
    const table = page.getByRole("table", { name: "Risco da Contratação" });
    await page.getByRole("textbox", { name: "Pesquisar riscos" }).fill(tag);
    await expect(table.getByRole("row")).toHaveCount(5);
    for (const risk of risks)
      await expect(
        table.getByRole("checkbox", { name: `Selecionar o risco ${risk.description}` }),
      ).toBeChecked();
    await expectNoSeriousAxeFindings(page, "matriz de riscos — riscos da contratação");
    await page.getByRole("button", { name: "Salvar e Avançar" }).click();
    await expect(page.getByText("Gerenciamento de risco salvo com sucesso").first()).toBeVisible();

    // Responsibles: one per risk card.
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

    // The panel: each risk in its cell, the figures and the process risk (25 + 16 + 9 + 4 = 54; mean 13,5 → Alto).
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

    // 'Baixar PDF': the risk map of the body.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar PDF" }).click();
    const file = await download;
    const slug = process.number.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect(file.suggestedFilename()).toBe(`matriz-de-riscos-${slug}.pdf`);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

test.describe("the risk matrix at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the left panel, the risk table and the heat map fit the phone", async ({ page }) => {
    await loginAs(page, PLANNER);
    const process = await newProcess(page);
    await page.goto(`/cadastrar/processos/${process.id}/gerenciamento-de-risco`);
    await expect(page.getByRole("heading", { level: 1, name: "Criar Matriz de Risco" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Adicionar novo risco" })).toBeVisible();
    await expectInputsInside(page, PHONE.width);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "matriz de riscos no celular");
    await page
      .getByRole("navigation", { name: "Etapas" })
      .getByRole("button", { name: /Painel/ })
      .click();
    await expect(page.getByRole("table", { name: "Mapa de Riscos" })).toBeVisible();
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "painel da matriz de riscos no celular");
  });
});
