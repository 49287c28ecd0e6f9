import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { apiLogin } from "./room-api";

// The planning wizards' browser steps (issue 15), shared by the planning specs.

export const PLANNER = "planejamento@demo.gov.br";
export const PLANNER_NAME = "Felipe Araújo";

/** A new process of the demo body, through the API (the processes' own spec drives the form). */
export async function newProcess(request: APIRequestContext, prefix = "PA") {
  const token = await apiLogin(request, PLANNER);
  const number = `${prefix} ${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}/2026`;
  const res = await request.post("/api/app/process/create", {
    data: { processNumber: number },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return { id: ((await res.json()) as { id: string }).id, number };
}

/**
 * Opens a step of the process administration (its accordion control, named '{n} - {label}') and waits
 * until it reads as expanded, so what follows acts on the opened panel.
 */
export async function openStep(page: Page, name: RegExp) {
  const control = page.getByRole("button", { name });
  await control.click();
  await expect(control).toHaveAttribute("aria-expanded", "true");
}

/**
 * Opens a step's wizard from the process administration: its panel, then 'Criar/Editar' until the
 * wizard's address is reached. A click is lost when its press and release land on different places —
 * the panel still growing, or the page's data re-rendered above it (Playwright checks only the press's
 * target) — as a person's would be; the person, like this, clicks again.
 */
export async function openStepWizard(page: Page, step: RegExp, button: string | RegExp, url: RegExp) {
  await openStep(page, step);
  const target = page.getByRole("button", { name: button });
  await expect(async () => {
    if (!url.test(page.url())) await target.click({ timeout: 5_000 });
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks `option` of the Mantine select labelled `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByLabel(label).first().click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

export interface NewRisk {
  description: string;
  phase: string;
  allocation: string;
  probability: string;
  impact: string;
  level: string;
}

/** One risk per level, in four cells of the heat map (25 + 16 + 9 + 4 = 54; mean 13,5 → Alto). */
export const fourRisks = (tag: string): NewRisk[] => [
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

/** 'Adicionar novo risco': the two pages of the modal, the computed level checked on the way. */
export async function addRisk(page: Page, risk: NewRisk) {
  await page.getByRole("button", { name: "Adicionar novo risco" }).click();
  const modal = page.getByRole("dialog", { name: "Adicionar Risco" });
  // 'Avançar' waits for the page to be complete and says what is missing (issue 33).
  await expect(modal.getByRole("button", { name: "Avançar" })).toHaveAccessibleDescription(
    /^Falta preencher: Risco, Causa do Risco,/,
  );
  await modal.getByLabel(/^Risco/).fill(risk.description);
  await modal.getByLabel(/^Causa do Risco/).fill(`Causa de ${risk.description}`);
  for (const [label, option] of [
    ["Fase", risk.phase],
    ["Alocação", risk.allocation],
    ["Probabilidade", risk.probability],
    ["Impacto", risk.impact],
  ] as const)
    await choose(page, modal, new RegExp(`^${label}`), option);
  await modal.getByRole("radio", { name: "Sim" }).check();
  await expect(modal.getByLabel("Nível")).toHaveValue(new RegExp(`^${risk.level}`));
  await modal.getByRole("button", { name: "Avançar" }).click();
  await expect(modal.getByRole("button", { name: "Salvar" })).toHaveAccessibleDescription(
    /^Falta preencher: Possíveis Impactos,/,
  );
  await modal.getByLabel(/^Possíveis Impactos/).fill("Prejuízo ao cronograma da contratação");
  await modal.getByLabel(/^Ações Preventivas/).fill("Acompanhamento semanal pelo fiscal");
  await modal.getByLabel(/^Ações de Contingência/).fill("Aplicar as sanções do contrato");
  await modal.getByRole("button", { name: "Salvar" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText("Risco salvo com sucesso").first()).toBeVisible();
}

/**
 * A new process whose DFD holds lot 1 with two items (the catalogue's first product), through the API:
 * the budget and the reference term read their lots from there.
 */
export async function newProcessWithLots(request: APIRequestContext, prefix = "PA") {
  const process = await newProcess(request, prefix);
  const headers = { authorization: `Bearer ${await apiLogin(request, PLANNER)}` };
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api/app/${path}`, { data, headers });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const product = (await post("product/list", { page: 1 })).products[0] as { id: string; name: string };
  await post("demandFormalization/save", {
    process: { id: process.id },
    description: "Material de expediente",
  });
  const dfd = (await post("demandFormalization/read", { process: { id: process.id } })) as { id: string };
  await post("demandFormalization/batch/save", {
    demandFormalizationId: dfd.id,
    batchesData: [
      { number: 1, item: 1, product: { id: product.id }, quantity: 10, measurementUnit: { code: "UN" } },
      { number: 1, item: 2, product: { id: product.id }, quantity: 3, measurementUnit: { code: "UN" } },
    ],
  });
  return { ...process, product };
}
