// 'Reespecificar valores dos itens' (trading-room §2.3 action panel, §3 batchBestBid.respecifiedValue,
// §6 DIVIDE_BATCH_VALUE: winner of a multi-item lot, NEGOTIATION only, §7 broadcast_bids_respecified;
// docs/decisions.md "Re-specified item values") over real WebSockets and PostgreSQL: the demo room's
// lot 2 (won by supplier 3, 'Licitante 3', with its initial proposal of R$ 325,00) gets a second item
// in this test's database and is taken to NEGOTIATION by the clock; the winner splits its bid.
import { RESPECIFY_EVENTS } from "@certame/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import {
  act,
  advance,
  biddingToNegotiation,
  closeParties,
  openParties,
  type Party,
  ROOM,
  ROOM_ACCOUNTS,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionBatches } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

const NOT_WINNER = "Somente o licitante vencedor do lote/item pode realizar esta ação.";

let t: TestApp;
let clock: TestClock;
let p: Record<Party, RoomParty>;
let lots: Record<number, string>;
let wsUrl: string;
let item1: string;
let item2: string;
const tokens = {} as Record<Party, string>;

const respecify = (who: Party, batches: unknown, auctionNoticeId: string = ROOM) =>
  t.post("/api/app/auction/bids/respecify", { auctionNoticeId, batches }, tokens[who]);
const split = (a: number, b: number, batchId = lots[2]) => [
  {
    batchId,
    items: [
      { batchId: item1, unitPrice: a },
      { batchId: item2, unitPrice: b },
    ],
  },
];
const read = async (who: Party) => {
  const res = await t.post("/api/app/auction/bids/respecified", { auctionNoticeId: ROOM }, tokens[who]);
  expect(res.statusCode).toBe(200);
  return res.json().batches as Record<string, unknown>[];
};

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({ clock: clock.now });
  wsUrl = await t.listen();
  p = await openParties(t, wsUrl);
  for (const who of Object.keys(ROOM_ACCOUNTS) as Party[]) tokens[who] = await t.login(ROOM_ACCOUNTS[who]);
  lots = await roomLots(t);
  item1 = lots[2] as string;
  // Lot 2 becomes a two-item lot: item 2 with a reference of R$ 100,00 (the head keeps R$ 345,00).
  const [head] = await t.db.select().from(auctionBatches).where(eq(auctionBatches.id, item1));
  const [row] = await t.db
    .insert(auctionBatches)
    .values({
      auctionNoticeId: ROOM,
      number: 2,
      item: 2,
      productId: head?.productId ?? null,
      quantity: "10",
      measurementUnitCode: "UN",
      referencePrice: 10_000,
      totalAmount: 100_000,
      phase: "CLOSED_FOR_OFFERS",
    })
    .returning();
  item2 = (row as { id: string }).id;
  await biddingToNegotiation(t, p, clock, item1);
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

