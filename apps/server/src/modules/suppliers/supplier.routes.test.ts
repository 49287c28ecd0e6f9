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
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { connect, type Database } from "../../db/client";
import { DEMO_PASSWORD } from "../../demo/demo-data";

// A stand-in for the CNPJ registry on 127.0.0.1 answering in ReceitaWS's format.
const KNOWN_CNPJ = "11222333000181";
const RECEITAWS_OK = {
  status: "OK",
  ultima_atualizacao: "2026-01-10T12:00:00.000Z",
  cnpj: "11.222.333/0001-81",
  tipo: "MATRIZ",
  porte: "MICRO EMPRESA",
  nome: "EXEMPLO COMERCIO DE MATERIAIS LTDA",
  fantasia: "EXEMPLO MATERIAIS",
  abertura: "01/02/2010",
  atividade_principal: [
    {
      code: "47.51-2-01",
      text: "Comércio varejista especializado de equipamentos e suprimentos de informática",
    },
  ],
  atividades_secundarias: [
    { code: "47.61-0-03", text: "Comércio varejista de artigos de papelaria" },
    { code: "95.11-8-00", text: "Reparação e manutenção de computadores e de equipamentos periféricos" },
  ],
  natureza_juridica: "206-2 - Sociedade Empresária Limitada",
  logradouro: "RUA DAS FLORES",
  numero: "100",
  complemento: "SALA 2",
  cep: "01.310-100",
  bairro: "BELA VISTA",
  municipio: "SAO PAULO",
  uf: "SP",
  email: "contato@exemplo.com.br",
  telefone: "(11) 3333-4444",
  situacao: "ATIVA",
};

let registry: Server;
const requests: string[] = [];
let app: FastifyInstance;
let database: Database;
let dbName: string;
let dataDir: string;
let serverUrl: string;

async function post(url: string, body: unknown, token?: string) {
  return app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
async function login(email: string) {
  return (await post("/api/public/auth/login", { login: email, password: DEMO_PASSWORD })).json()
    .token as string;
}

beforeAll(async () => {
  registry = createServer((req, res) => {
    requests.push(req.url ?? "");
    const cnpj = req.url?.match(/\/cnpj\/(\w+)$/)?.[1];
    res.setHeader("content-type", "application/json; charset=utf-8");
    if (cnpj === KNOWN_CNPJ) return res.end(JSON.stringify(RECEITAWS_OK));
    if (cnpj === "04252011000110") {
      res.statusCode = 429;
      return res.end(JSON.stringify({ status: "ERROR", message: "Too many requests" }));
    }
    // ReceitaWS answers an unknown CNPJ with 200 and status ERROR.
    res.end(JSON.stringify({ status: "ERROR", message: "CNPJ rejeitado pela Receita Federal" }));
  });
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
  const { port } = registry.address() as AddressInfo;

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
    CNPJ_BASE_URL: `http://127.0.0.1:${port}/v1`,
  });
  app = await buildApp({ config, db: database.db });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await dropDatabase(serverUrl, dbName);
  await rm(dataDir, { recursive: true, force: true });
  await new Promise((resolve) => registry.close(resolve));
});

