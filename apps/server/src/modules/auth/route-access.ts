import { PLANNING_HIDDEN_MESSAGE } from "@certame/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "../../http/errors";
import { requireNoticeEditor } from "../notices/notice.policy";
import { requirePlanner } from "../processes/process.policy";
import { requireSupplier } from "../supplier-documents/supplier-document.policy";
import { currentUser, requireBuyer, requirePlatformStaff } from "./auth.plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, with its access row (the route-walking tests read it). */
    routeTable: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** The route's row in ROUTE_ACCESS, set when the route is registered. */
    access?: RouteAccess;
  }
}

/**
 * Who may call what: one row per route, checked before any handler runs (issue 11). A route that is
 * registered without a row makes `buildApp` throw, so a new route cannot ship without deciding its
 * audience. The row is the gate; services still decide per record (own body, own supplier, room role).
 *
 * - public:   anyone, without a session (the service shapes what an anonymous viewer gets).
 * - session:  any signed-in user; the service decides from the record (room roles, owner, viewer masks).
 * - buyer:    staff of a public body, any profile: reads of the body's own work.
 * - editor:   staff who may create and change processes (§2.2, §6: not the restricted profiles).
 * - supplier: a supplier account.
 * - staff:    platform staff (kind ADMIN): the registration analysis console.
 * - planning: a body's account and its staff with a planning profile (domain canPlanProcesses).
 * - test:     TEST_CLOCK mode only (the route is not registered otherwise).
 */
export type RouteAccess =
  | "public"
  | "session"
  | "buyer"
  | "editor"
  | "supplier"
  | "staff"
  | "planning"
  | "test";

