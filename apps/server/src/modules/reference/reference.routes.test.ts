import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login("pregoeiro@demo.gov.br");
});
afterAll(() => t.close());

describe("reference lists (notices-and-accounts §7)", () => {
  it("lists legislation, filtered by the law text", async () => {
    const all = (await t.post("/api/app/legislation/list", {}, token)).json().legislations;
    expect(all.map((l: { name: string }) => l.name)).toContain("Lei nº 14.133/2021");
    const some = (await t.post("/api/app/legislation/list", { law: "14.133" }, token)).json().legislations;
    expect(some).toHaveLength(1);
    expect(some[0]).toMatchObject({ id: expect.any(Number), name: "Lei nº 14.133/2021" });
  });

  it("offers the law clauses of a modality (dispensa: Lei 14.133 art. 75)", async () => {
    const res = await t.post("/api/app/lawClause/list", { modality: "ELECTRONIC_DISPENSER" }, token);
    const names = res.json().lawsClauses.map((c: { name: string }) => c.name);
    expect(names.some((n: string) => n.startsWith("Art. 75, I "))).toBe(true);
    expect(names.some((n: string) => n.startsWith("Art. 28"))).toBe(false);
  });

  it("narrows law clauses by legislation and sub-modality", async () => {
    const legislations = (await t.post("/api/app/legislation/list", { law: "14.133" }, token)).json()
      .legislations;
    const fluid = await t.post(
      "/api/app/lawClause/getLawsClauses",
      { modality: "DIRECT_ACCREDITATION", legislationId: legislations[0].id, subModality: "FLUID_MARKETS" },
      token,
    );
    const other = await t.post(
      "/api/app/lawClause/getLawsClauses",
      { modality: "DIRECT_ACCREDITATION", legislationId: legislations[0].id, subModality: "HIRING_SERVICES" },
      token,
    );
    expect(fluid.json().length).toBeGreaterThan(0);
    expect(other.json().length).toBeGreaterThan(0);
    const fluidIds = new Set(fluid.json().map((c: { id: number }) => c.id));
    expect(other.json().some((c: { id: number }) => fluidIds.has(c.id))).toBe(false);
  });

  it("lists measurement units and the 27 states", async () => {
    const units = (await t.post("/api/app/measurementUnit/list", undefined, token)).json().measurementUnits;
    expect(units).toContainEqual({ code: "UN", description: "Unidade" });
    const states = (await t.post("/api/public/state/list")).json().states;
    expect(states).toHaveLength(27);
    expect(states).toContainEqual(expect.objectContaining({ code: "DF" }));
  });

  it("refuses an unknown modality with the properties shape", async () => {
    const res = await t.post("/api/app/lawClause/list", { modality: "X" }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().properties[0].property).toBe("modality");
  });
});
