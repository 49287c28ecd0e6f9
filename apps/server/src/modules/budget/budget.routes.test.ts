import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

// planning §3 "Budget (quote)", §4 "Budget columns", §7 "Budget (POST)" and "Report", §9 money; issue 16 items
// 1 and 3 (IN SEGES/ME 65/2021 art. 6 statistics, the price research .docx).

let t: TestApp;
let planner: string;
let otherBody: string;
let supplier: string;
let product: string;

beforeAll(async () => {
  t = await createTestApp();
  [planner, otherBody, supplier] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
  product = (await t.post("/api/app/product/list", { page: 1 }, planner)).json().products[0].id;
});
afterAll(() => t.close());

const B = "/api/app/budget";
const CNPJ = "11.222.333/0001-81";
const CPF = "529.982.247-25";

async function processWithBatches() {
  const created = await t.post(
    "/api/app/process/create",
    { processNumber: `ORC ${Math.floor(Math.random() * 1e9)}/2026` },
    planner,
  );
  expect(created.statusCode, created.body).toBe(200);
  const processId = created.json().id as string;
  const dfd = await t.post(
    "/api/app/demandFormalization/save",
    { process: { id: processId }, description: "Material de expediente" },
    planner,
  );
  expect(dfd.statusCode, dfd.body).toBe(200);
  const doc = (
    await t.post("/api/app/demandFormalization/read", { process: { id: processId } }, planner)
  ).json();
  const add = await t.post(
    "/api/app/demandFormalization/batch/save",
    {
      demandFormalizationId: doc.id,
      batchesData: [
        { number: 1, item: 1, product: { id: product }, quantity: 10, measurementUnit: { code: "UN" } },
        { number: 1, item: 2, product: { id: product }, quantity: 3, measurementUnit: { code: "CX" } },
      ],
    },
    planner,
  );
  expect(add.statusCode, add.body).toBe(200);
  const batches = add.json().batches as { id: string; number: number; item: number }[];
  return { processId, docId: doc.id as string, batches };
}

const quote = (batchId: string, columnOrder: number, price: number, extra: object = {}) => ({
  demandFormalizationBatchId: batchId,
  price,
  columnOrder,
  supplier: {
    documentNumber: CNPJ,
    corporateName: `Fornecedor ${columnOrder}`,
    credentialKind: "LEGAL_PERSON",
    isSmallBusiness: false,
  },
  ...extra,
});
const props = (res: { json(): { properties?: { property: string }[] } }) =>
  (res.json().properties ?? []).map((p) => p.property).join(",");
const readBatches = async (processId: string, token = planner) =>
  t.post(`${B}/read/batches`, { processId }, token);

