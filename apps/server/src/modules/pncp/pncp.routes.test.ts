import {
  ALL_STATES_OPTION,
  PNCP_MALFORMED_MESSAGE,
  PNCP_TIMEOUT_MESSAGE,
  PNCP_UNAVAILABLE_MESSAGE,
  PRICE_SEARCH_DEADLINE_SECONDS,
  PRICE_SEARCH_MODALITY_REQUIRED,
  PRICE_SEARCH_STATE_REQUIRED,
} from "@certame/domain";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakePncp, startFakePncp } from "../../../test/fake-pncp";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { HttpPncpPortal } from "../../integrations/pncp/pncp-client";

// planning §2.9 (price search modal), §3 "Portal notice" / "Portal item", §5 "Price search",
// §7 "Price search", §9 "Price search" and "Supplier classification"; issue 16 item 2 (through the server).

let t: TestApp;
let fake: FakePncp;
let planner: string;
let supplier: string;

beforeAll(async () => {
  fake = await startFakePncp();
  t = await createTestApp({
    // The production timeouts (8 s per attempt, 9 s per call): the hung portal runs on fake timers.
    pncpPortal: new HttpPncpPortal(fake.baseUrl, { backoffMs: 1, cacheEntries: 0 }),
  });
  [planner, supplier] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.failNext(0);
  fake.hang(false);
  fake.malformed(false);
});

const SEARCH = "/api/app/pncp/search";
const ITEMS = "/api/app/pncp/items";
const RESULTS = "/api/app/pncp/itemResults";
const search = {
  modalities: [4, 6, 8, 12],
  states: [ALL_STATES_OPTION],
  objectOfInterest: "",
  page: 1,
  limitPerPage: 10,
};
const first = () => fake.catalogue[0] as (typeof fake.catalogue)[number];
const purchase = () => ({
  cnpj: first().orgao_cnpj,
  purchaseYear: first().ano,
  purchaseSequence: first().numero_sequencial,
});

describe("access (route rows 'planning')", () => {
  it.each([SEARCH, ITEMS, RESULTS])("%s: anonymous 401, supplier 403", async (url) => {
    expect((await t.post(url, search)).statusCode).toBe(401);
    expect((await t.post(url, search, supplier)).statusCode).toBe(403);
  });
});

