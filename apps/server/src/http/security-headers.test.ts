import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import helmet from "@fastify/helmet";
import Fastify, { type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attach, createNotice, PDF_BYTES } from "../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { securityHeaders } from "./security-headers";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "certame-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Certame</title>");
  await writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** The headers every answer must carry, whatever it is. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("script-src-attr 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/connect-src 'self'[^;]*ws:\/\//);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // The test app is plain http (APP_ENV=test, http PUBLIC_URL): no HSTS, no upgrade of requests.
  expect(res.headers["strict-transport-security"]).toBeUndefined();
  expect(csp).not.toContain("upgrade-insecure-requests");
}

describe("security headers on every answer", () => {
  it("API answers: JSON, a 400, a malformed body, a 401 and an unknown API path", async () => {
    const ok = await t.post("/api/public/auction/list", {});
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    const invalid = await t.post("/api/public/auction/list", { page: "x" });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/public/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expectSecurityHeaders(malformed);
    const anonymous = await t.post("/api/app/auction/list", {});
    expect(anonymous.statusCode).toBe(401);
    expectSecurityHeaders(anonymous);
    const unknown = await t.post("/api/public/nada", {});
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown);
  });

  it("file downloads, one file and a streamed zip", async () => {
    const buyer = await t.login("pregoeiro@demo.gov.br");
    const noticeId = await createNotice(t, buyer, { noticeNumber: "PE 71/2026" });
    const doc = await attach(t, buyer, noticeId, "AUCTION_NOTICE", { name: "edital.pdf", bytes: PDF_BYTES });
    const one = await t.post(
      "/api/app/auction/documents/download",
      { id: noticeId, documents: [doc.id] },
      buyer,
    );
    expect(one.statusCode).toBe(200);
    expect(one.headers["content-disposition"]).toContain("attachment");
    expectSecurityHeaders(one);
    const zip = await t.app.inject({
      method: "GET",
      url: `/api/app/auction/documents/download/zip?id=${noticeId}&documents=${doc.id}`,
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expectSecurityHeaders(zip);
  });

  it("the web app: index.html, a client route, a hashed asset", async () => {
    for (const url of ["/", "/editais", "/assets/app-abc123.js"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expectSecurityHeaders(res);
    }
  });
});

describe("HSTS and upgrade-insecure-requests only over https", () => {
  const headersOf = async (publicUrl: string, secureCookies: boolean) => {
    const app = Fastify();
    await app.register(helmet, securityHeaders({ publicUrl, secureCookies }));
    app.get("/", async () => ({}));
    const res = await app.inject({ method: "GET", url: "/" });
    await app.close();
    return res.headers;
  };

  it("asks browsers to keep to https when the site is served over it (production or an https PUBLIC_URL)", async () => {
    const headers = await headersOf("https://certame.gov.br", true);
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(headers["content-security-policy"]).toContain("connect-src 'self' wss://certame.gov.br;");
  });

  it("does not over plain http", async () => {
    const headers = await headersOf("http://localhost:3000", false);
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(headers["content-security-policy"]).toContain("connect-src 'self' ws://localhost:3000;");
  });
});
