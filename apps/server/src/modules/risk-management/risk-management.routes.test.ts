import {
  FOREIGN_RESPONSIBLE_MESSAGE,
  PROCESS_NOT_FOUND_MESSAGE,
  PROCESS_NOT_PENDING_MESSAGE,
  RISK_FILE_NOT_ALLOWED_MESSAGE,
  RISK_LOCKED_MESSAGE,
  RISK_NOT_FOUND_MESSAGE,
  RISK_SELECTED_ELSEWHERE_MESSAGE,
} from "@certame/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDF_BYTES, postMultipart } from "../../../test/notice-helpers";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { processEvents, processes, riskManagementRisks, riskManagements, risks } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { DEMO_PLANNING_IDS } from "../../demo/demo-planning";
import { DEMO_RISK_MATRIX_IDS, insertDemoRiskMatrix } from "../../demo/demo-risk-matrix";
import { riskStepSummary } from "./risk-management.repository";

// planning §2.7 (Risk Matrix wizard), §3 "Risk management" and "Risk", §4 "Risk matrix" and
// "Editability by process status", §5 "Risk matrix", §7 "Risk management", §8 success texts; issue 15
// items 5–8 (the body's planners only, every save logged, a PDF of the risk map).

let t: TestApp;
let planner: string;
let auctioneer: string;
let otherBody: string;
let support: string;
let supplier: string;

