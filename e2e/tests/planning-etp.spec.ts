import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { expectFormErrorState } from "../support/form-errors";
import { choose, newProcess, PLANNER } from "../support/planning";

// Issue 15 item 4 (and 6–8 for it): the Preliminary Technical Study (planning §2.6). A planning-team
// user fills a new process's ETP through every sub-step, attaches a document and downloads the ETP as
// a PDF (the ETP dispensed from its description step is part of planning-dfd.spec.ts).

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SAVED = "Estudo técnico preliminar salvo com sucesso";

const etpPath = (id: string) => `/cadastrar/processos/${id}/estudo-tecnico-preliminar`;
const stepPage = (page: Page, title: string) =>
  page.getByRole("region", { name: title, exact: true }).first();

/** Saves the current sub-step and waits for the next one to open. */
async function saveAndExpect(page: Page, scope: ReturnType<typeof stepPage>, button: string, next: string) {
  await scope.getByRole("button", { name: button }).click();
  await expect(stepPage(page, next)).toBeVisible();
}

const TEXT_STEPS: [string, string, string][] = [
  ["Descrição dos Requisitos de Contratação", "Equipe treinada conforme a NR-32.", "Levantamento de Mercado"],
  [
    "Levantamento de Mercado",
    "Três orçamentos e duas atas de registro de preços.",
    "Descrição da Solução Como um Todo",
  ],
  [
    "Descrição da Solução Como um Todo",
    "Limpeza diária com fornecimento de materiais.",
    "Estimativa das Quantidades a Serem Contratadas",
  ],
  [
    "Estimativa das Quantidades a Serem Contratadas",
    "12.000 m² de área interna.",
    "Estimativa do Valor da Contratação",
  ],
  [
    "Estimativa do Valor da Contratação",
    "R$ 480.000,00 por ano.",
    "Justificativa para o Parcelamento ou Não da Solução",
  ],
  [
    "Justificativa para o Parcelamento ou Não da Solução",
    "Lote único: o serviço é indivisível.",
    "Contratação Correlatas e/ou Interdependentes",
  ],
  [
    "Contratação Correlatas e/ou Interdependentes",
    "Nenhuma contratação correlata.",
    "Alinhamento entre Contratação e o Planejamento",
  ],
  [
    "Alinhamento entre Contratação e o Planejamento",
    "Prevista no PCA 2026, item 14.",
    "Resultados Pretendidos",
  ],
  ["Resultados Pretendidos", "Ambientes higienizados conforme a ANVISA.", "Providências a serem Adotadas"],
  ["Providências a serem Adotadas", "Designar o fiscal do contrato.", "Possíveis Impactos Ambientais"],
  ["Possíveis Impactos Ambientais", "Descarte de resíduos conforme a PNRS.", "Declaração de Viabilidade"],
];

test.describe("the ETP at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("a planner fills every sub-step, attaches a document and downloads the ETP as a PDF", async ({
    page,
    request,
  }) => {
    const { id, number: processNumber } = await newProcess(request, "PA ETP");
    await loginAs(page, PLANNER);
    await page.goto(etpPath(id));
    await expect(page.getByRole("heading", { level: 1, name: "Estudo Técnico Preliminar" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Etapas" });
    await expect(menu.getByRole("button")).toHaveCount(16);
    await expectNoSeriousAxeFindings(page, "ETP, descrição da necessidade");

    // 1. Necessidade — the description, in the spec's order.
    const description = stepPage(page, "Descrição da Necessidade");
    const save = description.getByRole("button", { name: "Salvar e Avançar" });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(/^Falta preencher: Número do ETP, /);
    // An emptied required field says why on it while 'Salvar' stays disabled, readable at both sizes (issue 33).
    const etpNumber = description.getByRole("textbox", { name: /Número do ETP/ });
    await etpNumber.fill("ETP");
    await etpNumber.fill("");
    await expectFormErrorState(page, { what: "ETP: número vazio", fields: [etpNumber] });
    await expect(save).toBeDisabled();
    await etpNumber.fill("ETP 12/2026");
    await description.getByRole("radio", { name: "Não" }).check();
    await choose(page, description, /^Modalidade/, "Pregão Eletrônico (Lei 14.133/2021)");
    await choose(page, description, /^Sub-Modalidade/, "Contratação de serviços");
    await description.getByRole("radio", { name: "Serviços Sem Dedicação Exclusiva de Mão de Obra" }).check();
    await description
      .getByRole("textbox", { name: /Descrição da Necessidade/ })
      .fill("Contratação de serviços de limpeza predial para as unidades de saúde.");
    await expect(save).toBeEnabled();
    await saveAndExpect(page, description, "Salvar e Avançar", "Área(s) Requisitante(s)");
    await expect(page.getByText(SAVED).first()).toBeVisible();

    const areas = stepPage(page, "Área(s) Requisitante(s)");
    await areas.getByRole("checkbox").first().check();
    await saveAndExpect(page, areas, "Salvar e Avançar", TEXT_STEPS[0]?.[0] as string);

    // 2–3. The text sub-steps, each one text area with its counter.
    for (const [title, text, next] of TEXT_STEPS) {
      const step = stepPage(page, title);
      await expect(step.getByText(/^0 \/ 5000$/)).toBeVisible();
      await step.getByRole("textbox").fill(text);
      await saveAndExpect(page, step, "Salvar e Avançar", next);
    }

    // 4. Viabilidade.
    const feasibility = stepPage(page, "Declaração de Viabilidade");
    await feasibility
      .getByRole("radio", {
        name: "Esta equipe de planejamento declara viável esta contratação com base neste Estudo Técnico Preliminar",
      })
      .check();
    await feasibility
      .getByRole("textbox", { name: /Justificativa/ })
      .fill("Há orçamento e demanda comprovada.");
    await saveAndExpect(page, feasibility, "Salvar e Avançar", "Responsáveis");
    const responsibles = stepPage(page, "Responsáveis");
    await responsibles.getByRole("checkbox").first().check();
    await saveAndExpect(page, responsibles, "Salvar e Avançar", "Documentos Anexos ao ETP");

    // 5. Anexos: the file goes up first, the save keeps its id; the last step returns to the administration.
    const documents = stepPage(page, "Documentos Anexos ao ETP");
    await documents.locator("input[type=file]").setInputFiles({
      name: "pesquisa-de-mercado.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    });
    await expect(documents.getByText("pesquisa-de-mercado.pdf")).toBeVisible();
    await expectNoSeriousAxeFindings(page, "ETP, documentos anexos");
    await documents.getByRole("button", { name: "Salvar e Finalizar" }).click();
    await expect(page).toHaveURL(new RegExp(`/cadastrar/processos/${id}/edicao$`));

    // Every sub-step shows its check; the PDF carries the study.
    await page.goto(etpPath(id));
    await expect(menu.getByRole("button", { name: /Documentos Anexos ao ETP/ })).toContainText(/preenchida$/);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar PDF" }).click();
    const download = await downloading;
    const slug = processNumber.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect(download.suggestedFilename()).toBe(`etp-${slug}.pdf`);
    const pdf = readFileSync((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

test.describe("the ETP at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the menu and the description fit the phone", async ({ page, request }) => {
    const { id } = await newProcess(request, "PA ETP");
    await loginAs(page, PLANNER);
    await page.goto(etpPath(id));
    await expect(page.getByRole("heading", { level: 1, name: "Estudo Técnico Preliminar" })).toBeVisible();
    await expect(stepPage(page, "Descrição da Necessidade")).toBeVisible();
    await expectInputsInside(page, PHONE.width);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "ETP no celular");
  });
});
