import { expect, type Page, test } from "@playwright/test";
import { DEMO, loginAs } from "../support/app";
import { fakeCompanyName } from "../support/fake-cnpj";
import { addLotRow } from "../support/notice-wizard";

const SHOTS = process.env.E2E_SCREENSHOTS === "1";
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
};

/** A valid numeric CNPJ from 12 base digits: the two mod-11 check digits of the Receita Federal. */
function cnpjWithCheckDigits(base: string): string {
  const digit = (values: number[], weights: number[]) => {
    const sum = values.reduce((acc, value, i) => acc + value * (weights[i] ?? 0), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const values = base.split("").map(Number);
  const first = digit(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit([...values, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${second}`;
}

test("a buyer fills the winners of a waiver formalization with a supplier registered on the spot", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, "pregoeiro@demo.gov.br");

  // A PENDING copy of the demo waiver formalization ('Duplicar'), with numbers of its own; not published.
  const stamp = String(Date.now());
  const copy = await page.request.post("/api/app/auction/duplicate", {
    data: { id: DEMO.noticeFormalization, noticeNumber: `DL-E2E-${stamp}`, processNumber: `PA-E2E-${stamp}` },
  });
  expect(copy.ok()).toBe(true);
  const draft = (await copy.json()) as { id: string; modality: string };
  expect(draft.modality).toBe("WAIVER_FORMALIZATION");

  // Lots: one more lot, and the brand required on every lot.
  await page.goto(`/cadastrar/editais/${draft.id}/lotes-do-edital`);
  await expect(page.getByRole("heading", { name: "Criar Edital" })).toBeVisible();
  await addLotRow(page, { quantity: "10", priceDigits: "1500", button: "Adicionar lote" });
  await expect(page.getByText("Lote criado com sucesso")).toBeVisible();
  // A controlled switch: it turns on once the server has applied the change.
  const brand = page.getByRole("switch", { name: "Exibir marca" });
  await brand.click();
  await expect(page.getByText("Lote alterado com sucesso")).toBeVisible();
  await expect(brand).toBeChecked();
  const lotCount = await page
    .getByRole("table", { name: "Lotes do edital" })
    .getByRole("row", { name: /^Lote \d+ item \d+$/ })
    .count();
  expect(lotCount).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Avançar" }).click();

  // Winners step.
  await expect(page).toHaveURL(new RegExp(`/cadastrar/editais/${draft.id}/vencedores-do-edital$`));
  await expect(page.getByRole("heading", { level: 1, name: "Preencher Vencedores" })).toBeVisible();
  const table = page.getByRole("table", { name: "Vencedores do edital" });
  await expect(table.getByRole("columnheader", { name: "Marca" })).toBeVisible();
  const rows = table.getByRole("row", { name: /^Lote \d+ item \d+$/ });
  await expect(rows).toHaveCount(lotCount);
  await expect(page.getByRole("button", { name: "Salvar" })).toBeDisabled();

  await rows
    .first()
    .getByRole("button", { name: /^Inserir licitante/ })
    .click();
  const picker = page.getByRole("dialog", { name: "Lista de licitantes" });
  await expect(picker.getByText("Selecione o licitante que você deseja inserir")).toBeVisible();
  await expect(
    picker.getByRole("table", { name: "Lista de licitantes" }).getByRole("row").nth(1),
  ).toBeVisible();
  await picker.getByRole("button", { name: "Adicionar novo licitante" }).click();

  // 'Cadastro de licitante': a new legal person whose CNPJ the (fake) registry knows.
  const register = page.getByRole("dialog", { name: "Cadastro de licitante" });
  const add = register.getByRole("button", { name: "Adicionar" });
  await expect(add).toBeDisabled();
  await register.getByRole("radio", { name: "Pessoa jurídica" }).check();
  const base = `9${stamp.slice(-11)}`;
  const cnpj = cnpjWithCheckDigits(base);
  const wrong = `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
  const cnpjInput = register.getByRole("textbox", { name: "CNPJ" });
  await cnpjInput.pressSequentially(wrong);
  await expect(register.getByText("CNPJ inválido")).toBeVisible();
  await cnpjInput.fill("");
  await cnpjInput.pressSequentially(cnpj);
  await expect(cnpjInput).toHaveValue(
    `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
  );
  const corporateName = register.getByRole("textbox", { name: "Razão social" });
  await expect(corporateName).toHaveValue(fakeCompanyName(cnpj));
  await expect(corporateName).toHaveAttribute("readonly", "");
  await expect(add).toBeDisabled();
  await register.getByRole("radio", { name: "Sim" }).check();
  await shot(page, "winners-register");
  await add.click();
  await expect(page.getByText("Licitante cadastrado com sucesso")).toBeVisible();

  // Back in the picker, sorted by creation: the new supplier is first. 'Todos os Lotes'.
  await expect(picker).toBeVisible();
  const newRow = picker.getByRole("row", { name: `Selecionar ${fakeCompanyName(cnpj)}` });
  await expect(
    picker.getByRole("table", { name: "Lista de licitantes" }).getByRole("row").nth(1),
  ).toHaveAccessibleName(`Selecionar ${fakeCompanyName(cnpj)}`);
  await picker.getByRole("radio", { name: "Todos os Lotes" }).check();
  await shot(page, "winners-picker");
  await newRow.click();
  await expect(picker).toBeHidden();

  // Every row now has the supplier; fill prices and brands.
  for (let i = 0; i < lotCount; i++) {
    const row = rows.nth(i);
    await expect(row).toContainText(fakeCompanyName(cnpj));
    await row.getByRole("textbox", { name: /^Valor Unitário \(R\$\)/ }).pressSequentially("1234");
    await row.getByRole("textbox", { name: /^Marca/ }).fill("Marca E2E");
  }
  // The lot added here: 10 × R$ 12,34.
  const added = rows.last();
  await expect(added.getByTestId("winner-total")).toHaveText("R$ 123,40");
  await shot(page, "winners-filled");

  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Vencedores criados com sucesso")).toBeVisible();

  await page.getByRole("button", { name: "Visualizar Somatória" }).click();
  const sum = page.getByRole("dialog", { name: "Somatória dos Valores" });
  const sumTable = sum.getByRole("table", { name: "Somatória dos Valores" });
  await expect(sumTable.getByRole("columnheader", { name: "Nome do Fornecedor" })).toBeVisible();
  await expect(sumTable.getByRole("row").filter({ hasText: fakeCompanyName(cnpj) })).toBeVisible();
  await expect(sumTable.getByRole("row").filter({ hasText: "Restante" })).toContainText("R$ 0,00");
  await shot(page, "winners-sum");
  await sum.getByRole("button", { name: "Fechar" }).click();

  await page.getByRole("button", { name: "Avançar" }).click();
  await expect(page).toHaveURL(new RegExp(`/cadastrar/editais/${draft.id}/documentos-do-edital$`));

  // The saved winners come back when the step is opened again.
  await page.goto(`/cadastrar/editais/${draft.id}/vencedores-do-edital`);
  await expect(rows.last().getByRole("textbox", { name: /^Valor Unitário/ })).toHaveValue("R$ 12,34");
  await expect(rows.last()).toContainText(fakeCompanyName(cnpj));
});
