import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { connect, type Db } from "../src/db/client";
import { DEMO_PASSWORD } from "../src/demo/demo-data";
import { createFromTemplate, dropDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** Logs a demo account in and returns its bearer token. */
  login(email: string, password?: string): Promise<string>;
  post(url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database copied from the template, and the app on top of it (no port opened). */
export async function createTestApp(options: { webDistDir?: string } = {}): Promise<TestApp> {
  const { serverUrl, template } = inject("templateDatabase");
  const name = `certame_t_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const url = await createFromTemplate(serverUrl, template, name);
  const database = connect(url, 4);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "certame-data-"));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    APP_ENV: "test",
    WEB_DIST_DIR: options.webDistDir ?? dataDir,
  });
  const app = await buildApp({ config, db: database.db });

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
    dataDir,
    post,
    async login(email, password = DEMO_PASSWORD) {
      const res = await post("/api/public/auth/login", { login: email, password });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase(serverUrl, name);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
