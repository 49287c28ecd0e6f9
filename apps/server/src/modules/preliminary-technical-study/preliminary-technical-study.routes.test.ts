import {
  ETP_DISPENSED_STEP_MESSAGE,
  ETP_FOREIGN_FILE_MESSAGE,
  ETP_SELECT_RESPONSIBLE_MESSAGE,
  ETP_SELECT_SECRETARY_MESSAGE,
  ETP_SUB_MODALITY_NOT_ALLOWED_MESSAGE,
  FOREIGN_RESPONSIBLE_MESSAGE,
  FOREIGN_SECRETARY_MESSAGE,
  PLANNING_NOT_ALLOWED_MESSAGE,
  PROCESS_EDIT_NOT_ALLOWED_MESSAGE,
  PROCESS_NOT_FOUND_MESSAGE,
} from "@certame/domain";
import { and, asc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDF_BYTES, postMultipart } from "../../../test/notice-helpers";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp } from "../../../test/test-app";
import {
  buyerSecretaryOffices,
  buyerStaff,
  preliminaryTechnicalStudies,
  processEvents,
  processes,
} from "../../db/schema";
import { DEMO_PLANNING_IDS } from "../../demo/demo-planning";
import { listProcesses } from "../processes/process.repository";
import { etpStepSummary } from "./preliminary-technical-study.service";

// planning §2.6 (the ETP wizard), §3 "Preliminary technical study", §4 "ETP dispensation" and
// "Modality → allowed sub-modalities (ETP)", §5 "Preliminary technical study", §7
// app/preliminaryTechnicalStudy/*; issue 15 items 4 and 6–8 (the body's planners only, every save
// logged, the ETP as a PDF of the body).

let t: TestApp;
let planner: string;
let otherBody: string;
let support: string;
let supplier: string;
let buyerId: string;
let offices: string[];
let staff: string[];
let foreignOffice: string;
let foreignStaff: string;

