import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createFromTemplate, dropDatabase } from "../../../test/database";
import { BUYER, SUPPLIER } from "../../../test/notice-fixture";
import { TestClock } from "../../../test/test-app";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { connect, type Database } from "../../db/client";
import { DEMO_PASSWORD } from "../../demo/demo-data";
import { CepLookupUnavailable, ViaCepLookup } from "./cep-lookup";

// A stand-in for ViaCEP on 127.0.0.1 answering `GET /ws/{cep}/json/` in its format.
const PRACA_DA_SE = {
  cep: "01001-000",
  logradouro: "Praça da Sé",
  complemento: "lado ímpar",
  unidade: "",
  bairro: "Sé",
  localidade: "São Paulo",
  uf: "SP",
  estado: "São Paulo",
  regiao: "Sudeste",
  ibge: "3550308",
  gia: "1004",
  ddd: "11",
  siafi: "7107",
};
const AVENIDA_PAULISTA = {
  ...PRACA_DA_SE,
  cep: "01310-100",
  logradouro: "Avenida Paulista",
  complemento: "de 612 a 1510 - lado par",
  bairro: "Bela Vista",
};
const UNKNOWN = "99999999"; // {"erro": "true"}
const MALFORMED_FOR_SERVICE = "00000000"; // 400 and an HTML page, as ViaCEP answers a bad CEP
const FAILING = "22222222"; // 500
const SILENT = "33333333"; // never answers

const TIMEOUT_MS = 1_000;

let viaCep: Server;
let baseUrl: string;
/** Calls that reached the fake, by CEP. */
const hits = new Map<string, number>();
const hitsOf = (cep: string) => hits.get(cep) ?? 0;

let app: FastifyInstance;
let database: Database;
let dbName: string;
let dataDir: string;
let serverUrl: string;
const clock = new TestClock(Date.parse("2026-03-02T12:00:00Z"));

async function post(body: unknown, token?: string) {
  return app.inject({
    method: "POST",
    url: "/api/integrations/getAddressByPostalCode",
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
async function login(email: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/public/auth/login",
    payload: { login: email, password: DEMO_PASSWORD },
  });
  return res.json().token as string;
}

beforeAll(async () => {
  viaCep = createServer((req, res) => {
    const cep = req.url?.match(/^\/ws\/(\d{8})\/json\/$/)?.[1];
    if (!cep || req.method !== "GET") {
      res.statusCode = 400;
      res.setHeader("content-type", "text/html; charset=utf-8");
      return res.end("<h2>Http 400</h2><h3>Verifique a URL</h3>");
    }
    hits.set(cep, hitsOf(cep) + 1);
    if (cep === SILENT) return; // keeps the connection open, answering nothing
    if (cep === MALFORMED_FOR_SERVICE) {
      res.statusCode = 400;
      res.setHeader("content-type", "text/html; charset=utf-8");
      return res.end("<h2>Http 400</h2><h3>Verifique a sua URL (Bad Request)</h3>");
    }
    if (cep === FAILING) {
      res.statusCode = 500;
      res.setHeader("content-type", "text/html; charset=utf-8");
      return res.end("<h2>Http 500</h2>");
    }
    res.setHeader("content-type", "application/json; charset=utf-8");
    const known = [PRACA_DA_SE, AVENIDA_PAULISTA].find((a) => a.cep.replace("-", "") === cep);
    res.end(JSON.stringify(known ?? { erro: "true" }, null, 2));
  });
  await new Promise<void>((resolve) => viaCep.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(viaCep.address() as AddressInfo).port}`;

  const provided = inject("templateDatabase");
  serverUrl = provided.serverUrl;
  dbName = `certame_t_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const url = await createFromTemplate(serverUrl, provided.template, dbName);
  database = connect(url, 4);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "certame-data-"));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    APP_ENV: "test",
    WEB_DIST_DIR: dataDir,
    CEP_BASE_URL: baseUrl,
  });
  app = await buildApp({
    config,
    db: database.db,
    cepLookup: new ViaCepLookup(config.cepBaseUrl, { clock: clock.now, timeoutMs: TIMEOUT_MS }),
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await dropDatabase(serverUrl, dbName);
  await rm(dataDir, { recursive: true, force: true });
  viaCep.closeAllConnections();
  await new Promise((resolve) => viaCep.close(resolve));
});