beforeAll(async () => {
  t = await createTestApp();
  [planner, auctioneer, otherBody, support, supplier] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("pregoeiro@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("apoio@demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
});
afterAll(() => t.close());

const R = "/api/app/riskManagement";
const unique = () => `MR ${Math.floor(Math.random() * 1e9)}/2026`;

async function newProcess(token = planner) {
  const res = await t.post("/api/app/process/create", { processNumber: unique() }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const baseRisk = {
  description: "Atraso na entrega dos materiais",
  cause: "Fornecedor sem estoque suficiente",
  phase: "CONTRACT_MANAGEMENT",
  allocation: "CONTRACTED_PARTY",
  probability: "HIGH",
  impact: "BIG",
  disclose: true,
  possibleImpacts: "Interrupção do serviço",
  preventiveActions: "Exigir comprovação de estoque",
  contingencyActions: "Aplicar sanções e convocar o segundo colocado",
};

async function addRisk(processId: string, fields: Partial<typeof baseRisk> = {}, token = planner) {
  const res = await t.post(`${R}/saveRisk`, { ...baseRisk, ...fields, processId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; level: string };
}

async function read(processId: string, token = planner) {
  const res = await t.post(`${R}/read`, { process: { id: processId } }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });

const eventsOf = (processId: string) =>
  t.db.select().from(processEvents).where(eq(processEvents.processId, processId)).orderBy(processEvents.id);

describe("the body's risks (§2.7 'Adicionar Risco', §7 saveRisk, listOwnRisks, deleteRisk)", () => {
  it("creates a risk with the computed level, edits it, lists, searches, sorts and logs each save", async () => {
    const processId = await newProcess();
    const created = await addRisk(processId, { probability: "HIGH", impact: "BIG" });
    expect(created.level).toBe("RISK_HIGH"); // 4 × 4 = 16
    const edited = await t.post(
      `${R}/saveRisk`,
      { ...baseRisk, id: created.id, processId, probability: "VERY_HIGH", impact: "CATASTROPHIC" },
      planner,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, level: "RISK_CRITICAL" });
    const low = await addRisk(processId, {
      description: "Fiscalização ausente",
      probability: "VERY_LOW",
      impact: "SMALL",
    });
    expect(low.level).toBe("RISK_LOW");

    const list = await t.post(
      `${R}/listOwnRisks`,
      { processId, page: 1, orderByColumn: "level", sortOrder: "DESC", searchParameters: "" },
      planner,
    );
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().risks.map((r: { id: string }) => r.id);
    expect(ids.indexOf(created.id)).toBeLessThan(ids.indexOf(low.id));
    expect(list.json().total).toBeGreaterThanOrEqual(2);
    // Accent- and case-insensitive search.
    const found = (
      await t.post(`${R}/listOwnRisks`, { processId, searchParameters: "FISCALIZACAO AUS" }, planner)
    ).json();
    expect(found.risks.map((r: { id: string }) => r.id)).toContain(low.id);
    expect(found.risks.every((r: { description: string }) => /fiscaliza/i.test(r.description))).toBe(true);
    // The pregoeiro of the same body shares the catalogue.
    const shared = (await t.post(`${R}/listOwnRisks`, { processId, limit: 100 }, auctioneer)).json();
    expect(shared.risks.map((r: { id: string }) => r.id)).toContain(created.id);

    const events = await eventsOf(processId);
    expect(events.map((e) => e.eventType)).toEqual([
      "PROCESS_CREATED",
      "RISK_CREATED",
      "RISK_EDITED",
      "RISK_CREATED",
    ]);
    expect(events.every((e) => e.actorUserId && e.occurredAt instanceof Date)).toBe(true);
  });

  it("refuses a risk with missing fields, naming each (§5: every field required)", async () => {
    const processId = await newProcess();
    const res = await t.post(`${R}/saveRisk`, { processId, description: " ", probability: "OFTEN" }, planner);
    expect(res.statusCode).toBe(400);
    const props = res.json().properties.map((p: { property: string }) => p.property);
    for (const field of ["description", "cause", "phase", "allocation", "probability", "impact", "disclose"])
      expect(props).toContain(field);
    const long = await t.post(`${R}/saveRisk`, { ...baseRisk, processId, cause: "x".repeat(5001) }, planner);
    expect(long.json().properties).toEqual([
      { property: "cause", errorMessages: ["No máximo 5000 caracteres"] },
    ]);
    expect(await eventsOf(processId)).toHaveLength(1);
  });

  it("deletes softly: the risk leaves the list and this process's selection", async () => {
    const processId = await newProcess();
    const risk = await addRisk(processId);
    await t.post(`${R}/save`, { process: { id: processId }, risks: [{ risk: { id: risk.id } }] }, planner);
    expect((await read(processId)).risks).toHaveLength(1);
    const res = await t.post(`${R}/deleteRisk`, { riskId: risk.id, processId }, planner);
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(processId)).risks).toHaveLength(0);
    const [row] = await t.db.select().from(risks).where(eq(risks.id, risk.id));
    expect(row?.isDeleted).toBe(true);
    const list = (await t.post(`${R}/listOwnRisks`, { processId, limit: 100 }, planner)).json();
    expect(list.risks.map((r: { id: string }) => r.id)).not.toContain(risk.id);
    // Editing or selecting a deleted risk: not found.
    expect((await t.post(`${R}/saveRisk`, { ...baseRisk, id: risk.id, processId }, planner)).statusCode).toBe(
      404,
    );
    const select = await t.post(
      `${R}/save`,
      { process: { id: processId }, risks: [{ risk: { id: risk.id } }] },
      planner,
    );
    expect(select.statusCode).toBe(400);
    expect((await eventsOf(processId)).map((e) => e.eventType).at(-1)).toBe("RISK_DELETED");
  });
});

describe("the matrix (§7 save: options, selection, responsibles, documents, justification)", () => {
  it("walks the wizard: number, selection, responsibles, attachments; panel and history follow", async () => {
    const processId = await newProcess();
    const blank = await read(processId);
    expect(blank).toMatchObject({
      id: null,
      canDispenseRisk: false,
      risks: [],
      documents: [],
      editable: true,
      risksEditable: true,
    });
    expect(blank.panel).toMatchObject({ quantity: 0, processLevel: null });
    expect(blank.staff.map((s: { id: string }) => s.id)).toContain(DEMO_IDS.staffPlanning);
    expect(blank.staff.map((s: { id: string }) => s.id)).not.toContain(DEMO_IDS.staffOther);

    let res = await t.post(
      `${R}/save`,
      { process: { id: processId }, number: "MR 3/2026", canDispenseRisk: false },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ number: "MR 3/2026", canDispenseRisk: false });

    const critical = await addRisk(processId, { probability: "VERY_HIGH", impact: "CATASTROPHIC" }); // 25
    const low = await addRisk(processId, { probability: "LOW", impact: "SMALL" }); // 4
    const moderate = await addRisk(processId, { probability: "POSSIBLE", impact: "MODERATE" }); // 9
    res = await t.post(
      `${R}/save`,
      { process: { id: processId }, risks: [critical, low, moderate].map((r) => ({ risk: { id: r.id } })) },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const matrix = res.json();
    expect(matrix.risks).toHaveLength(3);
    expect(matrix.panel).toMatchObject({ quantity: 3, sum: 38, median: 9, processLevel: "RISK_HIGH" });
    expect(matrix.panel.heatMap[0].cells[4]).toMatchObject({ count: 1, level: "RISK_CRITICAL" });
    expect(matrix.revisionHistory.map((r: { level: string }) => r.level)).toEqual([
      "RISK_LOW",
      "RISK_MODERATE",
      "RISK_CRITICAL",
    ]);
    expect((await riskStepSummary(t.db, processId)).status).toBe("IN_PROGRESS");

    // Responsibles: the body's staff only.
    const selections = matrix.risks.map((s: { id: string }) => s.id) as string[];
    const foreign = await t.post(
      `${R}/save`,
      {
        process: { id: processId },
        risks: [{ id: selections[0], responsible: [{ id: DEMO_IDS.staffOther }] }],
      },
      planner,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().properties).toEqual([
      { property: "responsible", errorMessages: [FOREIGN_RESPONSIBLE_MESSAGE] },
    ]);
    res = await t.post(
      `${R}/save`,
      {
        process: { id: processId },
        risks: selections.map((id) => ({
          id,
          responsible: [{ id: DEMO_IDS.staffPlanning }, { id: DEMO_IDS.staffAuctioneer }],
        })),
      },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().risks.every((s: { responsible: unknown[] }) => s.responsible.length === 2)).toBe(true);
    const summary = await riskStepSummary(t.db, processId);
    expect(summary.status).toBe("COMPLETED");
    expect(summary.updatedDate).toBeInstanceOf(Date);

    // Re-selecting keeps the people of the risks that stay.
    res = await t.post(
      `${R}/save`,
      { process: { id: processId }, risks: [{ id: selections[0], risk: { id: critical.id } }] },
      planner,
    );
    expect(res.json().risks).toHaveLength(1);
    expect(res.json().risks[0].responsible).toHaveLength(2);

    // Attachments: a file of the caller, then the whole list replaced; 'Ver anexo' for a colleague.
    const up = await postMultipart(t, "/api/upload", planner, {}, { name: "parecer.pdf", bytes: PDF_BYTES });
    expect(up.statusCode, up.body).toBe(200);
    res = await t.post(
      `${R}/save`,
      { process: { id: processId }, documents: [{ description: "Parecer técnico", fileId: up.json().id }] },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [doc] = res.json().documents;
    expect(doc).toMatchObject({ description: "Parecer técnico", name: "parecer.pdf", kind: "OTHER" });
    const view = await get(doc.url, auctioneer);
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get(doc.url, otherBody)).statusCode).toBe(404);

    const events = (await eventsOf(processId)).filter((e) => e.eventType === "RISK_MANAGEMENT_SAVED");
    expect(events.map((e) => (e.payload as { part: string }).part)).toEqual([
      "OPTIONS",
      "SELECTION",
      "RESPONSIBLES",
      "SELECTION",
      "DOCUMENTS",
    ]);
  });

  it("never attaches another user's file, and writes nothing when refused", async () => {
    const processId = await newProcess();
    const theirs = await postMultipart(
      t,
      "/api/upload",
      otherBody,
      {},
      { name: "alheio.pdf", bytes: PDF_BYTES },
    );
    expect(theirs.statusCode).toBe(200);
    const mine = await postMultipart(t, "/api/upload", planner, {}, { name: "meu.pdf", bytes: PDF_BYTES });
    const res = await t.post(
      `${R}/save`,
      {
        process: { id: processId },
        documents: [
          { description: "Meu", fileId: mine.json().id },
          { description: "Alheio", fileId: theirs.json().id },
        ],
      },
      planner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().properties).toEqual([
      { property: "documents", errorMessages: [RISK_FILE_NOT_ALLOWED_MESSAGE] },
    ]);
    // Not even the matrix row of a first save is left behind.
    expect(
      await t.db.select().from(riskManagements).where(eq(riskManagements.processId, processId)),
    ).toHaveLength(0);
    expect(await eventsOf(processId)).toHaveLength(1);
    // A colleague's file of the same body is accepted.
    const colleague = await postMultipart(
      t,
      "/api/upload",
      auctioneer,
      {},
      { name: "colega.pdf", bytes: PDF_BYTES },
    );
    const ok = await t.post(
      `${R}/save`,
      { process: { id: processId }, documents: [{ description: "Do colega", fileId: colleague.json().id }] },
      planner,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("dispenses with a justification (§4: only the justification step)", async () => {
    const processId = await newProcess();
    expect(
      (await t.post(`${R}/save`, { process: { id: processId }, canDispenseRisk: true }, planner)).statusCode,
    ).toBe(200);
    expect((await riskStepSummary(t.db, processId)).status).toBe("IN_PROGRESS");
    const empty = await t.post(`${R}/save`, { process: { id: processId }, justification: "  " }, planner);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().properties).toEqual([
      { property: "justification", errorMessages: ["Campo obrigatório"] },
    ]);
    const res = await t.post(
      `${R}/save`,
      { process: { id: processId }, justification: "Aquisição de pequeno valor, sem riscos relevantes." },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      canDispenseRisk: true,
      justification: expect.stringContaining("pequeno valor"),
    });
    expect((await riskStepSummary(t.db, processId)).status).toBe("COMPLETED");
    const pdf = await get(`${R}/pdf/${processId}`, planner);
    expect(pdfText(pdf.rawPayload)).toContain("Aquisição de pequeno valor");
  });

  it("refuses an unknown selection row for responsibles and a foreign risk in the selection", async () => {
    const processId = await newProcess();
    const otherProcess = await newProcess(otherBody);
    const theirs = await addRisk(otherProcess, {}, otherBody);
    const res = await t.post(
      `${R}/save`,
      { process: { id: processId }, risks: [{ risk: { id: theirs.id } }] },
      planner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RISK_NOT_FOUND_MESSAGE);
    const people = await t.post(
      `${R}/save`,
      {
        process: { id: processId },
        risks: [{ id: theirs.id, responsible: [{ id: DEMO_IDS.staffPlanning }] }],
      },
      planner,
    );
    expect(people.statusCode).toBe(400);
    expect(people.json().properties[0].property).toBe("risks");
    // Editing or deleting another body's risk: 404, and it is untouched.
    expect(
      (await t.post(`${R}/saveRisk`, { ...baseRisk, id: theirs.id, processId }, planner)).statusCode,
    ).toBe(404);
    expect((await t.post(`${R}/deleteRisk`, { riskId: theirs.id, processId }, planner)).statusCode).toBe(404);
    const [row] = await t.db.select().from(risks).where(eq(risks.id, theirs.id));
    expect(row).toMatchObject({ isDeleted: false, description: baseRisk.description });
  });
});

describe("the risk map PDF (§2.7 'Painel')", () => {
  it("is a document of the body with the process, the heat-map counts, the figures and the risks with people", async () => {
    const processId = await newProcess();
    const number = (await t.post("/api/app/process/read", { id: processId }, planner)).json().processNumber;
    const a = await addRisk(processId, {
      description: "Sobrepreço na proposta",
      probability: "VERY_HIGH",
      impact: "CATASTROPHIC",
    });
    const b = await addRisk(processId, {
      description: "Atraso na entrega",
      probability: "VERY_HIGH",
      impact: "CATASTROPHIC",
    });
    const c = await addRisk(processId, {
      description: "Item fora da especificação",
      probability: "LOW",
      impact: "SMALL",
    });
    const saved = await t.post(
      `${R}/save`,
      { process: { id: processId }, risks: [a, b, c].map((r) => ({ risk: { id: r.id } })) },
      planner,
    );
    const selection = saved.json().risks[0].id;
    await t.post(
      `${R}/save`,
      {
        process: { id: processId },
        risks: [{ id: selection, responsible: [{ id: DEMO_IDS.staffPlanning }] }],
      },
      planner,
    );
    const res = await get(`${R}/pdf/${processId}`, planner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const slug = number.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename*=UTF-8''matriz-de-riscos-${slug}.pdf`,
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Prefeitura Municipal de Exemplo");
    expect(text).toContain(number);
    expect(text).toContain("MAPA DE RISCOS");
    expect(text).toContain("InsignificantePequenoModeradoGrandeCatastrófico");
    // The grid's counts, row by row from very high probability: two in the catastrophic corner, one low.
    expect(text).toContain("Muito alta00002");
    expect(text).toContain("Baixa01000");
    expect(text).toContain("Crítico (20 a 25)");
    expect(text).toContain("Sobrepreço na proposta");
    expect(text).toContain("Item fora da especificação");
    expect(text).toContain("Quantidade de Risco");
    // Sum 25 + 25 + 4 = 54, median 25, mean 18 → Crítico.
    expect(text).toContain("54");
    expect(text).toMatch(/Crítico \(média 18\)/);
    const planning = await t.post("/api/app/riskManagement/read", { process: { id: processId } }, planner);
    const person = planning.json().risks[0].responsible[0].name as string;
    expect(text).toContain(person);
    // Another body: 404 and nothing read.
    const foreign = await get(`${R}/pdf/${processId}`, otherBody);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
    expect((await get(`${R}/pdf/not-an-id`, planner)).statusCode).toBe(404);
  });
});

describe("who may change what (§4 editability; issue 15 item 7)", () => {
  it("hides a body's matrix from another body, as if it did not exist", async () => {
    const processId = await newProcess();
    const risk = await addRisk(processId);
    for (const [path, body] of [
      ["read", { process: { id: processId } }],
      ["save", { process: { id: processId }, canDispenseRisk: true }],
      ["listOwnRisks", { processId }],
      ["saveRisk", { ...baseRisk, processId }],
      ["deleteRisk", { riskId: risk.id, processId }],
    ] as const) {
      const res = await t.post(`${R}/${path}`, body, otherBody);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
    }
    const theirs = await newProcess(otherBody);
    const list = (await t.post(`${R}/listOwnRisks`, { processId: theirs, limit: 100 }, otherBody)).json();
    expect(list.risks.map((r: { id: string }) => r.id)).not.toContain(risk.id);
  });

  it("refuses support staff alone, suppliers and visitors", async () => {
    const processId = await newProcess();
    expect((await t.post(`${R}/read`, { process: { id: processId } }, support)).statusCode).toBe(403);
    expect((await t.post(`${R}/read`, { process: { id: processId } }, supplier)).statusCode).toBe(403);
    expect((await t.post(`${R}/read`, { process: { id: processId } })).statusCode).toBe(401);
    expect((await get(`${R}/pdf/${processId}`)).statusCode).toBe(401);
  });

  it("refuses every change on a deleted process, and risk changes on a published one", async () => {
    const processId = await newProcess();
    const risk = await addRisk(processId);
    await t.post(`${R}/save`, { process: { id: processId }, risks: [{ risk: { id: risk.id } }] }, planner);
    expect((await t.post("/api/app/process/delete", { id: processId }, planner)).statusCode).toBe(200);
    for (const [path, body] of [
      ["save", { process: { id: processId }, number: "X" }],
      ["saveRisk", { ...baseRisk, processId }],
      ["deleteRisk", { riskId: risk.id, processId }],
    ] as const)
      expect((await t.post(`${R}/${path}`, body, planner)).statusCode, path).toBe(409);
    const deleted = await read(processId);
    expect(deleted).toMatchObject({ editable: false, risksEditable: false });
    expect(deleted.risks).toHaveLength(1);

    const published = await newProcess();
    const kept = await addRisk(published);
    await t.db.update(processes).set({ status: "PROCESS_PUBLISHED" }).where(eq(processes.id, published));
    const refused = await t.post(`${R}/saveRisk`, { ...baseRisk, processId: published }, planner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROCESS_NOT_PENDING_MESSAGE);
    expect(
      (await t.post(`${R}/save`, { process: { id: published }, risks: [{ risk: { id: kept.id } }] }, planner))
        .statusCode,
    ).toBe(409);
    expect(
      (await t.post(`${R}/deleteRisk`, { riskId: kept.id, processId: published }, planner)).statusCode,
    ).toBe(409);
    // The number and the attachments are not risks: they still save.
    expect(
      (await t.post(`${R}/save`, { process: { id: published }, number: "MR 9" }, planner)).statusCode,
    ).toBe(200);
    const selected = await t.db
      .select()
      .from(riskManagementRisks)
      .where(and(eq(riskManagementRisks.riskId, kept.id)));
    expect(selected).toHaveLength(0);
    // §4 restricts only the risks: the rest of a published matrix stays editable.
    expect(await read(published)).toMatchObject({ editable: true, risksEditable: false });
  });
});

describe("a risk shared by several processes' matrices (§4: a published or deleted matrix is frozen)", () => {
  const select = (processId: string, riskIds: string[]) =>
    t.post(
      `${R}/save`,
      { process: { id: processId }, risks: riskIds.map((id) => ({ risk: { id } })) },
      planner,
    );
  const riskRow = async (id: string) => (await t.db.select().from(risks).where(eq(risks.id, id)))[0];
  const selectedIn = (riskId: string) =>
    t.db.select().from(riskManagementRisks).where(eq(riskManagementRisks.riskId, riskId));

  it("refuses editing a risk selected in a published or a deleted process's matrix, changing nothing", async () => {
    const published = await newProcess();
    const risk = await addRisk(published, { description: "Risco de processo publicado" });
    expect((await select(published, [risk.id])).statusCode).toBe(200);
    await t.db.update(processes).set({ status: "PROCESS_PUBLISHED" }).where(eq(processes.id, published));
    const pending = await newProcess();
    const before = (await eventsOf(pending)).length;
    const res = await t.post(
      `${R}/saveRisk`,
      { ...baseRisk, id: risk.id, processId: pending, description: "Alterado", impact: "CATASTROPHIC" },
      planner,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(RISK_LOCKED_MESSAGE);
    expect(await riskRow(risk.id)).toMatchObject({
      description: "Risco de processo publicado",
      impact: "BIG",
    });
    expect(await eventsOf(pending)).toHaveLength(before);
    expect((await read(published)).risks[0].risk).toMatchObject({
      description: "Risco de processo publicado",
    });

    // A deleted process's matrix is frozen too (even while its status is still pending).
    const deleted = await newProcess();
    const other = await addRisk(deleted, { description: "Risco de processo excluído" });
    expect((await select(deleted, [other.id])).statusCode).toBe(200);
    expect((await t.post("/api/app/process/delete", { id: deleted }, planner)).statusCode).toBe(200);
    const refused = await t.post(
      `${R}/saveRisk`,
      { ...baseRisk, id: other.id, processId: pending, description: "Alterado" },
      planner,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RISK_LOCKED_MESSAGE);
    expect((await riskRow(other.id))?.description).toBe("Risco de processo excluído");
  });

  it("still edits a risk selected only in pending matrices, which all follow the edit", async () => {
    const a = await newProcess();
    const b = await newProcess();
    const risk = await addRisk(a);
    expect((await select(a, [risk.id])).statusCode).toBe(200);
    expect((await select(b, [risk.id])).statusCode).toBe(200);
    const res = await t.post(
      `${R}/saveRisk`,
      { ...baseRisk, id: risk.id, processId: b, probability: "VERY_LOW", impact: "SMALL" },
      planner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(a)).risks[0].risk.level).toBe("RISK_LOW");
  });

  it("refuses deleting a risk another process selected, until it is unticked there", async () => {
    const mine = await newProcess();
    const theirs = await newProcess();
    const risk = await addRisk(mine);
    expect((await select(mine, [risk.id])).statusCode).toBe(200);
    expect((await select(theirs, [risk.id])).statusCode).toBe(200);
    const before = (await eventsOf(mine)).length;
    const res = await t.post(`${R}/deleteRisk`, { riskId: risk.id, processId: mine }, planner);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(RISK_SELECTED_ELSEWHERE_MESSAGE);
    // Nothing half-written: the risk lives, both selections stay, no event.
    expect((await riskRow(risk.id))?.isDeleted).toBe(false);
    expect(await selectedIn(risk.id)).toHaveLength(2);
    expect(await eventsOf(mine)).toHaveLength(before);

    // Unticked there (the other risk keeps that matrix non-empty), the delete goes through…
    const keep = await addRisk(theirs);
    expect((await select(theirs, [keep.id])).statusCode).toBe(200);
    const ok = await t.post(`${R}/deleteRisk`, { riskId: risk.id, processId: mine }, planner);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await selectedIn(risk.id)).toHaveLength(0);
    // …and every later save of the other process still works.
    expect((await select(theirs, [keep.id])).statusCode).toBe(200);

    // Selected in a published matrix: frozen, with its own message.
    const published = await newProcess();
    const frozen = await addRisk(published);
    expect((await select(published, [frozen.id])).statusCode).toBe(200);
    await t.db.update(processes).set({ status: "PROCESS_PUBLISHED" }).where(eq(processes.id, published));
    const locked = await t.post(`${R}/deleteRisk`, { riskId: frozen.id, processId: mine }, planner);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(RISK_LOCKED_MESSAGE);
    expect((await riskRow(frozen.id))?.isDeleted).toBe(false);
  });

  it("locks the chosen risks while selecting them: a delete in flight is waited for, never left selected", async () => {
    const processId = await newProcess();
    const risk = await addRisk(processId);
    let pending: Promise<{ statusCode: number; body: string }> | undefined;
    // A delete in flight: the risk row locked FOR UPDATE, its soft delete not yet committed.
    await t.db.transaction(async (tx) => {
      await tx.select().from(risks).where(eq(risks.id, risk.id)).for("update");
      pending = select(processId, [risk.id]);
      // The selection must wait on the row lock (a plain count would read the risk as live and go on).
      for (let i = 0; ; i++) {
        const { rows } = await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%for share%'`,
        );
        if ((rows[0]?.n ?? 0) > 0) break;
        if (i > 200) throw new Error("the selection did not wait for the risk's lock");
        await new Promise((r) => setTimeout(r, 10));
      }
      await tx.update(risks).set({ isDeleted: true }).where(eq(risks.id, risk.id));
    });
    const res = await (pending as NonNullable<typeof pending>);
    expect(res.statusCode, res.body).toBe(400);
    expect(await selectedIn(risk.id)).toHaveLength(0);
  });
});

