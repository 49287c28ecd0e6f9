import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { connect, runMigrations } from "../src/db/client";
import { ensureDatabase, freePort, startEmbeddedPostgres } from "../src/db/embedded";
import { loadDemoData } from "../src/demo/demo-data";
import { seedReferenceData } from "../src/demo/reference-data";

// Services a fault test kills and restarts: its own, never the machine's (CI shares those).

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean | Promise<boolean>, boundMs = 30_000) {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: não aconteceu em ${boundMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether something accepts TCP connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** An embedded PostgreSQL with the migrated demo database, which the test may kill -9 and restart. */
export class OwnPostgres {
  private stopServer: (() => Promise<void>) | undefined;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    readonly databaseUrl: string,
    stop: () => Promise<void>,
  ) {
    this.stopServer = stop;
  }

  static async start(): Promise<OwnPostgres> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "certame-own-pg-"));
    const port = await freePort();
    const server = await startEmbeddedPostgres(dir, () => {}, port);
    const url = await ensureDatabase(server.serverUrl, "certame");
    const database = connect(url, 2);
    try {
      await runMigrations(database.db);
      await seedReferenceData(database.db);
      await loadDemoData(database.db);
    } finally {
      await database.close();
    }
    return new OwnPostgres(dir, port, url, server.stop);
  }

  /** SIGKILL to the postmaster, as a crash would; resolves once the port is closed. */
  async kill() {
    const pid = Number(
      readFileSync(path.join(this.dir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
    );
    process.kill(pid, "SIGKILL");
    this.stopServer = undefined;
    await until("PostgreSQL parar", async () => !alive(pid) && !(await listening(this.port)));
  }

  /** Starts it again on the same data and port (crash recovery runs first). */
  async restart() {
    // The killed postmaster's backends leave as soon as they notice; until then the shared memory
    // is theirs and a new postmaster refuses to start.
    for (let attempt = 0; ; attempt++) {
      try {
        const server = await startEmbeddedPostgres(this.dir, () => {}, this.port);
        this.stopServer = server.stop;
        return;
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  async stop() {
    await this.stopServer?.().catch(() => {});
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** A redis-server of the test's own on a free port, keeping nothing on disk. */
export class OwnRedis {
  private process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.restart();
    return redis;
  }

  async restart() {
    this.process = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    // A spawn failure (no redis-server) is an 'error' event: unheard, it would end the test worker.
    let failed: Error | undefined;
    this.process.once("error", (error) => {
      failed = error;
    });
    await until("redis-server aceitar conexões", () => {
      if (failed) throw failed;
      return listening(this.port);
    });
  }

  /** SIGKILL: the subscribers' connections drop, and pub/sub keeps nothing. */
  async kill() {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  async stop() {
    await this.kill();
  }
}