describe("the winner re-specifies the item values of a multi-item lot (§2.3, §6 DIVIDE_BATCH_VALUE)", () => {
  it("the page's read: the multi-item lot with its items, the winning bid and who may split it", async () => {
    const [lot, ...others] = await read("supplier3");
    expect(others).toEqual([]);
    expect(lot).toMatchObject({
      id: lots[2],
      number: 2,
      phase: "NEGOTIATION",
      criterion: "LOWEST_PRICE",
      isWinner: true,
      canRespecify: true,
      winner: { anonymousSupplierIdentificationNumber: 3 },
      bestBid: { unitPrice: 32_500, decimalsNumber: 2 },
      decimalsNumber: 2,
      items: [
        { id: item1, item: 1, referencePrice: 34_500, respecifiedValue: null },
        { id: item2, item: 2, referencePrice: 10_000, respecifiedValue: null },
      ],
    });
    const [other] = await read("supplier1");
    expect(other).toMatchObject({ id: lots[2], isWinner: false, canRespecify: false });
  });

  it("refuses another bidder, the buyer side and a citizen", async () => {
    const r1 = await respecify("supplier1", split(25_000, 7_500));
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe(NOT_WINNER);
    for (const who of ["auctioneer", "citizen"] as const) {
      const r = await respecify(who, split(25_000, 7_500));
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe("Você não tem permissão para reespecificar valores dos itens.");
    }
  });

  it("refuses a single-item lot, a forged lot, another notice's lot and forged item ids", async () => {
    const single = await respecify("supplier3", [{ batchId: lots[1], items: [] }]);
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe("O lote/item 1 possui um único item; não há valores a reespecificar.");
    const forged = await respecify("supplier3", split(25_000, 7_500, "00000000-0000-4000-8000-000000000001"));
    expect(forged.statusCode).toBe(404);
    const [foreign] = await t.db
      .select({ id: auctionBatches.id })
      .from(auctionBatches)
      .where(and(eq(auctionBatches.auctionNoticeId, DEMO_IDS.noticeOpen), eq(auctionBatches.item, 1)));
    const elsewhere = await respecify("supplier3", split(25_000, 7_500, foreign?.id));
    expect(elsewhere.statusCode).toBe(404);
    // The room's lot sent under another notice is not that notice's lot either.
    const otherNotice = await respecify("supplier3", split(25_000, 7_500), DEMO_IDS.noticeOpen);
    expect(otherNotice.statusCode).toBe(404);
    const items = await respecify("supplier3", [
      {
        batchId: lots[2],
        items: [
          { batchId: item1, unitPrice: 25_000 },
          { batchId: lots[1], unitPrice: 7_500 },
        ],
      },
    ]);
    expect(items.statusCode).toBe(400);
    expect(items.json().message).toBe("Item não encontrado no lote/item 2.");
    const twice = await respecify("supplier3", [...split(25_000, 7_500), ...split(25_000, 7_500)]);
    expect(twice.statusCode).toBe(400);
  });

  it("refuses a sum other than the winning bid and an item above its reference price", async () => {
    const sum = await respecify("supplier3", split(25_000, 7_499));
    expect(sum.statusCode).toBe(400);
    expect(sum.json().message).toBe(
      "A soma dos valores dos itens (R$ 324,99) deve ser igual ao lance vencedor do lote/item 2 (R$ 325,00).",
    );
    const above = await respecify("supplier3", split(22_499, 10_001));
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({
      message: "O valor do item 2 não pode ser maior que o preço de referência (R$ 100,00).",
      properties: [
        {
          property: `items.${item2}`,
          errorMessages: ["O valor do item 2 não pode ser maior que o preço de referência (R$ 100,00)."],
        },
      ],
    });
    const zero = await respecify("supplier3", split(32_500, 0));
    expect(zero.statusCode).toBe(400);
    expect(await read("supplier3")).toEqual([
      expect.objectContaining({
        items: [expect.objectContaining({ respecifiedValue: null }), expect.anything()],
      }),
    ]);
  });

  it("saves the split: event log, chat system message, live push to the room, the read shows it", async () => {
    const res = await respecify("supplier3", split(25_000, 7_500));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Dados salvos com sucesso", batchesIds: [lots[2]] });
    const pushed = await p.citizen.c.next("BIDS_RESPECIFIED");
    expect(pushed.data).toMatchObject({ auctionNoticeId: ROOM, batchesIds: [lots[2]] });
    const chat = await p.auctioneer.c.next("NEW_MESSAGE", (d) => d.action === "BIDS_RESPECIFIED");
    expect(chat.data.text).toBe("Licitante 3 reespecificou os valores dos itens do lote/item 2.");
    const [lot] = await read("citizen");
    expect(lot).toMatchObject({
      isWinner: false,
      items: [
        { id: item1, respecifiedValue: 25_000 },
        { id: item2, respecifiedValue: 7_500 },
      ],
    });
    // The lot's live view: its best bid (the winning bid) carries the head row's item value.
    const view = await p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "NEGOTIATION" && d.batches[0]?.batchBestBid?.respecifiedValue !== undefined,
    );
    expect(view.data.batches[0].batchBestBid).toMatchObject({
      unitPrice: 32_500,
      respecifiedValue: 25_000,
      respecifiedPercentValue: null,
    });
    // A new split replaces the previous one.
    expect((await respecify("supplier3", split(30_000, 2_500))).statusCode).toBe(200);
    const [again] = await read("supplier3");
    expect(again).toMatchObject({ items: [{ respecifiedValue: 30_000 }, { respecifiedValue: 2_500 }] });
    // A newcomer's room state shows each item row's value with the lot's best bid.
    const c = await LiveClient.open(wsUrl);
    const state = await c.register(ROOM, tokens.auctioneer);
    c.close();
    const rows = state.auctionNotice.batches as {
      id: string;
      batchBestBid: { unitPrice: number; respecifiedValue: number } | null;
    }[];
    expect(rows.find((r) => r.id === item1)?.batchBestBid).toMatchObject({
      unitPrice: 32_500,
      respecifiedValue: 30_000,
    });
    expect(rows.find((r) => r.id === item2)?.batchBestBid).toMatchObject({
      unitPrice: 32_500,
      respecifiedValue: 2_500,
    });
    const events = (await listEvents(t.db, ROOM)).filter((e) => e.eventType === "BIDS_RESPECIFIED");
    expect(events).toHaveLength(2);
    expect(events[0]?.payload).toMatchObject({
      batchId: lots[2],
      anonymousNumber: 3,
      bidUnitPrice: 32_500,
      values: [
        { batchId: item1, unitPrice: 25_000 },
        { batchId: item2, unitPrice: 7_500 },
      ],
    });
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });

  it("the socket confirmation of §7 checks the lots are the room's", async () => {
    expect(
      await act(p.supplier3.c, RESPECIFY_EVENTS.broadcastBidsRespecified, {
        batchesIds: [lots[2]],
        auctionNoticeId: ROOM,
      }),
    ).toEqual({ ok: true, data: expect.objectContaining({ batchesIds: [lots[2]] }) });
    const wrong = await act(p.supplier3.c, RESPECIFY_EVENTS.broadcastBidsRespecified, {
      batchesIds: [lots[2]],
      auctionNoticeId: DEMO_IDS.noticeOpen,
    });
    expect(wrong.ok).toBe(false);
  });

  it("outside NEGOTIATION the split is refused (§6 DIVIDE_BATCH_VALUE phases)", async () => {
    await advance(p.auctioneer.c, [lots[2] as string], "QUALIFICATION");
    const res = await respecify("supplier3", split(25_000, 7_500));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('na fase "Habilitação"');
    const [lot] = await read("supplier3");
    expect(lot).toMatchObject({ isWinner: true, canRespecify: false });
  });
});
