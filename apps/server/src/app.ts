import { existsSync } from "node:fs";
import path from "node:path";
import { isPlanningHidden } from "@certame/domain";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { type Clock, type OffsetClock, systemClock } from "./clock/clock";
import { testClockRoutes } from "./clock/test-clock.routes";
import { TestClockService } from "./clock/test-clock.service";
import type { Config } from "./config";
import { DatabaseMonitor } from "./db/availability";
import type { Db } from "./db/client";
import { FileStorage } from "./files/file-storage";
import { UPLOAD_IDLE_TIMEOUT_MS } from "./files/multipart";
import { UPLOAD_MAX_BYTES } from "./files/sniff";
import { errorHandler } from "./http/errors";
import { registerInputGuard } from "./http/input-guard";
import { securityHeaders } from "./http/security-headers";
import { type CepLookup, ViaCepLookup } from "./integrations/cep/cep-lookup";
import { type CnpjLookup, ReceitaWsCnpjLookup } from "./integrations/cnpj/cnpj-lookup";
import { createMailer, type Mailer } from "./integrations/mail/mailer";
import { registerDevOutbox } from "./integrations/mail/outbox.routes";
import { createPaymentProvider } from "./integrations/payments/create-payment-provider";
import type { PaymentProvider } from "./integrations/payments/payment-provider";
import { HttpPncpPortal, type PncpPortal } from "./integrations/pncp/pncp-client";
import {
  HttpPncpPublisher,
  OutboxPncpPublisher,
  type PncpPublisher,
} from "./integrations/pncp/pncp-publisher";
import { accountRoutes } from "./modules/accounts/account.routes";
import { AccountService } from "./modules/accounts/account.service";
import { addressRoutes } from "./modules/address/address.routes";
import { registerAuth } from "./modules/auth/auth.plugin";
import { authRoutes } from "./modules/auth/auth.routes";
import { AuthService } from "./modules/auth/auth.service";
import { registerRouteAccess } from "./modules/auth/route-access";
import { budgetRoutes } from "./modules/budget/budget.routes";
import { BudgetService } from "./modules/budget/budget.service";
import { buyerRegistrationRoutes } from "./modules/buyer-registration/buyer-registration.routes";
import { buyerRoutes } from "./modules/buyers/buyer.routes";
import { clarificationRoutes } from "./modules/clarifications/clarification.routes";
import { ClarificationService } from "./modules/clarifications/clarification.service";
import { demandFormalizationRoutes } from "./modules/demand-formalization/demand-formalization.routes";
import { DemandFormalizationService } from "./modules/demand-formalization/demand-formalization.service";
import { directForumRoutes } from "./modules/direct-forum/direct-forum.routes";
import { DirectForumService } from "./modules/direct-forum/direct-forum.service";
import { DirectAppealService } from "./modules/direct-proposals/direct-appeal.service";
import { renderDirectLive } from "./modules/direct-proposals/direct-live";
import { directProposalRoutes } from "./modules/direct-proposals/direct-proposal.routes";
import { DirectProposalService } from "./modules/direct-proposals/direct-proposal.service";
import { downloadRoutes } from "./modules/downloads/download.routes";
import { initialBidsRoutes } from "./modules/initial-bids/initial-bids.routes";
import { InitialBidsService } from "./modules/initial-bids/initial-bids.service";
import { legalDocumentRoutes } from "./modules/legal-documents/legal-document.routes";
import { lotRoutes } from "./modules/lots/lot.routes";
import { LotService } from "./modules/lots/lot.service";
import { myNoticesRoutes } from "./modules/my-notices/my-notices.routes";
import { MyNoticesService } from "./modules/my-notices/my-notices.service";
import { noticeDocumentRoutes } from "./modules/notice-documents/notice-document.routes";
import { noticeRoutes } from "./modules/notices/notice.routes";
import { NoticeService } from "./modules/notices/notice.service";
import { noticeLifecycleRoutes } from "./modules/notices/notice-lifecycle.routes";
import {
  type NoticeLifecycleHooks,
  NoticeLifecycleService,
} from "./modules/notices/notice-lifecycle.service";
import { ocdsRoutes } from "./modules/open-data/ocds.routes";
import { OcdsService } from "./modules/open-data/ocds.service";
import { OcdsHistoryWorker } from "./modules/open-data/ocds-history.worker";
import { paymentRoutes } from "./modules/payments/payments.routes";
import { PaymentsService } from "./modules/payments/payments.service";
import { pncpRoutes } from "./modules/pncp/pncp.routes";
import { PncpService } from "./modules/pncp/pncp.service";
import { pncpPublicationRoutes } from "./modules/pncp-publication/pncp-publication.routes";
import { PncpPublicationService } from "./modules/pncp-publication/pncp-publication.service";
import { PncpPublicationWorker } from "./modules/pncp-publication/pncp-publication.worker";
import { preliminaryTechnicalStudyRoutes } from "./modules/preliminary-technical-study/preliminary-technical-study.routes";
import { PreliminaryTechnicalStudyService } from "./modules/preliminary-technical-study/preliminary-technical-study.service";
import { processDocumentsRoutes } from "./modules/process-documents/process-documents.routes";
import { ProcessFilesService } from "./modules/process-documents/process-files.service";
import { processSignatureRoutes } from "./modules/process-signatures/process-signature.routes";
import { ProcessSignatureService } from "./modules/process-signatures/process-signature.service";
import { processRoutes } from "./modules/processes/process.routes";
import { ProcessService } from "./modules/processes/process.service";
import { processNoticeRoutes } from "./modules/processes/process-notice.routes";
import { ProcessNoticeService, publishProcessOfNotice } from "./modules/processes/process-notice.service";
import { productRoutes } from "./modules/products/product.routes";
import { ProductService } from "./modules/products/product.service";
import { referenceRoutes } from "./modules/reference/reference.routes";
import { referenceTermRoutes } from "./modules/reference-term/reference-term.routes";
import { ReferenceTermService } from "./modules/reference-term/reference-term.service";
import { registrationAnalysisRoutes } from "./modules/registration-analysis/registration-analysis.routes";
import { BuyerReportsService } from "./modules/reports/buyer-reports.service";
import { reportsRoutes } from "./modules/reports/reports.routes";
import { ReportsService } from "./modules/reports/reports.service";
import { riskManagementRoutes } from "./modules/risk-management/risk-management.routes";
import { RiskManagementService } from "./modules/risk-management/risk-management.service";
import { supplierDocumentRoutes } from "./modules/supplier-documents/supplier-document.routes";
import { supplierRegistrationRoutes } from "./modules/supplier-registration/supplier-registration.routes";
import { supplierRoutes } from "./modules/suppliers/supplier.routes";
import { SupplierService } from "./modules/suppliers/supplier.service";
import { systemRoutes } from "./modules/system/system.routes";
import { uploadRoutes } from "./modules/uploads/upload.routes";
import { winnerRoutes } from "./modules/winners/winner.routes";
import { WinnerService } from "./modules/winners/winner.service";
import { disputeRoutes } from "./room/appeals/dispute.routes";
import { DisputeService } from "./room/appeals/dispute.service";
import { awardRoutes } from "./room/award/award.routes";
import { AwardService } from "./room/award/award.service";
import type { LiveBus } from "./room/bus/live-bus";
import { LocalLiveBus } from "./room/bus/live-bus";
import { chatRoutes } from "./room/chat/chat.routes";
import { ChatService } from "./room/chat/chat.service";
import { ControlService } from "./room/control/control.service";
import { roomDocumentRoutes } from "./room/documents/room-documents.routes";
import { RoomDocumentsService } from "./room/documents/room-documents.service";
import { AuctionEngine } from "./room/engine/auction.service";
import { armNoticeClocks, LotTimerWorker } from "./room/engine/lot-timer.worker";
import type { RoomPortalHooks } from "./room/engine/room-action";
import { LiveChannel } from "./room/live/live-channel";
import { auctionRoutes } from "./room/reader/auction.routes";
import { AuctionReader } from "./room/reader/auction-reader";
import { respecifyRoutes } from "./room/respecify/respecify.routes";
import { RespecifyService } from "./room/respecify/respecify.service";
import { roomRoutes } from "./room/state/room.routes";
import { RoomService } from "./room/state/room.service";

