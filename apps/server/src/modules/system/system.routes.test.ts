import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("GET /api/health reports the database (DESIGN §2)", async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/health" });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: "ok", db: "ok", database: "ok" });
  expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
});

it("GET /api/health/live answers while the process runs (liveness, never the database's state)", async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/health/live" });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: "ok" });
});

it("GET /api/public/settings tells the environment and whether the dev outbox page exists", async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/public/settings" });
  expect(res.json().environment).toBe("test");
  // The test app has no SMTP_URL and is not production: mail stays in the local outbox.
  expect(res.json().devOutbox).toBe(true);
});

it("unknown API paths answer a JSON 404", async () => {
  const res = await t.post("/api/public/nao-existe");
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: "Recurso não encontrado." });
});
