import { PRIORITY_JUSTIFICATION_REQUIRED_MESSAGE, PROCESS_NOT_PENDING_MESSAGE } from "@certame/domain";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/notice-helpers";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { processEvents, processes } from "../../db/schema";
import { DEMO_PLANNING_IDS } from "../../demo/demo-planning";

// planning §2.5 (Demand Formalization wizard), §3 "Demand formalization", §4 "Purchase priority" and
// "Editability by process status", §5 "Demand formalization", §7 "Demand formalization", §8; issue 15
// items 3, 6 and 7.

let t: TestApp;
let planner: string;
let auctioneer: string;
let otherBody: string;
let support: string;
let product: string;
let otherBodyProduct: string;
let offices: string[];
let staff: string[];
let otherOffice: string;

beforeAll(async () => {
  t = await createTestApp();
  [planner, auctioneer, otherBody, support] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("pregoeiro@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("apoio@demo.gov.br"),
  ]);
  const own = (await t.post("/api/app/buyer/read", {}, planner)).json();
  offices = own.secretaries.map((s: { id: string }) => s.id);
  staff = own.staffMembers.map((s: { id: string }) => s.id);
  otherOffice = (await t.post("/api/app/buyer/read", {}, otherBody)).json().secretaries[0].id;
  const listed = (await t.post("/api/app/product/list", { page: 1 }, planner)).json();
  product = listed.products[0].id;
  const created = await t.post(
    "/api/app/product/create",
    {
      productsData: [{ name: `Produto de Vila Nova ${Date.now()}`, technicalDescription: "Só deste órgão" }],
    },
    otherBody,
  );
  expect(created.statusCode, created.body).toBe(200);
  otherBodyProduct = (
    await t.db.execute<{ id: string }>(
      sql`select id from products where name like 'Produto de Vila Nova%' limit 1`,
    )
  ).rows[0]?.id as string;
});
afterAll(() => t.close());

const unique = () => `DFD ${Math.floor(Math.random() * 1e9)}/2026`;
async function newProcess(token = planner) {
  const res = await t.post("/api/app/process/create", { processNumber: unique() }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}
const read = async (processId: string, token = planner) =>
  t.post("/api/app/demandFormalization/read", { process: { id: processId } }, token);
const save = (body: object, token = planner) => t.post("/api/app/demandFormalization/save", body, token);
const props = (res: { json(): { properties?: { property: string }[] } }) =>
  (res.json().properties ?? []).map((p) => p.property).sort();

/** The import's multipart body: the sheet and the process, with the caller's token. */
function sheetUpload(bytes: Buffer, fields: Record<string, string>, token: string) {
  const body = multipart(fields, { name: "lotes.xlsx", bytes });
  return { payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } };
}

