// A secret reference price (Lei 14.133/2021 art. 24; shouldDiscloseReferencePrice false) reaches the
// notice's own body and nobody else until it is disclosed (packages/domain reference-price.ts). This
// test calls every route the app registers and listens to the live channel as a supplier, a citizen,
// another body's buyer and a visitor without a session, and looks for the prices in every answer:
// JSON, and the text inside PDFs, spreadsheets and zips. The body's auctioneer, and everyone after
// the disclosure, must find them with the same scan — so the scan is shown to see what it looks for.

import { inflateSync } from "node:zlib";
import { CONTROL_EVENTS, LIVE_EVENTS, REPORT_EVENTS } from "@certame/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { PRODUCT } from "../../../test/notice-fixture";
import { readZip } from "../../../test/notice-helpers";
import { act, advance, ROOM, roomLots } from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionBatches, auctionNotices, noticeDocuments } from "../../db/schema";

const ACCOUNTS = {
  auctioneer: "pregoeiro@demo.gov.br",
  supplier: "fornecedor1@demo.com.br",
  citizen: "cidadao@demo.com.br",
  otherBody: "compras@vilanova.demo.gov.br",
} as const;
/** Who may not see a secret price: each account above but the auctioneer, and a visitor. */
const OUTSIDERS = ["supplier", "citizen", "otherBody", "visitor"] as const;
type Viewer = keyof typeof ACCOUNTS | "visitor";

/**
 * Distinctive prices (scaled by 10², as stored) of each row of the room's lots: lot 1 gets a second
 * item so that the item reads (re-specified values) have something to show.
 */
const PRICES: Record<string, { referencePrice: number; unitReferencePrice: number; totalAmount: number }> = {
  "1.1": { referencePrice: 9_876_543, unitReferencePrice: 432_109, totalAmount: 8_642_097 },
  "1.2": { referencePrice: 7_654_329, unitReferencePrice: 213_457, totalAmount: 6_420_973 },
  "2.1": { referencePrice: 5_678_913, unitReferencePrice: 345_671, totalAmount: 4_567_893 },
  "3.1": { referencePrice: 3_456_787, unitReferencePrice: 123_457, totalAmount: 2_345_671 },
};

/** Every way an answer may write a scaled price: 9876543, 98765.43, 98765,43, 98.765,43. */
function spellings(scaled: number): string[] {
  const units = Math.trunc(scaled / 100);
  const cents = String(scaled % 100).padStart(2, "0");
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const plain = [`${units}.${cents}`, `${units},${cents}`, `${grouped},${cents}`];
  // A number written as a number drops a trailing zero (150630.7).
  if (cents.endsWith("0")) plain.push(`${units}.${cents[0]}`);
  return [String(scaled), ...plain];
}

/** The prices, and the sums an answer may derive from them (a lot's items, the notice's total). */
const NEEDLES: string[] = (() => {
  const rows = Object.entries(PRICES);
  const sum = (keys: string[], field: keyof (typeof PRICES)[string]) =>
    keys.reduce((s, k) => s + (PRICES[k]?.[field] ?? 0), 0);
  const values = rows.flatMap(([, p]) => [p.referencePrice, p.unitReferencePrice, p.totalAmount]);
  values.push(sum(["1.1", "1.2"], "referencePrice"), sum(["1.1", "1.2"], "totalAmount"));
  values.push(
    sum(
      rows.map(([k]) => k),
      "totalAmount",
    ),
  );
  return [...new Set(values.flatMap(spellings))];
})();

/** The texts of a PDF: its bytes, its inflated streams and the strings its text operators draw. */
function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const out = [raw];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      content = raw.slice(start, end);
    }
    out.push(content);
    // pdfkit draws text as hex strings (<3938...>), split where it kerns: joined back in order.
    const hex = [...content.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) =>
      Buffer.from(h[1] as string, "hex").toString("latin1"),
    );
    const literal = [...content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((s) => s[1] as string);
    out.push(hex.join(""), literal.join(""));
  }
  return out;
}