declare module "fastify" {
  interface FastifyInstance {
    /** The live channel (/api/ws) of this instance. */
    live: LiveChannel;
    /** The auction engine, its read side and its deadline worker. */
    auction: { engine: AuctionEngine; reader: AuctionReader; timers: LotTimerWorker };
    /** The publication queue to the national portal and its worker. */
    pncpPublication: { service: PncpPublicationService; worker: PncpPublicationWorker };
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** The database's availability (db/client.ts `connect` makes it with the pool's error listeners). */
  dbMonitor?: DatabaseMonitor;
  logger?: boolean;
  /** Cross-instance bus of the live channel (main.ts: PostgreSQL or Redis); a single instance by default. */
  bus?: LiveBus;
  /** Ping interval of the live channel (tests shorten it). */
  liveHeartbeatMs?: number;
  /** The engine's random source (random close, tie draws); tests fix it. */
  auctionRandom?: () => number;
  /** The server's clock (DESIGN §5a); the machine's time by default, tests may move it. */
  clock?: Clock;
  /** TEST_CLOCK mode: the clock that POST /api/test/clock moves (it is then the app's clock). */
  testClock?: OffsetClock;
  /** How often the lot-timer worker polls for deadlines written by other instances. */
  timerPollMs?: number;
  /** How long an upload may send nothing before it is answered 400 (tests shorten it). */
  uploadIdleTimeoutMs?: number;
  /** The mailer; SMTP at SMTP_URL or the local outbox by default (createMailer). */
  mailer?: Mailer;
  /** The postal-code lookup; a ViaCEP client at CEP_BASE_URL by default (tests shorten its timeout). */
  cepLookup?: CepLookup;
  /** The company registry; a ReceitaWS client at CNPJ_BASE_URL by default. */
  cnpjLookup?: CnpjLookup;
  /** The national procurement portal (price search); an HTTP client at PNCP_BASE_URL by default. */
  pncpPortal?: PncpPortal;
  /** The payment provider; PAYMENT_PROVIDER's (the built-in one by default). */
  paymentProvider?: PaymentProvider;
  /** The portal's publishing API; HTTP at PNCP_BASE_URL with PNCP_LOGIN, else the pncp_outbox table. */
  pncpPublisher?: PncpPublisher;
  /** How often the publication worker looks for due jobs (0: never by itself; tests run it). */
  pncpPollMs?: number;
  /** How often the open data keep the releases of changed notices (0: never by itself; tests sweep). */
  ocdsSweepMs?: number;
}

