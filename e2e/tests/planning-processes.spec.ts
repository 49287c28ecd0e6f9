import { expect, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { expectFormErrorState } from "../support/form-errors";
import { openStep } from "../support/planning";
import { apiLogin } from "../support/room-api";

// Issue 15, part 1: planning processes (planning §2.2 'Criar Processo', §2.3 'Administração do
// Processo', §4 row actions). A planning-team user — who has no 'Cadastrar' (§2.1) and reaches the
// processes through 'Planejamento' — creates, renames, deletes and recovers a process of its own;
// another body cannot read it.

const PLANNER = "planejamento@demo.gov.br";
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const uniqueNumber = () => `PA E2E ${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}/2026`;

test.describe("planning processes at 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("a planning-team user creates a process, renames it, deletes and recovers it; another body cannot read it", async ({
    page,
    request,
  }) => {
    await loginAs(page, PLANNER);
    await sideMenu(page).getByRole("link", { name: "Planejamento" }).click();
    await expect(page).toHaveURL(/\/cadastrar\/processos$/);
    await expect(page.getByRole("heading", { level: 1, name: "Criar Processo" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Processos criados" })).toContainText("PA 21/2026");
    await expectNoSeriousAxeFindings(page, "lista de processos");

    // 'Novo processo' → the administration page.
    const number = uniqueNumber();
    await page.getByRole("textbox", { name: /Número do Processo/ }).fill(number);
    await page.getByRole("button", { name: "Criar" }).click();
    await expect(page).toHaveURL(/\/cadastrar\/processos\/[0-9a-f-]{36}\/edicao$/);
    const id = /processos\/([0-9a-f-]{36})\/edicao/.exec(page.url())?.[1] as string;
    await expect(page.getByRole("heading", { level: 1, name: "Administração do Processo" })).toBeVisible();
    const numberField = page.getByRole("textbox", { name: /Nº do Processo/ });
    await expect(numberField).toHaveValue(number);

    // The steps, in order: the DFD opens its wizard; the notice's step is real (issue 35), its
    // 'Criar/Editar' for the profiles that edit notices — a planning-team user is told why not.
    await openStep(page, /^1 - Documento de Formalização de Demanda/);
    await expect(
      page.getByRole("button", { name: "Criar/Editar Documento de Formalização de Demanda" }),
    ).toBeEnabled();
    await openStep(page, /^5 - Termo de Referência/);
    await expect(page.getByRole("button", { name: "Criar/Editar Termo de Referência" })).toBeEnabled();
    await openStep(page, /^6 - /);
    const createNotice = page.getByRole("button", { name: "Criar/Editar Edital" });
    await expect(createNotice).toBeDisabled();
    await expect(createNotice).toHaveAccessibleDescription(/o seu perfil é de planejamento/);
    await expect(page.getByText(/ainda não está disponível/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^13 - Envio do Contrato ao PNCP/ })).toBeVisible();
    await expectNoSeriousAxeFindings(page, "administração do processo");

    // The number is edited inline; Enter saves.
    const renamed = `${number} R`;
    // Emptied, the number is refused on its field, readable at both sizes (issue 33).
    await numberField.fill("");
    await numberField.press("Enter");
    await expectFormErrorState(page, { what: "número do processo vazio", fields: [numberField] });
    await numberField.fill(renamed);
    await numberField.press("Enter");
    await expect(page.getByText("Alterado com sucesso")).toBeVisible();

    // Another body's staff cannot read it, through the API or the page.
    const other = await apiLogin(request, "compras@vilanova.demo.gov.br");
    const read = await request.post("/api/app/process/read", {
      data: { id },
      headers: { authorization: `Bearer ${other}` },
    });
    expect(read.status()).toBe(404);

    // Back on the list: delete, then 'Desfazer'.
    await page.goto("/cadastrar/processos");
    await page.getByRole("textbox", { name: "Pesquisar pelo número do processo" }).fill(renamed);
    await page.getByRole("button", { name: "Pesquisar" }).click();
    const table = page.getByRole("table", { name: "Processos criados" });
    const row = table.getByRole("row").filter({ hasText: renamed });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Excluir ${renamed}` }).click();
    const remove = page.getByRole("dialog", { name: "Excluir Processo" });
    await expect(remove).toContainText("Tem certeza que deseja excluir o processo?");
    await remove.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(page.getByTestId("processes-announcer")).toHaveText("Processo excluído com sucesso");
    await expect(row).toContainText("Sim");
    await row.getByRole("button", { name: `Desfazer ${renamed}` }).click();
    const recover = page.getByRole("dialog", { name: "Recuperar Processo" });
    await recover.getByRole("button", { name: "Confirmar recuperação" }).click();
    await expect(page.getByTestId("processes-announcer")).toHaveText("Processo recuperado com sucesso");
    await expect(row.getByRole("button", { name: `Excluir ${renamed}` })).toBeVisible();
  });
});

test.describe("planning processes at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the form, the list's cards and their actions fit the phone", async ({ page }) => {
    await loginAs(page, PLANNER);
    await page.goto("/cadastrar/processos");
    await expect(page.getByRole("heading", { level: 1, name: "Criar Processo" })).toBeVisible();
    await expectInputsInside(page, PHONE.width);
    const edit = page.getByRole("button", { name: "Editar PA 21/2026" });
    await edit.scrollIntoViewIfNeeded();
    const box = await edit.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousAxeFindings(page, "lista de processos no celular");
  });
});
