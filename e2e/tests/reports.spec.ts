import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";

// Issue 19 item 4: /relatorios ('Relatórios de acesso', notices-and-accounts §2.2, §2.16) — the body's
// minute-and-contract control spreadsheet and each published process's access report, as files.

const NOTICE = "PE 08/2026";
/** The file name the server gives (a "/" is no part of a file name). */
const ACCESS_FILE = "Relatório de acesso - PE 08-2026.pdf";

/** A box (what `name` labels) stays inside the viewport's width (no sideways scrolling to reach it). */
async function expectInView(name: string, box: { x: number; width: number } | null, width: number) {
  expect(box, name).not.toBeNull();
  expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(width + 1);
}

async function findProcess(page: Page, noticeNumber: string) {
  const search = page.getByRole("textbox", { name: "Pesquisar processo" });
  await search.fill(noticeNumber);
  await search.press("Enter");
}

test.describe("reports at 1440×900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a buyer downloads a process's access report and the minute-and-contract control spreadsheet", async ({
    page,
  }) => {
    await loginAs(page, "pregoeiro@demo.gov.br");
    await page.goto("/relatorios");
    await expect(page.getByRole("heading", { level: 1, name: "Relatórios de acesso" })).toBeVisible();
    // Other tests add processes to the body: the search brings the demo room's to the first page.
    await findProcess(page, NOTICE);
    const table = page.getByRole("table", { name: "Processos do órgão" });
    const button = page.getByRole("button", { name: `Baixar o relatório de acesso do edital ${NOTICE}` });
    await expect(button).toBeVisible();
    // No draft is listed: only processes whose room was ever public.
    await expect(table.getByText("Pendente", { exact: true })).toHaveCount(0);
    for (const header of ["Edital", "Objeto", "Situação", "Ações"])
      await expectInView(header, await table.getByRole("columnheader", { name: header }).boundingBox(), 1440);
    await expectInView("botão", await button.boundingBox(), 1440);

    const access = page.waitForEvent("download");
    await button.click();
    const pdf = await access;
    expect(pdf.suggestedFilename()).toBe(ACCESS_FILE);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const control = page.waitForEvent("download");
    await page.getByRole("button", { name: "Baixar planilha de controle" }).click();
    const xlsx = await control;
    expect(xlsx.suggestedFilename()).toBe("Controle de atas e contratos.xlsx");
    // An .xlsx is a zip package.
    expect(
      readFileSync(await xlsx.path())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");

    // The search narrows the list to the process asked for.
    await page.getByRole("textbox", { name: "Pesquisar processo" }).fill(NOTICE);
    await page.getByRole("textbox", { name: "Pesquisar processo" }).press("Enter");
    // Only the header row lacks the number asked for.
    await expect(table.getByRole("row").filter({ hasNotText: NOTICE })).toHaveCount(1);
    await expect(button).toBeVisible();
    await expectNoSeriousAxeFindings(page, "relatórios");
  });

  test("a supplier has no /relatorios", async ({ page }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    await page.goto("/relatorios");
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  });
});

test.describe("reports at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("each process is a card whose report button fits the phone", async ({ page }) => {
    await loginAs(page, "pregoeiro@demo.gov.br");
    await page.goto("/relatorios");
    await findProcess(page, NOTICE);
    const card = page.getByRole("listitem", { name: NOTICE });
    await expect(card).toBeVisible();
    const button = card.getByRole("button", { name: `Baixar o relatório de acesso do edital ${NOTICE}` });
    await expectInView("botão do cartão", await button.boundingBox(), 390);
    await expectInView(
      "planilha de controle",
      await page.getByRole("button", { name: "Baixar planilha de controle" }).boundingBox(),
      390,
    );
    await expectInputsInside(page, 390);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    const access = page.waitForEvent("download");
    await button.click();
    expect((await access).suggestedFilename()).toBe(ACCESS_FILE);
    await expectNoSeriousAxeFindings(page, "relatórios no celular");
  });
});
