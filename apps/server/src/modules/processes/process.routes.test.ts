import {
  PLANNING_NOT_ALLOWED_MESSAGE,
  PROCESS_DELETE_NOT_ALLOWED_MESSAGE,
  PROCESS_NOT_FOUND_MESSAGE,
  PROCESS_NUMBER_TAKEN_MESSAGE,
  processSteps,
} from "@certame/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { processEvents } from "../../db/schema";
import { DEMO_PLANNING_IDS } from "../../demo/demo-planning";

// planning §2.2 ('Novo processo', 'Processos criados'), §2.3 (administration), §4 "Process status and
// row actions", "Process step order", §5 "Create process", §7 "Processes", §8 "Processes"; issue 15
// items 1 and 7 (the body's planners only; every save logged with who and when).

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

const unique = () => `PA ${Math.floor(Math.random() * 1e9)}/2026`;

async function create(processNumber: string, token = planner) {
  const res = await t.post("/api/app/process/create", { processNumber }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

describe("creating, reading and renaming a process", () => {
  it("creates by number, dated today, with the thirteen steps in the spec's order", async () => {
    const number = unique();
    const id = await create(number);
    const read = (await t.post("/api/app/process/read", { id }, planner)).json();
    expect(read).toMatchObject({ processNumber: number, status: "PROCESS_PENDING", isDeleted: false });
    expect(read.processDate).toBe(
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date()),
    );
    expect(read.steps.map((s: { kind: string }) => s.kind)).toEqual(processSteps());
    expect(read.steps[0]).toMatchObject({
      label: "Documento de Formalização de Demanda",
      slug: "formalizacao-de-demanda",
    });
    expect(read.actions).toEqual(["EDIT", "DELETE"]);
  });

  it("refuses an empty number and one the body already uses, whatever its case", async () => {
    const empty = await t.post("/api/app/process/create", { processNumber: "   " }, planner);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().properties).toEqual([
      { property: "processNumber", errorMessages: ["Campo obrigatório"] },
    ]);
    const number = unique();
    await create(number);
    const again = await t.post(
      "/api/app/process/create",
      { processNumber: number.toLowerCase() },
      auctioneer,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PROCESS_NUMBER_TAKEN_MESSAGE);
    // Another body may use the same number.
    expect((await t.post("/api/app/process/create", { processNumber: number }, otherBody)).statusCode).toBe(
      200,
    );
  });

  it("lets one of two simultaneous creations of a number win", async () => {
    const number = unique();
    const answers = await Promise.all(
      [1, 2].map(() => t.post("/api/app/process/create", { processNumber: number }, planner)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it("renames inline and logs every save with who and when", async () => {
    const id = await create(unique());
    const renamed = unique();
    const res = await t.post("/api/app/process/edit", { id, processNumber: renamed }, planner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().processNumber).toBe(renamed);
    const events = await t.db.select().from(processEvents).where(eq(processEvents.processId, id));
    expect(events.map((e) => e.eventType)).toEqual(["PROCESS_CREATED", "PROCESS_NUMBER_CHANGED"]);
    expect(events[1]?.payload).toMatchObject({ to: renamed });
    expect(events.every((e) => e.actorUserId && e.occurredAt instanceof Date)).toBe(true);
    // The log is append-only at the database itself.
    await expect(
      t.db.execute(sql`UPDATE process_events SET event_type = 'X' WHERE process_id = ${id}`),
    ).rejects.toThrow();
  });
});

describe("deleting and recovering (§4 row actions)", () => {
  it("deletes a pending process, recovers it with 'Desfazer', and refuses what is out of turn", async () => {
    const id = await create(unique());
    expect((await t.post("/api/app/process/delete", { id }, planner)).statusCode).toBe(200);
    let read = (await t.post("/api/app/process/read", { id }, planner)).json();
    expect(read).toMatchObject({ isDeleted: true, actions: ["UNDO"] });
    const twice = await t.post("/api/app/process/delete", { id }, planner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PROCESS_DELETE_NOT_ALLOWED_MESSAGE);
    expect((await t.post("/api/app/process/edit", { id, processNumber: unique() }, planner)).statusCode).toBe(
      409,
    );
    expect((await t.post("/api/app/process/undo", { id }, planner)).statusCode).toBe(200);
    read = (await t.post("/api/app/process/read", { id }, planner)).json();
    expect(read).toMatchObject({ isDeleted: false, actions: ["EDIT", "DELETE"] });
    expect((await t.post("/api/app/process/undo", { id }, planner)).statusCode).toBe(409);
  });
});

describe("the list ('Processos criados')", () => {
  it("shows the body's processes with their requesting areas, sorted both ways, searched and paged", async () => {
    const list = (
      await t.post(
        "/api/app/process/list",
        { orderByColumn: "processNumber", sortOrder: "ASC", limit: 100 },
        planner,
      )
    ).json();
    const demo = list.processes.find((p: { id: string }) => p.id === DEMO_PLANNING_IDS.process);
    expect(demo.secretaries.map((s: { name: string }) => s.name).length).toBe(2);
    const deleted = list.processes.find((p: { id: string }) => p.id === DEMO_PLANNING_IDS.deletedProcess);
    expect(deleted).toMatchObject({ isDeleted: true, actions: ["UNDO"] });
    const numbers = list.processes.map((p: { processNumber: string }) => p.processNumber.toLowerCase());
    expect(numbers).toEqual(
      [...numbers].sort((a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" })),
    );
    const desc = (
      await t.post(
        "/api/app/process/list",
        { orderByColumn: "processNumber", sortOrder: "DESC", limit: 100 },
        planner,
      )
    ).json();
    expect(desc.processes[0].processNumber).toBe(list.processes.at(-1).processNumber);
    const page = (await t.post("/api/app/process/list", { limit: 2, page: 1 }, planner)).json();
    expect(page.processes).toHaveLength(2);
    expect(page.total).toBe(list.total);
    expect(page.limitResult).toBe(2);
    const found = (await t.post("/api/app/process/list", { searchParameters: "21/2026" }, planner)).json();
    expect(found.processes.map((p: { id: string }) => p.id)).toContain(DEMO_PLANNING_IDS.process);
    expect(found.processes.every((p: { processNumber: string }) => p.processNumber.includes("21/2026"))).toBe(
      true,
    );
    const bad = await t.post("/api/app/process/list", { orderByColumn: "senha" }, planner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().properties[0].property).toBe("orderByColumn");
  });
});

describe("who may plan (issue 15 item 7)", () => {
  it("hides a body's processes from another body, as if they did not exist", async () => {
    const id = DEMO_PLANNING_IDS.process;
    for (const path of ["read", "delete", "undo"]) {
      const res = await t.post(`/api/app/process/${path}`, { id }, otherBody);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PROCESS_NOT_FOUND_MESSAGE);
    }
    expect((await t.post("/api/app/process/edit", { id, processNumber: "X" }, otherBody)).statusCode).toBe(
      404,
    );
    const theirs = (await t.post("/api/app/process/list", { limit: 100 }, otherBody)).json();
    expect(theirs.processes.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it("refuses support staff alone, suppliers and visitors", async () => {
    const bySupport = await t.post("/api/app/process/list", {}, support);
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().message).toBe(PLANNING_NOT_ALLOWED_MESSAGE);
    expect((await t.post("/api/app/process/create", { processNumber: unique() }, supplier)).statusCode).toBe(
      403,
    );
    expect((await t.post("/api/app/process/list", {})).statusCode).toBe(401);
  });
});

describe("the responsible people a planner may name (§7 app/process/listResponsible)", () => {
  it("lists the body's staff a page at a time, and nobody of another body", async () => {
    const all = (await t.post("/api/app/process/listResponsible", {}, planner)).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const page2 = (await t.post("/api/app/process/listResponsible", { page: 2, limit: 1 }, planner)).json();
    expect(page2.responsible).toHaveLength(1);
    expect(page2.responsible[0].id).toBe(all.responsible[1].id);
    const other = (await t.post("/api/app/process/listResponsible", {}, otherBody)).json();
    const ours = new Set(all.responsible.map((r: { id: string }) => r.id));
    expect(other.responsible.some((r: { id: string }) => ours.has(r.id))).toBe(false);
    expect((await t.post("/api/app/process/listResponsible", {}, support)).statusCode).toBe(403);
  });
});
