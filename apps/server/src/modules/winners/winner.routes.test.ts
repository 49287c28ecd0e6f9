import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER, makeNotice, OTHER_BUYER, PRODUCT } from "../../../test/notice-fixture";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

let t: TestApp;
let buyer: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, other] = await Promise.all([t.login(BUYER), t.login(OTHER_BUYER)]);
});
afterAll(() => t.close());

const S1 = DEMO_IDS.supplier1;
const S2 = DEMO_IDS.supplier2;

/** A notice with lot 1 (items 1 and 2, the second requiring a brand) and lot 2. */
async function noticeWithLots(values: Parameters<typeof makeNotice>[1] = {}) {
  const notice = await makeNotice(t, {
    modality: "WAIVER_FORMALIZATION",
    subModality: "GOODS_ACQUISITION",
    ...values,
  });
  const lot = (number: number, item: number, extra: object = {}) => ({
    number,
    item,
    product: { id: PRODUCT(item + number) },
    quantity: 4,
    measurementUnit: { code: "UN" },
    referencePrice: 1000,
    ...extra,
  });
  const saved = await t.post(
    `/api/app/auctionBatch/save?auctionNoticeId=${notice.id}`,
    [lot(1, 1), lot(1, 2, { isProductBrandRequired: true }), lot(2, 1)],
    buyer,
  );
  expect(saved.statusCode).toBe(200);
  const batches = saved.json().auctionBatches as { id: string; number: number; item: number }[];
  return { notice, batches };
}

const row = (batchId: string, supplierId: string, extra: object = {}) => ({
  batch: { id: batchId },
  supplier: { id: supplierId },
  unitPrice: 900,
  brand: "Marca X",
  ...extra,
});
const props = (res: { json(): { properties?: { property: string }[] } }) =>
  (res.json().properties ?? []).map((p) => p.property).sort();