describe("app/supplier/list and create ('Cadastro de licitante', §2.9, §5)", () => {
  it("lists bidders sorted by code, searches, and pages", async () => {
    const buyer = await login(BUYER);
    const res = await post("/api/app/supplier/list", {}, buyer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, limitResult: 20 });
    const codes = body.suppliers.map((s: { code: number }) => s.code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(body.suppliers[0]).toMatchObject({
      corporateName: "Ribeiro Papelaria e Suprimentos Ltda - ME",
      documentNumber: "34567890000130",
      isSmallBusiness: true,
      tradeRepresentativeName: "Ana Paula Ribeiro",
    });
    const search = (await post("/api/app/supplier/list", { searchParameters: "INFORMATICA" }, buyer)).json();
    expect(search.suppliers.map((s: { corporateName: string }) => s.corporateName)).toEqual([
      "Souza Comércio de Informática EPP",
    ]);
    const byDoc = (await post("/api/app/supplier/list", { searchParameters: "45.678.901" }, buyer)).json();
    expect(byDoc.suppliers.map((s: { documentNumber: string }) => s.documentNumber)).toEqual([
      "45678901000175",
    ]);
    const page = (await post("/api/app/supplier/list", { limit: 2, page: 2 }, buyer)).json();
    expect(page.suppliers.map((s: { code: number }) => s.code)).toEqual(codes.slice(2));
  });

  it("registers an individual and a company; the newest come first by createdDate", async () => {
    const buyer = await login(BUYER);
    const person = await post(
      "/api/app/supplier/create",
      { credentialKind: "INDIVIDUAL", documentNumber: "529.982.247-25", name: "João da Silva" },
      buyer,
    );
    expect(person.statusCode).toBe(200);
    expect(person.json()).toMatchObject({
      documentNumber: "52998224725",
      name: "João da Silva",
      corporateName: null,
    });
    const company = await post(
      "/api/app/supplier/create",
      {
        credentialKind: "LEGAL_PERSON",
        documentNumber: "11.222.333/0001-81",
        corporateName: "Exemplo Ltda",
        isSmallBusiness: true,
      },
      buyer,
    );
    expect(company.json()).toMatchObject({
      documentNumber: KNOWN_CNPJ,
      corporateName: "Exemplo Ltda",
      isSmallBusiness: true,
    });
    const newest = (await post("/api/app/supplier/list", { orderByColumn: "createdDate" }, buyer)).json();
    expect(newest.suppliers[0].id).toBe(company.json().id);
    expect(newest.suppliers[1].id).toBe(person.json().id);
  });

  it("refuses a bad document, missing fields, a duplicate (409) and non-buyers (403)", async () => {
    const buyer = await login(BUYER);
    const bad = await post(
      "/api/app/supplier/create",
      { credentialKind: "LEGAL_PERSON", documentNumber: "11222333000180" },
      buyer,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().properties).toEqual([
      { property: "documentNumber", errorMessages: ["Deve ser um CNPJ válido"] },
      { property: "corporateName", errorMessages: ["Campo obrigatório"] },
      { property: "isSmallBusiness", errorMessages: ["Campo obrigatório"] },
    ]);
    const noKind = await post("/api/app/supplier/create", { documentNumber: "52998224725" }, buyer);
    expect(noKind.json().properties[0].property).toBe("credentialKind");
    const dup = await post(
      "/api/app/supplier/create",
      {
        credentialKind: "LEGAL_PERSON",
        documentNumber: "34.567.890/0001-30",
        corporateName: "Outra",
        isSmallBusiness: false,
      },
      buyer,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("Já existe um licitante cadastrado com este CPF/CNPJ.");
    const supplier = await login(SUPPLIER);
    expect((await post("/api/app/supplier/list", {}, supplier)).statusCode).toBe(403);
    expect((await post("/api/app/supplier/list", {})).statusCode).toBe(401);
  });
});

describe("integrations/getCompanyInformation (§3 Lookup results, §8)", () => {
  it("maps the registry's answer", async () => {
    const buyer = await login(BUYER);
    const res = await post("/api/integrations/getCompanyInformation", { cnpj: "11.222.333/0001-81" }, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cnpj: KNOWN_CNPJ,
      corporateName: "EXEMPLO COMERCIO DE MATERIAIS LTDA",
      tradeName: "EXEMPLO MATERIAIS",
      postalCode: "01310100",
      mainCNAE: "47.51-2-01 - Comércio varejista especializado de equipamentos e suprimentos de informática",
      otherCNAE: [
        "47.61-0-03 - Comércio varejista de artigos de papelaria",
        "95.11-8-00 - Reparação e manutenção de computadores e de equipamentos periféricos",
      ],
      phoneNumber: "(11) 3333-4444",
      email: "contato@exemplo.com.br",
      street: "RUA DAS FLORES",
      number: "100",
      complement: "SALA 2",
      district: "BELA VISTA",
      city: "SAO PAULO",
      state: "SP",
    });
    expect(requests).toContain(`/v1/cnpj/${KNOWN_CNPJ}`);
  });

  it("answers an unknown CNPJ with the spec's text, a failing registry with the generic one", async () => {
    const buyer = await login(BUYER);
    const unknown = await post("/api/integrations/getCompanyInformation", { cnpj: "34567890000130" }, buyer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Erro ao localizar dados complementares do CNPJ");
    const limited = await post("/api/integrations/getCompanyInformation", { cnpj: "04252011000110" }, buyer);
    expect(limited.statusCode).toBe(503);
    expect(limited.json().message).toBe("Erro ao localizar dados, tente novamente por favor");
    const invalid = await post("/api/integrations/getCompanyInformation", { cnpj: "11222333000180" }, buyer);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().properties).toEqual([
      { property: "cnpj", errorMessages: ["Deve ser um CNPJ válido"] },
    ]);
    expect((await post("/api/integrations/getCompanyInformation", { cnpj: KNOWN_CNPJ })).statusCode).toBe(
      401,
    );
  });
});
