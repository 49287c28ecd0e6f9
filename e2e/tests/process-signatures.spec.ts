import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { pdfText, squeezed } from "../support/pdf-text";
import { newProcess, openStep, PLANNER, PLANNER_NAME } from "../support/planning";
import { apiLogin } from "../support/room-api";

// Issue 35 item 3 (planning §2.3 'Assinar o Documento', 'Imprimir pdf assinado', 'Assinaturas'): the
// planner signs the DFD of a process with the platform's signature (the password typed again, Lei
// 14.063/2020 art. 4 I), the step lists the signer, and the signed print is a real PDF naming them.

const DFD = "Documento de Formalização de Demanda";
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A new process of the demo body whose DFD has its object (so there is something to sign). */
async function processWithDfd(page: Page) {
  const process = await newProcess(page.request, "PA ASS");
  const token = await apiLogin(page.request, PLANNER);
  const res = await page.request.post("/api/app/demandFormalization/save", {
    data: { process: { id: process.id }, description: "Aquisição de papel para as escolas municipais" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return process;
}

async function signDfd(page: Page, viewport: string) {
  const process = await processWithDfd(page);
  await loginAs(page, PLANNER);
  await page.goto(`/cadastrar/processos/${process.id}/edicao`);
  await openStep(page, /^1 - Documento de Formalização de Demanda /);
  const table = page.getByRole("table", { name: `1 - ${DFD}` });
  await expect(table.getByRole("cell", { name: "Nenhuma" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Imprimir pdf assinado ${DFD}` })).toHaveCount(0);

  await page.getByRole("button", { name: `Assinar o Documento ${DFD}` }).click();
  const dialog = page.getByRole("dialog", { name: `Assinar o Documento — ${DFD}` });
  await expect(dialog.getByTestId("document-sha256")).toHaveText(/^[0-9a-f]{64}$/);
  // Without the password: refused on its field, which takes the focus.
  await dialog.getByRole("button", { name: "Assinar", exact: true }).click();
  const password = dialog.getByLabel(/^Senha/);
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(/Informe a sua senha\./);
  await expectNoSeriousAxeFindings(page, `modal de assinatura (${viewport})`);

  await password.fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Assinar", exact: true }).click();
  await expect(dialog).toBeHidden();
  // Announced (a live region), and the step's column names the signer.
  await expect(
    page.locator('[role="status"][aria-live="polite"]').filter({ hasText: `Documento assinado: ${DFD}` }),
  ).toHaveCount(1);
  await expect(table.getByRole("cell", { name: `1 assinatura: ${PLANNER_NAME}` })).toBeVisible();

  // 'Imprimir pdf assinado': the document and its manifest, naming the signer and the method.
  const print = page.getByRole("link", { name: `Imprimir pdf assinado ${DFD}` });
  await print.scrollIntoViewIfNeeded();
  const box = await print.boundingBox();
  expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 0.5);
  const downloading = page.waitForEvent("download");
  await print.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dfd-pa-ass-.*-assinado\.pdf$/);
  const pdf = readFileSync((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = squeezed(pdfText(pdf));
  for (const expected of [
    DFD,
    "Manifesto de Assinaturas",
    PLANNER_NAME,
    "Assinatura eletrônica simples (Lei 14.063/2020)",
    "vigente",
  ])
    expect(text, expected).toContain(squeezed(expected));
  await expectNoSeriousAxeFindings(page, `administração do processo assinado (${viewport})`);
}

test.describe("signing a process's document at 1440×900", () => {
  test.use({ viewport: WIDE });
  test("the planner signs the DFD with the password; the step lists the signer and prints the signed PDF", async ({
    page,
  }) => {
    await signDfd(page, "1440×900");
  });
});

test.describe("signing a process's document on a phone (390×844)", () => {
  test.use({ viewport: PHONE });
  test("the same path fits the phone's screen", async ({ page }) => {
    await signDfd(page, "390×844");
  });
});
