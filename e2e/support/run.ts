import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createFromTemplate, dropDatabase as dropTestDatabase } from "../../apps/server/test/database";
import { startFakePncp } from "../../apps/server/test/fake-pncp";
import { startFakeCepService } from "./fake-cep";
import { startFakeCnpjRegistry } from "./fake-cnpj";
import { mailCaptureDir, startSmtpCapture } from "./smtp-capture";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** What global setup leaves for the tests and for global teardown (passed through process.env). */
export const ENV = {
  baseUrl: "CERTAME_E2E_BASE_URL",
  databaseName: "CERTAME_E2E_DATABASE",
  /** The migrated database with the demo data that every platform's database copies (global-setup.ts). */
  template: "CERTAME_E2E_TEMPLATE",
  dataDir: "CERTAME_E2E_DATA_DIR",
} as const;

/**
 * Copies the run's template (ENV.template, global-setup.ts) as `certame_e2e_<timestamp>` on the server of
 * TEST_DATABASE_URL; returns its name and URL.
 */
export async function createDatabase(adminUrl: string): Promise<{ name: string; url: string }> {
  const template = process.env[ENV.template];
  if (!template) throw new Error(`${ENV.template} não definido: o global setup não rodou`);
  // Time and a random tail: specs that start servers of their own may create theirs in the same ms.
  const name = `certame_e2e_${Date.now()}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  return { name, url: await createFromTemplate(adminUrl, template, name) };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^certame_e2e_\d+$/.test(name)) throw new Error(`nome de banco inesperado: ${name}`);
  await dropTestDatabase(adminUrl, name);
}

export function createDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "certame-e2e-"));
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** E2E_PORT when given, else 3100 when free, else any free port. */
export async function choosePort(): Promise<number> {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  return (await isPortFree(3100)) ? 3100 : anyFreePort();
}

export function startServer(port: number, env: Record<string, string>, logFile: string): ChildProcess {
  const out = openSync(logFile, "a");
  return spawn("npx", ["tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), DEMO_DATA: "1" },
    stdio: ["ignore", out, out],
    // Its own process group, so teardown stops npx, tsx and node together.
    detached: true,
  });
}

export function logTail(logFile: string, lines = 40): string {
  try {
    return readFileSync(logFile, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(sem log)";
  }
}

/** Polls GET /api/health until it answers {status: "ok"}, the server dies, or the time runs out. */
export async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `o servidor terminou antes de ficar pronto (código ${server.exitCode ?? server.signalCode})`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && ((await response.json()) as { status?: string }).status === "ok") return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`o servidor não respondeu em ${baseUrl}/api/health em ${timeoutMs / 1000} s`);
}

function processGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the server's process group, then SIGKILL if it is still there after `graceMs`. */
export async function stopServer(pid: number, graceMs = 15_000): Promise<void> {
  if (!processGroupAlive(pid)) return;
  process.kill(-pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && processGroupAlive(pid)) await new Promise((r) => setTimeout(r, 100));
  if (processGroupAlive(pid)) process.kill(-pid, "SIGKILL");
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A running platform of the e2e suite: its server, database, data folder and local fakes. */
export interface Platform {
  baseUrl: string;
  pid: number;
  dataDir: string;
  logFile: string;
  /** The database copied on TEST_DATABASE_URL's server. */
  databaseName: string;
  /** The local stand-ins of the outside services: CNPJ registry, ViaCEP, SMTP (support/mailbox.ts). */
  fakes: LocalFakes;
}

export interface LocalFakes {
  env: Record<string, string>;
  close(): Promise<void>;
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * The outside services a platform calls, on 127.0.0.1: the CNPJ registry, ViaCEP, the national
 * procurement portal (PNCP, apps/server/test/fake-pncp.ts), and an SMTP server
 * that writes what it receives under `dataDir` (support/mailbox.ts reads it); `env` points the
 * server at them.
 */
export async function startLocalFakes(dataDir: string): Promise<LocalFakes> {
  const [registry, cep, smtp, pncp] = await Promise.all([
    startFakeCnpjRegistry(),
    startFakeCepService(),
    startSmtpCapture(mailCaptureDir(dataDir)),
    startFakePncp(),
  ]);
  return {
    env: {
      CNPJ_BASE_URL: registry.baseUrl,
      CEP_BASE_URL: cep.baseUrl,
      SMTP_URL: smtp.url,
      PNCP_BASE_URL: pncp.baseUrl,
    },
    close: async () => {
      await Promise.all([closeServer(registry.server), closeServer(cep.server), smtp.close(), pncp.close()]);
    },
  };
}

/** The built-in payment provider's webhook secret on every suite server (support/payments.ts signs with it). */
export const E2E_PAYMENT_WEBHOOK_SECRET = "e2e-segredo-do-webhook-de-pagamentos";

/**
 * Starts a fresh platform with the demo data: a copy of the run's template on TEST_DATABASE_URL's
 * server (global-setup.ts provides both), the local fakes and the server on `port`, with `env` added
 * to its environment. Resolves once /api/health answers ok; on failure it stops what it started and
 * throws with the server's log.
 */
export async function startPlatform(port: number, env: Record<string, string> = {}): Promise<Platform> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL não definido: o global setup não rodou");
  const dataDir = createDataDir();
  // CNPJ, CEP and e-mail go to local fakes, not to the internet; links in e-mails lead here.
  const fakes = await startLocalFakes(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await createDatabase(adminUrl);
  const serverEnv: Record<string, string> = {
    PAYMENT_WEBHOOK_SECRET: E2E_PAYMENT_WEBHOOK_SECRET,
    ...env,
    ...fakes.env,
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: database.url,
  };
  const logFile = path.join(dataDir, "server.log");
  const server = startServer(port, serverEnv, logFile);
  if (server.pid === undefined) throw new Error("não foi possível iniciar o servidor");
  const platform = { baseUrl, pid: server.pid, dataDir, logFile, databaseName: database.name, fakes };
  try {
    await waitForHealth(baseUrl, server, 180_000);
  } catch (error) {
    await stopPlatform(platform);
    throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${logTail(logFile)}`);
  }
  return platform;
}

/** Stops the server, drops its database, removes its data folder and closes the fakes (if given). */
export async function stopPlatform(
  platform: Pick<Platform, "pid" | "dataDir" | "databaseName"> & { fakes?: LocalFakes },
): Promise<void> {
  await stopServer(platform.pid);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await dropDatabase(adminUrl, platform.databaseName);
  removeDir(platform.dataDir);
  await platform.fakes?.close();
}
