import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../../test/database-fingerprint";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { RegisteredRoute } from "../modules/auth/route-access";
import { LONE_SURROGATE_MESSAGE, NUL_CHARACTER_MESSAGE } from "./input-guard";

/**
 * Issue 11: every registered route, sent the bodies a careless or hostile client sends. Each answer
 * is a 4xx in the error shape (or the route's normal answer when it reads no input at all), never a
 * 5xx and never a hang, and nothing is written. The walk reads the app's own route table, so a new
 * route is walked without being listed here.
 */

/** Names of the fields the routes read, so that each bad value reaches a schema or a query. */
const FIELDS = [
  "id",
  "auctionNoticeId",
  "noticeId",
  "batchId",
  "bidId",
  "bidIds",
  "chatChannel",
  "login",
  "password",
  "text",
  "name",
  "className",
  "searchParameters",
  "noticeNumber",
  "status",
  "startDate",
  "endDate",
  "lastAuctionNoticeCreatedDate",
  "lastChatMessageDate",
  "publicationDate",
  "startDateTime",
  "at",
  "advanceMs",
  "cnpj",
  "documentNumber",
  "documents",
  "productsData",
  "winners",
  "modalities",
  "states",
  "objectOfInterest",
  "purchaseYear",
  "purchaseSequence",
  "itemNumber",
  "limitPerPage",
  "processId",
  "demandFormalizationBatchId",
  "priceMethod",
  "excluded",
  "exclusionJustification",
  "columnOrder",
  "price",
  // The price search report of a basket (issue 35 item 4).
  "priceSearchData",
  "priceSearchExternalData",
  // Clarifications and challenges (issue 19).
  "kind",
  "answer",
  "decision",
  "suspendNotice",
  "fileId",
  // Direct procedures' appeals (issue 19 item 2).
  "proposalId",
  "reasoning",
  // The direct procedures' forum (issue 19 item 2).
  "parentId",
  "page",
  // Signatures of a process's documents (issue 35 item 3): the version read ("kind", "password" above).
  "documentSha256",
];

const each = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const DATE_FIELDS = FIELDS.filter((f) => /Date|^at$/.test(f));
const dates = (value: string) => Object.fromEntries(DATE_FIELDS.map((f) => [f, value]));
const MEGA = "x".repeat(1024 * 1024);
const NUL = "Lote\u0000 1";

/** A whole form whose text field holds U+0000 beside a small PDF. */
const NUL_FORM = {
  headers: { "content-type": "multipart/form-data; boundary=----certame" },
  payload:
    '------certame\r\nContent-Disposition: form-data; name="auctionNoticeId"\r\n\r\nabc\u0000\r\n' +
    '------certame\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n' +
    "Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n------certame--\r\n",
};

/** Bad bodies, each as a request: what was sent, and the injection options. */
const BAD_BODIES: [string, Partial<InjectOptions>][] = [
  ["no body", {}],
  ["an empty JSON body", { headers: { "content-type": "application/json" }, payload: "" }],
  ["malformed JSON", { headers: { "content-type": "application/json" }, payload: '{"id": "a",' }],
  ["a JSON array", { payload: [1, 2, 3] }],
  ["a JSON string", { headers: { "content-type": "application/json" }, payload: '"texto"' }],
  ["numbers for every field", { payload: each(12345) }],
  ["booleans for every field", { payload: each(true) }],
  ["objects for every field", { payload: each({ nested: { deeper: [null] } }) }],
  ["a 1 MB string", { payload: { text: MEGA, name: MEGA.slice(0, 100_000), login: MEGA.slice(0, 100_000) } }],
  ["U+0000 in every field", { payload: each(NUL) }],
  ["U+0000 in a key", { payload: { "id\u0000": "x" } }],
  ["an impossible day", { payload: dates("2026-02-31") }],
  ["an impossible day and time", { payload: dates("9999-99-99T99:99:99Z") }],
  ["a day and time past its month's end", { payload: dates("2026-02-31T10:00:00-03:00") }],
  ["text/plain", { headers: { "content-type": "text/plain" }, payload: "id=1" }],
  ["multipart without a boundary", { headers: { "content-type": "multipart/form-data" }, payload: "x" }],
  [
    "a truncated multipart",
    {
      headers: { "content-type": "multipart/form-data; boundary=----certame" },
      payload:
        '------certame\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n' +
        "Content-Type: application/pdf\r\n\r\n%PDF-1.4 truncated",
    },
  ],
  ["U+0000 in a form field", NUL_FORM],
];

/** Far beyond any answer here (they take milliseconds); only a request that never settles gets there. */
const HANG_MS = 10_000;
const hang = () => new Promise<"hang">((resolve) => setTimeout(() => resolve("hang"), HANG_MS).unref());

let t: TestApp;
let auctioneer: string;
let supplier: string;
let admin: string;