/** Every text an answer carries: the body itself, and what is inside a PDF or a zip (xlsx, docx). */
function texts(body: Buffer): string[] {
  if (body.subarray(0, 5).toString("latin1") === "%PDF-") return pdfTexts(body);
  if (body.length > 22 && body.readUInt32LE(0) === 0x04034b50) {
    try {
      return [...readZip(body).values()].flatMap(texts);
    } catch {
      return [body.toString("latin1")];
    }
  }
  return [body.toString("utf8")];
}

/** A price as a whole number: not digits inside a longer one (a CPF, an id, a timestamp). */
const PATTERNS = NEEDLES.map((n) => ({ n, re: new RegExp(`(?<!\\d)${n.replace(/[.]/g, "\\.")}(?!\\d)`) }));

const pricesIn = (body: Buffer) => {
  const all = texts(body);
  return PATTERNS.filter(({ re }) => all.some((s) => re.test(s))).map(({ n }) => n);
};

interface Route {
  method: "GET" | "POST";
  url: string;
}

/** The app's own routes (printRoutes' tree, paths joined), so a new route is walked without a list. */
function routesOf(t: TestApp): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const m = /^(\S+) \(([^)]*)\)/.exec(line.slice(at + 4));
    if (!m) continue;
    stack.length = depth;
    stack.push(m[1] as string);
    const url = stack.join("");
    for (const method of (m[2] as string).split(", "))
      if (method === "GET" || method === "POST") out.push({ method, url });
  }
  return out;
}

interface Hit {
  route: string;
  status: number;
  prices: string[];
}

const clock = new TestClock();
let t: TestApp;
let wsUrl: string;
let routes: Route[];
let lots: Record<number, string>;
let item2: string;
let channel1: string;
const tokens: Partial<Record<Viewer, string>> = {};
const live: Partial<Record<Viewer, LiveClient>> = {};

async function login(who: Viewer) {
  if (who !== "visitor") tokens[who] = await t.login(ACCOUNTS[who]);
}

/** The ids a route may take: the notice's files (the minutes among them), its lots, its channel. */
async function ids() {
  const docs = (await t.post("/api/public/auction/documents/list", { auctionNoticeId: ROOM })).json()
    .documents as { id: string }[];
  const files = await t.db
    .select({ id: noticeDocuments.fileId })
    .from(noticeDocuments)
    .where(eq(noticeDocuments.auctionNoticeId, ROOM));
  return { documents: docs.map((d) => d.id), files: files.map((f) => f.id) };
}

/**
 * Calls every route as `who` with a body that names the notice, its lots and its files (and, where
 * the route refuses it, with `id` the lot or the chat channel), and returns the answers that carry
 * a price. `skip` leaves routes out (the auctioneer's changes, which would undo the notice).
 */
