import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Config {
  port: number;
  /** External PostgreSQL; without it the embedded one is started under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** From header of the platform's e-mails (MAIL_FROM); 'Certame <nao-responda@host of PUBLIC_URL>' by default. */
  mailFrom: string;
  redisUrl: string | undefined;
  pncpBaseUrl: string;
  /**
   * Credentials of the portal's publishing API (PNCP_LOGIN, PNCP_PASSWORD): with them notices are
   * published at PNCP_BASE_URL; without them (`npm start`) what would be sent goes to the pncp_outbox table.
   */
  pncpCredentials: { login: string; password: string } | undefined;
  cepBaseUrl: string;
  cnpjBaseUrl: string;
  /** Multiplies every legal duration of the auction engine (demos and tests only). */
  auctionTimeScale: number;
  /**
   * How long the live channel's outbox keeps events (LIVE_EVENT_RETENTION_HOURS, 24 by default): a
   * client that reconnects within it is sent what it missed, a later one the room's state again.
   */
  liveEventRetentionHours: number;
  demoData: boolean;
  /** TEST_CLOCK=1: tests move the server's time through POST /api/test/clock (DESIGN §5a). */
  testClock: boolean;
  appEnv: "production" | "development" | "test";
  /**
   * PLANNING_IN_PRODUCTION (on by default): with APP_ENV=production, 'Criar processo completo' and the
   * process routes stay available; off hides them as planning §2.1's production host did (docs/decisions.md
   * "Planning in production"). No effect outside production.
   */
  planningInProduction: boolean;
  /** Session cookies only over https: in production, or whenever PUBLIC_URL is https. */
  secureCookies: boolean;
  /** Built web app served at /. */
  webDistDir: string;
  /**
   * Which proxies' X-Forwarded-* headers are believed (TRUST_PROXY: addresses/CIDRs, comma-separated,
   * or `true` for any); by default only a proxy on this machine. Believing every client would let it
   * pick its own address and walk around the per-address login limit.
   */
  trustProxy: string | boolean;
  version: string;
  payments: PaymentsConfig;
}

