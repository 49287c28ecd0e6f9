import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./app";
import { smallPdf } from "./notice-wizard";
import type { ServerClock } from "./own-server";

// Prepares a trading-room notice of its own through the real HTTP API, as the demo body and the
// demo suppliers would: create, lots, main notice file, publish, initial proposals.

async function call(
  request: APIRequestContext,
  token: string | null,
  path: string,
  body: unknown,
): Promise<unknown> {
  const response = await request.post(path, {
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  const type = response.headers()["content-type"] ?? "";
  return type.includes("application/json") ? response.json() : null;
}

export async function apiLogin(request: APIRequestContext, login: string): Promise<string> {
  const answer = (await call(request, null, "/api/public/auth/login", {
    login,
    password: DEMO_PASSWORD,
  })) as {
    token: string;
  };
  return answer.token;
}

/**
 * A browser session of a demo account without the login screen (auth.spec covers it): the session
 * cookie of app/auth/login, for `browser.newContext({ storageState })`. Four UI logins cost a
 * minute when the whole suite loads the machine, and the room's clocks keep running meanwhile.
 */
export async function sessionState(
  baseURL: string,
  login: string,
): Promise<Awaited<ReturnType<APIRequestContext["storageState"]>>> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await apiLogin(api, login);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

/**
 * A fresh session for an open page, as a user who logs in again: after a jump of the test clock
 * past the session's 12 hours, the old one has expired by the server's clock. The page reloads.
 */
export async function renewSession(page: Page, baseURL: string, login: string): Promise<void> {
  const state = await sessionState(baseURL, login);
  const context = page.context();
  await context.clearCookies();
  await context.addCookies(state.cookies);
  await page.reload();
}

export interface RoomNotice {
  id: string;
  noticeNumber: string;
  lotId: string;
  /** When the proposal window closes and the server clock moves the lot to CLOSED_FOR_OFFERS. */
  proposalsEnd: Date;
}

export interface RoomNoticeOptions {
  /** How long (server time) the proposal window stays open after the notice is created. */
  proposalsWindowMs: number;
  /** Initial proposals (unit price ×100) by supplier login; every supplier declares ME/EPP … */
  proposals: Record<string, number>;
  /** … except these logins (a supplier not registered as ME/EPP may not declare it). */
  largeCompanies?: readonly string[];
}

/**
 * A NEW_ELECTRONIC_REVERSED_AUCTION of the demo body (pregoeiro@demo.gov.br is its auctioneer) with
 * one lot (reference R$ 100,00, minimum variation R$ 1,00), closing kind OPEN, lowest price, AFTER_BID:
 * published with the proposal window already open, the given suppliers' initial proposals saved
 * (app/initialBids/save). The lot reaches CLOSED_FOR_OFFERS by the server clock at `proposalsEnd`:
 * the test jumps there with `clock.to(notice.proposalsEnd)`.
 */
export async function prepareRoomNotice(
  request: APIRequestContext,
  clock: ServerClock,
  options: RoomNoticeOptions,
): Promise<RoomNotice> {
  const buyer = await apiLogin(request, "pregoeiro@demo.gov.br");
  const now = (await clock.now()).getTime();
  const proposalsEnd = new Date(now + options.proposalsWindowMs);
  const noticeNumber = `PE ${String(now % 100_000).padStart(5, "0")}/2026`;
  const created = (await call(request, buyer, "/api/app/auction/create", {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    noticeNumber,
    processNumber: `PA E2E ${now}`,
    objectOfInterest: "Aquisição de resmas de papel A4 (sessão pública de teste).",
    purchaseYear: new Date(now).getFullYear(),
    secretaryOffice: [{ id: DEMO.officeAdmin }],
    auctioneers: [{ id: DEMO.staffAuctioneer }],
    supportingStaff: [{ id: DEMO.staffSupport }],
    closingKind: "OPEN",
    dispensationForm: "LOWEST_PRICE",
    auctionLicensePhase: "AFTER_BID",
    isInitialProposalsRequired: false,
    proposalsStartDateTime: new Date(now - 3_600_000).toISOString(),
    proposalsEndDateTime: proposalsEnd.toISOString(),
    startDateTime: new Date(proposalsEnd.getTime() + 60_000).toISOString(),
  })) as { id: string };
  const id = created.id;
  await call(request, buyer, `/api/app/auctionBatch/save?auctionNoticeId=${id}`, [
    {
      number: 1,
      item: 1,
      product: { id: DEMO.product },
      quantity: 100,
      measurementUnit: { code: "UN" },
      referencePrice: 10_000,
      minimumVariation: 100,
    },
  ]);
  const file = await request.post("/api/app/auction/documents/attach", {
    headers: { authorization: `Bearer ${buyer}` },
    multipart: {
      auctionNoticeId: id,
      kind: "AUCTION_NOTICE",
      description: "Edital completo",
      file: { name: "edital.pdf", mimeType: "application/pdf", buffer: smallPdf("Edital E2E") },
    },
  });
  if (!file.ok()) throw new Error(`documents/attach: ${file.status()} ${await file.text()}`);
  await call(request, buyer, "/api/app/auction/updateStatus", { id, status: "PUBLISHED" });

  const lots = (await call(request, buyer, "/api/app/auctionBatch/list", {
    auctionNoticeId: id,
    hasPagination: false,
  })) as { auctionBatches: { id: string; number: number }[] };
  const lotId = lots.auctionBatches.find((l) => l.number === 1)?.id;
  if (!lotId) throw new Error("lote 1 não encontrado");

  // The proposal window opened before the publication: a jump of nothing runs the due deadline
  // that moves the lot to OPEN_FOR_OFFERS, so the saves below find the window open.
  await clock.advance(0);
  for (const [login, unitPrice] of Object.entries(options.proposals)) {
    const token = await apiLogin(request, login);
    await call(request, token, "/api/app/initialBids/save", {
      auctionNoticeId: id,
      bidData: [{ batch: { id: lotId }, unitPrice }],
      hasSmallCompanyDeclaration: !options.largeCompanies?.includes(login),
    });
  }
  return { id, noticeNumber, lotId, proposalsEnd };
}
