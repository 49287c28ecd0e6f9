import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { loadConfig } from "../../config";
import { loginAttempts } from "../../db/schema";
import { DEMO_ACCOUNTS, DEMO_IDS } from "../../demo/demo-data";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("login (DESIGN §2 auth contract)", () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.kind] as const))("%s logs in as %s", async (email, kind) => {
    const res = await t.post("/api/public/auth/login", { login: email, password: "Demo@2026" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({ email, kind });
    const cookie = res.cookies.find((c) => c.name === "certame_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).toBe(body.token);
  });

  it("sets a script-readable session hint with the session cookie and clears both at logout", async () => {
    const res = await t.post("/api/public/auth/login", {
      login: "cidadao@demo.com.br",
      password: "Demo@2026",
    });
    const session = res.cookies.find((c) => c.name === "certame_session");
    const hint = res.cookies.find((c) => c.name === "certame_signed_in");
    expect(hint).toMatchObject({ value: "1", path: "/", sameSite: "Lax" });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.expires?.getTime()).toBe(session?.expires?.getTime());
    const out = await t.post("/api/app/auth/logout", {}, res.json().token);
    expect(out.statusCode).toBe(200);
    for (const name of ["certame_session", "certame_signed_in"]) {
      const cleared = out.cookies.find((c) => c.name === name);
      expect(cleared?.value).toBe("");
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("describes a buyer user with its body and staff roles", async () => {
    const token = await t.login("pregoeiro@demo.gov.br");
    const me = await t.post("/api/app/auth/me", {}, token);
    expect(me.json().user.buyer).toMatchObject({
      id: DEMO_IDS.buyer,
      corporateName: "Prefeitura Municipal de Exemplo",
      staffRoles: ["AUCTIONEER"],
      isCompetentAuthority: false,
      // The body's UF: the price search's default state (planning §2.9).
      state: "SP",
    });
    const authority = await t.post("/api/app/auth/me", {}, await t.login("autoridade@demo.gov.br"));
    expect(authority.json().user.buyer.isCompetentAuthority).toBe(true);
  });

  it("describes a supplier with its company, and accepts its CNPJ digits as login", async () => {
    const res = await t.post("/api/public/auth/login", {
      login: "34.567.890/0001-30",
      password: "Demo@2026",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.supplier).toMatchObject({
      id: DEMO_IDS.supplier1,
      isSmallBusiness: true,
      documentNumber: "34567890000130",
    });
  });

  it("refuses a wrong password and an unknown login with the same 401 message", async () => {
    const wrong = await t.post("/api/public/auth/login", {
      login: "pregoeiro@demo.gov.br",
      password: "errada",
    });
    const unknown = await t.post("/api/public/auth/login", {
      login: "ninguem@demo.gov.br",
      password: "Demo@2026",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Login ou senha inválidos." });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("answers a malformed body with 400 and the properties shape", async () => {
    const res = await t.post("/api/public/auth/login", { login: "", password: 123 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBeTypeOf("string");
    const props = Object.fromEntries(
      body.properties.map((p: { property: string; errorMessages: string[] }) => [p.property, p]),
    );
    expect(props.login.errorMessages[0]).toBe("Informe o e-mail ou CPF/CNPJ");
    expect(props.password.errorMessages.length).toBeGreaterThan(0);
  });
});

describe("sessions", () => {
  it("refuses app/ calls without a session (401)", async () => {
    const res = await t.post("/api/app/auth/me");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Sessão/);
    const list = await t.post("/api/app/auction/list", {});
    expect(list.statusCode).toBe(401);
  });

  it("refuses a percent-encoded app/ path without a session too (the matched route decides, not the raw URL)", async () => {
    for (const url of ["/api/%61pp/auth/me", "/api/ap%70/auctionBatch/list", "/api/%75pload"]) {
      const res = await t.app.inject({ method: "POST", url, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("session cookies are Secure in production and behind an https PUBLIC_URL, not on plain local http", () => {
    expect(loadConfig({ APP_ENV: "production", PAYMENT_WEBHOOK_SECRET: "s" }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "https://certame.example.gov.br" }).secureCookies).toBe(true);
    expect(loadConfig({ APP_ENV: "development" }).secureCookies).toBe(false);
  });

  it("believes X-Forwarded-For only from a proxy on this machine unless TRUST_PROXY names others", async () => {
    expect(loadConfig({}).trustProxy).toBe("loopback");
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    // The address the login limit counts: a client that is not a local proxy cannot choose its own.
    for (const remoteAddress of ["127.0.0.1", "203.0.113.9"])
      await t.app.inject({
        method: "POST",
        url: "/api/public/auth/login",
        remoteAddress,
        headers: { "x-forwarded-for": "198.51.100.7" },
        payload: { login: "pregoeiro@demo.gov.br", password: "errada" },
      });
    const rows = await t.db
      .select({ key: loginAttempts.key, failures: loginAttempts.failures })
      .from(loginAttempts)
      .where(eq(loginAttempts.keyKind, "ADDRESS"));
    const failures = Object.fromEntries(rows.map((r) => [r.key, r.failures]));
    expect(failures["198.51.100.7"]).toBe(1);
    expect(failures["203.0.113.9"]).toBe(1);
  });

  it("accepts the session cookie as well as the bearer token", async () => {
    const login = await t.post("/api/public/auth/login", {
      login: "cidadao@demo.com.br",
      password: "Demo@2026",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/auth/me",
      cookies: { certame_session: login.json().token },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.kind).toBe("REGULAR_CITIZEN");
  });

  it("logout ends the session for good", async () => {
    const token = await t.login("apoio@demo.gov.br");
    expect((await t.post("/api/app/auth/me", {}, token)).statusCode).toBe(200);
    expect((await t.post("/api/app/auth/logout", {}, token)).statusCode).toBe(200);
    expect((await t.post("/api/app/auth/me", {}, token)).statusCode).toBe(401);
  });

  it("refuses a forged token", async () => {
    const res = await t.post("/api/app/auth/me", {}, "x".repeat(43));
    expect(res.statusCode).toBe(401);
  });
});