async function templateWith(rows: (string | number)[][]) {
  const res = await t.post("/api/app/demandFormalization/batch/getBatchTemplate", {}, planner);
  expect(res.statusCode).toBe(200);
  expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe(
    "planilha-lotes-itens-dfd.xlsx",
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    "Lote",
    "Item",
    "Código do produto",
    "Produto/Serviço",
    "Descrição técnica",
    "Quantidade",
    "Unidade de medida",
  ]);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe("the demand formalization, step by step", () => {
  it("reads empty before the first save, then each sub-step keeps what it sent", async () => {
    const processId = await newProcess();
    const empty = (await read(processId)).json();
    expect(empty).toMatchObject({ id: null, description: null, categories: [], batches: [], priority: null });
    const categories = (await t.post("/api/app/demandFormalization/category/list", {}, planner)).json()
      .categories;
    expect(categories.length).toBeGreaterThanOrEqual(10);

    expect(
      (
        await save({
          process: { id: processId },
          expectedCompletionDateTime: "15/03/2027",
          hiringPlanProcessNumber: "PCA-2027-014",
        })
      ).statusCode,
    ).toBe(200);
    await save({
      process: { id: processId },
      categories: [{ id: categories[0].id }, { id: categories[1].id }],
      description: "Aquisição de material de expediente para as secretarias",
    });
    await save({ process: { id: processId }, priority: "MEDIUM", priorityJustification: null });
    await save({ process: { id: processId }, needOfHiringJustification: "Reposição do estoque anual." });
    const bound = await save({
      process: { id: processId },
      demandFormalizationBinding: ["DFD 3/2026", "DFD 3/2026", "DFD 9/2026"],
    });
    const data = bound.json().data;
    expect(data).toMatchObject({
      expectedCompletionDateTime: "2027-03-15",
      hiringPlanProcessNumber: "PCA-2027-014",
      description: "Aquisição de material de expediente para as secretarias",
      priority: "MEDIUM",
      needOfHiringJustification: "Reposição do estoque anual.",
      demandFormalizationBinding: ["DFD 3/2026", "DFD 9/2026"],
      hasDemandFormalizationBinding: true,
    });
    expect(data.categories.map((c: { id: number }) => c.id).sort()).toEqual(
      [categories[0].id, categories[1].id].sort(),
    );
    // One log line per save, with who.
    const events = await t.db.select().from(processEvents).where(eq(processEvents.processId, processId));
    expect(events.filter((e) => e.eventType === "DEMAND_FORMALIZATION_SAVED")).toHaveLength(5);
    expect(events.every((e) => e.actorUserId)).toBe(true);
  });

  it("validates each field it receives (§5), the high priority's justification included (§4)", async () => {
    const processId = await newProcess();
    const bad = await save({
      process: { id: processId },
      expectedCompletionDateTime: "31/02/2027",
      categories: [],
      description: "x".repeat(5001),
      needOfHiringJustification: "  ",
    });
    expect(bad.statusCode).toBe(400);
    expect(props(bad)).toEqual([
      "categories",
      "description",
      "expectedCompletionDateTime",
      "needOfHiringJustification",
    ]);
    const high = await save({ process: { id: processId }, priority: "HIGH" });
    expect(high.statusCode).toBe(400);
    expect(high.json().properties).toEqual([
      { property: "priorityJustification", errorMessages: [PRIORITY_JUSTIFICATION_REQUIRED_MESSAGE] },
    ]);
    const unknownCategory = await save({ process: { id: processId }, categories: [{ id: 999999 }] });
    expect(unknownCategory.statusCode).toBe(400);
    expect(props(unknownCategory)).toEqual(["categories"]);
    // Nothing of the refused saves was written.
    expect((await read(processId)).json()).toMatchObject({
      priority: null,
      description: null,
      categories: [],
    });
    expect(
      (await save({ process: { id: processId }, priority: "HIGH", priorityJustification: "Estoque zerado." }))
        .statusCode,
    ).toBe(200);
  });

  it("sets the requesting areas and responsibles of the process, refusing another body's", async () => {
    const processId = await newProcess();
    const foreign = await save({ process: { id: processId, secretaries: [{ id: otherOffice }] } });
    expect(foreign.statusCode).toBe(400);
    expect(props(foreign)).toEqual(["secretaries"]);
    const ok = await save({
      process: { id: processId, secretaries: [{ id: offices[0] }], responsible: [{ id: staff[0] }] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const proc = ok.json().data.process;
    expect(proc.secretaries.map((s: { id: string }) => s.id)).toEqual([offices[0]]);
    expect(proc.responsible.map((s: { id: string }) => s.id)).toEqual([staff[0]]);
    const list = (
      await t.post("/api/app/process/list", { searchParameters: proc.processNumber }, planner)
    ).json();
    expect(list.processes[0].secretaries.length).toBe(1);
  });
});

describe("lots and items (§2.5 'Materiais/Serviços', §4 'Lot rows', §5 'Lots')", () => {
  it("adds, changes and deletes lines of the document; refuses a duplicate item, a foreign product, a bad unit", async () => {
    const processId = await newProcess();
    await save({ process: { id: processId }, description: "Papel" });
    const docId = (await read(processId)).json().id as string;
    const add = await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          { number: 1, item: 1, product: { id: product }, quantity: "10,5", measurementUnit: { code: "UN" } },
          { number: 1, item: 2, product: { id: product }, quantity: 3, measurementUnit: { code: "CX" } },
        ],
      },
      planner,
    );
    expect(add.statusCode, add.body).toBe(200);
    const lines = add.json().batches;
    expect(
      lines.map((b: { number: number; item: number; quantity: string }) => [
        b.number,
        b.item,
        Number(b.quantity),
      ]),
    ).toEqual([
      [1, 1, 10.5],
      [1, 2, 3],
    ]);
    const changed = await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          {
            id: lines[1].id,
            number: 2,
            item: 1,
            product: { id: product },
            quantity: "7.1234",
            measurementUnit: { code: "UN" },
          },
        ],
      },
      planner,
    );
    expect(changed.json().batches.map((b: { number: number }) => b.number)).toEqual([1, 2]);

    const dup = await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          {
            number: 1,
            item: 1,
            product: { id: otherBodyProduct },
            quantity: "1,23456",
            measurementUnit: { code: "XX" },
          },
        ],
      },
      planner,
    );
    expect(dup.statusCode).toBe(400);
    expect(props(dup)).toEqual(["batchesData.0.quantity"]);
    const dup2 = await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          {
            number: 1,
            item: 1,
            product: { id: otherBodyProduct },
            quantity: "1",
            measurementUnit: { code: "XX" },
          },
        ],
      },
      planner,
    );
    expect(props(dup2)).toEqual([
      "batchesData.0.item",
      "batchesData.0.measurementUnit",
      "batchesData.0.product",
    ]);

    const del = await t.post("/api/app/demandFormalization/batch/delete", { id: lines[0].id }, planner);
    expect(del.statusCode).toBe(200);
    const left = (await t.post("/api/app/demandFormalization/batch/list", { id: docId }, planner)).json()
      .batches;
    expect(left).toHaveLength(1);
  });

  it("imports the template's lots after the last lot; unknown products are created only by who registers products", async () => {
    const processId = await newProcess();
    await save({ process: { id: processId }, description: "Importação" });
    const docId = (await read(processId)).json().id as string;
    await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          { number: 1, item: 1, product: { id: product }, quantity: 1, measurementUnit: { code: "UN" } },
        ],
      },
      planner,
    );
    const name = `Caneta esferográfica azul ${Math.floor(Math.random() * 1e6)}`;
    const bytes = await templateWith([
      [1, 1, "", name, "Corpo transparente, ponta média 1,0 mm", "500", "un"],
      [1, 2, "", name, "", "250,5", "CX"],
      [2, "", "", name, "", 12, "UN"],
    ]);
    // A restricted profile plans but does not register products: the unknown name is named, nothing written.
    const restricted = await t.app.inject({
      method: "POST",
      url: "/api/app/demandFormalization/batch/import",
      ...sheetUpload(bytes, { processId }, planner),
    });
    expect(restricted.statusCode).toBe(400);
    expect(props(restricted)).toEqual([
      "linha 2.product.name",
      "linha 3.product.name",
      "linha 4.product.name",
    ]);
    expect((await read(processId)).json().batches).toHaveLength(1);
    // The auctioneer, who registers products, imports it.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/demandFormalization/batch/import",
      ...sheetUpload(bytes, { processId }, auctioneer),
    });
    expect(res.statusCode, res.body).toBe(200);
    const batches = res.json().data.batches;
    expect(batches.map((b: { number: number; item: number }) => [b.number, b.item])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(new Set(batches.slice(1).map((b: { product: { name: string } }) => b.product.name))).toEqual(
      new Set([name]),
    );
  });

  it("refuses a sheet with a wrong row whole, naming the row, and a file that is not a spreadsheet", async () => {
    const processId = await newProcess();
    const bytes = await templateWith([
      [1, 1, "", "Lápis preto", "Grafite HB", "10", "UN"],
      [1, 2, "", "Lápis preto", "", "0", "ZZ"],
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/demandFormalization/batch/import",
      ...sheetUpload(bytes, { processId }, auctioneer),
    });
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["linha 3.quantity"]);
    expect((await read(processId)).json().batches).toEqual([]);
    const notXlsx = await t.app.inject({
      method: "POST",
      url: "/api/app/demandFormalization/batch/import",
      ...sheetUpload(Buffer.from("%PDF-1.4 not a sheet"), { processId }, planner),
    });
    expect(notXlsx.statusCode).toBe(415);
  });

  it("keeps the lines read-only once the process is published (§4) and refuses a deleted process", async () => {
    const processId = await newProcess();
    await save({ process: { id: processId }, description: "Publicado" });
    const docId = (await read(processId)).json().id as string;
    await t.db.update(processes).set({ status: "PROCESS_PUBLISHED" }).where(eq(processes.id, processId));
    const res = await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          { number: 1, item: 1, product: { id: product }, quantity: 1, measurementUnit: { code: "UN" } },
        ],
      },
      planner,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROCESS_NOT_PENDING_MESSAGE);
    const deleted = await newProcess();
    await t.post("/api/app/process/delete", { id: deleted }, planner);
    expect((await save({ process: { id: deleted }, description: "x" })).statusCode).toBe(409);
  });
});

