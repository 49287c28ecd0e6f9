import type { APIRequestContext } from "@playwright/test";
import { DEMO } from "./app";
import { smallPdf } from "./notice-wizard";
import { apiLogin } from "./room-api";

async function call(request: APIRequestContext, token: string, path: string, body: unknown) {
  const response = await request.post(path, { data: body, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * A published NEW_ELECTRONIC_REVERSED_AUCTION of the demo body (pregoeiro@demo.gov.br its auctioneer)
 * whose session opens `sessionInMs` from now (machine time, the shared server's): far for a notice
 * open to requests, near (a day) for one whose art. 164 deadline has passed.
 */
export async function publishNoticeForClarifications(
  request: APIRequestContext,
  sessionInMs: number,
): Promise<{ id: string; noticeNumber: string }> {
  const buyer = await apiLogin(request, "pregoeiro@demo.gov.br");
  const now = Date.now();
  const noticeNumber = `PE ${String(now % 100_000).padStart(5, "0")}/2026`;
  const session = now + sessionInMs;
  const { id } = (await call(request, buyer, "/api/app/auction/create", {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    noticeNumber,
    processNumber: `PA ESC ${now}`,
    objectOfInterest: "Aquisição de cadeiras ergonômicas (esclarecimentos de teste).",
    purchaseYear: new Date(now).getFullYear(),
    secretaryOffice: [{ id: DEMO.officeAdmin }],
    auctioneers: [{ id: DEMO.staffAuctioneer }],
    supportingStaff: [{ id: DEMO.staffSupport }],
    closingKind: "OPEN",
    dispensationForm: "LOWEST_PRICE",
    auctionLicensePhase: "AFTER_BID",
    isInitialProposalsRequired: false,
    proposalsStartDateTime: new Date(now - 3_600_000).toISOString(),
    proposalsEndDateTime: new Date(session - 3_600_000).toISOString(),
    startDateTime: new Date(session).toISOString(),
  })) as { id: string };
  await call(request, buyer, `/api/app/auctionBatch/save?auctionNoticeId=${id}`, [
    {
      number: 1,
      item: 1,
      product: { id: DEMO.product },
      quantity: 10,
      measurementUnit: { code: "UN" },
      referencePrice: 50_000,
      minimumVariation: 100,
    },
  ]);
  const file = await request.post("/api/app/auction/documents/attach", {
    headers: { authorization: `Bearer ${buyer}` },
    multipart: {
      auctionNoticeId: id,
      kind: "AUCTION_NOTICE",
      description: "Edital completo",
      file: { name: "edital.pdf", mimeType: "application/pdf", buffer: smallPdf("Edital esclarecimentos") },
    },
  });
  if (!file.ok()) throw new Error(`documents/attach: ${file.status()} ${await file.text()}`);
  await call(request, buyer, "/api/app/auction/updateStatus", { id, status: "PUBLISHED" });
  return { id, noticeNumber };
}