describe("winners step (notices-and-accounts §2.7, §4 Winners step, §5 Winners)", () => {
  it("saves winners with totals computed by the server, lists them, and logs the change", async () => {
    const { notice, batches } = await noticeWithLots();
    const [b11, b12, b21] = batches.map((b) => b.id) as [string, string, string];
    const res = await t.post(
      "/api/app/auctionWinner/save",
      {
        auctionNoticeId: notice.id,
        winners: [
          row(b11, S1, { totalPrice: 3600 }),
          row(b12, S1),
          row(b21, S2, { unitPrice: 850, brand: "" }),
        ],
      },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isEditable: true, allowsSeveralWinnersPerLot: false, hasPrices: true });
    expect(
      body.winners.map(
        (w: { batch: { number: number; item: number }; totalPrice: number; quantity: number }) => [
          w.batch.number,
          w.batch.item,
          w.totalPrice,
          w.quantity,
        ],
      ),
    ).toEqual([
      [1, 1, 3600, 4],
      [1, 2, 3600, 4],
      [2, 1, 3400, 4],
    ]);
    // Saving again replaces the table as a whole.
    const again = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row(b21, S1)] },
      buyer,
    );
    expect(again.json().winners).toHaveLength(1);
    expect((await listEvents(t.db, notice.id)).map((e) => e.eventType)).toEqual([
      "LOTS_SAVED",
      "WINNERS_SAVED",
      "WINNERS_SAVED",
    ]);
    expect(await verifyChain(t.db, notice.id)).toBeNull();
  });

  it("refuses zero prices, a missing required brand, a wrong total, a long brand, and a second winner of a lot", async () => {
    const { notice, batches } = await noticeWithLots();
    const [b11, b12, b21] = batches.map((b) => b.id) as [string, string, string];
    const res = await t.post(
      "/api/app/auctionWinner/save",
      {
        auctionNoticeId: notice.id,
        winners: [
          row(b11, S1, { unitPrice: 0 }),
          row(b12, S1, { brand: "" }),
          row(b21, S1, { totalPrice: 1 }),
        ],
      },
      buyer,
    );
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["0.unitPrice", "1.brand", "2.totalPrice"]);
    expect(
      res.json().properties.find((p: { property: string }) => p.property === "2.totalPrice").errorMessages,
    ).toEqual(["O valor total deve ser R$ 36,00"]);
    const long = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row(b11, S1, { brand: "x".repeat(21) })] },
      buyer,
    );
    expect(props(long)).toEqual(["winners.0.brand"]);
    const two = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row(b11, S1), row(b11, S2)] },
      buyer,
    );
    expect(props(two)).toEqual(["1.batch.id", "1.supplier.id"]);
    const split = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row(b11, S1), row(b12, S2)] },
      buyer,
    );
    expect(props(split)).toEqual(["1.supplier.id"]);
    const noSupplier = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [{ batch: { id: b11 }, unitPrice: 5 }] },
      buyer,
    );
    expect(props(noSupplier)).toEqual(["winners.0.supplier"]);
    expect(
      (await t.post("/api/app/auctionWinner/list", { auctionNoticeId: notice.id }, buyer)).json().winners,
    ).toEqual([]);
  });

  it("takes several winners per lot for ACCREDITATION; deleting one removes its rows of the same lot", async () => {
    const { notice, batches } = await noticeWithLots({ modality: "ACCREDITATION" });
    const [b11, b12, b21] = batches.map((b) => b.id) as [string, string, string];
    const first = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row(b11, S1), row(b12, S1), row(b21, S1)] },
      buyer,
    );
    expect(first.json().allowsSeveralWinnersPerLot).toBe(true);
    const added = await t.post(
      "/api/app/auctionWinner/add",
      { auctionNoticeId: notice.id, winners: [row(b11, S2), row(b12, S2)] },
      buyer,
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().winners).toHaveLength(5);
    const dup = await t.post(
      "/api/app/auctionWinner/add",
      { auctionNoticeId: notice.id, winners: [row(b11, S2)] },
      buyer,
    );
    expect(props(dup)).toEqual(["0.supplier.id"]);

    const s1Lot1 = added
      .json()
      .winners.find(
        (w: { supplier: { id: string }; batch: { id: string } }) =>
          w.supplier.id === S1 && w.batch.id === b11,
      );
    const del = await t.post(
      "/api/app/auctionWinner/delete",
      { auctionNoticeId: notice.id, bidIds: [s1Lot1.id] },
      buyer,
    );
    expect(del.json()).toEqual({ deleted: 2 });
    const left = (await t.post("/api/app/auctionWinner/list", { auctionNoticeId: notice.id }, buyer)).json()
      .winners;
    expect(
      left.map((w: { supplier: { id: string }; batch: { number: number } }) => [
        w.supplier.id,
        w.batch.number,
      ]),
    ).toEqual([
      [S2, 1],
      [S2, 1],
      [S1, 2],
    ]);
    const unknown = await t.post(
      "/api/app/auctionWinner/delete",
      { auctionNoticeId: notice.id, bidIds: [b11] },
      buyer,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("sums per supplier with the rest under 'Restante' and lists the lots without winners", async () => {
    const { notice, batches } = await noticeWithLots();
    const [b11, b12, b21] = batches.map((b) => b.id) as [string, string, string];
    await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row(b11, S1), row(b12, S1)] },
      buyer,
    );
    const sum = await t.post("/api/app/auctionWinner/sum", { auctionNoticeId: notice.id }, buyer);
    expect(sum.json().rows).toEqual([
      {
        supplierId: S1,
        name: "Ribeiro Papelaria e Suprimentos Ltda - ME",
        total: 7200,
        decimalsNumber: 2,
        formatted: "R$ 72,00",
      },
      { supplierId: null, name: "Restante", total: 4000, decimalsNumber: 2, formatted: "R$ 40,00" },
    ]);
    const without = await t.post("/api/app/auction/getBatchesWithoutWinners", { id: notice.id }, buyer);
    expect(without.json().auctionBatches.map((b: { id: string }) => b.id)).toEqual([b21]);
  });

  it("follows the status and modality rules (409) and the body's ownership (403/404)", async () => {
    const { notice, batches } = await noticeWithLots();
    const b11 = batches[0]?.id as string;
    expect(
      (
        await t.post(
          "/api/app/auctionWinner/save",
          { auctionNoticeId: notice.id, winners: [row(b11, S1)] },
          other,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.post("/api/app/auctionWinner/list", { auctionNoticeId: notice.id }, other)).statusCode,
    ).toBe(403);
    const foreignBatch = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row("00000000-0000-4000-8000-00000000beef", S1)] },
      buyer,
    );
    expect(foreignBatch.statusCode).toBe(404);

    const finished = await makeNotice(t, { modality: "WAIVER_FORMALIZATION", status: "FINISHED" });
    const closed = await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: finished.id, winners: [] },
      buyer,
    );
    expect(closed.statusCode).toBe(409);
    const electronic = await makeNotice(t);
    expect(
      (await t.post("/api/app/auctionWinner/save", { auctionNoticeId: electronic.id, winners: [] }, buyer))
        .statusCode,
    ).toBe(409);
    // In person: results are inserted while ONGOING, not before.
    const inPersonPending = await makeNotice(t, { modality: "REVERSED_AUCTION_IN_PERSON" });
    expect(
      (
        await t.post(
          "/api/app/auctionWinner/save",
          { auctionNoticeId: inPersonPending.id, winners: [] },
          buyer,
        )
      ).statusCode,
    ).toBe(409);
    const inPerson = await makeNotice(t, { modality: "REVERSED_AUCTION_IN_PERSON", status: "ONGOING" });
    expect(
      (await t.post("/api/app/auctionWinner/save", { auctionNoticeId: inPerson.id, winners: [] }, buyer))
        .statusCode,
    ).toBe(200);
  });

  it("keeps no prices for PRE_QUALIFICATION", async () => {
    const { notice, batches } = await noticeWithLots({ modality: "PRE_QUALIFICATION" });
    const res = await t.post(
      "/api/app/auctionWinner/save",
      {
        auctionNoticeId: notice.id,
        winners: batches.map((b) => ({ batch: { id: b.id }, supplier: { id: S1 } })),
      },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().hasPrices).toBe(false);
    expect(
      res
        .json()
        .winners.every(
          (w: { unitPrice: number; totalPrice: number }) => w.unitPrice === 0 && w.totalPrice === 0,
        ),
    ).toBe(true);
  });

  it("rescales winners' prices with their lot's decimals", async () => {
    const { notice, batches } = await noticeWithLots();
    await t.post(
      "/api/app/auctionWinner/save",
      { auctionNoticeId: notice.id, winners: [row(batches[2]?.id as string, S1)] },
      buyer,
    );
    await t.post(
      "/api/app/auctionBatch/bulkUpdate",
      { auctionNoticeId: notice.id, decimalsNumber: 4 },
      buyer,
    );
    const [w] = (await t.post("/api/app/auctionWinner/list", { auctionNoticeId: notice.id }, buyer)).json()
      .winners;
    expect(w).toMatchObject({ unitPrice: 90000, totalPrice: 360000, decimalsNumber: 4 });
  });
});