describe("the demo process (issue 15 item 8)", () => {
  it("has a complete DFD, a dispensed ETP and a risk matrix, as the administration page shows", async () => {
    const read = (await t.post("/api/app/process/read", { id: DEMO_PLANNING_IDS.process }, planner)).json();
    const status = Object.fromEntries(
      read.steps.map((s: { kind: string; status: string }) => [s.kind, s.status]),
    );
    expect(status).toMatchObject({
      DEMAND_FORMALIZATION: "COMPLETED",
      PRELIMINARY_TECHNICAL_STUDY: "COMPLETED",
      RISK_MANAGEMENT: "COMPLETED",
      // Only lot 1 item 1 has quotes (demo-budget.ts): the price research is under way (issue 35).
      BUDGET: "IN_PROGRESS",
    });
    expect(read.demandFormalization.description).toMatch(/material de expediente/);
    expect(read.preliminaryTechnicalStudy.modality).toBe("NEW_ELECTRONIC_REVERSED_AUCTION");
    expect(read.riskManagement.processRisk).toMatch(/^RISK_/);
    const dfd = (
      await t.post(
        "/api/app/demandFormalization/read",
        { process: { id: DEMO_PLANNING_IDS.process } },
        planner,
      )
    ).json();
    expect(dfd.batches.map((b: { number: number; item: number }) => `${b.number}.${b.item}`)).toEqual([
      "1.1",
      "1.2",
      "2.1",
    ]);
    const list = (await t.post("/api/app/process/list", { searchParameters: "PA 21/2026" }, planner)).json();
    expect(list.processes[0]).toMatchObject({
      demandFormalization: { description: expect.stringMatching(/material de expediente/) },
      preliminaryTechnicalStudy: { modality: "NEW_ELECTRONIC_REVERSED_AUCTION" },
    });
  });
});