/** The room's document lists and downloads (trading-room §7), registered from arrays. */
const ROOM_DOCUMENT_ROUTES = [
  "listQualificationDocumentByUser",
  "listTechnicalDataSheets",
  "listProposalDocument",
  "listTechnicalProposalDocument",
  "listMyQualificationDocument",
  ...[
    "qualificationDocuments/download",
    "technicalDataSheet/download",
    "downloadProposalDocument/download",
    "downloadTechnicalProposalDocument/download",
  ].flatMap((path) => [path, `${path}/zip`]),
].map((path) => [`POST /api/app/auction/${path}`, "session"] as const);

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // The platform and the public site.
  "GET /api/health": "public",
  "GET /api/health/live": "public",
  "GET /api/public/settings": "public",
  "POST /api/public/auth/login": "public",
  "POST /api/public/auction/list": "public",
  "POST /api/public/auction/read": "public",
  "POST /api/public/auction/documents/list": "public",
  "POST /api/public/auction/documents/download": "public",
  "POST /api/public/auction/documents/download/zip": "public",
  "GET /api/public/auction/documents/download/zip": "public",
  "GET /api/public/auction/documents/:id": "public",
  // The signed documents of a published notice's process (issue 35 item 5): the edital signed with its
  // manifest, the plan documents' manifests (never their internal version).
  "POST /api/public/auction/signatures/list": "public",
  "GET /api/public/auction/signatures/:id/:kind": "public",
  "POST /api/public/state/list": "public",
  "POST /api/public/buyer/read": "public",
  // Joining (issue 13): sign-up and the one-time e-mail links; answers never tell whether an
  // e-mail has an account, except sign-up's own duplicate check (the field is named).
  "POST /api/public/auth/signUp": "public",
  "POST /api/public/auth/confirmEmail": "public",
  "POST /api/public/auth/resendConfirmation": "public",
  "POST /api/public/auth/requestPasswordReset": "public",
  "POST /api/public/auth/resetPassword": "public",
  "POST /api/public/auth/tokenStatus": "public",
  // The legislation library's own documents: site regulation and the three adhesion contracts.
  "GET /api/public/legal-documents/:slug": "public",
  // Open data in OCDS 1.1 (issue 19 item 6): published notices only, confidential data left out.
  "GET /api/public/ocds/releases": "public",
  "GET /api/public/ocds/releases/:ocid": "public",
  "GET /api/public/ocds/records/:ocid": "public",
  "GET /api/public/ocds/releases.jsonl.gz": "public",
  // The room is public: each audience gets its own view (docs/live-room.md).
  "POST /api/room/batchBids": "public",
  "POST /api/chat/getMessages": "public",
  // Clarifications and challenges (Lei 14.133 art. 164; issue 19): the public reads the answered ones;
  // a requester also its own, the notice's body all (the service shapes the list by viewer).
  "POST /api/public/clarification/list": "public",
  "GET /api/public/clarification/file/:id": "public",
  // The built web app (files and the single-page fallback).
  "GET /*": "public",
  "GET /api/test/clock": "test",
  "POST /api/test/clock": "test",

  // Any signed-in user; the service decides by record.
  "POST /api/app/auth/me": "session",
  "POST /api/app/auth/logout": "session",
  "POST /api/integrations/getCompanyInformation": "session",
  "POST /api/integrations/getAddressByPostalCode": "session",
  "POST /api/upload": "session",
  "GET /api/app/file/:id": "session",
  "POST /api/app/auction/list": "session",
  // 'Meus editais': suppliers and buyers; the service answers each its own (others 403).
  "POST /api/app/auction/myNotices": "session",
  // The direct procedures' proposals (issue 19 item 2): the template and the sending for suppliers;
  // the analysis for the owning body (checked by the service); the results and a proposal's PDF for
  // whoever the service lets read them.
  "POST /api/app/auction/proposalTemplate/download": "supplier",
  "POST /api/app/directProposal/send": "supplier",
  "POST /api/app/directProposal/mine": "supplier",
  "POST /api/app/directProposal/list": "buyer",
  "POST /api/app/directProposal/decide": "editor",
  "POST /api/app/directProposal/results": "session",
  "POST /api/app/directProposal/download": "session",
  // Their appeals (Lei 14.133 art. 165): read by every signed-in user, filed and answered by suppliers
  // (the service checks who took part and whose proposal it is), judged by the owning body's editors.
  "POST /api/app/directAppeal/list": "session",
  "POST /api/app/directAppeal/file": "supplier",
  "POST /api/app/directAppeal/counter": "supplier",
  "POST /api/app/directAppeal/judge": "editor",
  "POST /api/app/directAppeal/download": "session",
  // The direct procedures' message forum: every signed-in user reads it; the service decides who
  // writes (suppliers, citizens, the body's unrestricted staff) and who replies (the body).
  "POST /api/app/directForum/list": "session",
  "POST /api/app/directForum/post": "session",
  "POST /api/app/auction/read": "session",
  "POST /api/app/auctionBatch/list": "session",
  "POST /api/app/auction/documents/list": "session",
  "POST /api/app/auction/documents/download": "session",
  "POST /api/app/auction/documents/download/zip": "session",
  "GET /api/app/auction/documents/download/zip": "session",
  "GET /api/app/auction/documents/:id": "session",
  "POST /api/app/legislation/list": "session",
  "POST /api/app/lawClause/list": "session",
  "POST /api/app/lawClause/getLawsClauses": "session",
  "POST /api/app/measurementUnit/list": "session",
  "POST /api/app/buyer/read": "session",
  // A body's registration (§2.11): the registrant before the body exists, then the body's account,
  // its competent authority and its unrestricted staff; the service decides (registration.policy).
  "POST /api/app/user/check": "session",
  "POST /api/app/buyer/saveRegistration": "session",
  "POST /api/app/buyer/updateRegistration": "session",
  "POST /api/app/buyer/completeRegistration": "session",
  "POST /api/app/buyer/downloadMembershipTerms": "session",
  "POST /api/app/buyer/requestMembershipTermsSignature": "session",
  "POST /api/app/buyer/attachMembershipTerms": "session",
  "POST /api/app/buyer/deleteDocument": "session",
  "GET /api/app/buyer/document/:id": "session",
  "POST /api/app/buyer/createSupportingStaff": "session",
  "POST /api/app/buyer/updateSupportingStaff": "session",
  "POST /api/app/buyer/deleteSupportingStaff": "session",
  "POST /api/app/buyerSecretaryOffice/create": "session",
  "POST /api/app/buyerSecretaryOffice/edit": "session",
  "POST /api/app/buyerSecretaryOffice/delete": "session",
  // A supplier's own registration (§2.12): a SUPPLIER user, before and after its supplier row exists.
  "POST /api/app/supplier/read": "session",
  "POST /api/app/supplier/startRegistration": "session",
  "POST /api/app/supplier/updateRegistration": "session",
  "POST /api/app/supplier/saveRegistrationInformation": "session",
  "POST /api/app/supplier/completeRegistration": "session",
  "POST /api/app/supplier/downloadMembershipTerms": "session",
  "POST /api/app/supplier/requestMembershipTermsSignature": "session",
  "POST /api/app/supplier/attachMembershipTerms": "session",
  // The room: the service checks the room role (auctioneer, staff, participant) of this notice.
  "POST /api/app/auction/lotPhases": "session",
  "POST /api/app/auction/joinChatChannel": "session",
  "POST /api/app/auction/myBestBids": "session",
  ...Object.fromEntries(ROOM_DOCUMENT_ROUTES),
  "GET /api/app/auction/roomDocuments/:id": "session",
  "POST /api/app/auction/classificationSheet/download": "session",
  "POST /api/app/supplier/getIsEnabledSupplier": "session",
  "POST /api/app/supplier/getIsPreQualifiedSupplier": "session",
  "POST /api/app/initialBids/read": "session",
  "POST /api/app/initialBids/batches": "session",
  "POST /api/app/initialBids/qualificationAssociation": "session",
  "POST /api/app/initialBids/save": "session",
  "POST /api/app/initialBids/import": "session",
  "POST /api/app/initialBids/template": "session",
  "POST /api/app/supplier/attachReadjustedProposal": "session",
  "POST /api/app/supplier/associateQualificationDocuments": "session",
  "POST /api/app/supplier/attachProofPayment": "session",
  "POST /api/app/award/proofPayments": "session",
  "POST /api/app/auction/attachDocumentAtProcess": "session",
  "POST /api/app/award/documents": "session",
  "GET /api/app/award/document/:id": "session",
  "POST /api/app/dispute/attachDocument": "session",
  "POST /api/app/dispute/attachCounterArgument": "session",
  "POST /api/app/dispute/list": "session",
  "POST /api/app/dispute/judge": "session",
  "POST /api/app/dispute/getDisputeFromSupplier": "session",
  "GET /api/app/dispute/document/:id": "session",
  "POST /api/app/auction/bids/respecify": "session",
  "POST /api/app/auction/bids/respecified": "session",
  // A supplier or citizen asks or challenges (the service refuses other kinds); /esclarecimentos lists
  // a body's requests to answer, or a requester's own.
  "POST /api/app/clarification/create": "session",
  "POST /api/app/clarification/mine": "session",

  // A body's staff, any profile: reads of the body's own work.
  "POST /api/app/auctionBatch/template": "buyer",
  "POST /api/app/auctionWinner/list": "buyer",
  "POST /api/app/auctionWinner/sum": "buyer",
  "POST /api/app/auction/getBatchesWithoutWinners": "buyer",
  // The buyer's reports (§2.16, issue 19 item 4): the body's own processes only (the service checks).
  "POST /api/app/auction/accessReportDownload": "buyer",
  "POST /api/app/auction/minuteAndContractControlReport": "buyer",
  "POST /api/app/product/list": "buyer",
  "POST /api/app/product/read": "buyer",
  "POST /api/app/product/similar": "buyer",
  "POST /api/app/product/getProductTemplate": "buyer",
  "POST /api/app/supplier/list": "buyer",
  "POST /api/app/auction/preQualification/list": "buyer",
  "POST /api/app/auction/downloadPublicationProofReport": "buyer",
  "POST /api/app/auction/export": "buyer",

  // Changes to a body's processes and catalogues: not the restricted profiles.
  "POST /api/app/auction/create": "editor",
  "POST /api/app/auction/edit": "editor",
  "POST /api/app/auction/delete": "editor",
  "POST /api/app/auction/duplicate": "editor",
  "POST /api/app/auction/updateStatus": "editor",
  "POST /api/app/auction/finalizeProcess": "editor",
  "POST /api/app/auction/reopen": "editor",
  "POST /api/app/auction/cancelProcess": "editor",
  "POST /api/app/auction/changeVariationKind": "editor",
  "POST /api/app/auction/documentsRequired": "editor",
  "POST /api/app/auction/documentClass/list": "editor",
  "POST /api/app/auction/documentClass/create": "editor",
  "POST /api/app/aspec/import": "editor",
  "POST /api/app/auction/documents/attach": "editor",
  "POST /api/app/auction/documents/delete": "editor",
  "POST /api/app/auctionBatch/save": "editor",
  "POST /api/app/auctionBatch/delete": "editor",
  "POST /api/app/auctionBatch/deleteAll": "editor",
  "POST /api/app/auctionBatch/bulkUpdate": "editor",
  "POST /api/app/auctionBatch/import": "editor",
  "POST /api/app/auctionWinner/save": "editor",
  "POST /api/app/auctionWinner/add": "editor",
  "POST /api/app/auctionWinner/delete": "editor",
  "POST /api/app/product/create": "editor",
  "POST /api/app/product/edit": "editor",
  "POST /api/app/product/delete": "editor",
  "POST /api/app/product/import": "editor",
  "POST /api/app/supplier/create": "editor",
  // The answer to a request on the body's own notice (the service checks the body).
  "POST /api/app/clarification/answer": "editor",

  // A supplier's own qualification library.
  "POST /api/app/supplier/qualificationDocumentsList": "supplier",
  "POST /api/app/supplier/attachQualificationDocuments": "supplier",
  "POST /api/app/supplier/deleteQualificationDocument": "supplier",

  // The local mail outbox, registered only outside production without SMTP_URL
  // (integrations/mail/outbox.routes.ts), as in the test app.
  "GET /api/dev/outbox": "staff",
  "GET /api/dev/outbox/:id": "staff",
  // Platform staff: the analysis of completed registrations (/analise-de-cadastros).
  "POST /api/app/registrationAnalysis/list": "staff",
  "POST /api/app/registrationAnalysis/read": "staff",
  "POST /api/app/registrationAnalysis/approve": "staff",
  "POST /api/app/registrationAnalysis/reject": "staff",
  "GET /api/app/registrationAnalysis/file/:id": "staff",

  // Subscriptions and credits (§7; issue 14). Plans are read by anyone signed in (a supplier gets its
  // own price) and by visitors through the public list; only a supplier buys, for itself (the service
  // checks); a boleto goes to its own supplier or to platform staff (the service decides).
  "POST /api/public/plans/list": "public",
  "POST /api/app/subscription-plan/list": "session",
  "POST /api/app/credit-plan/list": "session",
  "POST /api/app/subscription/create": "supplier",
  "POST /api/app/subscription/list": "supplier",
  "POST /api/app/credit/create": "supplier",
  "POST /api/app/credit/list": "supplier",
  "GET /api/app/payments/charge/:id/boleto": "session",
  // The payment provider's notifications: authenticated by their signature, not by a session.
  "POST /api/public/payments/webhook": "public",
  // Platform staff: charges ('Marcar como pago') and the plans (/pagamentos).
  "POST /api/app/payments/charge/list": "staff",
  "POST /api/app/payments/charge/markPaid": "staff",
  "POST /api/app/subscription-plan/save": "staff",
  "POST /api/app/credit-plan/save": "staff",

  // Planning (planning §7 "Processes"; issue 15): the body's own processes, by its planners.
  "POST /api/app/process/create": "planning",
  "POST /api/app/process/edit": "planning",
  "POST /api/app/process/list": "planning",
  "POST /api/app/process/read": "planning",
  "POST /api/app/process/delete": "planning",
  "POST /api/app/process/undo": "planning",
  "POST /api/app/process/listResponsible": "planning",
  // Step 6 'Edital' and 'Publicar Processo' (issue 35): creating, syncing and publishing the notice
  // also needs a profile that edits notices (the service refuses the restricted ones).
  "POST /api/app/process/notice/create": "planning",
  "POST /api/app/process/notice/sync": "planning",
  "POST /api/app/process/publish": "planning",
  // Demand formalization (planning §2.5, §7 "Demand formalization"; issue 15 item 3).
  "POST /api/app/demandFormalization/category/list": "planning",
  "POST /api/app/demandFormalization/read": "planning",
  "POST /api/app/demandFormalization/save": "planning",
  "POST /api/app/demandFormalization/batch/list": "planning",
  "POST /api/app/demandFormalization/batch/save": "planning",
  "POST /api/app/demandFormalization/batch/delete": "planning",
  "POST /api/app/demandFormalization/batch/getBatchTemplate": "planning",
  "POST /api/app/demandFormalization/batch/import": "planning",
  "GET /api/app/demandFormalization/pdf/:processId": "planning",
  "GET /api/app/demandFormalization/docx/:processId": "planning",
  // Planning — the Risk Matrix (planning §2.7, §7 "Risk management"): its attachments and risk map PDF.
  "POST /api/app/budget/save": "planning",
  "POST /api/app/budget/read/batches": "planning",
  "POST /api/app/budget/delete_many": "planning",
  "POST /api/app/budget/setMethod": "planning",
  "POST /api/app/budget/exclude": "planning",
  // Step 4's price research report as PDF, the version its signatures sign (issue 35 item 3).
  "GET /api/app/budget/pdf/:processId": "planning",
  // Without processId: the report of a basket of the standalone 'Pesquisa de preços' (issue 35 item 4).
  "POST /api/app/report/priceSearch": "planning",
  // Planning — the Reference Term (planning §2.10, §7 "Reference term"; issue 16 items 4–5).
  "POST /api/app/referenceTerm/save": "planning",
  "POST /api/app/referenceTerm/read": "planning",
  "GET /api/app/referenceTerm/template": "planning",
  "POST /api/app/paragraphTemplate/byChapter": "planning",
  "POST /api/app/referenceTerm/word": "planning",
  "POST /api/app/referenceTerm/pdf": "planning",
  "POST /api/app/referenceTerm/signature": "planning",
  "POST /api/app/referenceTerm/signature/download": "planning",
  "POST /api/app/riskManagement/read": "planning",
  "POST /api/app/riskManagement/save": "planning",
  "POST /api/app/riskManagement/listOwnRisks": "planning",
  "POST /api/app/riskManagement/saveRisk": "planning",
  "POST /api/app/riskManagement/deleteRisk": "planning",
  "GET /api/app/riskManagement/document/:id": "planning",
  "GET /api/app/riskManagement/pdf/:processId": "planning",
  "GET /api/app/riskManagement/docx/:processId": "planning",
  "POST /api/app/pncp/search": "planning",
  "POST /api/app/pncp/items": "planning",
  "POST /api/app/pncp/itemResults": "planning",
  // Publication to the national portal (issue 19 item 5): the body's publications, 'Reenviar', the outbox.
  "POST /api/app/auction/pncp/list": "buyer",
  "POST /api/app/auction/pncp/retry": "editor",
  "POST /api/app/auction/pncp/unit": "editor",
  "POST /api/app/auction/pncp/check": "buyer",
  "POST /api/app/auction/pncp/outbox": "buyer",
  // Planning — the Preliminary Technical Study (planning §2.6, §7 "Preliminary technical study"): its PDF and attachments.
  "POST /api/app/preliminaryTechnicalStudy/read": "planning",
  "POST /api/app/preliminaryTechnicalStudy/save": "planning",
  "GET /api/app/preliminaryTechnicalStudy/pdf/:processId": "planning",
  "GET /api/app/preliminaryTechnicalStudy/docx/:processId": "planning",
  // The process's edital made from its notice, and every document of the process as one .zip (issue 35 item 2).
  "GET /api/app/process/notice/pdf/:processId": "planning",
  "GET /api/app/process/notice/docx/:processId": "planning",
  "GET /api/app/process/files/:processId": "planning",
  // Signatures of the process's documents (issue 35 item 3): the body's planners; another body's process is a 404.
  "POST /api/app/process/signature/read": "planning",
  "POST /api/app/process/signature/sign": "planning",
  "POST /api/app/process/signature/upload": "planning",
  "GET /api/app/process/signature/pdf/:kind/:processId": "planning",
  "GET /api/app/process/signature/file/:id": "planning",
  "GET /api/app/preliminaryTechnicalStudy/document/:processId/:fileId": "planning",
};

