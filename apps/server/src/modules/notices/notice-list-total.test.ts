// Issue 18: a list's total is counted up to LIST_COUNT_CAP; past it the answer says the total is a
// lower bound ("mais de 10.000"), and the pages go on reading in the index's order.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { LIST_COUNT_CAP } from "../../db/capped-count";
import { DEMO_IDS } from "../../demo/demo-data";

let t: TestApp;
let before: number;

beforeAll(async () => {
  t = await createTestApp();
  before = (await t.post("/api/public/auction/list", {})).json().total;
  await t.db.execute(sql`
    INSERT INTO auction_notices (buyer_id, status, modality, sub_modality, notice_number, process_number,
      object_of_interest, start_date_time, created_date)
    SELECT ${DEMO_IDS.buyer}::uuid, 'PUBLISHED', 'NEW_ELECTRONIC_REVERSED_AUCTION', 'GOODS_ACQUISITION',
      'PE ' || i || '/2026', 'PA ' || i, 'Aquisição de papel lote ' || i,
      now() + i * interval '1 minute', now() - i * interval '1 second'
    FROM generate_series(1, ${LIST_COUNT_CAP + 1}) AS i`);
});
afterAll(() => t.close());

it("counts exactly below the cap", async () => {
  const res = await t.post("/api/public/auction/list", { modalities: ["ELECTRONIC_DISPENSER"] });
  expect(res.statusCode).toBe(200);
  expect(res.json().totalIsLowerBound).toBe(false);
  expect(res.json().total).toBeLessThan(LIST_COUNT_CAP);
  expect(before).toBeLessThan(LIST_COUNT_CAP);
});

it("past the cap answers the cap as a lower bound, and deep pages still come in order", async () => {
  const first = (await t.post("/api/public/auction/list", {})).json();
  expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalIsLowerBound: true });
  // Newest session first: the inserted notices' sessions run from 1 to 10,001 minutes from now.
  const deep = (await t.post("/api/public/auction/list", { page: 300 })).json();
  expect(deep.auctionNotices).toHaveLength(20);
  const starts = deep.auctionNotices.map((n: { startDateTime: string }) => Date.parse(n.startDateTime));
  expect(starts).toEqual([...starts].sort((a, b) => b - a));
  const text = (await t.post("/api/public/auction/list", { searchParameters: "papel lote" })).json();
  expect(text).toMatchObject({ total: LIST_COUNT_CAP, totalIsLowerBound: true });
});

it("an exact count stays exact at the cap itself", async () => {
  const rows = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM auction_notices WHERE object_of_interest LIKE 'Aquisição de papel lote 1%'`);
  const matching = Number(rows.rows[0]?.n);
  const res = (await t.post("/api/public/auction/list", { searchParameters: "papel lote 1" })).json();
  expect(res.totalIsLowerBound).toBe(false);
  expect(res.total).toBe(matching);
});