/** Who calls a route: its own audience, so the body (not the gate) decides the answer. */
const callersOf = (route: RegisteredRoute): (string | undefined)[] =>
  route.access === "supplier"
    ? [supplier]
    : route.access === "session"
      ? [auctioneer, supplier]
      : route.access === "public" || route.access === "test"
        ? [undefined]
        : route.access === "staff"
          ? [admin]
          : [auctioneer];

/** Routes walked: logging out would end the walk's own session (auth.routes.test covers it). */
const walked = () => t.app.routeTable.filter((r) => r.url !== "/api/app/auth/logout");

function send(route: RegisteredRoute, token: string | undefined, options: Partial<InjectOptions>) {
  const url = route.url
    .replace(/:id\b/g, "00000000-0000-0000-0000-00000000zzzz")
    .replace(/\/\*$/, "/editais");
  const headers = { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (route.method === "GET")
    return t.app.inject({
      method: "GET",
      url: `${url}?id=%00&documents=2026-02-31&batchId=${MEGA.slice(0, 5000)}`,
      headers,
    });
  return t.app.inject({ method: "POST", url, ...options, headers });
}

beforeAll(async () => {
  const web = await mkdtemp(path.join(os.tmpdir(), "certame-web-"));
  await writeFile(path.join(web, "index.html"), "<!doctype html><title>Certame</title>");
  t = await createTestApp({ testClock: true, webDistDir: web });
  auctioneer = await t.login("pregoeiro@demo.gov.br");
  supplier = await t.login("fornecedor1@demo.com.br");
  admin = await t.login("admin@certame.local");
});
afterAll(() => t.close());

describe("bad input on every route (issue 11)", () => {
  it("answers 4xx (or ignores input the route does not read), never 5xx, and writes nothing", async () => {
    const before = await databaseFingerprint(t.db);
    const wrong: string[] = [];
    let calls = 0;
    for (const route of walked()) {
      for (const token of callersOf(route)) {
        // A route that reads no input answers an empty object as it answers anything else.
        const plain = await send(route, token, { payload: {} });
        const bodies = route.method === "GET" ? BAD_BODIES.slice(0, 1) : BAD_BODIES;
        for (const [what, options] of bodies) {
          calls++;
          const res = await Promise.race([send(route, token, options), hang()]);
          if (res === "hang") {
            wrong.push(`no answer in ${HANG_MS} ms: ${route.method} ${route.url} with ${what}`);
            continue;
          }
          const key = `${route.method} ${route.url} with ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode >= 500) wrong.push(key);
          else if (res.statusCode < 400 && plain.statusCode >= 400) wrong.push(`accepted: ${key}`);
          else if (res.statusCode >= 400 && !res.headers["content-type"]?.toString().includes("json"))
            wrong.push(`not JSON: ${key}`);
          else if (res.statusCode >= 400 && typeof res.json().message !== "string")
            wrong.push(`no message: ${key}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
    expect(await databaseFingerprint(t.db)).toBe(before);
  }, 240_000);

  it("names the field that holds U+0000, on HTTP as on the login", async () => {
    const res = await t.post("/api/public/auth/login", {
      login: "pregoeiro@demo.gov.br\u0000",
      password: "x",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().properties).toEqual([{ property: "login", errorMessages: [NUL_CHARACTER_MESSAGE] }]);
    const nested = await t.post(
      "/api/app/product/create",
      { productsData: [{ name: "Caneta", technicalDescription: "azul\u0000" }] },
      auctioneer,
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.json().properties[0].property).toBe("productsData.0.technicalDescription");
    const form = await t.app.inject({
      method: "POST",
      url: "/api/app/auctionBatch/import",
      headers: { ...NUL_FORM.headers, authorization: `Bearer ${auctioneer}` },
      payload: NUL_FORM.payload,
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().properties[0].property).toBe("auctionNoticeId");
  });

  it("names the field that holds a lone UTF-16 surrogate (PostgreSQL refuses it: 400, not 500)", async () => {
    const nested = await t.post(
      "/api/app/product/create",
      { productsData: [{ name: "Caneta", technicalDescription: "azul \ud800 sem par" }] },
      auctioneer,
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.json().properties).toEqual([
      { property: "productsData.0.technicalDescription", errorMessages: [LONE_SURROGATE_MESSAGE] },
    ]);
    // A proper pair (an emoji) is text like any other.
    const emoji = await t.post(
      "/api/app/product/create",
      { productsData: [{ name: `Caneta ${Date.now()} \ud83d\udd8a`, technicalDescription: "azul" }] },
      auctioneer,
    );
    expect(emoji.statusCode, emoji.body).toBe(200);
  });

  it("refuses a day that does not exist on the notice lists, naming the field", async () => {
    for (const startDate of ["2026-02-31", "9999-99-99", "2025-02-29"]) {
      const res = await t.post("/api/public/auction/list", { startDate });
      expect(res.statusCode, startDate).toBe(400);
      expect(res.json().properties[0].property).toBe("startDate");
    }
    expect((await t.post("/api/public/auction/list", { startDate: "2024-02-29" })).statusCode).toBe(200);
  });
});