/**
 * The standalone 'Pesquisa de preços' (/pesquisa-precos): planning rows that stay open when planning is
 * hidden in production (PLANNING_IN_PRODUCTION=off). The report refuses processId itself then.
 */
export const PRICE_SEARCH_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/app/pncp/search",
  "POST /api/app/pncp/items",
  "POST /api/app/pncp/itemResults",
  "POST /api/app/report/priceSearch",
]);

/** The row's key: HEAD routes are the GET routes Fastify exposes for them. */
export const routeKey = (method: string, url: string) => `${method === "HEAD" ? "GET" : method} ${url}`;

/**
 * The access of a route, or an error naming it when it has no row. Paths under /api/app/ (and
 * uploads) never answer anonymously (DESIGN §2), whatever a row says.
 */
export function accessOf(method: string, url: string): RouteAccess {
  const key = routeKey(method, url);
  const access = ROUTE_ACCESS[key];
  if (!access) throw new Error(`Rota sem linha na tabela de acesso (route-access.ts): ${key}`);
  if (access === "public" && (url.startsWith("/api/app/") || url.startsWith("/api/upload")))
    throw new Error(`Rota de app/ marcada como pública: ${key}`);
  return access;
}

const GATES: Record<RouteAccess, (request: FastifyRequest) => unknown> = {
  public: () => undefined,
  test: () => undefined,
  session: currentUser,
  buyer: requireBuyer,
  editor: requireNoticeEditor,
  supplier: requireSupplier,
  staff: requirePlatformStaff,
  planning: requirePlanner,
};

/**
 * Gives every route its row as it is registered (a route without one stops the app from building)
 * and checks the row before the handler: 401 without a session, 403 for the wrong audience. Call it
 * after `registerAuth` (the session is read first) and before any route.
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

export function registerRouteAccess(app: FastifyInstance, options: { planningHidden?: boolean } = {}) {
  const table: RegisteredRoute[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const [access, ...others] = [...new Set(methods.map((m) => accessOf(m, route.url)))];
    if (!access || others.length > 0) throw new Error(`Rota com acessos diferentes por método: ${route.url}`);
    route.config = { ...route.config, access };
    for (const method of methods) if (method !== "HEAD") table.push({ method, url: route.url, access });
  });
  app.addHook("preHandler", async (request) => {
    const access = request.routeOptions.config.access;
    if (access) GATES[access](request);
    // planning §2.1: planning hidden on the production host (PLANNING_IN_PRODUCTION=off), after the gate
    // (who may not plan keeps its 401/403).
    if (
      access === "planning" &&
      options.planningHidden &&
      !PRICE_SEARCH_ROUTES.has(routeKey(request.method, request.routeOptions.url ?? ""))
    )
      throw forbidden(PLANNING_HIDDEN_MESSAGE);
  });
}
