import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO, loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { expectInputsInside } from "../support/documents";
import { smallPdf } from "../support/notice-wizard";

// Issue 19 item 5: a notice published with canPublishOnPncp goes to the national portal through the
// publication queue. The e2e server has no PNCP credentials, so the default publisher records the calls
// in its outbox and answers a control number: the page lists the publication and the outbox holds the
// contracting with its items and file; the control number shows on the notice.

/** A published notice of the demo body with two lot items and its main file, through the API. */
async function publishNotice(request: APIRequestContext) {
  const call = async (path: string, body: unknown) => {
    const response = await request.post(path, { data: body });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json();
  };
  const now = Date.now();
  const noticeNumber = `PE ${String(now % 1_000_000).padStart(6, "0")}${Math.floor(Math.random() * 10)}/2026`;
  const { id } = (await call("/api/app/auction/create", {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    noticeNumber,
    processNumber: `PA E2E PNCP ${now}`,
    objectOfInterest: "Aquisição de cadeiras ergonômicas (publicação no PNCP).",
    purchaseYear: 2026,
    secretaryOffice: [{ id: DEMO.officeAdmin }],
    auctioneers: [{ id: DEMO.staffAuctioneer }],
    supportingStaff: [{ id: DEMO.staffSupport }],
    canPublishOnPncp: true,
    proposalsStartDateTime: new Date(now + 86_400_000).toISOString(),
    proposalsEndDateTime: new Date(now + 10 * 86_400_000).toISOString(),
    startDateTime: new Date(now + 10 * 86_400_000 + 3_600_000).toISOString(),
  })) as { id: string };
  await call(
    `/api/app/auctionBatch/save?auctionNoticeId=${id}`,
    [1, 2].map((number) => ({
      number,
      item: 1,
      product: { id: DEMO.product },
      quantity: 10 * number,
      measurementUnit: { code: "UN" },
      referencePrice: 15_000,
      minimumVariation: 100,
    })),
  );
  const file = await request.post("/api/app/auction/documents/attach", {
    multipart: {
      auctionNoticeId: id,
      kind: "AUCTION_NOTICE",
      description: "Edital completo",
      file: { name: "edital-pncp.pdf", mimeType: "application/pdf", buffer: smallPdf("Edital PNCP") },
    },
  });
  expect(file.ok(), `documents/attach: ${file.status()} ${await file.text()}`).toBe(true);
  await call("/api/app/auction/updateStatus", { id, status: "PUBLISHED" });
  return { id, noticeNumber };
}

test("a notice published with canPublishOnPncp reaches the portal's outbox and shows its control number", async ({
  page,
}) => {
  await loginAs(page, "pregoeiro@demo.gov.br");
  const { id, noticeNumber } = await publishNotice(page.request);

  // The worker sends it within a poll (5 s): the publication is DONE.
  await expect
    .poll(async () => {
      const list = await page.request.post("/api/app/auction/pncp/list", {
        data: { searchParameters: noticeNumber },
      });
      return ((await list.json()).publications as { status: string }[]).map((p) => p.status);
    })
    .toEqual(["DONE"]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/publicacoes-pncp");
  await expect(page.getByRole("heading", { level: 1, name: "Publicações no PNCP" })).toBeVisible();
  await page.getByRole("textbox", { name: "Pesquisar" }).fill(noticeNumber);
  const table = page.getByRole("table", { name: "Publicações" });
  const row = table.getByRole("row").filter({ hasText: noticeNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Contratação e itens");
  await expect(row).toContainText("Publicado");
  const control = (await row.getByRole("cell").nth(3).innerText()).trim();
  expect(control).toMatch(/^\d{14}-1-\d{6}\/2026$/);
  // The outbox holds the contracting as it would be sent: its two items and the notice's file.
  const outbox = page.getByRole("region", { name: "Caixa de saída do PNCP" });
  const sent = outbox.getByText(/^POST \/v1\/orgaos\/\d{14}\/compras$/).first();
  await expect(sent).toBeVisible();
  // numeroCompra goes without its year (manual 6.3.1 item 8; issue 34).
  await expect(outbox).toContainText(`"numeroCompra": "${noticeNumber.replace(/\/2026$/, "")}"`);
  await expect(outbox).toContainText("documento: edital-pncp.pdf");
  await expect(outbox).toContainText('"numeroItem": 2');
  for (const column of ["Edital", "Envio", "Situação", "Nº de controle PNCP"]) {
    const box = await table.getByRole("columnheader", { name: column }).boundingBox();
    expect(box, column).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1440);
  }
  await expectNoSeriousAxeFindings(page, "publicações no PNCP (1440)");

  // The public notice page shows the control number.
  await page.goto(`/detalhes-do-edital/${id}`);
  await expect(page.getByText("Nº de controle PNCP")).toBeVisible();
  await expect(page.getByText(control, { exact: true })).toBeVisible();
});

test("the PNCP publications page fits a 390×844 phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, "pregoeiro@demo.gov.br");
  const { noticeNumber } = await publishNotice(page.request);
  await page.goto("/publicacoes-pncp");
  await expect(page.getByRole("heading", { level: 1, name: "Publicações no PNCP" })).toBeVisible();
  await page.getByRole("textbox", { name: "Pesquisar" }).fill(noticeNumber);
  const card = page.getByRole("listitem").filter({ hasText: noticeNumber });
  await expect(card).toHaveCount(1);
  // The list reads again while the queue sends the notice ('Aguardando envio' → 'Publicado'): a card being
  // replaced has no box for an instant (CI, 2026-12-02), so the box is read until it is there.
  await expect(async () => {
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }).toPass();
  await expectInputsInside(page, 390);
  await expectNoSeriousAxeFindings(page, "publicações no PNCP (390)");
});