describe("budget routes", () => {
  it("saves quotes, computes the statistics, flags an outlier, excludes with a justification, reorders", async () => {
    const { processId, batches } = await processWithBatches();
    const b1 = batches[0]?.id as string;
    const saved = await t.post(
      `${B}/save`,
      [
        quote(b1, 1, 10),
        quote(b1, 2, 12.34, { pncpItemId: "12345678000190-1-000042/2025-3" }),
        quote(b1, 3, 30, {
          supplier: {
            documentNumber: CPF,
            name: "Maria",
            credentialKind: "INDIVIDUAL",
            isSmallBusiness: true,
          },
        }),
      ],
      planner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await readBatches(processId);
    expect(res.statusCode, res.body).toBe(200);
    let line = res.json().list.find((l: { id: string }) => l.id === b1);
    expect(res.json().process.id).toBe(processId);
    expect(line.medianPrice).toBe(12.34);
    expect(line.lowestPrice).toBe(10);
    expect(line.averagePrice).toBe(17.45);
    expect(line.referencePrice).toBe(17.45);
    expect(line.budgets.map((b: { flag: string | null }) => b.flag)).toEqual([null, null, "HIGH"]);
    expect(line.budgets[2].supplier).toMatchObject({
      documentNumber: "52998224725",
      corporateName: "Maria",
      credentialKind: "INDIVIDUAL",
      isSmallBusiness: true,
    });

    const short = await t.post(
      `${B}/exclude`,
      { id: line.budgets[2].id, excluded: true, exclusionJustification: "alto" },
      planner,
    );
    expect(short.statusCode).toBe(400);
    expect(props(short)).toContain("exclusionJustification");
    const ex = await t.post(
      `${B}/exclude`,
      {
        id: line.budgets[2].id,
        excluded: true,
        exclusionJustification: "Preço muito acima das demais cotações",
      },
      planner,
    );
    expect(ex.statusCode, ex.body).toBe(200);
    const m = await t.post(
      `${B}/setMethod`,
      { demandFormalizationBatchId: b1, priceMethod: "MEDIAN" },
      planner,
    );
    expect(m.statusCode, m.body).toBe(200);
    line = (await readBatches(processId)).json().list.find((l: { id: string }) => l.id === b1);
    expect(line.priceMethod).toBe("MEDIAN");
    expect(line.averagePrice).toBe(11.17);
    expect(line.referencePrice).toBe(11.17);
    expect(line.budgets[2].excluded).toBe(true);

    // reorder: swap columns 1 and 2 by id
    const [c1, c2] = line.budgets;
    const swap = await t.post(
      `${B}/save`,
      [quote(b1, 2, 10, { id: c1.id }), quote(b1, 1, 12.34, { id: c2.id, pncpItemId: c2.pncpItemId })],
      planner,
    );
    expect(swap.statusCode, swap.body).toBe(200);
    line = (await readBatches(processId)).json().list.find((l: { id: string }) => l.id === b1);
    expect(line.budgets[0].id).toBe(c2.id);
    expect(line.budgets[1].id).toBe(c1.id);

    // the .docx report
    const rep = await t.post("/api/app/report/priceSearch", { processId }, planner);
    expect(rep.statusCode, rep.body).toBe(200);
    expect(rep.headers["content-disposition"]).toContain("relatorio-de-pesquisa-de-precos.docx");
    const zip = await JSZip.loadAsync(rep.rawPayload);
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    expect(xml).toContain("Relatório de Pesquisa de Preços");
    expect(xml).toContain("R$ 12,34");
    expect(xml).toContain("R$ 11,17");
    expect(xml).toContain("Preço muito acima das demais cotações");
    expect(xml).toContain("https://pncp.gov.br/app/editais/12345678000190/2025/42");
    expect(xml).toContain("Mediana");

    // delete a column, then by ids
    const col = await t.post(`${B}/delete_many`, { processId, columnOrder: 3 }, planner);
    expect(col.statusCode, col.body).toBe(200);
    const del = await t.post(`${B}/delete_many`, [c1.id], planner);
    expect(del.statusCode, del.body).toBe(200);
    line = (await readBatches(processId)).json().list.find((l: { id: string }) => l.id === b1);
    expect(line.budgets.map((b: { id: string }) => b.id)).toEqual([c2.id]);
  });

  it("keeps the quotes when the DFD lines are saved again", async () => {
    const { processId, docId, batches } = await processWithBatches();
    const b1 = batches[0] as { id: string };
    expect((await t.post(`${B}/save`, [quote(b1.id, 1, 5)], planner)).statusCode).toBe(200);
    const again = await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          {
            id: b1.id,
            number: 1,
            item: 1,
            product: { id: product },
            quantity: 20,
            measurementUnit: { code: "UN" },
          },
        ],
      },
      planner,
    );
    expect(again.statusCode, again.body).toBe(200);
    const line = (await readBatches(processId)).json().list.find((l: { id: string }) => l.id === b1.id);
    expect(line.budgets).toHaveLength(1);
  });

  it("refuses bad input naming the field, and writes nothing half-way", async () => {
    const { processId, batches } = await processWithBatches();
    const b1 = batches[0]?.id as string;
    for (const price of [-1, 1.234]) {
      const res = await t.post(`${B}/save`, [quote(b1, 1, 5), quote(b1, 2, price)], planner);
      expect(res.statusCode).toBe(400);
      expect(props(res)).toContain("price");
    }
    const badDoc = await t.post(
      `${B}/save`,
      [
        quote(b1, 1, 5, {
          supplier: {
            documentNumber: "11.222.333/0001-82",
            corporateName: "X",
            credentialKind: "LEGAL_PERSON",
            isSmallBusiness: false,
          },
        }),
      ],
      planner,
    );
    expect(badDoc.statusCode).toBe(400);
    expect(props(badDoc)).toContain("documentNumber");
    const badMethod = await t.post(
      `${B}/setMethod`,
      { demandFormalizationBatchId: b1, priceMethod: "MODA" },
      planner,
    );
    expect(badMethod.statusCode).toBe(400);
    expect(props(badMethod)).toContain("priceMethod");
    // an unknown id in the middle: 404 and nothing written
    const half = await t.post(
      `${B}/save`,
      [quote(b1, 1, 5), quote(b1, 2, 6, { id: "6f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f" })],
      planner,
    );
    expect(half.statusCode).toBe(404);
    const line = (await readBatches(processId)).json().list.find((l: { id: string }) => l.id === b1);
    expect(line.budgets).toHaveLength(0);
  });

  it("another body's process is a 404; anonymous and suppliers are refused", async () => {
    const { processId, batches } = await processWithBatches();
    const b1 = batches[0]?.id as string;
    expect((await t.post(`${B}/save`, [quote(b1, 1, 5)], planner)).statusCode).toBe(200);
    const id = (await readBatches(processId)).json().list[0].budgets[0].id;
    expect((await readBatches(processId, otherBody)).statusCode).toBe(404);
    expect((await t.post(`${B}/save`, [quote(b1, 1, 9)], otherBody)).statusCode).toBe(404);
    expect((await t.post(`${B}/delete_many`, [id], otherBody)).statusCode).toBe(404);
    expect(
      (await t.post(`${B}/setMethod`, { demandFormalizationBatchId: b1, priceMethod: "LOWEST" }, otherBody))
        .statusCode,
    ).toBe(404);
    expect((await t.post(`${B}/exclude`, { id, excluded: false }, otherBody)).statusCode).toBe(404);
    expect((await t.post("/api/app/report/priceSearch", { processId }, otherBody)).statusCode).toBe(404);
    const anon = await t.app.inject({ method: "POST", url: `${B}/read/batches`, payload: { processId } });
    expect(anon.statusCode).toBe(401);
    expect((await readBatches(processId, supplier)).statusCode).toBe(403);
    expect((await readBatches(processId)).json().list[0].budgets[0].price).toBe(5);
  });
});