async function walk(who: Viewer, skip?: RegExp): Promise<Hit[]> {
  const { documents, files } = await ids();
  const lot1 = lots[1] as string;
  const body = {
    id: ROOM,
    auctionNoticeId: ROOM,
    noticeId: ROOM,
    batchId: lot1,
    batchesIds: Object.values(lots),
    chatChannel: channel1,
    chatChannelId: channel1,
    documents,
    hasPagination: false,
    isInitial: true,
    hasBigCompanyFilter: false,
    canApplyAutomaticBid: false,
  };
  const query = `auctionNoticeId=${ROOM}&id=${ROOM}&batchId=${lot1}&documents=${documents.join(",")}`;
  const headers = tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {};
  const hits: Hit[] = [];
  const call = async (route: Route, url: string, payload?: object) => {
    const res = await t.app.inject({ method: route.method, url, headers, ...(payload ? { payload } : {}) });
    const prices = pricesIn(res.rawPayload);
    if (prices.length) hits.push({ route: `${route.method} ${route.url}`, status: res.statusCode, prices });
    return res.statusCode;
  };
  // Logging out ends the session the other calls use: last.
  const ordered = [...routes].sort(
    (a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")),
  );
  for (const route of ordered) {
    if (skip?.test(route.url)) continue;
    if (route.url.includes(":id")) {
      for (const id of [...documents, ...files, ROOM, lot1])
        await call(route, `${route.url.replace(":id", id)}?${query}`);
      continue;
    }
    const url = `${route.url}?${query}`;
    if (route.method === "GET") {
      await call(route, url);
      continue;
    }
    const status = await call(route, url, body);
    if (status >= 400) for (const id of [lot1, item2, channel1]) await call(route, url, { ...body, id });
  }
  if (tokens[who]) await login(who);
  return hits;
}

/** Everything a live client received, frame by frame, that carries a price. */
const liveHits = (who: Viewer, from = 0) =>
  (live[who] as LiveClient).raw
    .slice(from)
    .map((frame) => ({ action: JSON.parse(frame).action as string, prices: pricesIn(Buffer.from(frame)) }))
    .filter((f) => f.prices.length > 0);

const send = (who: Viewer, event: string, data: unknown) => act(live[who] as LiveClient, event, data);

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  wsUrl = await t.listen();
  routes = routesOf(t);
  lots = await roomLots(t);
  await t.db
    .update(auctionNotices)
    .set({ shouldDiscloseReferencePrice: false, isReferencePriceDisclosed: false })
    .where(eq(auctionNotices.id, ROOM));
  const [head] = await t.db
    .select()
    .from(auctionBatches)
    .where(eq(auctionBatches.id, lots[1] as string));
  const [second] = await t.db
    .insert(auctionBatches)
    .values({
      auctionNoticeId: ROOM,
      number: 1,
      item: 2,
      productId: PRODUCT(4),
      quantity: "30",
      measurementUnitCode: head?.measurementUnitCode ?? "UN",
      phase: head?.phase ?? "CLOSED_FOR_OFFERS",
    })
    .returning();
  item2 = second?.id as string;
  for (const [key, prices] of Object.entries(PRICES)) {
    const [number, item] = key.split(".").map(Number);
    await t.db
      .update(auctionBatches)
      .set(prices)
      .where(
        and(
          eq(auctionBatches.auctionNoticeId, ROOM),
          eq(auctionBatches.number, number as number),
          eq(auctionBatches.item, item as number),
        ),
      );
  }
  for (const who of ["auctioneer", ...OUTSIDERS] as const) {
    await login(who);
    const c = await LiveClient.open(wsUrl);
    live[who] = c;
    const state = await c.register(ROOM, tokens[who]);
    if (who === "auctioneer")
      channel1 = state.auctionNotice.batches.find((b: { number: number }) => b.number === 1).chatChannel.id;
  }
});
afterAll(async () => {
  await Promise.all(Object.values(live).map((c) => c?.close()));
  await t?.close();
});