describe("integrations/getAddressByPostalCode (§2.17, §3 Lookup results, §8)", () => {
  it("maps ViaCEP's answer to the address fields, for any signed-in user", async () => {
    const supplier = await login(SUPPLIER);
    const res = await post({ postalCode: "01001-000" }, supplier);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      postalCode: "01001000",
      street: "Praça da Sé",
      complement: "lado ímpar",
      district: "Sé",
      city: "São Paulo",
      state: "SP",
      ibgeCode: "3550308",
    });
    expect(hitsOf("01001000")).toBe(1);
  });

  it("keeps an answer: the same CEP again does not reach the service until the entry expires", async () => {
    const buyer = await login(BUYER);
    const first = await post({ postalCode: "01310100" }, buyer);
    expect(first.statusCode).toBe(200);
    expect(first.json().street).toBe("Avenida Paulista");
    expect(hitsOf("01310100")).toBe(1);

    // Bare or masked, it is the same CEP.
    const again = await post({ postalCode: "01310-100" }, buyer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(hitsOf("01310100")).toBe(1);

    clock.advance(25 * 60 * 60 * 1000);
    const later = await post({ postalCode: "01310-100" }, buyer);
    expect(later.statusCode).toBe(200);
    expect(hitsOf("01310100")).toBe(2);
  });

  it("answers a CEP the service does not know 404 'Não encontrado', and keeps that too", async () => {
    const buyer = await login(BUYER);
    const res = await post({ postalCode: "99999-999" }, buyer);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Não encontrado" });
    expect((await post({ postalCode: "99999999" }, buyer)).statusCode).toBe(404);
    expect(hitsOf(UNKNOWN)).toBe(1);
    // ViaCEP's 400 for a CEP it refuses is not found either.
    const refused = await post({ postalCode: "00000-000" }, buyer);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Não encontrado" });
  });

  it("answers 503 'Erro ao localizar dados do CEP' when the service fails, and asks it again next time", async () => {
    const buyer = await login(BUYER);
    const res = await post({ postalCode: "22222-222" }, buyer);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "Erro ao localizar dados do CEP" });
    expect((await post({ postalCode: "22222-222" }, buyer)).statusCode).toBe(503);
    expect(hitsOf(FAILING)).toBe(2);
  });

  it("answers 503 when the service does not answer within the timeout", async () => {
    const buyer = await login(BUYER);
    const res = await post({ postalCode: "33333-333" }, buyer);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "Erro ao localizar dados do CEP" });
    expect(hitsOf(SILENT)).toBe(1);
  });

  it("refuses a malformed or missing CEP without asking the service, and a caller without a session", async () => {
    const buyer = await login(BUYER);
    const before = [...hits.values()].reduce((a, b) => a + b, 0);
    for (const postalCode of ["01001-00", "0100-1000", "01001-000x", "abcdefgh"]) {
      const res = await post({ postalCode }, buyer);
      expect(res.statusCode).toBe(400);
      expect(res.json().properties).toEqual([{ property: "postalCode", errorMessages: ["CEP inválido"] }]);
    }
    const missing = await post({}, buyer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().properties).toEqual([
      { property: "postalCode", errorMessages: ["CEP obrigatório"] },
    ]);
    expect([...hits.values()].reduce((a, b) => a + b, 0)).toBe(before);
    expect((await post({ postalCode: "01001-000" })).statusCode).toBe(401);
  });
});

describe("ViaCepLookup against the service", () => {
  it("keeps at most maxEntries CEPs, dropping the least recently used", async () => {
    const lookup = new ViaCepLookup(baseUrl, { clock: clock.now, maxEntries: 1 });
    const start = { se: hitsOf("01001000"), paulista: hitsOf("01310100") };
    await lookup.find("01001000");
    await lookup.find("01001000");
    expect(hitsOf("01001000")).toBe(start.se + 1);
    await lookup.find("01310100");
    await lookup.find("01001000");
    expect(hitsOf("01001000")).toBe(start.se + 2);
    expect(hitsOf("01310100")).toBe(start.paulista + 1);
  });

  it("asks once for simultaneous lookups of one CEP", async () => {
    const lookup = new ViaCepLookup(baseUrl, { clock: clock.now });
    const start = hitsOf("01001000");
    const answers = await Promise.all([lookup.find("01001000"), lookup.find("01001000")]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.city).toBe("São Paulo");
    expect(hitsOf("01001000")).toBe(start + 1);
  });

  it("reports a service that cannot be reached as unavailable", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const lookup = new ViaCepLookup(`http://127.0.0.1:${port}`, { clock: clock.now });
    await expect(lookup.find("01001000")).rejects.toBeInstanceOf(CepLookupUnavailable);
  });
});