/** Builds the HTTP application; `main.ts` listens, tests call `inject`. */
export async function buildApp({
  config,
  db,
  dbMonitor = new DatabaseMonitor(() => db.execute(sql`SELECT 1`)),
  logger = false,
  bus,
  liveHeartbeatMs,
  auctionRandom,
  clock: givenClock,
  testClock,
  timerPollMs,
  uploadIdleTimeoutMs = UPLOAD_IDLE_TIMEOUT_MS,
  mailer,
  cepLookup,
  cnpjLookup = new ReceitaWsCnpjLookup(config.cnpjBaseUrl),
  pncpPortal = new HttpPncpPortal(config.pncpBaseUrl),
  paymentProvider = createPaymentProvider(config.payments),
  pncpPublisher,
  pncpPollMs = 5_000,
  ocdsSweepMs = 30_000,
}: AppDeps): Promise<FastifyInstance> {
  // requestTimeout: a request body must arrive whole within 5 minutes (Fastify sets no limit; a
  // 30 MB upload on a slow link needs minutes). A stalled upload is answered sooner (files/multipart.ts).
  const app = Fastify({
    logger,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    requestTimeout: 300_000,
    // A plugin gets a minute to load, not Fastify's 10 s: on two shared cores a second instance built
    // beside a running one (the cross-instance bus tests, a rolling restart) has taken longer than 10 s.
    pluginTimeout: 60_000,
  });
  // First of all hooks, so that every answer carries the headers, a 401 or 404 included.
  await app.register(helmet, securityHeaders(config));
  app.setErrorHandler(errorHandler);
  registerInputGuard(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  app.decorate("uploadIdleTimeoutMs", uploadIdleTimeoutMs);

  const clock: Clock = testClock?.now ?? givenClock ?? systemClock;
  const storage = new FileStorage(path.join(config.dataDir, "files"));
  const auth = new AuthService(db, clock);
  registerAuth(app, auth);
  // planning §2.1's production rule behind PLANNING_IN_PRODUCTION (docs/decisions.md "Planning in production").
  const planningHidden = isPlanningHidden(config.appEnv, config.planningInProduction);
  registerRouteAccess(app, { planningHidden });
  app.decorate("mailer", mailer ?? createMailer(config, { clock }));

  app.decorate("dbMonitor", dbMonitor);
  systemRoutes(app, dbMonitor, config);
  // Outside production and without SMTP_URL only: the local outbox for platform staff.
  registerDevOutbox(app, config);
  authRoutes(app, auth, config.secureCookies);
  accountRoutes(app, new AccountService(db, clock, app.mailer, config.publicUrl, app.log));
  const notices = new NoticeService(db, clock);
  noticeRoutes(app, notices);
  myNoticesRoutes(app, new MyNoticesService(db, clock));
  // Publication to the national portal: queued by the notice's lifecycle, worked by its worker.
  const pncpPublication = new PncpPublicationService(
    db,
    pncpPublisher ??
      (config.pncpCredentials
        ? new HttpPncpPublisher(config.pncpBaseUrl, config.pncpCredentials)
        : new OutboxPncpPublisher(db)),
    storage,
    clock,
    { publicUrl: config.publicUrl, log: (m) => app.log.warn(m) },
  );
  const pncpWorker = new PncpPublicationWorker(pncpPublication, { pollMs: pncpPollMs, monitor: dbMonitor });
  app.decorate("pncpPublication", { service: pncpPublication, worker: pncpWorker });
  pncpPublicationRoutes(app, pncpPublication);
  // What the portal hears of a notice's lifecycle, whichever path moves it (its own routes, an upheld challenge).
  const lifecycleHooks: NoticeLifecycleHooks = {
    onPublished: async (tx, id, actorUserId) => {
      await pncpPublication.onPublished(tx, id);
      // A notice made from a planning process publishes the process with it (issue 35).
      await publishProcessOfNotice(tx, id, actorUserId, clock());
    },
    onFinished: (tx, id) => pncpPublication.onFinished(tx, id),
    onWithdrawn: (tx, id) => pncpPublication.onWithdrawn(tx, id),
  };
  noticeLifecycleRoutes(app, db, armNoticeClocks, clock, lifecycleHooks);
  noticeDocumentRoutes(app, db, storage, (tx, id) => pncpPublication.onDocumentAttached(tx, id));
  downloadRoutes(app, db, storage);
  referenceRoutes(app, db);
  buyerRoutes(app, db);
  buyerRegistrationRoutes(app, { db, storage, clock, publicUrl: config.publicUrl });
  uploadRoutes(app, db, storage);
  lotRoutes(app, new LotService(db, clock));
  winnerRoutes(app, new WinnerService(db));
  productRoutes(app, new ProductService(db));
  supplierRoutes(app, new SupplierService(db, cnpjLookup));
  addressRoutes(app, cepLookup ?? new ViaCepLookup(config.cepBaseUrl, { clock }));
  supplierDocumentRoutes(app, db, clock);
  supplierRegistrationRoutes(app, db, storage, clock);
  initialBidsRoutes(app, new InitialBidsService(db, clock));
  registrationAnalysisRoutes(app, db, storage, { clock, publicUrl: config.publicUrl });
  legalDocumentRoutes(app, clock);
  // Signatures of the process's documents (issue 35 item 3): the 'Assinaturas' column of app/process/read.
  const processSignatures = new ProcessSignatureService(db, clock, storage, auth);
  processSignatureRoutes(app, processSignatures);
  const processes = new ProcessService(db, clock, processSignatures);
  processRoutes(app, processes);
  demandFormalizationRoutes(app, new DemandFormalizationService(db, clock));
  const etp = new PreliminaryTechnicalStudyService(db, clock);
  preliminaryTechnicalStudyRoutes(app, etp, storage);
  const risks = new RiskManagementService(db, clock);
  riskManagementRoutes(app, risks, { storage });
  const pncp = new PncpService(pncpPortal);
  budgetRoutes(app, new BudgetService(db, clock), { db, clock, pncp, planningHidden });
  const terms = new ReferenceTermService(db, clock, storage);
  referenceTermRoutes(app, terms);
  // Step 6 'Edital' (issue 35): the notice made from the plan, by the notices' own rules and hooks.
  processNoticeRoutes(
    app,
    new ProcessNoticeService(db, clock, {
      lifecycle: new NoticeLifecycleService(db, armNoticeClocks, clock, lifecycleHooks),
      lots: new LotService(db, clock),
      documents: { db, clock, storage, etp, term: terms, risks },
    }),
    processes,
  );
  processDocumentsRoutes(app, new ProcessFilesService(db, clock, storage, processSignatures));
  pncpRoutes(app, pncp);
  clarificationRoutes(
    app,
    new ClarificationService(db, {
      clock,
      mailer: { send: (message) => app.mailer.send(message) },
      publicUrl: config.publicUrl,
      log: app.log,
      lifecycle: new NoticeLifecycleService(db, armNoticeClocks, clock, lifecycleHooks),
    }),
    storage,
  );
  const ocds = new OcdsService(db, config.publicUrl, clock);
  ocdsRoutes(app, ocds);
  const ocdsWorker = new OcdsHistoryWorker(ocds, { pollMs: ocdsSweepMs, monitor: dbMonitor });
  paymentRoutes(
    app,
    new PaymentsService(db, {
      clock,
      provider: paymentProvider,
      mailer: { send: (message) => app.mailer.send(message) },
      config: config.payments,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
  );

  // The trading room: room state and lot phases, chat, and the live channel at /api/ws.
  // The room's lot views come from the reader, built below on the room (called only once serving).
  const room: RoomService = new RoomService(
    db,
    notices,
    (noticeId, viewer) => reader.lotViews(noticeId, viewer),
    clock,
  );
  const live = new LiveChannel({
    db,
    auth,
    room,
    bus: bus ?? new LocalLiveBus(),
    heartbeatMs: liveHeartbeatMs,
    timeScale: config.auctionTimeScale,
    monitor: dbMonitor,
    retentionMs: config.liveEventRetentionHours * 3_600_000,
  });
  // The direct procedures' proposals (template, signed PDF, the body's decision, the results), their
  // appeals and their message forum; their changes reach the notice's live pages (renderDirectLive).
  const directDeps = {
    mailer: app.mailer,
    publicUrl: config.publicUrl,
    live,
    clock,
    log: (message: string, error: unknown) => app.log.error({ err: error }, message),
  };
  directProposalRoutes(
    app,
    new DirectProposalService(db, directDeps),
    new DirectAppealService(db, directDeps),
    storage,
  );
  directForumRoutes(app, new DirectForumService(db, directDeps));
  live.use({ renderers: { direct: (n) => Promise.resolve(renderDirectLive(n, clock)) } });
  const chat = new ChatService(db, room, live, clock);
  live.use({
    commands: chat.commands(),
    renderers: { chat: (n) => chat.render(n), chatAll: (n) => chat.render(n) },
  });
  // The auction engine: bids, phase moves and the lot clocks (timer rows run by the worker).
  const disputes = new DisputeService(db, chat, live, room, {
    clock,
    timeScale: config.auctionTimeScale,
  });
  // What the national portal hears of the room: homologated, deserted and ended lots, revocation.
  const roomPortal: RoomPortalHooks = {
    onLotsDecided: (tx, id, lots) => pncpPublication.onLotsDecided(tx, id, lots),
    onLotsEnded: (tx, id, lots) => pncpPublication.onLotsEnded(tx, id, lots),
    onWithdrawn: (tx, id) => pncpPublication.onWithdrawn(tx, id),
    onItemsChanged: (tx, id) => pncpPublication.onItemsChanged(tx, id),
  };
  const engine = new AuctionEngine(db, chat, live, {
    timeScale: config.auctionTimeScale,
    random: auctionRandom,
    clock,
    appeals: disputes,
    portal: roomPortal,
  });
  const reader = new AuctionReader(db, room, clock);
  live.use({
    commands: engine.commands(),
    renderers: { bid: (n, hint) => reader.render(n, hint), phase: (n) => reader.render(n) },
  });
  // Process and lot control: suspension, revocation, lot ends and resumption, supplier toggles.
  const control = new ControlService(db, chat, live, {
    clock,
    onTimerChange: () => engine.onTimerChange(),
    portal: roomPortal,
  });
  live.use({ commands: control.commands(), renderers: { control: (n) => control.render(n) } });
  // Appeals: intentions, reasons, counter-arguments and judgements (the engine reads their standing).
  live.use({ commands: disputes.commands(), renderers: { dispute: (n) => disputes.render(n) } });
  disputeRoutes(app, disputes, storage);
  // The winner's documents after bidding: the documents window, readjusted proposal, qualification documents.
  const awards = new AwardService(db, chat, live, room, {
    clock,
    timeScale: config.auctionTimeScale,
  });
  live.use({
    commands: awards.commands(),
    renderers: { award: (n) => awards.render(n), backlog: (n) => awards.render(n) },
  });
  awardRoutes(app, awards, storage);
  // 'Reespecificar valores dos itens': the winner of a multi-item lot splits its bid into item values.
  const respecify = new RespecifyService(db, chat, live, room, awards, { clock });
  live.use({ commands: respecify.commands() });
  respecifyRoutes(app, respecify);
  // 'Atualizar relatórios': the session minutes, filed with the notice's documents.
  const reports = new ReportsService(db, storage, clock);
  // The buyer's access report (the room's entries) and minute-and-contract control (open data's awards).
  reportsRoutes(app, new BuyerReportsService(db, room, (noticeId) => ocds.releasesOf(noticeId), clock));
  live.use({ commands: reports.commands() });
  const timers = new LotTimerWorker(db, engine, clock, { pollMs: timerPollMs, monitor: dbMonitor });
  app.decorate("live", live);
  app.decorate("auction", { engine, reader, timers });
  roomRoutes(app, room);
  chatRoutes(app, chat);
  auctionRoutes(app, reader);
  // Documents in the room (§2.7) and the classification sheet, read as the user's bid view reads.
  roomDocumentRoutes(
    app,
    new RoomDocumentsService(db, room, (user, batchId) => reader.batchBids(user, batchId), clock),
    storage,
  );
  // TEST_CLOCK mode only: POST /api/test/clock moves time; the route does not exist otherwise.
  if (testClock) testClockRoutes(app, new TestClockService(db, testClock, timers, live));
  // Load the plugins registered without await (the payment webhook's scope) now: left queued until
  // the first request, Fastify's 10-s plugin timeout also counted whatever the caller did before it
  // (a test's demo files on a loaded machine: "Plugin did not start in time").
  await app.after();
  await live.attach(app.server);
  timers.start();
  pncpWorker.start();
  ocdsWorker.start();
  app.addHook("preClose", async () => {
    await pncpWorker.stop();
    await ocdsWorker.stop();
    await timers.stop();
    await live.stop();
  });

  const hasWeb = existsSync(path.join(config.webDistDir, "index.html"));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: true,
      // The .br/.gz the web build writes beside each bundle, chosen by Accept-Encoding (with Vary).
      preCompressed: true,
      // Hashed bundles never change; everything else is revalidated.
      setHeaders: (res, filePath) =>
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes get the single-page app (to HEAD too: `curl -I`); unknown API paths a JSON 404.
    if (hasWeb && ["GET", "HEAD"].includes(request.method) && !request.url.startsWith("/api/")) {
      return reply.type("text/html").sendFile("index.html");
    }
    return reply.status(404).send({ message: "Recurso não encontrado." });
  });
  return app;
}