beforeAll(async () => {
  t = await createTestApp();
  [planner, otherBody, support, supplier] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("apoio@demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
  const [demo] = await t.db.select().from(processes).where(eq(processes.id, DEMO_PLANNING_IDS.process));
  buyerId = demo?.buyerId as string;
  offices = (
    await t.db
      .select({ id: buyerSecretaryOffices.id })
      .from(buyerSecretaryOffices)
      .where(eq(buyerSecretaryOffices.buyerId, buyerId))
      .orderBy(asc(buyerSecretaryOffices.name))
  ).map((r) => r.id);
  staff = (
    await t.db.select({ id: buyerStaff.id }).from(buyerStaff).where(eq(buyerStaff.buyerId, buyerId))
  ).map((r) => r.id);
  const [otherOffice] = await t.db
    .select({ id: buyerSecretaryOffices.id })
    .from(buyerSecretaryOffices)
    .where(ne(buyerSecretaryOffices.buyerId, buyerId))
    .limit(1);
  const [otherStaff] = await t.db
    .select({ id: buyerStaff.id })
    .from(buyerStaff)
    .where(ne(buyerStaff.buyerId, buyerId))
    .limit(1);
  foreignOffice = otherOffice?.id ?? "00000000-0000-4000-8000-999999999991";
  foreignStaff = otherStaff?.id ?? "00000000-0000-4000-8000-999999999992";
});
afterAll(() => t.close());

const unique = () => `ETP ${Math.floor(Math.random() * 1e9)}/2026`;

async function newProcess(processNumber = unique()) {
  const res = await t.post("/api/app/process/create", { processNumber }, planner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const description = {
  step: "DESCRIPTION",
  number: "ETP 12/2026",
  isRejectedFromTheProcess: false,
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "HIRING_SERVICES",
  serviceKind: "SERVICE_WITHOUT_LABOR",
  description: "Contratação de serviços de limpeza predial para as unidades de saúde.",
};

const TEXTS: Record<string, [string, string]> = {
  DESCRIPTION_HIRING_REQUIREMENTS: ["descriptionHiringRequirements", "Equipe com treinamento em NR-32."],
  MARKET_RESEARCH: ["marketResearch", "Três orçamentos e duas atas de registro de preços."],
  SOLUTION_DESCRIPTION: ["solutionDescription", "Limpeza diária com fornecimento de materiais."],
  QUANTITY_ESTIMATES: ["quantityEstimates", "12.000 m² de área interna."],
  ESTIMATE_CONTRACT_VALUE: ["estimateContractValue", "R$ 480.000,00 por ano."],
  JUSTIFICATION: ["justification", "Lote único: serviço indivisível."],
  HIRING: ["hiring", "Nenhuma contratação correlata."],
  CONTRACTING_AND_PLANNING_ALIGNMENT: ["contractingAndPlanningAlignment", "Prevista no PCA 2026, item 14."],
  INTENDED_RESULTS: ["intendedResults", "Ambientes higienizados conforme a ANVISA."],
  MEASURES_TO_TAKE: ["measuresToTake", "Designar fiscal do contrato."],
  ENVIRONMENTAL_IMPACTS: ["environmentalImpacts", "Descarte de resíduos conforme a PNRS."],
};

const save = (processId: string, body: Record<string, unknown>, token = planner) =>
  t.post(
    "/api/app/preliminaryTechnicalStudy/save",
    { ...body, process: { id: processId, ...((body.process as object) ?? {}) } },
    token,
  );
const read = (processId: string, token = planner) =>
  t.post("/api/app/preliminaryTechnicalStudy/read", { process: { id: processId } }, token);
const eventsOf = (processId: string) =>
  t.db
    .select()
    .from(processEvents)
    .where(and(eq(processEvents.processId, processId), eq(processEvents.eventType, "ETP_SAVED")))
    .orderBy(asc(processEvents.id));

async function upload(token: string, name = "pesquisa.pdf") {
  const res = await postMultipart(
    t,
    "/api/upload",
    token,
    {},
    { name, bytes: PDF_BYTES, type: "application/pdf" },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

describe("filling the ETP step by step (§2.6, §7)", () => {
  it("reads null fields before the first save, with the process's people", async () => {
    const id = await newProcess();
    const res = await read(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: null,
      number: null,
      isRejectedFromTheProcess: null,
      modality: null,
      feasibilityJustification: null,
      documents: [],
      status: "PENDING",
      process: { id, secretaries: [], responsible: [] },
    });
    expect(await etpStepSummary(t.db, id)).toEqual({ status: "PENDING", updatedDate: null });
  });

  it("saves every step, logs each save with the step and the fields it changed, and completes", async () => {
    const id = await newProcess();
    let res = await save(id, description);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ number: "ETP 12/2026", status: "IN_PROGRESS" });
    res = await save(id, { step: "SECRETARIES", process: { secretaries: [{ id: offices[0] }] } });
    expect(res.statusCode, res.body).toBe(200);
    for (const [step, [field, text]] of Object.entries(TEXTS)) {
      res = await save(id, { step, [field]: text });
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }
    res = await save(id, {
      step: "FEASIBILITY_DESCRIPTION",
      vulnerabilityStatementKind: "PARTIALLY_VIABLE",
      feasibilityJustification: "Viável desde que o orçamento seja suplementado.",
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await save(id, { step: "RESPONSIBLES", process: { responsible: [{ id: staff[0] }] } });
    expect(res.statusCode, res.body).toBe(200);
    const fileId = await upload(planner);
    res = await save(id, { step: "DOCUMENTS", documents: [{ fileId, description: "Pesquisa de mercado" }] });
    expect(res.statusCode, res.body).toBe(200);

    const study = (await read(id)).json();
    expect(study).toMatchObject({
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      subModality: "HIRING_SERVICES",
      serviceKind: "SERVICE_WITHOUT_LABOR",
      quantityEstimates: "12.000 m² de área interna.",
      vulnerabilityStatementKind: "PARTIALLY_VIABLE",
      status: "COMPLETED",
      documents: [{ fileId, name: "pesquisa.pdf", description: "Pesquisa de mercado" }],
      process: { secretaries: [{ id: offices[0] }], responsible: [{ id: staff[0] }] },
    });
    expect(await etpStepSummary(t.db, id)).toMatchObject({ status: "COMPLETED" });

    const events = await eventsOf(id);
    expect(events).toHaveLength(2 + Object.keys(TEXTS).length + 3);
    expect(events[0]?.payload).toMatchObject({
      step: "DESCRIPTION",
      created: true,
      fields: ["number", "isRejectedFromTheProcess", "description", "modality", "subModality", "serviceKind"],
    });
    expect(events[1]?.payload).toMatchObject({ step: "SECRETARIES", fields: ["secretaries"] });
    expect(events.at(-1)?.payload).toMatchObject({ step: "DOCUMENTS", fields: ["documents"] });
    expect(events.every((e) => e.actorUserId && e.occurredAt instanceof Date)).toBe(true);

    // The body's other planners download the attachment through the ETP.
    const doc = await t.app.inject({
      method: "GET",
      url: study.documents[0].url,
      headers: { authorization: `Bearer ${planner}` },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // A save that changes nothing is still logged, with no fields.
    await save(id, { step: "HIRING", hiring: "Nenhuma contratação correlata." });
    expect((await eventsOf(id)).at(-1)?.payload).toMatchObject({ step: "HIRING", fields: [] });

    // The list's 'Modalidade' column reads the ETP's modality, and sorts by it (NULLs first when DESC).
    const answer = await t.post(
      "/api/app/process/list",
      { orderByColumn: "modality", sortOrder: "ASC", limit: 100 },
      planner,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const { rows } = await listProcesses(t.db, buyerId, {
      page: 1,
      limit: 100,
      orderByColumn: "modality",
      sortOrder: "ASC",
    });
    expect(rows.find((r) => r.id === id)?.modality).toBe("NEW_ELECTRONIC_REVERSED_AUCTION");
    const modalities = rows.map((r) => r.modality).filter((m): m is string => m !== null);
    expect(modalities).toEqual([...modalities].sort());
  });

  it("dispenses the study from the description step, keeping the other texts, and refuses the others", async () => {
    const id = await newProcess();
    await save(id, { step: "QUANTITY_ESTIMATES", quantityEstimates: "100 unidades" });
    const res = await save(id, {
      ...description,
      isRejectedFromTheProcess: true,
      modality: "ELECTRONIC_DISPENSER",
      subModality: "GOODS_ACQUISITION",
      serviceKind: null,
      description: null,
      exemptionJustification: "Contratação de pequeno valor (art. 75, II).",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      isRejectedFromTheProcess: true,
      serviceKind: null,
      quantityEstimates: "100 unidades",
      status: "COMPLETED",
    });
    const other = await save(id, { step: "JUSTIFICATION", justification: "x" });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(ETP_DISPENSED_STEP_MESSAGE);

    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/app/preliminaryTechnicalStudy/pdf/${id}`,
      headers: { authorization: `Bearer ${planner}` },
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("DISPENSA DO ESTUDO TÉCNICO PRELIMINAR");
    expect(text).toContain("Contratação de pequeno valor (art. 75, II).");
    expect(text).not.toContain("Levantamento de Mercado");

    // Back to 'Não': the need description is asked again and the justification is dropped.
    const back = await save(id, { ...description, isRejectedFromTheProcess: false });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ exemptionJustification: null, status: "IN_PROGRESS" });
  });
});

describe("validation (§5)", () => {
  it("names each missing field with 'Campo obrigatório', and writes nothing", async () => {
    const id = await newProcess();
    const res = await save(id, { step: "DESCRIPTION", number: " ", isRejectedFromTheProcess: false });
    expect(res.statusCode).toBe(400);
    const properties = Object.fromEntries(
      res
        .json()
        .properties.map((p: { property: string; errorMessages: string[] }) => [
          p.property,
          p.errorMessages[0],
        ]),
    );
    expect(properties).toEqual({
      number: "Campo obrigatório",
      modality: "Campo obrigatório",
      subModality: "Campo obrigatório",
      description: "Campo obrigatório",
    });
    const text = await save(id, { step: "JUSTIFICATION", justification: "x".repeat(5001) });
    expect(text.statusCode).toBe(400);
    expect(text.json().properties[0].property).toBe("justification");
    const rows = await t.db
      .select()
      .from(preliminaryTechnicalStudies)
      .where(eq(preliminaryTechnicalStudies.processId, id));
    expect(rows).toHaveLength(0);
    expect(await eventsOf(id)).toHaveLength(0);
  });

  it("checks the sub-modality against the modality and the service kind against the sub-modality", async () => {
    const id = await newProcess();
    const wrong = await save(id, { ...description, modality: "ELECTRONIC_AUCTION" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().properties).toContainEqual({
      property: "subModality",
      errorMessages: [ETP_SUB_MODALITY_NOT_ALLOWED_MESSAGE],
    });
    const noKind = await save(id, { ...description, serviceKind: null });
    expect(noKind.json().properties).toEqual([
      { property: "serviceKind", errorMessages: ["Campo obrigatório"] },
    ]);
    const unknown = await save(id, { ...description, step: "SENHA" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().properties[0].property).toBe("step");
  });

  it("refuses forged or another body's people and files, before anything is written", async () => {
    const id = await newProcess();
    await save(id, { step: "SECRETARIES", process: { secretaries: [{ id: offices[0] }] } });
    const office = await save(id, {
      step: "SECRETARIES",
      process: { secretaries: [{ id: offices[1] }, { id: foreignOffice }] },
    });
    expect(office.statusCode).toBe(400);
    expect(office.json().properties).toEqual([
      { property: "secretaries", errorMessages: [FOREIGN_SECRETARY_MESSAGE] },
    ]);
    const person = await save(id, { step: "RESPONSIBLES", process: { responsible: [{ id: foreignStaff }] } });
    expect(person.json().properties).toEqual([
      { property: "responsible", errorMessages: [FOREIGN_RESPONSIBLE_MESSAGE] },
    ]);
    const forged = await save(id, {
      step: "RESPONSIBLES",
      process: { responsible: [{ id: "00000000-0000-4000-8000-000000000777" }] },
    });
    expect(forged.statusCode).toBe(400);
    const theirs = await upload(supplier, "alheio.pdf");
    const file = await save(id, { step: "DOCUMENTS", documents: [{ fileId: theirs }] });
    expect(file.statusCode).toBe(400);
    expect(file.json().properties).toEqual([
      { property: "documents.0.fileId", errorMessages: [ETP_FOREIGN_FILE_MESSAGE] },
    ]);
    const study = (await read(id)).json();
    expect(study.process.secretaries.map((s: { id: string }) => s.id)).toEqual([offices[0]]);
    expect(study.documents).toEqual([]);
    expect(await eventsOf(id)).toHaveLength(1);
  });
});

describe("the process's people keep at least one row (§5)", () => {
  it("refuses an empty list on any step naming the field, and writes nothing", async () => {
    const id = await newProcess();
    await save(id, { step: "SECRETARIES", process: { secretaries: [{ id: offices[0] }] } });
    await save(id, { step: "RESPONSIBLES", process: { responsible: [{ id: staff[0] }] } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ step: "SECRETARIES", process: { secretaries: [] } }, "secretaries", ETP_SELECT_SECRETARY_MESSAGE],
      [{ step: "RESPONSIBLES", process: { responsible: [] } }, "responsible", ETP_SELECT_RESPONSIBLE_MESSAGE],
      [
        { step: "HIRING", hiring: "vazio", process: { secretaries: [] } },
        "secretaries",
        ETP_SELECT_SECRETARY_MESSAGE,
      ],
      [
        { ...description, number: "ETP 99/2026", process: { responsible: [] } },
        "responsible",
        ETP_SELECT_RESPONSIBLE_MESSAGE,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(id, body);
      expect(res.statusCode, `${body.step}: ${res.body}`).toBe(400);
      expect(res.json().properties).toEqual([{ property: `process.${field}`, errorMessages: [message] }]);
    }
    const study = (await read(id)).json();
    expect(study).toMatchObject({ hiring: null, number: null });
    expect(study.process.secretaries.map((s: { id: string }) => s.id)).toEqual([offices[0]]);
    expect(study.process.responsible.map((r: { id: string }) => r.id)).toEqual([staff[0]]);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it("checks the people and files under the process's lock: a deleted process answers 409 first", async () => {
    const id = await newProcess();
    await save(id, description);
    expect((await t.post("/api/app/process/delete", { id }, planner)).statusCode).toBe(200);
    const theirs = await upload(supplier, "alheio.pdf");
    for (const body of [
      { step: "SECRETARIES", process: { secretaries: [{ id: foreignOffice }] } },
      { step: "DOCUMENTS", documents: [{ fileId: theirs }] },
    ]) {
      const res = await save(id, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(PROCESS_EDIT_NOT_ALLOWED_MESSAGE);
    }
    expect(await eventsOf(id)).toHaveLength(1);
  });
});

describe("who may read and save (issue 15 item 7)", () => {
  it("hides the ETP from another body as if the process did not exist", async () => {
    const id = await newProcess();
    await save(id, description);
    const reading = await read(id, otherBody);
    expect(reading.statusCode).toBe(404);
    expect(reading.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
    expect(JSON.stringify(reading.json())).not.toContain("limpeza");
    const saving = await save(id, { step: "HIRING", hiring: "alheio" }, otherBody);
    expect(saving.statusCode).toBe(404);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/app/preliminaryTechnicalStudy/pdf/${id}`,
      headers: { authorization: `Bearer ${otherBody}` },
    });
    expect(pdf.statusCode).toBe(404);
    expect((await read(id)).json().hiring).toBeNull();
  });

  it("refuses support staff and suppliers", async () => {
    const id = DEMO_PLANNING_IDS.process;
    const bySupport = await read(id, support);
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().message).toBe(PLANNING_NOT_ALLOWED_MESSAGE);
    expect((await read(id, supplier)).statusCode).toBe(403);
  });

  it("reads a deleted process's ETP but refuses to save it", async () => {
    const id = await newProcess();
    await save(id, description);
    expect((await t.post("/api/app/process/delete", { id }, planner)).statusCode).toBe(200);
    expect((await read(id)).statusCode).toBe(200);
    const res = await save(id, { step: "HIRING", hiring: "depois de excluído" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROCESS_EDIT_NOT_ALLOWED_MESSAGE);
    expect(await eventsOf(id)).toHaveLength(1);
  });
});

describe("the ETP as a PDF (issue 15 item 8)", () => {
  it("is the body's document with the process, the ETP number, each sub-step's text, the people and the statement", async () => {
    const processNumber = `PA ${Math.floor(Math.random() * 1e6)}/2026`;
    const id = await newProcess(processNumber);
    await save(id, description);
    await save(id, { step: "SECRETARIES", process: { secretaries: [{ id: offices[0] }] } });
    await save(id, { step: "MARKET_RESEARCH", marketResearch: "Três orçamentos colhidos em março." });
    await save(id, {
      step: "FEASIBILITY_DESCRIPTION",
      vulnerabilityStatementKind: "VIABLE",
      feasibilityJustification: "Há orçamento e demanda.",
    });
    await save(id, { step: "RESPONSIBLES", process: { responsible: [{ id: staff[0] }] } });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/app/preliminaryTechnicalStudy/pdf/${id}`,
      headers: { authorization: `Bearer ${planner}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const slug = processNumber.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect(res.headers["content-disposition"]).toContain(`etp-${slug}.pdf`);
    const text = pdfText(res.rawPayload);
    const study = (await read(id)).json();
    expect(text).toContain("Estudo Técnico Preliminar");
    expect(text).toContain("Prefeitura Municipal de Exemplo");
    expect(text).toContain(processNumber);
    expect(text).toContain("ETP 12/2026");
    expect(text).toContain("Levantamento de Mercado");
    expect(text).toContain("Três orçamentos colhidos em março.");
    expect(text).toContain("Contratação de serviços de limpeza predial");
    expect(text).toContain(study.process.secretaries[0].name);
    expect(text).toContain(study.process.responsible[0].name);
    expect(text).toContain("Esta equipe de planejamento declara viável esta contratação");
  });

  it("answers 404 for an unknown or malformed process id", async () => {
    for (const processId of ["nope", "00000000-0000-4000-8000-000000000999"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/app/preliminaryTechnicalStudy/pdf/${processId}`,
        headers: { authorization: `Bearer ${planner}` },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