describe("a secret reference price (Lei 14.133 art. 24) in every answer, HTTP and live", () => {
  it("the app's routes are walked", () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(routes).toContainEqual({ method: "POST", url: "/api/app/auctionBatch/list" });
    expect(routes).toContainEqual({ method: "GET", url: "/api/public/auction/documents/download/zip" });
  });

  it("no live frame carries it to a supplier, a citizen, another body or a visitor while the lot moves", async () => {
    const auctioneer = live.auctioneer as LiveClient;
    const lot1 = lots[1] as string;
    await advance(auctioneer, [lot1], "PUBLIC_SESSION");
    await advance(auctioneer, [lot1], "BIDDING");
    const bidding = await (live.citizen as LiveClient).next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "BIDDING",
    );
    expect((await send("supplier", LIVE_EVENTS.placeNewBid, { batchId: lot1, value: 2000 })).ok).toBe(true);
    await (live.visitor as LiveClient).next("NEW_BID_PLACED");
    auctioneer.send(LIVE_EVENTS.newMessage, { chatChannel: channel1, text: "Lances abertos." });
    await (live.visitor as LiveClient).next("NEW_MESSAGE");
    clock.set(Date.parse(bidding.data.batches[0].biddingPhaseDueDateTime));
    await t.runDueTimers();
    await (live.citizen as LiveClient).next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
    // The minutes, filed with the notice's public documents.
    expect((await send("auctioneer", REPORT_EVENTS.recreateReports, { auctionNoticeId: ROOM })).ok).toBe(
      true,
    );
    for (const who of OUTSIDERS) await (live[who] as LiveClient).register(ROOM, tokens[who]);

    for (const who of OUTSIDERS) expect({ who, frames: liveHits(who) }).toEqual({ who, frames: [] });
    // The same frames to the body carry it: its room state lists the lots with their prices.
    expect(liveHits("auctioneer").map((f) => f.action)).toContain("REGISTERED");
  });

  it("no HTTP route answers it to them, whatever the route, body or file", { timeout: 300_000 }, async () => {
    for (const who of OUTSIDERS) expect({ who, hits: await walk(who) }).toEqual({ who, hits: [] });
  });

  it("nor does the winner's refused split of its bid name the item's price", async () => {
    const res = await t.post(
      "/api/app/auction/bids/respecify",
      {
        auctionNoticeId: ROOM,
        batches: [
          {
            batchId: lots[1],
            items: [
              { batchId: lots[1], unitPrice: (PRICES["1.1"]?.referencePrice as number) + 1 },
              { batchId: item2, unitPrice: 1 },
            ],
          },
        ],
      },
      tokens.supplier,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("preço de referência");
    expect(pricesIn(res.rawPayload)).toEqual([]);
  });

  it("the body's auctioneer gets it from the same routes", { timeout: 300_000 }, async () => {
    const changes =
      /\/(create|edit|delete|deleteAll|duplicate|updateStatus|finalizeProcess|reopen|cancelProcess|changeVariationKind|documentsRequired|import|save|add|bulkUpdate|respecify|judge|logout|attach\w*|associate\w*|deleteQualificationDocument)$|^\/api\/upload$/;
    const hits = (await walk("auctioneer", changes)).map((h) => h.route);
    expect(hits).toEqual(
      expect.arrayContaining([
        "POST /api/public/auction/read",
        "POST /api/app/auction/read",
        "POST /api/app/auctionBatch/list",
        "POST /api/app/auction/bids/respecified",
        "POST /api/app/auction/getBatchesWithoutWinners",
        "POST /api/app/auction/export",
      ]),
    );
  });

  it("once disclosed, everyone gets it, in JSON, PDF, spreadsheet and zip answers and live", {
    timeout: 300_000,
  }, async () => {
    const from = (live.supplier as LiveClient).raw.length;
    const r = await send("auctioneer", CONTROL_EVENTS.discloseReferencePrice, {
      auctionNoticeId: ROOM,
      chatChannelId: channel1,
    });
    expect(r.ok).toBe(true);
    expect((await send("auctioneer", REPORT_EVENTS.recreateReports, { auctionNoticeId: ROOM })).ok).toBe(
      true,
    );
    await (live.supplier as LiveClient).register(ROOM, tokens.supplier);
    expect(liveHits("supplier", from).map((f) => f.action)).toContain("REGISTERED");
    const hits = (await walk("supplier")).map((h) => h.route);
    expect(hits).toEqual(
      expect.arrayContaining([
        "POST /api/app/auctionBatch/list",
        "POST /api/app/auction/bids/respecified",
        // The minutes (PDF), alone and in a zip, and the bid spreadsheet (xlsx).
        "GET /api/public/auction/documents/:id",
        "POST /api/public/auction/documents/download/zip",
        "POST /api/app/initialBids/template",
      ]),
    );
  });
});