describe("POST app/pncp/search", () => {
  it("lists closed notices of every state with 'Selecionar Todos' (§5), paged (§7)", async () => {
    const res = await t.post(SEARCH, { ...search, limitPerPage: 5 }, planner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalPages).toBe(Math.ceil(fake.catalogue.length / 5));
    expect(body.list).toHaveLength(5);
    const n = first();
    expect(body.list[0]).toEqual({
      numeroControlePNCP: `${n.orgao_cnpj}-1-${String(n.numero_sequencial).padStart(6, "0")}/${n.ano}`,
      orgaoEntidade: { cnpj: n.orgao_cnpj, razaoSocial: n.orgao_nome },
      anoCompra: n.ano,
      sequencialCompra: n.numero_sequencial,
      modalidadeNome: n.modalidade_licitacao_nome,
      dataAtualizacao: n.data_atualizacao_pncp,
      unidadeOrgao: { nomeUnidade: n.unidade_nome, municipioNome: n.municipio_nome, ufSigla: n.uf },
      objetoCompra: n.description,
    });
    expect(new URL(fake.requests.at(-1) as string, "http://x").searchParams.has("ufs")).toBe(false);
  });

  it("filters by states, modalities and the object of interest", async () => {
    const res = await t.post(
      SEARCH,
      { ...search, states: ["SP", "MG"], modalities: [6], objectOfInterest: "CANETA" },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().list as { unidadeOrgao: { ufSigla: string }; modalidadeNome: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const n of list) {
      expect(["SP", "MG"]).toContain(n.unidadeOrgao.ufSigla);
      expect(n.modalidadeNome).toBe("Pregão - Eletrônico");
    }
    const sent = new URL(fake.requests.at(-1) as string, "http://x").searchParams;
    expect([sent.get("ufs"), sent.get("modalidades"), sent.get("q")]).toEqual(["SP|MG", "6", "CANETA"]);
  });

  it("cuts the object at 500 characters plus '...' (§2.9, §9)", async () => {
    const long = fake.catalogue[1] as (typeof fake.catalogue)[number];
    const original = long.description;
    long.description = "Aquisição de papel A4 ".repeat(40);
    try {
      const res = await t.post(
        SEARCH,
        { ...search, states: [long.uf], modalities: [long.modalidade_licitacao_id] },
        planner,
      );
      const hit = (res.json().list as { sequencialCompra: number; objetoCompra: string }[]).find(
        (n) => n.sequencialCompra === long.numero_sequencial,
      );
      expect(hit?.objetoCompra).toBe(`${long.description.slice(0, 500)}...`);
    } finally {
      long.description = original;
    }
  });

  it("requires a state and a modality (§5) and an object of at most 500 characters", async () => {
    const res = await t.post(
      SEARCH,
      { ...search, states: [], modalities: [], objectOfInterest: "x".repeat(501) },
      planner,
    );
    expect(res.statusCode).toBe(400);
    const properties = Object.fromEntries(
      (res.json().properties as { property: string; errorMessages: string[] }[]).map((p) => [
        p.property,
        p.errorMessages,
      ]),
    );
    expect(properties.states).toEqual([PRICE_SEARCH_STATE_REQUIRED]);
    expect(properties.modalities).toEqual([PRICE_SEARCH_MODALITY_REQUIRED]);
    expect(Object.keys(properties)).toContain("objectOfInterest");
  });

  it("names an unknown state, modality and a page size over 50", async () => {
    const res = await t.post(
      SEARCH,
      { ...search, states: ["XX"], modalities: [99], limitPerPage: 51 },
      planner,
    );
    expect(res.statusCode).toBe(400);
    const names = (res.json().properties as { property: string }[]).map((p) => p.property);
    expect(names).toEqual(expect.arrayContaining(["states.0", "modalities.0", "limitPerPage"]));
  });
});

describe("POST app/pncp/items", () => {
  it("lists a notice's items with their itemId and the page count from …/itens/quantidade", async () => {
    const res = await t.post(ITEMS, { ...purchase(), page: 1, limitPerPage: 2 }, planner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const n = first();
    const item = n.itens[0] as (typeof n.itens)[number];
    expect(body.totalPages).toBe(Math.ceil(n.itens.length / 2));
    expect(body.list).toHaveLength(2);
    expect(body.list[0]).toEqual({
      itemId: `${n.orgao_cnpj}-1-${String(n.numero_sequencial).padStart(6, "0")}/${n.ano}-1`,
      numeroItem: 1,
      descricao: item.descricao,
      quantidade: item.quantidade,
      unidadeMedida: item.unidadeMedida,
      valorUnitarioEstimado: item.valorUnitarioEstimado,
      valorTotal: item.valorTotal,
      materialOuServicoNome: item.materialOuServicoNome,
      criterioJulgamentoNome: item.criterioJulgamentoNome,
      temResultado: true,
    });
  });

  it("names a CNPJ that is not 14 digits", async () => {
    const res = await t.post(
      ITEMS,
      { ...purchase(), cnpj: "12.345.678/0001-95", page: 1, limitPerPage: 10 },
      planner,
    );
    expect(res.statusCode).toBe(400);
    expect((res.json().properties as { property: string }[]).map((p) => p.property)).toEqual(["cnpj"]);
  });
});

describe("POST app/pncp/itemResults", () => {
  const resultsOf = async (supplierType: "PF" | "ME/EPP") => {
    for (const n of fake.catalogue)
      for (const item of n.itens) {
        const r = item.resultados[0];
        if (!r) continue;
        if (supplierType === "PF" ? r.tipoPessoa === "PF" : ["ME", "EPP"].includes(r.porteFornecedorNome))
          return { n, item, r };
      }
    throw new Error("catalogue without such a supplier");
  };

  it("answers the homologation with the supplier's classification (§9)", async () => {
    const { n, item, r } = await resultsOf("ME/EPP");
    const res = await t.post(
      RESULTS,
      {
        cnpj: n.orgao_cnpj,
        purchaseYear: n.ano,
        purchaseSequence: n.numero_sequencial,
        itemNumber: item.numeroItem,
      },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().list).toEqual([
      {
        niFornecedor: r.niFornecedor,
        tipoPessoa: "PJ",
        nomeRazaoSocialFornecedor: r.nomeRazaoSocialFornecedor,
        porteFornecedorNome: r.porteFornecedorNome,
        isSmallBusiness: true,
        credentialKind: "LEGAL_PERSON",
        quantidadeHomologada: r.quantidadeHomologada,
        valorUnitarioHomologado: r.valorUnitarioHomologado,
        valorTotalHomologado: r.valorTotalHomologado,
        codigoPais: "BRA",
        dataInclusao: r.dataInclusao,
      },
    ]);
  });

  it("classifies a 'PF' supplier as an individual, not a small business", async () => {
    const { n, item } = await resultsOf("PF");
    const res = await t.post(
      RESULTS,
      {
        cnpj: n.orgao_cnpj,
        purchaseYear: n.ano,
        purchaseSequence: n.numero_sequencial,
        itemNumber: item.numeroItem,
      },
      planner,
    );
    expect(res.json().list[0]).toMatchObject({ credentialKind: "INDIVIDUAL", isSmallBusiness: false });
  });

  it("names a missing item number", async () => {
    const res = await t.post(RESULTS, purchase(), planner);
    expect(res.statusCode).toBe(400);
    expect((res.json().properties as { property: string }[]).map((p) => p.property)).toEqual(["itemNumber"]);
  });
});

describe("the portal failing (§7; issue 35: never a hang, never a 5xx)", () => {
  afterEach(() => vi.useRealTimers());

  it("answers 503 with the pt-BR message when the portal keeps failing", async () => {
    fake.failNext(Number.POSITIVE_INFINITY);
    const res = await t.post(SEARCH, search, planner);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: PNCP_UNAVAILABLE_MESSAGE });
  });

  it(`answers a hung portal within ${PRICE_SEARCH_DEADLINE_SECONDS} s, not after three 8-s attempts`, async () => {
    // Fake timers drive the portal client's own timers (attempts, backoff, deadline); the HTTP stays real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fake.hang(true);
    const sent = fake.requests.length;
    const answer = t.post(SEARCH, search, planner);
    // The portal has the request (real I/O turns, no timer) and does not answer it.
    while (fake.requests.length === sent) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(PRICE_SEARCH_DEADLINE_SECONDS * 1000);
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: PNCP_TIMEOUT_MESSAGE });
    expect(PNCP_TIMEOUT_MESSAGE).toBe(
      "O Portal Nacional de Contratações Públicas não respondeu em 10 segundos. Tente novamente em instantes.",
    );
  });

  it("answers 503 when the portal answers something unexpected", async () => {
    fake.malformed(true);
    const res = await t.post(RESULTS, { ...purchase(), itemNumber: 1 }, planner);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: PNCP_MALFORMED_MESSAGE });
  });
});
