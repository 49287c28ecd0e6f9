import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import JSZip from "jszip";
import { DEMO, loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { brasiliaDate } from "../support/notice-wizard";
import { newProcess, openStep, openStepWizard, PLANNER } from "../support/planning";
import { apiLogin } from "../support/room-api";

// Issue 35 "Done when": one process walked from an empty plan to a published notice with no retyping
// (planning §2.3 steps 6 'Edital' and 9 'Publicação'). The plan is made through the API as the
// planning team would (the planning specs prove its screens): the DFD's object and lots, the ETP's
// modality, the budget's quotes, the reference term. The auctioneer then makes the notice from it in
// step 6, gives it only what the plan cannot know (the dates), publishes it in step 9, and a visitor
// reads it on the public notice page.

const AUCTIONEER = "pregoeiro@demo.gov.br";
const AUCTIONEER_NAME = "Marina Albuquerque";
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const OBJECT = "Aquisição de material de escritório para as escolas municipais";
/** The demo body's planning process 'PA 21/2026' (apps/server/src/demo/demo-planning.ts). */
const DEMO_PROCESS = "00000000-0000-4000-8000-000000003001";
const CNPJS = ["11.222.333/0001-81", "11.444.777/0001-61", "45.997.418/0001-53"];

/**
 * The plan's lines: lot 1 with two items, lot 2 with one. Each item's three quotes are symmetric
 * around its reference price (the mean and the median agree: IN SEGES/ME 65/2021 art. 6).
 */
const LINES = [
  {
    number: 1,
    item: 1,
    quantity: 10,
    unit: "UN",
    quotes: [4.5, 5, 5.5],
    reference: "R$ 5,00",
    total: "R$ 50,00",
  },
  {
    number: 1,
    item: 2,
    quantity: 3,
    unit: "CX",
    quotes: [11, 12, 13],
    reference: "R$ 12,00",
    total: "R$ 36,00",
  },
  {
    number: 2,
    item: 1,
    quantity: 2,
    unit: "UN",
    quotes: [95, 100, 105],
    reference: "R$ 100,00",
    total: "R$ 200,00",
  },
] as const;
/** 10 × 5,00 + 3 × 12,00 + 2 × 100,00. */
const TOTAL = "R$ 286,00";

/**
 * A complete plan of a new process of the demo body, through the API as the planning team makes it:
 * the DFD (object, requesting area, the auctioneer as responsible, the lines), the ETP's description
 * with the modality and sub-modality, three quotes per item, and the reference term's first chapter
 * (the lines' options) and its estimate chapter (not secret).
 */
async function plannedProcess(request: APIRequestContext) {
  const process = await newProcess(request, "PA PE");
  const headers = { authorization: `Bearer ${await apiLogin(request, PLANNER)}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/app/${path}`, { data, headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  const products = (await post("product/list", { page: 1 })).products as { id: string; name: string }[];
  await post("demandFormalization/save", {
    process: {
      id: process.id,
      secretaries: [{ id: DEMO.officeAdmin }],
      responsible: [{ id: DEMO.staffAuctioneer }],
    },
    description: OBJECT,
  });
  const dfd = (await post("demandFormalization/read", { process: { id: process.id } })) as { id: string };
  const lines = (
    await post("demandFormalization/batch/save", {
      demandFormalizationId: dfd.id,
      batchesData: LINES.map((l, i) => ({
        number: l.number,
        item: l.item,
        product: { id: products[i]?.id },
        quantity: l.quantity,
        measurementUnit: { code: l.unit },
      })),
    })
  ).batches as { id: string; number: number; item: number }[];
  await post("preliminaryTechnicalStudy/save", {
    step: "DESCRIPTION",
    process: { id: process.id },
    number: "ETP 1/2026",
    isRejectedFromTheProcess: false,
    description: "Reposição anual do material de escritório das escolas",
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    serviceKind: null,
  });
  const batchOf = (l: (typeof LINES)[number]) =>
    lines.find((b) => b.number === l.number && b.item === l.item)?.id;
  await post(
    "budget/save",
    LINES.flatMap((l) =>
      l.quotes.map((price, i) => ({
        demandFormalizationBatchId: batchOf(l),
        price,
        columnOrder: i + 1,
        supplier: {
          documentNumber: CNPJS[i],
          corporateName: `Fornecedor cotado ${i + 1}`,
          credentialKind: "LEGAL_PERSON",
          isSmallBusiness: false,
        },
      })),
    ),
  );
  const term = (chapterCode: string, step: string, data: object) =>
    post("referenceTerm/save", { process: { id: process.id }, chapterCode, step, data });
  await term("GENERAL_CONTRACTING_CONDITIONS", "CONTRACTING_JUSTIFICATION", {
    objectOfInterest: OBJECT,
    processParticipation: "BROAD",
    objectFeature: "COMMON",
    supplyType: "NON_CONTINUOUS",
    contractTerm: 12,
    contractTermKind: "MONTHS",
    batchList: lines.map((b) => ({ id: b.id, isProductBrandRequired: false, decimalsNumber: 2 })),
  });
  await term("ESTIMATED_VALUE_CONTRACT", "BUDGET_ADEQUACY", { isConfidentialEstimatedCost: false });
  return { ...process, products: LINES.map((_, i) => products[i]?.name as string) };
}

const adminPath = (id: string) => `/cadastrar/processos/${id}/edicao`;
const generalData = (page: Page) => page.getByRole("region", { name: "Dados Gerais do Processo" });
/** The value (dd) of a datum (dt) of 'Dados Gerais do Processo'. */
const datum = (page: Page, label: string) =>
  generalData(page)
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label.replace(/[/()]/g, "\\$&")}$`) })
    .locator("xpath=following-sibling::dd[1]");
/** A notification (the app's notifications are alerts: read as they appear). */
const announced = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/**
 * Scrolled to, the element lies inside the viewport's width — and its height, when it is not taller
 * than the screen — and the page does not scroll sideways.
 */
async function expectInsideViewport(page: Page, target: Locator, what: string) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: sem caixa`);
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  // Half a pixel of layout rounding.
  expect(box.x + box.width, what).toBeLessThanOrEqual(viewport.width + 0.5);
  if (box.height <= viewport.height) {
    expect(box.y, what).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, what).toBeLessThanOrEqual(viewport.height + 0.5);
  }
  expect(await page.evaluate<number>("document.documentElement.scrollWidth"), what).toBeLessThanOrEqual(
    viewport.width,
  );
}

