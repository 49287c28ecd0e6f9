import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { readItfFromPdf } from "../../apps/server/test/itf-from-pdf";
import {
  barcodeFromDigitableLine,
  formatDigitableLine,
  isValidDigitableLine,
} from "../../packages/domain/src/payments/boleto";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { waitForMail } from "../support/mailbox";
import { useOwnServer } from "../support/own-server";
import { prepareRoomNotice, sessionState } from "../support/room-api";

// Issue 14 "Done when", the second browser test: a large company buys two single-participation credits
// by boleto, downloads the boleto (a real PDF whose ITF barcode is the digitable line's), platform
// staff confirms the payment at /pagamentos ('Marcar como pago'), the credits appear, and one is spent
// by the first initial proposal in a process. On a server of its own: the demo supplier's credits
// change here and nowhere else.

const SUPPLIER = "fornecedor2@demo.com.br"; // Carvalho Distribuidora de Materiais S.A., large, 1 credit
const SUPPLIER_NAME = "Carvalho Distribuidora de Materiais S.A.";
const STAFF = "admin@certame.local";
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A purchase is confirmed by the page's periodic refresh (every 10 s while one is pending). */
const REFRESH = { timeout: 30_000 };

const server = useOwnServer();

async function openAs(browser: Browser, login: string, viewport: { width: number; height: number }) {
  const { baseUrl } = server();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    storageState: await sessionState(baseUrl, login),
    permissions: ["clipboard-read", "clipboard-write"],
  });
  return context.newPage();
}

const availableCredits = (page: Page) => page.getByTestId("available-credits");

test("a large company buys two credits by boleto, staff confirms the payment and one credit is spent in a process", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await openAs(browser, SUPPLIER, DESKTOP);
  await page.goto("/assinaturas");
  await expect(page.getByRole("heading", { name: "Histórico de créditos" })).toBeVisible();
  await expect(availableCredits(page)).toHaveText("1");
  await expectNoSeriousAxeFindings(page, "assinaturas do fornecedor");

  // 'Confirmar assinatura' waits for a plan; two units of 'Participação única', by boleto (the default).
  const confirm = page.getByRole("button", { name: "Confirmar assinatura" });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription("Escolha um plano para confirmar a assinatura.");
  await page.getByRole("radio", { name: "Participação única" }).check();
  await expect(page.getByRole("radio", { name: "Boleto" })).toBeChecked();
  await page.getByRole("spinbutton", { name: "Quantidade" }).fill("2");
  await expect(confirm).toBeEnabled();
  const created = page.waitForResponse((r) => r.url().endsWith("/api/app/credit/create"));
  await confirm.click();
  const credit = (await (await created).json()) as { chargeId: string; price: number; barCode: string };
  // SA/LTDA: the large-company price, twice.
  expect(credit.price).toBe(2 * 14_990);
  expect(isValidDigitableLine(credit.barCode)).toBe(true);

  const modal = page.getByRole("dialog", { name: "Forma de pagamento" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(formatDigitableLine(credit.barCode))).toBeVisible();
  await modal.getByRole("button", { name: "Copiar código" }).click();
  await expect(page.getByText("O código foi copiado com sucesso")).toBeVisible();
  expect(await page.evaluate<string>("navigator.clipboard.readText()")).toContain(credit.barCode.slice(0, 5));

  // 'Baixar Pdf': a real PDF whose ITF bars are the barcode of the digitable line.
  const downloading = page.waitForEvent("download");
  await modal.getByRole("link", { name: "Baixar Pdf" }).click();
  const pdf = await readFile(await (await downloading).path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(readItfFromPdf(pdf)).toBe(barcodeFromDigitableLine(credit.barCode));
  await expectNoSeriousAxeFindings(page, "modal do boleto");
  await page.keyboard.press("Escape");

  // Platform staff confirms the payment from the console, in a browser of its own.
  const staff = await openAs(browser, STAFF, DESKTOP);
  try {
    await staff.goto("/pagamentos");
    const charges = staff.getByRole("table", { name: "Cobranças" });
    const row = charges.getByRole("row").filter({ hasText: "R$ 299,80" }).filter({ hasText: SUPPLIER_NAME });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Marcar como pago ${SUPPLIER_NAME}` }).click();
    const confirmPaid = staff.getByRole("dialog", { name: "Confirmar pagamento" });
    await confirmPaid.getByRole("button", { name: "Confirmar" }).click();
    await expect(staff.getByTestId("payments-announcer")).toHaveText(
      `Pagamento de ${SUPPLIER_NAME} confirmado.`,
    );
    await expectNoSeriousAxeFindings(staff, "console de pagamentos");
  } finally {
    await staff.context().close();
  }

  // The supplier's page hears of it by itself; the receipt arrives by e-mail.
  await expect(page.getByTestId("subscriptions-announcer")).toHaveText("Pagamento confirmado.", REFRESH);
  await expect(availableCredits(page)).toHaveText("3");
  const receipt = await waitForMail(server().dataDir, { to: SUPPLIER, subject: /^Pagamento confirmado/ });
  expect(receipt.text).toContain("2 créditos de participação única foram liberados");

  // The first initial proposal in a process spends one participation, once.
  const { api, clock } = server();
  const notice = await prepareRoomNotice(api, clock, {
    proposalsWindowMs: 2 * 3_600_000,
    proposals: { [SUPPLIER]: 9_500 },
    largeCompanies: [SUPPLIER],
  });
  await page.reload();
  await expect(availableCredits(page)).toHaveText("2");
  const history = page.getByRole("table", { name: "Histórico de créditos" });
  const used = history.getByRole("row").filter({ hasText: notice.noticeNumber });
  await expect(used).toContainText("Utilizado");
  await used.getByRole("button").first().click();
  const usedModal = page.getByRole("dialog", { name: "Crédito Utilizado" });
  await expect(usedModal).toContainText(
    new RegExp(
      `Seu crédito foi utilizado no dia \\d{2}/\\d{2}/\\d{4} no edital ${notice.noticeNumber.replace("/", "\\/")}`,
    ),
  );
  await page.context().close();
});

test("on a phone the plans, the quantity and the confirmation fit the screen; a visitor sees the plans only", async ({
  browser,
}) => {
  const page = await openAs(browser, SUPPLIER, PHONE);
  await page.goto("/assinaturas");
  await expect(page.getByRole("heading", { name: "Planos Periódicos" })).toBeVisible();
  await expectInputsInside(page, PHONE.width);
  for (const control of [
    page.getByRole("radio", { name: "Semestral" }),
    page.getByRole("spinbutton", { name: "Quantidade" }),
    page.getByRole("button", { name: "Confirmar assinatura" }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
  }
  await expectNoSeriousAxeFindings(page, "assinaturas no celular");
  await page.context().close();

  // The public mode: plans only, no history and no purchase (§2.15).
  const visitor = await browser.newPage({ baseURL: server().baseUrl, viewport: PHONE });
  await visitor.goto("/planos");
  await expect(visitor.getByRole("heading", { name: "Planos Periódicos" })).toBeVisible();
  await expect(visitor.getByText("Semestral")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Histórico de assinaturas" })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Confirmar assinatura" })).toHaveCount(0);
  await expectNoSeriousAxeFindings(visitor, "planos públicos");
  await visitor.close();
});
