import { expect, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { newProcess, PLANNER } from "../support/planning";

// Issue 15 item 5: the Risk Matrix (planning §2.7) on a phone. Its main path — four risks added,
// selected with responsibles, read on the heat map with the process risk, the PDF — runs in
// planning-dfd.spec.ts, on the process whose DFD and ETP that test fills.

const PHONE = { width: 390, height: 844 };

test.describe("the risk matrix at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the left panel, the risk table and the heat map fit the phone", async ({ page }) => {
    await loginAs(page, PLANNER);
    const process = await newProcess(page.request, "PA MR");
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
