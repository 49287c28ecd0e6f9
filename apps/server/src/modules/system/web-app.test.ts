import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "certame-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Certame</title>");
  await writeFile(path.join(dist, "assets", "app-1.js"), "console.log(1)");
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: "GET", url });

it("serves the single-page app for client routes, never for API paths", async () => {
  for (const url of ["/", "/editais", "/cadastrar/editais/123/formulario"]) {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<title>Certame</title>");
  }
  const api = await get("/api/public/nada");
  expect(api.statusCode).toBe(404);
  expect(api.json()).toEqual({ message: "Recurso não encontrado." });
});

it("serves hashed bundles as immutable, and a bundle built after start-up", async () => {
  const first = await get("/assets/app-1.js");
  expect(first.statusCode).toBe(200);
  expect(first.headers["cache-control"]).toContain("immutable");
  await writeFile(path.join(dist, "assets", "app-2.js"), "console.log(2)");
  const rebuilt = await get("/assets/app-2.js");
  expect(rebuilt.statusCode).toBe(200);
  expect(rebuilt.body).toBe("console.log(2)");
});
