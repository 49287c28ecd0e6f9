import { expect, type Locator, type Page } from "@playwright/test";

/** dd/mm/aaaa in Brasília, `days` after `from` (the machine's now, or a server's test-clock time). */
export function brasiliaDate(days: number, from: Date = new Date()): string {
  const date = new Date(from.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(date);
}

/** A small but real PDF (one empty page), built byte by byte with a correct cross-reference table. */
export function smallPdf(title: string): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
  ];
  const stream = `BT /F1 12 Tf 20 100 Td (${title.replace(/[()\\]/g, "")}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((content, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${content}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Picks an option of a Mantine Select or MultiSelect by its label. */
export async function chooseOption(page: Page, input: Locator, option: string | RegExp): Promise<void> {
  await input.click();
  await page.getByRole("option", { name: option }).first().click();
}

/** Picks the first option of a Mantine Select or MultiSelect. */
export async function chooseFirstOption(page: Page, input: Locator): Promise<string> {
  await input.click();
  const option = page.getByRole("option").first();
  await expect(option).toBeVisible();
  const label = ((await option.textContent()) ?? "").trim();
  await option.click();
  await page.keyboard.press("Escape");
  return label;
}

/** Fills the new-lot row of the lots editor and adds it. */
export async function addLotRow(
  page: Page,
  values: { quantity: string; priceDigits: string; button: "Adicionar lote" | "Adicionar item" },
): Promise<void> {
  const row = page.getByRole("row", { name: "Novo lote" });
  await row.getByRole("button", { name: "Escolher produto" }).click();
  const catalogue = page.getByRole("dialog", { name: "Catálogo de produtos" });
  await expect(catalogue.getByRole("table", { name: "Catálogo de produtos" })).toBeVisible();
  await catalogue
    .getByRole("button", { name: /^Selecionar / })
    .first()
    .click();
  await expect(catalogue).toBeHidden();
  await row.getByRole("textbox", { name: "Quantidade" }).fill(values.quantity);
  await chooseOption(page, row.getByRole("combobox", { name: "Unidade" }), /^UN — Unidade$/);
  await row.getByRole("textbox", { name: "Preço de referência" }).pressSequentially(values.priceDigits);
  await row.getByRole("button", { name: values.button }).click();
}
