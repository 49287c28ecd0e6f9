import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PLANNING_NOT_ALLOWED_MESSAGE } from "@certame/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../../../test/database-fingerprint";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { buyerStaff, users } from "../../db/schema";
import { DEMO_IDS, DEMO_PASSWORD } from "../../demo/demo-data";
import { hashPassword } from "./password";
import { accessOf, ROUTE_ACCESS, type RouteAccess } from "./route-access";

/**
 * Issue 11: every route against one table of who may call what. The app itself refuses to build
 * with a route that has no row (so a new route fails every test until it gets one); this walks the
 * registered routes with each kind of caller and checks the gate answers as the row says, that a
 * refused call writes nothing, and that another body's staff cannot act on this body's records.
 */

type Caller = "none" | "citizen" | "supplier" | "otherBody" | "restricted" | "auctioneer" | "admin";
interface Principal {
  name: string;
  caller: Caller;
  token?: string;
}

/** Who passes each gate (route-access.ts); the rest get 401 (no session) or 403. */
const PASSES: Record<RouteAccess, readonly Caller[]> = {
  public: ["none", "citizen", "supplier", "otherBody", "restricted", "auctioneer", "admin"],
  test: ["none", "citizen", "supplier", "otherBody", "restricted", "auctioneer", "admin"],
  session: ["citizen", "supplier", "otherBody", "restricted", "auctioneer", "admin"],
  buyer: ["otherBody", "restricted", "auctioneer"],
  editor: ["otherBody", "auctioneer"],
  supplier: ["supplier"],
  staff: ["admin"],
  planning: ["otherBody", "restricted", "auctioneer"],
};

const GATE_MESSAGES = [
  "Ação disponível apenas para órgãos compradores.",
  "Seu perfil de acesso não permite criar ou alterar processos.",
  "Ação disponível apenas para fornecedores.",
  "Ação disponível apenas para a equipe da plataforma.",
  PLANNING_NOT_ALLOWED_MESSAGE,
];

/**
 * buyer/editor routes that act on the caller's own body whatever ids the body names (creating a
 * notice, its own catalogue and bidder lists): another body's staff legitimately gets a 2xx there.
 */
const OWN_BODY_SCOPE = new Set([
  "POST /api/app/auction/create",
  "POST /api/app/auction/documentClass/list",
  "POST /api/app/auction/documentClass/create",
  "POST /api/app/product/create",
  "POST /api/app/product/list",
  "POST /api/app/product/similar",
  "POST /api/app/product/getProductTemplate",
  "POST /api/app/supplier/list",
  "POST /api/app/supplier/create",
  "POST /api/app/auction/preQualification/list",
  "POST /api/app/process/create",
  "POST /api/app/process/list",
  // The body's own publications to the PNCP and its outbox (pncp-publication.test: another body's are not listed).
  "POST /api/app/auction/pncp/list",
  "POST /api/app/auction/pncp/outbox",
  "POST /api/app/auction/minuteAndContractControlReport",
]);

/** A walk makes hundreds of calls: seconds alone, more on a loaded CI machine; never a hang. */
const WALK_TIMEOUT_MS = 180_000;

const RESTRICTED_ROLES = ["PLANNING_TEAM", "BUDGET_TEAM", "SECRETARY_MEMBER", "REQUESTS_TEAM"] as const;

let t: TestApp;
let principals: Principal[];
let body: Record<string, unknown>;

function call(method: string, url: string, token?: string): Promise<LightMyRequestResponse> {
  const concrete = url.replace(/:id\b/g, DEMO_IDS.noticeRoom).replace(/\/\*$/, "/editais");
  return t.app.inject({
    method: method as "GET" | "POST",
    url: method === "GET" ? `${concrete}?id=${DEMO_IDS.noticeRoom}` : concrete,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === "GET" ? {} : { payload: body }),
  });
}