describe("the document of another body, and the PDF", () => {
  it("is invisible to another body and to support staff, and the PDF carries the document", async () => {
    const processId = await newProcess();
    await save({
      process: { id: processId, secretaries: [{ id: offices[0] }], responsible: [{ id: staff[0] }] },
      description: "Aquisição de cadeiras ergonômicas",
      expectedCompletionDateTime: "2027-05-10",
      priority: "HIGH",
      priorityJustification: "Laudo de ergonomia",
      needOfHiringJustification: "Mobiliário atual danificado",
    });
    const docId = (await read(processId)).json().id as string;
    await t.post(
      "/api/app/demandFormalization/batch/save",
      {
        demandFormalizationId: docId,
        batchesData: [
          { number: 1, item: 1, product: { id: product }, quantity: 40, measurementUnit: { code: "UN" } },
        ],
      },
      planner,
    );
    expect((await read(processId, otherBody)).statusCode).toBe(404);
    expect(
      (await t.post("/api/app/demandFormalization/batch/list", { id: docId }, otherBody)).statusCode,
    ).toBe(404);
    expect((await save({ process: { id: processId }, description: "invasão" }, otherBody)).statusCode).toBe(
      404,
    );
    expect((await read(processId, support)).statusCode).toBe(403);
    const foreignPdf = await t.app.inject({
      method: "GET",
      url: `/api/app/demandFormalization/pdf/${processId}`,
      headers: { authorization: `Bearer ${otherBody}` },
    });
    expect(foreignPdf.statusCode).toBe(404);

    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/app/demandFormalization/pdf/${processId}`,
      headers: { authorization: `Bearer ${planner}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Documento de Formalização de Demanda");
    expect(text).toContain("Aquisição de cadeiras ergonômicas");
    expect(text).toContain("10/05/2027");
    expect(text).toContain("Alta");
    expect(text).toContain("Laudo de ergonomia");
  });
});