/** The payment provider and the platform's receiving data (issue 14; README "Pagamentos"). */
export interface PaymentsConfig {
  /** PAYMENT_PROVIDER: the built-in Pix/boleto issuer (default) or Asaas. */
  provider: "builtin" | "asaas";
  /** HMAC-SHA256 secret of the built-in provider's webhook (PAYMENT_WEBHOOK_SECRET); random per run when unset outside production. */
  webhookSecret: string;
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  beneficiaryName: string;
  /** CNPJ digits. */
  beneficiaryDocument: string;
  bankCode: string;
  /** Banco do Brasil agreement ("convênio", 7 digits) and wallet ("carteira"). */
  agreement: string;
  wallet: string;
  asaasBaseUrl: string;
  asaasApiKey: string | undefined;
  asaasWebhookToken: string | undefined;
  /** Shown when the provider fails (§8 'Erro ao criar assinatura'). */
  supportPhone: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

function trustProxyOf(value: string | undefined): string | boolean {
  const given = value?.trim();
  if (!given) return "loopback";
  return flag(given) === true ? true : given;
}

function paymentsConfig(env: NodeJS.ProcessEnv, appEnv: Config["appEnv"]): PaymentsConfig {
  const provider = (env.PAYMENT_PROVIDER || "builtin") as PaymentsConfig["provider"];
  if (!["builtin", "asaas"].includes(provider)) throw new Error(`PAYMENT_PROVIDER inválido: ${provider}`);
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET || undefined;
  if (provider === "builtin" && !webhookSecret && appEnv === "production")
    throw new Error("PAYMENT_WEBHOOK_SECRET é obrigatório em produção.");
  if (provider === "asaas" && (!env.ASAAS_API_KEY || !env.ASAAS_WEBHOOK_TOKEN))
    throw new Error("PAYMENT_PROVIDER=asaas exige ASAAS_API_KEY e ASAAS_WEBHOOK_TOKEN.");
  const digits = (name: string, value: string, length: number) => {
    if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new Error(`${name} inválido: ${value}`);
    return value;
  };
  return {
    provider,
    webhookSecret: webhookSecret ?? randomBytes(32).toString("hex"),
    pixKey: env.PAYMENT_PIX_KEY || "pagamentos@certame.com.br",
    merchantName: env.PAYMENT_MERCHANT_NAME || "Certame Compras Publicas",
    merchantCity: env.PAYMENT_MERCHANT_CITY || "Brasilia",
    beneficiaryName: env.PAYMENT_BENEFICIARY_NAME || "Certame Tecnologia em Compras Públicas Ltda",
    beneficiaryDocument: digits(
      "PAYMENT_BENEFICIARY_CNPJ",
      env.PAYMENT_BENEFICIARY_CNPJ || "11222333000181",
      14,
    ),
    bankCode: digits("BOLETO_BANK_CODE", env.BOLETO_BANK_CODE || "001", 3),
    agreement: digits("BOLETO_AGREEMENT", env.BOLETO_AGREEMENT || "1234567", 7),
    wallet: digits("BOLETO_WALLET", env.BOLETO_WALLET || "17", 2),
    asaasBaseUrl: env.ASAAS_BASE_URL || "https://api.asaas.com",
    asaasApiKey: env.ASAAS_API_KEY || undefined,
    asaasWebhookToken: env.ASAAS_WEBHOOK_TOKEN || undefined,
    supportPhone: env.SUPPORT_PHONE || "(61) 4040-1414",
  };
}

function pncpCredentialsOf(env: NodeJS.ProcessEnv): Config["pncpCredentials"] {
  const login = env.PNCP_LOGIN || undefined;
  const password = env.PNCP_PASSWORD || undefined;
  if (!login && !password) return undefined;
  if (!login || !password) throw new Error("PNCP_LOGIN e PNCP_PASSWORD devem ser informados juntos.");
  return { login, password };
}

/** Configuration comes from the environment only (DESIGN §2). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT inválida: ${env.PORT}`);
  const scale = Number(env.AUCTION_TIME_SCALE ?? 1);
  if (!(scale > 0)) throw new Error(`AUCTION_TIME_SCALE inválida: ${env.AUCTION_TIME_SCALE}`);
  const retention = Number(env.LIVE_EVENT_RETENTION_HOURS ?? 24);
  if (!(retention > 0))
    throw new Error(`LIVE_EVENT_RETENTION_HOURS inválida: ${env.LIVE_EVENT_RETENTION_HOURS}`);
  const databaseUrl = env.DATABASE_URL || undefined;
  const appEnv = (env.APP_ENV ?? "development") as Config["appEnv"];
  if (!["production", "development", "test"].includes(appEnv)) throw new Error(`APP_ENV inválido: ${appEnv}`);
  const testClock = flag(env.TEST_CLOCK) ?? false;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  if (!URL.canParse(publicUrl)) throw new Error(`PUBLIC_URL inválida: ${publicUrl}`);
  // A movable clock would let anyone reach the server move every legal term: never in production.
  if (testClock && appEnv === "production")
    throw new Error(
      "TEST_CLOCK não é permitido com APP_ENV=production: o relógio de teste é só para testes.",
    );
  return {
    port,
    databaseUrl,
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? ".data"),
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `Certame <nao-responda@${new URL(publicUrl).hostname}>`,
    redisUrl: env.REDIS_URL || undefined,
    // The portal's paths start at /api (/api/search/, /api/pncp/v1/…).
    pncpBaseUrl: env.PNCP_BASE_URL || "https://pncp.gov.br",
    pncpCredentials: pncpCredentialsOf(env),
    cepBaseUrl: env.CEP_BASE_URL ?? "https://viacep.com.br",
    cnpjBaseUrl: env.CNPJ_BASE_URL ?? "https://receitaws.com.br/v1",
    auctionTimeScale: scale,
    liveEventRetentionHours: retention,
    // Demo data is on by default only with the embedded database.
    demoData: flag(env.DEMO_DATA) ?? databaseUrl === undefined,
    testClock,
    appEnv,
    planningInProduction: flag(env.PLANNING_IN_PRODUCTION) ?? true,
    secureCookies: appEnv === "production" || publicUrl.startsWith("https://"),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? "apps/web/dist"),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    version: env.npm_package_version ?? "0.1.0",
    payments: paymentsConfig(env, appEnv),
  };
}
