import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "@certame/server/src/db/embedded";
import pg from "pg";

/** A throw-away database on TEST_DATABASE_URL's server, or on an embedded PostgreSQL. */
export async function benchDatabase(name: string) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!serverUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), "certame-bench-"));
    const embedded = await startEmbeddedPostgres(dir);
    serverUrl = embedded.serverUrl;
    stop = embedded.stop;
  }
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  const dbName = `${name}_${Date.now().toString(36)}`;
  await admin(`CREATE DATABASE "${dbName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async drop() {
      await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await stop?.();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
