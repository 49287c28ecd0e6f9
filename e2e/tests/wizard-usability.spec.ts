import { expect, type Locator, type Page, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectFormErrorState } from "../support/form-errors";
import { brasiliaDate, chooseFirstOption, chooseOption, smallPdf } from "../support/notice-wizard";

// Issue 12, items 6–9: the notice wizard as a buyer sees it at 1440×900.
const VIEWPORT = { width: 1440, height: 900 };
test.use({ viewport: VIEWPORT });

const SHOTS = process.env.E2E_SCREENSHOTS === "1";
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `/tmp/wizard-${name}.png` });
};

/** The element's box lies inside the viewport (and, when given, inside `within`'s box). */
async function expectInside(element: Locator, within?: Locator) {
  const box = await element.boundingBox();
  expect(box, "element is laid out").not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORT.width);
  expect(box.width).toBeGreaterThan(0);
  if (within) {
    const outer = await within.boundingBox();
    expect(outer).not.toBeNull();
    if (!outer) return;
    expect(box.x).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  }
}

/** Waits for the page's finite CSS transitions and animations (a modal fading in) to end. */
async function settled(page: Page) {
  await page.evaluate(() => {
    // The e2e build has no DOM types: the little of the Web Animations API used here.
    interface Running {
      effect: { getTiming(): { iterations?: number } } | null;
      finished: Promise<unknown>;
    }
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    return Promise.all(
      doc
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

const dateField = (page: Page, name: string) =>
  page.getByRole("form", { name: "Formulário do edital" }).getByRole("textbox", { name, exact: true });

test.describe("notice wizard usability (issue 12)", () => {
  test("valid default dates checked on the field, a lots table that fits, a live row total, and a confirmed publication", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const noticeNumber = `USAB-${Date.now()}/2026`;
    await loginAs(page, "pregoeiro@demo.gov.br");

    // The buyer's notice list ('Processos criados').
    await page.goto("/cadastrar/editais");
    await expect(page.getByRole("heading", { level: 1, name: "Criar Processo" })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Processos criados" }).getByRole("row").nth(1),
    ).toBeVisible();
    await expectNoSeriousAxeFindings(page, "buyer's notice list");

    await page.getByRole("radio", { name: "Pregão Eletrônico (Lei 14.133/2021)" }).check();
    await page.getByRole("radio", { name: "Aquisição de bens", exact: true }).check();
    await page.getByRole("button", { name: "Avançar" }).click();
    const form = page.getByRole("form", { name: "Formulário do edital" });
    await expect(form).toBeVisible();

    // Item 6: valid defaults — proposals from tomorrow, the session after the legal minimum.
    const proposalsStart = dateField(page, "Início do recebimento de propostas");
    const session = dateField(page, "Data da sessão");
    await expect(proposalsStart).toHaveValue(brasiliaDate(1));
    await expect(
      page.getByText("Prazo legal mínimo: 8 dias úteis após a publicação do edital"),
    ).toBeVisible();
    const defaultSession = await session.inputValue();
    expect(defaultSession).not.toBe(brasiliaDate(0));
    for (const name of [
      "Início do recebimento de propostas",
      "Fim do recebimento de propostas",
      "Data da sessão",
    ]) {
      await expect(dateField(page, name)).not.toHaveAttribute("aria-invalid", "true");
    }
    await expectNoSeriousAxeFindings(page, "notice form");

    // A bad date shows its error under the field as it is typed, before 'Avançar'.
    await session.fill(brasiliaDate(1));
    await expect(session).toHaveAttribute("aria-invalid", "true");
    await shot(page, "form-date-error");
    await expect(session).toHaveAccessibleDescription(
      /A sessão deve começar depois do fim do recebimento de propostas/,
    );
    await proposalsStart.fill(brasiliaDate(-1));
    await expect(proposalsStart).toHaveAccessibleDescription(
      /A data e o horário devem ser posteriores ao momento atual/,
    );
    await proposalsStart.fill(brasiliaDate(1));
    await session.fill(defaultSession);
    await expect(session).not.toHaveAttribute("aria-invalid", "true");
    await expect(proposalsStart).not.toHaveAttribute("aria-invalid", "true");

    await form.getByRole("textbox", { name: "Número do edital/aviso" }).fill(noticeNumber);
    await form.getByRole("textbox", { name: "Número do processo" }).fill(`P-${noticeNumber}`);
    await form.getByRole("textbox", { name: "Objeto" }).fill("Aquisição de material de escritório");
    await chooseFirstOption(page, form.getByRole("combobox", { name: "Unidade compradora" }));
    await chooseFirstOption(page, form.getByRole("combobox", { name: /Nome do pregoeiro responsável/ }));

    // Item 9: the server refuses a pre-qualified process without its pre-qualification ('Dados
    // inválidos'); once fixed, the success replaces that error instead of standing beside it.
    const preQualified = form.getByRole("switch", { name: "Processo com pré-qualificação" });
    await preQualified.check();
    await page.getByRole("button", { name: "Avançar" }).click();
    const invalid = page.getByText("Dados inválidos. Verifique os campos destacados.");
    await expect(invalid).toBeVisible();
    // The refused field is marked, described and focused, readable at both sizes (issue 33).
    await expectFormErrorState(page, {
      what: "formulário do edital recusado",
      fields: [form.getByRole("combobox", { name: "Pré-qualificação" })],
    });
    await expect(page).toHaveURL(/\/cadastrar\/editais\/formulario/);
    // The pointer rests on the error toast, which stops its own timer: only the success can close it.
    await invalid.hover();
    await preQualified.press("Space");
    await expect(preQualified).not.toBeChecked();
    await page.getByRole("button", { name: "Avançar" }).press("Enter");
    await expect(page).toHaveURL(/\/cadastrar\/editais\/[0-9a-f-]{36}\/lotes-do-edital$/);
    await expect(page.getByText("Edital cadastrado com sucesso")).toBeVisible();
    await expect(invalid).toHaveCount(0);

    // The lots of the brand-new notice are editable (its proposal window has not closed).
    await expect(page.getByRole("heading", { level: 1, name: "Criar Edital" })).toBeVisible();
    await expect(page.getByText(/O prazo de propostas já terminou/)).toHaveCount(0);
    const newRow = page.getByRole("row", { name: "Novo lote" });
    await expect(newRow.getByRole("textbox", { name: "Quantidade" })).toBeEnabled();

    // Item 7: the lots table fits the content area at 1440×900, 'Valor total' and 'Ações' included.
    const lots = page.getByRole("table", { name: "Lotes do edital" });
    for (const header of ["Valor total", "Ações"]) {
      await expectInside(lots.getByRole("columnheader", { name: header }), lots.locator(".."));
    }
    await expectInside(newRow.getByRole("button", { name: "Adicionar lote" }), lots.locator(".."));
    expect(
      await lots.evaluate((table) => {
        const box = table.parentElement as { scrollWidth: number; clientWidth: number };
        return box.scrollWidth <= box.clientWidth;
      }),
      "the lots table does not scroll sideways",
    ).toBe(true);
    await expectNoSeriousAxeFindings(page, "lots editor");

    // The catalogue: 'Selecionar' is visible, and a click on the row selects the product.
    await newRow.getByRole("button", { name: "Escolher produto" }).click();
    const catalogue = page.getByRole("dialog", { name: "Catálogo de produtos" });
    const products = catalogue.getByRole("table", { name: "Catálogo de produtos" });
    await expect(products).toBeVisible();
    await expectInside(catalogue.getByRole("button", { name: /^Selecionar / }).first(), catalogue);
    await settled(page);
    await shot(page, "catalogue");
    await products
      .getByRole("row")
      .filter({ hasText: "Caneta esferográfica azul" })
      .getByRole("cell", { name: "Caneta esferográfica azul", exact: true })
      .click();
    await expect(catalogue).toBeHidden();
    await expect(newRow.getByRole("button", { name: "Escolher produto" })).toContainText(
      "Caneta esferográfica azul",
    );

    // 'Valor total' (the row's and the running one) follows the unsaved row's quantity × unit price as they are typed.
    await newRow.getByRole("textbox", { name: "Quantidade" }).fill("3");
    await chooseOption(page, newRow.getByRole("combobox", { name: "Unidade" }), /^UN — Unidade$/);
    await newRow.getByRole("textbox", { name: "Preço de referência" }).pressSequentially("1250");
    await expect(newRow.getByTestId("row-total")).toHaveText("R$ 37,50");
    await expect(page.getByTestId("lots-total")).toHaveText("R$ 37,50");
    await shot(page, "lots-unsaved-row");
    await newRow.getByRole("textbox", { name: "Quantidade" }).fill("4");
    await expect(newRow.getByTestId("row-total")).toHaveText("R$ 50,00");
    await expect(page.getByTestId("lots-total")).toHaveText("R$ 50,00");
    await newRow.getByRole("button", { name: "Adicionar lote" }).click();
    await expect(page.getByRole("row", { name: "Lote 1 item 1" })).toBeVisible();
    await expect(page.getByTestId("lots-total")).toHaveText("R$ 50,00");
    await shot(page, "lots");
    for (const header of ["Valor total", "Ações"]) {
      await expectInside(lots.getByRole("columnheader", { name: header }), lots.locator(".."));
    }

    // Documents: the notice file, then back to the list.
    await page.getByRole("button", { name: "Avançar" }).click();
    await expect(page).toHaveURL(/documentos-do-edital$/);
    const main = page.getByRole("region", { name: "Anexar arquivos — Anexar edital" });
    await main
      .locator("input[type=file]")
      .setInputFiles({ name: "edital.pdf", mimeType: "application/pdf", buffer: smallPdf("Edital") });
    await main.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("table", { name: "Lista de arquivos" })).toContainText("edital.pdf");
    await page.getByRole("button", { name: "Finalizar" }).click();
    await expect(page).toHaveURL(/\/cadastrar\/editais$/);

    // 'Publicar' asks first, naming the notice; 'Cancelar' publishes nothing.
    const row = page
      .getByRole("table", { name: "Processos criados" })
      .getByRole("row")
      .filter({ hasText: noticeNumber });
    await row.getByRole("button", { name: `Ações do processo ${noticeNumber}` }).click();
    await page.getByRole("menuitem", { name: "Publicar" }).click();
    const confirm = page.getByRole("dialog", { name: "Publicar processo" });
    await expect(confirm).toContainText(noticeNumber);
    await settled(page);
    await expectNoSeriousAxeFindings(page, "publish confirmation");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText("Pendente");

    await row.getByRole("button", { name: `Ações do processo ${noticeNumber}` }).click();
    const proof = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Publicar" }).click();
    await confirm.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByText("Edital publicado com sucesso!")).toBeVisible();
    expect((await proof).suggestedFilename()).toMatch(/\.pdf$/);
    await expect(confirm).toBeHidden();
    // Proposals open tomorrow: the published notice waits for them.
    await expect(row).toContainText("Publicado");
  });

  test("adding a product with a near-duplicate name warns with the similar names before adding", async ({
    page,
  }) => {
    await loginAs(page, "pregoeiro@demo.gov.br");
    await page.goto("/cadastrar/produtos");
    await page.getByRole("button", { name: "Adicionar novo produto" }).click();
    const dialog = page.getByRole("dialog", { name: "Cadastro de produtos/serviços" });
    // Item 8: the title is shown once, whole.
    await expect(dialog.getByText("Cadastro de produtos/serviços", { exact: true })).toHaveCount(1);
    await dialog
      .getByRole("textbox", { name: /Nome do produto\/serviço/ })
      .fill("Caneta esferografica azul.");
    await dialog.getByRole("textbox", { name: /Descrição técnica/ }).fill("Caneta de tinta azul");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    const warning = dialog.getByRole("alert").filter({ hasText: "Já existem produtos com nome parecido" });
    await expect(warning).toBeVisible();
    await expect(
      warning.getByRole("listitem").filter({ hasText: "Caneta esferográfica azul" }),
    ).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Adicionar mesmo assim" })).toBeEnabled();
    await settled(page);
    await expectNoSeriousAxeFindings(page, "product form with the near-duplicate warning");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
  });
});
