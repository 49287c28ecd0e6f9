import { expect, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";
import { smallPdf } from "../support/notice-wizard";

test.describe("qualification documents (/documentos-de-habilitacao)", () => {
  test("a supplier uploads a PDF with a description, finds it under its kind, and deletes it", async ({
    page,
  }) => {
    const fileName = `certidao-fgts-${Date.now()}.pdf`;
    const description = "Certificado de Regularidade do FGTS válido até 30/06/2026";
    await loginAs(page, "fornecedor1@demo.com.br");
    await sideMenu(page).getByRole("link", { name: "Documentos de habilitação" }).click();
    await expect(page).toHaveURL(/\/documentos-de-habilitacao$/);
    await expect(page.getByRole("heading", { level: 1, name: "Documentos de habilitação" })).toBeVisible();

    const fiscal = page.getByRole("region", { name: "Habilitação fiscal, social e trabalhista" });
    await fiscal.getByRole("button", { name: "Anexar documento: Regularidade relativa ao FGTS" }).click();
    const dialog = page.getByRole("dialog");
    const save = dialog.getByRole("button", { name: "Salvar anexo" });
    await expect(save).toBeDisabled();
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: smallPdf("FGTS") });
    await dialog.getByRole("textbox", { name: "Descrição do documento" }).fill(description);
    await expect(dialog.getByText(`${description.length} / 400`)).toBeVisible();
    await save.click();
    await expect(page.getByText("Arquivo anexado com sucesso")).toBeVisible();
    await expect(dialog).toBeHidden();

    // Listed under its class and kind, with its description.
    const table = fiscal.getByRole("table", { name: "Documentos: Regularidade relativa ao FGTS" });
    const row = table.getByRole("row").filter({ hasText: fileName });
    await expect(row).toBeVisible();
    await expect(row).toContainText(description);

    // The stored file is the PDF sent.
    const list = await page.request.post("/api/app/supplier/qualificationDocumentsList", { data: {} });
    const stored = (
      (await list.json()) as { documents: { name: string; kind: string; url: string }[] }
    ).documents.find((d) => d.name === fileName);
    expect(stored?.kind).toBe("FGTS_CLEARANCE");
    const file = await page.request.get(stored?.url ?? "");
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

    await row.getByRole("button", { name: `Excluir ${fileName}` }).click();
    const confirm = page.getByRole("dialog");
    await expect(confirm).toContainText(`Deseja mesmo excluir o documento "${fileName}"?`);
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Documento excluído")).toBeVisible();
    await expect(fiscal.getByText(fileName)).toHaveCount(0);
  });
});