beforeAll(async () => {
  const web = await mkdtemp(path.join(os.tmpdir(), "certame-web-"));
  await writeFile(path.join(web, "index.html"), "<!doctype html><title>Certame</title>");
  t = await createTestApp({ testClock: true, webDistDir: web });
  // One staff account per restricted profile of the demo body (the demo has only PLANNING_TEAM).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const role of RESTRICTED_ROLES.slice(1)) {
    const email = `${role.toLowerCase()}@walk.test`;
    const [user] = await t.db
      .insert(users)
      // Confirmed e-mail: an unconfirmed account cannot log in (issue 13).
      .values({ email, name: role, kind: "BUYER", passwordHash, emailConfirmedAt: new Date() })
      .returning({ id: users.id });
    await t.db
      .insert(buyerStaff)
      .values({ buyerId: DEMO_IDS.buyer, userId: user?.id as string, roles: [role] });
  }
  principals = [
    { name: "no session", caller: "none" },
    { name: "citizen", caller: "citizen", token: await t.login("cidadao@demo.com.br") },
    { name: "supplier", caller: "supplier", token: await t.login("fornecedor1@demo.com.br") },
    { name: "platform staff", caller: "admin", token: await t.login("admin@certame.local") },
    { name: "other body's buyer", caller: "otherBody", token: await t.login("compras@vilanova.demo.gov.br") },
    { name: "PLANNING_TEAM", caller: "restricted", token: await t.login("planejamento@demo.gov.br") },
    ...(await Promise.all(
      RESTRICTED_ROLES.slice(1).map(async (role) => ({
        name: role,
        caller: "restricted" as const,
        token: await t.login(`${role.toLowerCase()}@walk.test`),
      })),
    )),
  ];
  const lot = await t.db.execute<{ id: string }>(
    sql`select id from auction_batches where auction_notice_id = ${DEMO_IDS.noticeRoom} limit 1`,
  );
  const product = await t.db.execute<{ id: string }>(
    sql`select id from products where buyer_id = ${DEMO_IDS.buyer} limit 1`,
  );
  const batchId = lot.rows[0]?.id;
  // One body naming the demo body's records under every name the routes read them by.
  body = {
    id: DEMO_IDS.noticeRoom,
    auctionNoticeId: DEMO_IDS.noticeRoom,
    noticeId: DEMO_IDS.noticeRoom,
    batchId,
    batchIds: [batchId],
    bidIds: [],
    status: "CANCELED",
    productsData: [{ id: product.rows[0]?.id, name: "x", technicalDescription: "x" }],
  };
});
afterAll(() => t.close());

describe("the route table (issue 11)", () => {
  it("has a row for every registered route and no row for a route that does not exist", () => {
    const registered = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(registered.size).toBeGreaterThan(90);
    for (const key of registered) expect(ROUTE_ACCESS[key], key).toBeDefined();
    for (const key of Object.keys(ROUTE_ACCESS)) expect(registered.has(key), key).toBe(true);
  });

  it("refuses to build an app whose route has no row, or an app/ route marked public", () => {
    expect(() => accessOf("POST", "/api/app/novidade/semLinha")).toThrow(/sem linha/);
    expect(() => accessOf("DELETE", "/api/app/auction/read")).toThrow(/sem linha/);
    expect(accessOf("HEAD", "/api/health")).toBe("public");
  });

  it(
    "refuses every caller the row leaves out (401 without a session, 403 otherwise) and writes nothing",
    async () => {
      const before = await databaseFingerprint(t.db);
      const wrong: string[] = [];
      let refused = 0;
      for (const route of t.app.routeTable) {
        for (const p of principals) {
          if (PASSES[route.access].includes(p.caller)) continue;
          refused++;
          const res = await call(route.method, route.url, p.token);
          const expected = p.caller === "none" ? 401 : 403;
          if (res.statusCode !== expected)
            wrong.push(
              `${route.method} ${route.url} as ${p.name}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
      expect(refused).toBeGreaterThan(300);
      expect(await databaseFingerprint(t.db)).toBe(before);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "lets every caller the row names past the gate, and never answers 5xx",
    async () => {
      const wrong: string[] = [];
      for (const route of t.app.routeTable) {
        for (const p of principals) {
          if (!PASSES[route.access].includes(p.caller)) continue;
          // Logging out would end the session the rest of the walk uses (auth.routes.test covers it).
          if (route.url === "/api/app/auth/logout") continue;
          const res = await call(route.method, route.url, p.token);
          const key = `${route.method} ${route.url} as ${p.name}: ${res.statusCode} ${res.body.slice(0, 120)}`;
          if (res.statusCode >= 500) wrong.push(`5xx ${key}`);
          const gateMessage = res.statusCode === 403 && GATE_MESSAGES.includes(res.json().message);
          if (res.statusCode === 401 || (gateMessage && route.access !== "session"))
            wrong.push(`refused ${key}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "another body's staff cannot act on this body's records",
    async () => {
      const other = principals.find((p) => p.caller === "otherBody")?.token;
      const accepted: string[] = [];
      for (const route of t.app.routeTable) {
        if (route.access !== "buyer" && route.access !== "editor") continue;
        if (OWN_BODY_SCOPE.has(`${route.method} ${route.url}`)) continue;
        const res = await call(route.method, route.url, other);
        if (res.statusCode < 300) accepted.push(`${route.method} ${route.url}: ${res.statusCode}`);
      }
      expect(accepted).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