describe("the demo matrix (issue 15 item 8)", () => {
  it("fills a process with six risks in four levels, each with a responsible, and loads twice unchanged", async () => {
    const processId = await newProcess();
    const load = () =>
      t.db.transaction((tx) =>
        insertDemoRiskMatrix(
          tx,
          {
            buyer: DEMO_IDS.buyer,
            process: processId,
            staff: [DEMO_IDS.staffPlanning, DEMO_IDS.staffAuctioneer],
          },
          new Date(),
        ),
      );
    // Loaded for "PA 21/2026" by the demo (demo-planning.ts)…
    const demo = await read(DEMO_PLANNING_IDS.process);
    expect(demo.risks.map((s: { risk: { id: string } }) => s.risk.id).sort()).toEqual(
      [...DEMO_RISK_MATRIX_IDS.risks].sort(),
    );
    // …and, its fixed matrix id freed, onto a process of our own.
    await t.db.delete(riskManagements).where(eq(riskManagements.id, DEMO_RISK_MATRIX_IDS.riskManagement));
    await load();
    await load();
    const matrix = await read(processId);
    expect(matrix.risks).toHaveLength(6);
    expect(new Set(matrix.risks.map((s: { risk: { level: string } }) => s.risk.level))).toEqual(
      new Set(["RISK_LOW", "RISK_MODERATE", "RISK_HIGH", "RISK_CRITICAL"]),
    );
    expect(matrix.risks.every((s: { responsible: unknown[] }) => s.responsible.length === 1)).toBe(true);
    expect(matrix.panel).toMatchObject({ quantity: 6, sum: 58, processLevel: "RISK_HIGH" });
    expect((await riskStepSummary(t.db, processId)).status).toBe("COMPLETED");
  });
});
