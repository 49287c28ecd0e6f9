import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { loadTestClock } from "../src/clock/test-clock.service";
import { loadConfig } from "../src/config";
import { connect, type Db } from "../src/db/client";
import { DEMO_PASSWORD } from "../src/demo/demo-data";
import { ensureDemoFiles } from "../src/demo/demo-documents";
import { FileStorage } from "../src/files/file-storage";
import type { CepLookup } from "../src/integrations/cep/cep-lookup";
import type { CnpjLookup } from "../src/integrations/cnpj/cnpj-lookup";
import type { Mailer } from "../src/integrations/mail/mailer";
import type { PaymentProvider } from "../src/integrations/payments/payment-provider";
import type { PncpPortal } from "../src/integrations/pncp/pncp-client";
import type { PncpPublisher } from "../src/integrations/pncp/pncp-publisher";
import type { LiveBus } from "../src/room/bus/live-bus";
import { PgLiveBus } from "../src/room/bus/pg-live-bus";
import { RedisLiveBus } from "../src/room/bus/redis-live-bus";
import { createFromTemplate, dropDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database of this app (share it with a second instance through `sameDatabaseAs`). */
  databaseUrl: string;
  dataDir: string;
  /** Opens a port on 127.0.0.1 and returns the live channel's address (ws://…/api/ws). */
  listen(): Promise<string>;
  /** Logs a demo account in and returns its bearer token. */
  login(email: string, password?: string): Promise<string>;
  post(url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** Runs every deadline due by the engine's clock now (as the timer worker would). */
  runDueTimers(): Promise<void>;
  /** Stops this instance only (its database stays): a crash or restart of one server. */
  stopInstance(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database copied from the template, and the app on top of it (no port opened). */
export interface TestAppOptions {
  webDistDir?: string;
  /** Cross-instance bus of the live channel; a single instance (no bus) by default. */
  bus?: "postgres" | "redis";
  /** A second instance on the database of another test app (it keeps ownership of the database). */
  sameDatabaseAs?: TestApp;
  /** Redis of the Redis bus (a test's own server); TEST_REDIS_URL by default. */
  redisUrl?: string;
  /** A database the test owns, migrated and seeded (e.g. on its own embedded PostgreSQL). */
  databaseUrl?: string;
  liveHeartbeatMs?: number;
  /** The engine's clock and random source (deadlines run when the test moves the clock and kicks). */
  clock?: () => Date;
  /** TEST_CLOCK mode: the app loads the stored test clock and serves POST /api/test/clock. */
  testClock?: boolean;
  auctionRandom?: () => number;
  auctionTimeScale?: number;
  /** How long an upload may send nothing before it is answered 400 (30 s by default). */
  uploadIdleTimeoutMs?: number;
  /** The mailer (e.g. SmtpMailer on a test's own smtp-server); the outbox under dataDir by default. */
  mailer?: Mailer;
  /** The postal-code lookup (e.g. ViaCepLookup on a local fake). */
  cepLookup?: CepLookup;
  /** The company registry (e.g. ReceitaWsCnpjLookup on a local fake). */
  cnpjLookup?: CnpjLookup;
  /** The national procurement portal (e.g. HttpPncpPortal on test/fake-pncp.ts). Without it the
   * portal is an address that refuses connections, so no test reaches the real PNCP. */
  pncpPortal?: PncpPortal;
  /** The portal's publishing API (e.g. HttpPncpPublisher on a local fake); the pncp_outbox table by default. */
  pncpPublisher?: PncpPublisher;
  /** The publication worker's polling; 0 by default (tests run `app.pncpPublication.worker.runDue()`). */
  pncpPollMs?: number;
  /** The OCDS snapshot sweep's interval; 0 (tests sweep themselves) unless given. */
  ocdsSweepMs?: number;
  /** PUBLIC_URL of the links in e-mails. */
  publicUrl?: string;
  /** The payment provider (e.g. Asaas's adapter on a local fake); PAYMENT_PROVIDER's by default. */
  paymentProvider?: PaymentProvider;
  /** More environment for loadConfig (e.g. PAYMENT_WEBHOOK_SECRET). */
  env?: Record<string, string>;
}

/** A clock the test moves by hand; the engine decides every deadline against it. */
export class TestClock {
  constructor(private at = Date.now()) {}
  now = () => new Date(this.at);
  set(date: Date | number) {
    this.at = typeof date === "number" ? date : date.getTime();
  }
  advance(ms: number) {
    this.at += ms;
  }
}

/** Redis of the machine (CI's too); TEST_REDIS_URL overrides. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { serverUrl, template } = inject("templateDatabase");
  const name = `certame_t_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const ownsDatabase = !options.sameDatabaseAs && !options.databaseUrl;
  const url =
    options.sameDatabaseAs?.databaseUrl ??
    options.databaseUrl ??
    (await createFromTemplate(serverUrl, template, name));
  const database = connect(url, 4);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "certame-data-"));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    APP_ENV: "test",
    WEB_DIST_DIR: options.webDistDir ?? dataDir,
    AUCTION_TIME_SCALE: options.auctionTimeScale ? String(options.auctionTimeScale) : undefined,
    PUBLIC_URL: options.publicUrl,
    PNCP_BASE_URL: "http://127.0.0.1:9",
    ...options.env,
  });
  let bus: LiveBus | undefined;
  if (options.bus === "postgres") bus = new PgLiveBus(url, database.pool);
  if (options.bus === "redis") bus = new RedisLiveBus(options.redisUrl ?? TEST_REDIS_URL);
  const app = await buildApp({
    config,
    db: database.db,
    dbMonitor: database.monitor,
    bus,
    liveHeartbeatMs: options.liveHeartbeatMs,
    clock: options.clock,
    testClock: options.testClock ? await loadTestClock(database.db) : undefined,
    auctionRandom: options.auctionRandom,
    uploadIdleTimeoutMs: options.uploadIdleTimeoutMs,
    mailer: options.mailer,
    cepLookup: options.cepLookup,
    cnpjLookup: options.cnpjLookup,
    pncpPortal: options.pncpPortal,
    pncpPublisher: options.pncpPublisher,
    pncpPollMs: options.pncpPollMs ?? 0,
    ocdsSweepMs: options.ocdsSweepMs ?? 0,
    paymentProvider: options.paymentProvider,
  });
  // The demo notices' files (their rows come with the template database), as a server with
  // DEMO_DATA writes them on start (main.ts): every test app serves them like uploaded files.
  await ensureDemoFiles(database.db, new FileStorage(path.join(dataDir, "files")));

  let stopped = false;
  const post: TestApp["post"] = (url, body = {}, token) =>
    app.inject({
      method: "POST",
      url,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  return {
    app,
    db: database.db,
    databaseUrl: url,
    dataDir,
    post,
    async listen() {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      return `${address.replace(/^http/, "ws")}/api/ws`;
    },
    async login(email, password = DEMO_PASSWORD) {
      const res = await post("/api/public/auth/login", { login: email, password });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async runDueTimers() {
      while (await app.auction.engine.runOneDueTimer());
    },
    async stopInstance() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await database.close();
    },
    async close() {
      if (!stopped) {
        stopped = true;
        await app.close();
        await database.close();
      }
      if (ownsDatabase) await dropDatabase(serverUrl, name);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
