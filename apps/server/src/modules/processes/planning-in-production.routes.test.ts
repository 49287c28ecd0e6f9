import { PLANNING_HIDDEN_MESSAGE, PLANNING_NOT_ALLOWED_MESSAGE } from "@certame/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePncp, startFakePncp } from "../../../test/fake-pncp";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { HttpPncpPortal } from "../../integrations/pncp/pncp-client";

// planning §2.1: 'Create full process' (/cadastrar/processos) is hidden on the production host. Issue 35
// item 8: behind PLANNING_IN_PRODUCTION, on by default (docs/decisions.md "Planning in production"); when
// off, the server refuses the planning routes too, and the standalone price search stays.

const PRODUCTION = { APP_ENV: "production", PAYMENT_WEBHOOK_SECRET: "segredo-de-teste-do-webhook" };

let fake: FakePncp;
/** Production with the default: planning shown. */
let shown: TestApp;
/** Production with PLANNING_IN_PRODUCTION=off, on the same database. */
let hidden: TestApp;

beforeAll(async () => {
  fake = await startFakePncp();
  const pncpPortal = new HttpPncpPortal(fake.baseUrl, { backoffMs: 1 });
  shown = await createTestApp({ env: PRODUCTION, pncpPortal });
  hidden = await createTestApp({
    sameDatabaseAs: shown,
    env: { ...PRODUCTION, PLANNING_IN_PRODUCTION: "off" },
    pncpPortal,
  });
});
afterAll(async () => {
  await hidden.close();
  await shown.close();
  await fake.close();
});

const settings = async (t: TestApp) =>
  (await t.app.inject({ method: "GET", url: "/api/public/settings" })).json();

describe("PLANNING_IN_PRODUCTION", () => {
  it("by default lets a body plan in production, and says so to the menu", async () => {
    expect(await settings(shown)).toMatchObject({ environment: "production", planningInProduction: true });
    const planner = await shown.login("planejamento@demo.gov.br");
    const list = await shown.post("/api/app/process/list", { page: 1 }, planner);
    expect(list.statusCode, list.body).toBe(200);
  });

  it("off: the menu hides planning and the server refuses its routes with a clear message", async () => {
    expect(await settings(hidden)).toMatchObject({ environment: "production", planningInProduction: false });
    const planner = await hidden.login("planejamento@demo.gov.br");
    // A process made while planning was shown (same database).
    const made = await shown.post(
      "/api/app/process/create",
      { processNumber: "PROD 1/2026" },
      await shown.login("planejamento@demo.gov.br"),
    );
    expect(made.statusCode, made.body).toBe(200);
    const processId = made.json().id as string;
    for (const [url, body] of [
      ["/api/app/process/list", { page: 1 }],
      ["/api/app/process/create", { processNumber: "PROD 2/2026" }],
      ["/api/app/process/read", { id: processId }],
      ["/api/app/budget/read/batches", { processId }],
      ["/api/app/demandFormalization/read", { process: { id: processId } }],
      ["/api/app/report/priceSearch", { processId }],
    ] as const) {
      const res = await hidden.post(url, body, planner);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: PLANNING_HIDDEN_MESSAGE });
    }
    // Nothing was written by the refused create.
    const list = await shown.post(
      "/api/app/process/list",
      { searchParameters: "PROD 2/2026" },
      await shown.login("planejamento@demo.gov.br"),
    );
    expect(list.json().processes).toEqual([]);
  });

  it("off: the standalone price search and its report stay open", async () => {
    const planner = await hidden.login("planejamento@demo.gov.br");
    const search = await hidden.post(
      "/api/app/pncp/search",
      { modalities: [6], states: ["Selecionar Todos"], objectOfInterest: "", page: 1, limitPerPage: 5 },
      planner,
    );
    expect(search.statusCode, search.body).toBe(200);
    const report = await hidden.post(
      "/api/app/report/priceSearch",
      {
        priceSearchExternalData: [
          {
            supplier: {
              documentNumber: "11222333000181",
              corporateName: "Fornecedor Teste Ltda",
              credentialKind: "LEGAL_PERSON",
              isSmallBusiness: false,
            },
            price: 10,
          },
        ],
      },
      planner,
    );
    expect(report.statusCode, report.body).toBe(200);
  });

  it("off: who may not plan keeps the gate's own answer", async () => {
    const supportStaff = await hidden.login("apoio@demo.gov.br");
    const res = await hidden.post("/api/app/process/list", { page: 1 }, supportStaff);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PLANNING_NOT_ALLOWED_MESSAGE });
    const anonymous = await hidden.app.inject({ method: "POST", url: "/api/app/process/list", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