/** The step buttons a person acts with: step 6's 'Criar/Editar', step 9's publication and zip. */
const keyButtons = (page: Page) =>
  [
    ["Criar/Editar Edital", page.getByRole("button", { name: "Criar/Editar Edital" })],
    ["Publicar Processo", page.getByRole("button", { name: "Publicar Processo" })],
    ["Baixar arquivos do processo", page.getByRole("link", { name: "Baixar arquivos do processo" })],
  ] as const;

test.describe("from plan to tender at 1440×900", () => {
  test.use({ viewport: WIDE });

  test("the auctioneer makes the notice from the plan in step 6 (lots, quantities, prices carried), publishes it in step 9; a visitor reads it and downloads the edital", async ({
    page,
    browser,
  }) => {
    const process = await plannedProcess(page.request);
    await loginAs(page, AUCTIONEER);

    // ── The administration page: the plan's data and the total from the budget.
    await page.goto(adminPath(process.id));
    await expect(page.getByRole("heading", { level: 1, name: "Administração do Processo" })).toBeVisible();
    await expect(datum(page, "Objeto")).toHaveText(OBJECT);
    await expect(datum(page, "Modalidade")).toHaveText("Pregão Eletrônico (Lei 14.133/2021)");
    await expect(datum(page, "Valor Total do Processo")).toHaveText(TOTAL);
    await expect(datum(page, "Status do Processo")).toHaveText("Pendente");
    await expectInsideViewport(page, generalData(page), "dados gerais");

    // ── Step 6 'Edital': 'Criar/Editar' makes the notice from the plan and opens the wizard on it.
    await openStepWizard(
      page,
      /^6 - Edital /,
      "Criar/Editar Edital",
      /\/cadastrar\/editais\/[0-9a-f-]{36}\/formulario$/,
    );
    const noticeId = /editais\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
    await expect(announced(page, "Edital criado a partir do processo")).toBeVisible();
    const form = page.getByRole("form", { name: "Formulário do edital" });
    await expect(form.getByRole("textbox", { name: "Objeto" })).toHaveValue(OBJECT);
    await expect(form.getByRole("textbox", { name: "Número do processo" })).toHaveValue(process.number);
    await expect(page.getByRole("link", { name: `Processo ${process.number}` })).toHaveAttribute(
      "href",
      adminPath(process.id),
    );
    // Only what the plan cannot know: the proposal window and the session (the requesting area and
    // the auctioneer came from the DFD's people).
    const dateTime = async (label: string, days: number, time: string) => {
      await form.getByRole("textbox", { name: label, exact: true }).fill(brasiliaDate(days));
      await form
        .getByRole("textbox", { name: `Horário — ${label.toLocaleLowerCase("pt-BR")}`, exact: true })
        .fill(time);
    };
    await dateTime("Início do recebimento de propostas", 1, "08:00");
    await dateTime("Fim do recebimento de propostas", 14, "17:00");
    await dateTime("Data da sessão", 15, "09:00");
    await page.getByRole("button", { name: "Avançar" }).click();

    // The lots page lists the plan's lots and items with their quantities, units and reference prices.
    await expect(page).toHaveURL(new RegExp(`/cadastrar/editais/${noticeId}/lotes-do-edital$`));
    await expect(announced(page, "Edital atualizado com sucesso")).toBeVisible();
    const lots = page.getByRole("table", { name: "Lotes do edital" });
    for (const l of LINES) {
      const row = lots.getByRole("row", { name: `Lote ${l.number} item ${l.item}`, exact: true });
      for (const text of [String(l.quantity), l.unit, l.reference, l.total])
        await expect(row).toContainText(text);
    }
    await expect(page.getByTestId("lots-total")).toHaveText(TOTAL);

    // ── A second 'Criar/Editar' opens the same notice; its link leads back to the process.
    await page.goto(adminPath(process.id));
    await openStep(page, /^6 - Edital /);
    await expect(page.getByText(`Edital ${process.number} — Pendente`)).toBeVisible();
    await page.getByRole("button", { name: "Criar/Editar Edital" }).click();
    await expect(page).toHaveURL(new RegExp(`/cadastrar/editais/${noticeId}/formulario$`));
    await page.getByRole("link", { name: `Processo ${process.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`${adminPath(process.id)}$`));

    // ── Step 9 'Publicação': 'Publicar Processo', confirmed.
    await openStep(page, /^6 - Edital /);
    await openStep(page, /^9 - Publicação /);
    for (const [what, button] of keyButtons(page)) await expectInsideViewport(page, button, what);
    await page.getByRole("button", { name: "Publicar Processo" }).click();
    const confirm = page.getByRole("dialog", { name: "Publicar Processo" });
    await confirm.getByRole("button", { name: "Publicar", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(announced(page, "Processo publicado com sucesso")).toBeVisible();
    await expect(datum(page, "Status do Processo")).toHaveText("Publicado");
    const read = await page.request.post("/api/app/process/read", { data: { id: process.id } });
    expect(((await read.json()) as { status: string }).status).toBe("PROCESS_PUBLISHED");
    await expect(datum(page, "Pregoeiro/Agente de Contratação Responsável")).toHaveText(AUCTIONEER_NAME);
    await expect(datum(page, "Valor Total do Processo")).toHaveText(TOTAL);
    const publication = page.getByRole("table", { name: "9 - Publicação" }).getByRole("row").nth(1);
    await expect(publication).toHaveText(`${brasiliaDate(0)}Publicado-`);
    await expect(page.getByText(`Edital ${process.number} — Publicado`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Publicar Processo" })).toBeDisabled();
    await expectNoSeriousAxeFindings(page, "administração do processo publicado");

    // 'Baixar arquivos do processo': one zip whose LEIA-ME lists every document with its SHA-256.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar arquivos do processo" }).click();
    const zipFile = await downloading;
    expect(zipFile.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await JSZip.loadAsync(readFileSync((await zipFile.path()) as string));
    const readme = (await zip.file("LEIA-ME.txt")?.async("string")) ?? "";
    for (const document of [
      "Documento de Formalização de Demanda",
      "Estudo Técnico Preliminar",
      "Relatório de Pesquisa de Preços",
      "Termo de Referência",
      "Edital",
    ])
      expect(readme).toContain(`: ${document}`);
    const listed = [...readme.matchAll(/^([0-9a-f]{64}) {2}(.+)$/gm)].map(([, sha, path]) => [path, sha]);
    const files = Object.values(zip.files).filter((f) => !f.dir && f.name !== "LEIA-ME.txt");
    expect(listed.map(([path]) => path).sort()).toEqual(files.map((f) => f.name).sort());
    for (const [path, sha] of listed) {
      const bytes = await zip.file(path as string)?.async("nodebuffer");
      expect(
        createHash("sha256")
          .update(bytes as Buffer)
          .digest("hex"),
        path,
      ).toBe(sha);
    }

    // ── The public notice page: the lots and items, the documents, the edital's PDF.
    const visitor = await browser.newPage();
    await visitor.goto(`/detalhes-do-edital/${noticeId}`);
    await expect(visitor.getByRole("heading", { level: 1, name: `Edital ${process.number}` })).toBeVisible();
    const publicLots = visitor.getByRole("region", { name: "Lotes e itens" });
    for (const [i, l] of LINES.entries()) {
      const row = publicLots
        .getByRole("table", { name: `Lote ${l.number}` })
        .locator("tbody tr")
        .nth(l.item - 1);
      for (const text of [process.products[i] as string, String(l.quantity), l.unit, l.reference])
        await expect(row).toContainText(text);
    }
    await expect(publicLots.getByRole("table", { name: "Lote 1" }).locator("tbody tr")).toHaveCount(2);
    await expect(publicLots.getByRole("table", { name: "Lote 2" }).locator("tbody tr")).toHaveCount(1);
    const documents = visitor.getByRole("list", { name: "Documentos do edital" }).getByRole("listitem");
    await expect(documents).toHaveCount(3);
    await expect(documents.filter({ hasText: "Estudo Técnico Preliminar" })).toHaveCount(1);
    await expect(documents.filter({ hasText: "Termo de Referência" })).toHaveCount(1);
    const edital = documents.filter({ hasText: "Edital gerado pela plataforma a partir do processo" });
    const downloadingEdital = visitor.waitForEvent("download");
    await edital.getByRole("link", { name: "Baixar Edital" }).click();
    const pdf = readFileSync((await (await downloadingEdital).path()) as string);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await visitor.close();
  });
});

test.describe("the process administration on a phone (390×844)", () => {
  test.use({ viewport: PHONE });

  test("the general data and the notice's and publication's buttons fit the screen; a plan with unpriced items is refused naming them, announced", async ({
    page,
  }) => {
    await loginAs(page, AUCTIONEER);
    // The demo process: its budget prices only lot 1 item 1 (a refused creation writes nothing).
    await page.goto(adminPath(DEMO_PROCESS));
    await expect(datum(page, "Objeto")).toHaveText(/^Aquisição de material de expediente/);
    await expectInsideViewport(page, generalData(page), "dados gerais");
    await openStep(page, /^6 - Edital /);
    await openStep(page, /^9 - Publicação /);
    for (const [what, button] of keyButtons(page)) await expectInsideViewport(page, button, what);
    await expect(page.getByRole("button", { name: "Publicar Processo" })).toHaveAccessibleDescription(
      "Crie o edital na etapa 6 - Edital para usar estas ações.",
    );

    await page.getByRole("button", { name: "Criar/Editar Edital" }).click();
    const refusal = page
      .getByRole("alert")
      .filter({ hasText: "O edital ainda não pode ser criado: complete o planejamento" });
    await expect(refusal).toContainText(
      "Informe o preço de referência no orçamento: lote 1 item 2, lote 2 item 1.",
    );
    await expect(refusal).toBeFocused();
    const toBudget = refusal.getByRole("link", {
      name: "Completar a etapa 4 - Relatório de Pesquisa de Preços",
    });
    await expectInsideViewport(page, toBudget, "link para o orçamento");
    await expect(toBudget).toHaveAttribute("href", `/cadastrar/processos/${DEMO_PROCESS}/orcamento`);
    await expect(page).toHaveURL(new RegExp(`${adminPath(DEMO_PROCESS)}$`));
    await expectNoSeriousAxeFindings(page, "administração do processo (celular)");
  });
});
