import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

const BUNDLE = `export const rows = [${'"linha",'.repeat(500)}];`;
const BROTLI = brotliCompressSync(BUNDLE);
const GZIP = gzipSync(BUNDLE);

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "certame-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Certame</title>");
  await writeFile(path.join(dist, "assets", "app-1.js"), "console.log(1)");
  // A bundle with the .br and .gz siblings the web build writes (vite.config.ts precompress).
  await writeFile(path.join(dist, "assets", "app-abc123.js"), BUNDLE);
  await writeFile(path.join(dist, "assets", "app-abc123.js.br"), BROTLI);
  await writeFile(path.join(dist, "assets", "app-abc123.js.gz"), GZIP);
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
  // A HEAD (curl -I) is answered as its GET would be.
  const head = await t.app.inject({ method: "HEAD", url: "/editais" });
  expect(head.statusCode).toBe(200);
  expect(head.headers["content-type"]).toMatch(/text\/html/);
  expect(head.headers["cache-control"]).toBe("no-cache");
  expect((await t.app.inject({ method: "HEAD", url: "/api/public/nada" })).statusCode).toBe(404);
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

it("serves a bundle precompressed as the browser accepts it: brotli, gzip or plain, always immutable", async () => {
  const ask = (encoding?: string) =>
    t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: encoding ? { "accept-encoding": encoding } : {},
    });
  const cases = [
    { accept: "gzip, deflate, br, zstd", encoding: "br", bytes: BROTLI },
    { accept: "br", encoding: "br", bytes: BROTLI },
    { accept: "gzip", encoding: "gzip", bytes: GZIP },
    { accept: "identity", encoding: undefined, bytes: Buffer.from(BUNDLE) },
    { accept: undefined, encoding: undefined, bytes: Buffer.from(BUNDLE) },
  ];
  for (const { accept, encoding, bytes } of cases) {
    const res = await ask(accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.equals(bytes)).toBe(true);
  }
});

it("keeps the single-page app revalidated, compressed or not", async () => {
  await writeFile(
    path.join(dist, "index.html.br"),
    brotliCompressSync("<!doctype html><title>Certame</title>"),
  );
  for (const url of ["/", "/index.html", "/editais"]) {
    for (const accept of ["br", undefined]) {
      const res = await t.app.inject({
        method: "GET",
        url,
        headers: accept ? { "accept-encoding": accept } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-encoding"]).toBe(accept);
    }
  }
});
