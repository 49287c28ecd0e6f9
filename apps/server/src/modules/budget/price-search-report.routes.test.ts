import {
  PNCP_TIMEOUT_MESSAGE,
  PRICE_SEARCH_BASKET_EMPTY,
  PRICE_SEARCH_DEADLINE_SECONDS,
  PRICE_SEARCH_ITEM_INVALID,
  PRICE_SEARCH_ITEM_REPEATED,
} from "@certame/domain";
import JSZip from "jszip";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakePncp, type FakePncpNotice, startFakePncp } from "../../../test/fake-pncp";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { HttpPncpPortal } from "../../integrations/pncp/pncp-client";

// planning §7 "Report" (POST app/report/priceSearch with priceSearchData / priceSearchExternalData) without a
// process: issue 35 item 4 — the basket's portal prices checked against the portal, typed quotes reported as
// typed, the IN SEGES/ME 65/2021 art. 6 figures (average, median, lowest, the method, outliers).

const REPORT = "/api/app/report/priceSearch";

let fake: FakePncp;
let t: TestApp;
let planner: string;
let supplier: string;

beforeAll(async () => {
  fake = await startFakePncp();
  // No cache: every check goes to the (fake) portal, as after a restart or on another instance.
  t = await createTestApp({
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
  fake.hang(false);
  fake.failNext(0);
});
afterEach(() => vi.useRealTimers());

const controlNumber = (n: FakePncpNotice) =>
  `${n.orgao_cnpj}-1-${String(n.numero_sequencial).padStart(6, "0")}/${n.ano}`;
const notice = (i: number) => fake.catalogue[i] as FakePncpNotice;
/** Item k (0-based) of notice i: its id and its award result, whose price the test fixes. */
function portalItem(i: number, k: number, price?: number) {
  const n = notice(i);
  const item = n.itens[k] as FakePncpNotice["itens"][number];
  const result = item.resultados[0];
  if (result && price !== undefined) result.valorUnitarioHomologado = price;
  return { itemId: `${controlNumber(n)}-${item.numeroItem}`, item, result, notice: n };
}
const typedQuote = (price: number) => ({
  supplier: {
    documentNumber: "11.222.333/0001-81",
    corporateName: "Papelaria da Esquina Ltda",
    credentialKind: "LEGAL_PERSON",
    isSmallBusiness: true,
  },
  price,
  source: "Orçamento enviado por e-mail em 20/11/2026",
});
async function documentXml(payload: Buffer) {
  const zip = await JSZip.loadAsync(payload);
  return (await zip.file("word/document.xml")?.async("string")) ?? "";
}

describe("POST app/report/priceSearch without processId", () => {
  it("reports the basket: the portal's prices and suppliers, the typed quote as typed, the figures", async () => {
    const a = portalItem(0, 0, 10);
    const b = portalItem(1, 1, 12);
    const c = portalItem(2, 0, 30);
    const sent = fake.requests.length;
    const res = await t.post(
      REPORT,
      {
        priceSearchData: {
          objectOfInterest: "Papel A4",
          priceMethod: "MEDIAN",
          items: [a, b, c].map((x) => ({ itemId: x.itemId, price: x.result?.valorUnitarioHomologado })),
        },
        priceSearchExternalData: [typedQuote(11)],
      },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain("relatorio-de-pesquisa-de-precos.docx");
    // Each portal item was read again from the portal (the cache is off here).
    const asked = fake.requests.slice(sent);
    for (const x of [a, b, c])
      expect(asked).toContain(
        `/api/pncp/v1/orgaos/${x.notice.orgao_cnpj}/compras/${x.notice.ano}/${x.notice.numero_sequencial}/itens/${x.item.numeroItem}/resultados`,
      );

    const xml = await documentXml(res.rawPayload);
    expect(xml).toContain("Relatório de Pesquisa de Preços");
    expect(xml).toContain("Processo: pesquisa avulsa (não vinculada a processo)");
    expect(xml).toContain("Objeto: Papel A4");
    // 10, 11, 12 and 30: average 15,75, median 11,50, lowest 10,00; 30 > 125% of the median.
    expect(xml).toContain("Média: R$ 15,75; Mediana: R$ 11,50; Menor preço: R$ 10,00");
    expect(xml).toContain("Método: Mediana");
    expect(xml).toContain("Preço de referência: R$ 11,50");
    expect(xml).toContain("Excessivamente elevado");
    // The portal's supplier and the notice's link; the typed quote labelled as not checked.
    expect(xml).toContain(a.result?.nomeRazaoSocialFornecedor);
    expect(xml).toContain(
      `https://pncp.gov.br/app/editais/${a.notice.orgao_cnpj}/${a.notice.ano}/${a.notice.numero_sequencial}`,
    );
    expect(xml).toContain(
      "Cotação informada pelo usuário (não conferida no portal): Orçamento enviado por e-mail em 20/11/2026",
    );
    expect(xml).toContain("Papelaria da Esquina Ltda (11.222.333/0001-81)");
  });

  it("refuses a price that differs from the portal's, naming the item", async () => {
    const a = portalItem(3, 0, 24.9);
    const b = portalItem(4, 1, 1.35);
    const res = await t.post(
      REPORT,
      {
        priceSearchData: {
          items: [
            { itemId: a.itemId, price: 24.9 },
            { itemId: b.itemId, price: 1.1 },
          ],
        },
      },
      planner,
    );
    expect(res.statusCode).toBe(400);
    const message = `O preço do item ${b.itemId} (R$ 1,10) difere do homologado no Portal Nacional de Contratações Públicas (R$ 1,35).`;
    expect(res.json()).toEqual({
      message,
      properties: [{ property: "priceSearchData.items.1.price", errorMessages: [message] }],
    });
  });

  it("refuses a portal item without a homologated result", async () => {
    // The last item of each fake notice has no result.
    const none = portalItem(5, 2);
    const res = await t.post(
      REPORT,
      { priceSearchData: { items: [{ itemId: none.itemId, price: 1 }] } },
      planner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().properties).toEqual([
      {
        property: "priceSearchData.items.0.itemId",
        errorMessages: [
          `O item ${none.itemId} não tem resultado homologado no Portal Nacional de Contratações Públicas.`,
        ],
      },
    ]);
  });

  it("reports typed quotes alone, without asking the portal", async () => {
    const sent = fake.requests.length;
    const res = await t.post(
      REPORT,
      { priceSearchExternalData: [typedQuote(7.5), typedQuote(8.5)] },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.length).toBe(sent);
    const xml = await documentXml(res.rawPayload);
    expect(xml).toContain("Média: R$ 8,00; Mediana: R$ 8,00; Menor preço: R$ 7,50");
    expect(xml).toContain("Método: Média");
  });

  it("names an empty basket, a malformed or repeated item and a bad typed quote", async () => {
    const empty = await t.post(
      REPORT,
      { priceSearchData: { items: [] }, priceSearchExternalData: [] },
      planner,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().properties).toEqual([
      { property: "priceSearchData", errorMessages: [PRICE_SEARCH_BASKET_EMPTY] },
    ]);
    const a = portalItem(6, 0);
    const bad = await t.post(
      REPORT,
      {
        priceSearchData: {
          items: [
            { itemId: a.itemId, price: 1 },
            { itemId: a.itemId, price: 1 },
            { itemId: "12345-1", price: 1 },
          ],
        },
        priceSearchExternalData: [
          { ...typedQuote(0), supplier: { ...typedQuote(1).supplier, documentNumber: "1" } },
        ],
      },
      planner,
    );
    expect(bad.statusCode).toBe(400);
    const byProperty = Object.fromEntries(
      (bad.json().properties as { property: string; errorMessages: string[] }[]).map((p) => [
        p.property,
        p.errorMessages,
      ]),
    );
    expect(byProperty["priceSearchData.items.1.itemId"]).toEqual([PRICE_SEARCH_ITEM_REPEATED]);
    expect(byProperty["priceSearchData.items.2.itemId"]).toEqual([PRICE_SEARCH_ITEM_INVALID]);
    expect(Object.keys(byProperty)).toEqual(
      expect.arrayContaining([
        "priceSearchExternalData.0.price",
        "priceSearchExternalData.0.supplier.documentNumber",
      ]),
    );
  });

  it(`answers within ${PRICE_SEARCH_DEADLINE_SECONDS} s with the pt-BR message when the portal hangs`, async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fake.hang(true);
    const a = portalItem(7, 0);
    const sent = fake.requests.length;
    const answer = t.post(
      REPORT,
      { priceSearchData: { items: [{ itemId: a.itemId, price: a.result?.valorUnitarioHomologado }] } },
      planner,
    );
    while (fake.requests.length === sent) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(PRICE_SEARCH_DEADLINE_SECONDS * 1000);
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: PNCP_TIMEOUT_MESSAGE });
  });

  it("keeps the route's audience: anonymous 401, supplier 403", async () => {
    const body = { priceSearchExternalData: [typedQuote(1)] };
    expect((await t.post(REPORT, body)).statusCode).toBe(401);
    expect((await t.post(REPORT, body, supplier)).statusCode).toBe(403);
  });
});
