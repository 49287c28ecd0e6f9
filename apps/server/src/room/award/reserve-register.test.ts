// The reserve register (cadastro reserva; trading-room §6 CREATE_BACKLOG_BID and "Extra conditions",
// §7 create_backlog_bid, §5 'canGetCurrentBestBid yes/no, default true'; Decreto 11.462/2023 art. 18)
// over real WebSockets and PostgreSQL: the demo room as a price registration (NEW_PRICES_SUBMISSION),
// lot 2 won by Licitante 3 (32500), taken to QUALIFICATION and qualified.
import { AWARD_EVENTS } from "@certame/domain";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  act,
  advance,
  biddingToNegotiation,
  closeParties,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionBatches, auctionNotices } from "../../db/schema";
import { listEvents, verifyChain } from "../../events/event-log.repository";

let t: TestApp;
let p: Record<Party, RoomParty>;
let lots: Record<number, string>;
const send = (who: Party, data: Record<string, unknown>) =>
  act(p[who].c, AWARD_EVENTS.createBacklogBid, { batchId: lots[2], ...data });
const refusedFor = (text: string) => ({ ok: false, message: expect.stringContaining(text) });

beforeAll(async () => {
  const clock = new TestClock();
  t = await createTestApp({ clock: clock.now });
  await t.db
    .update(auctionNotices)
    .set({ modality: "NEW_PRICES_SUBMISSION" })
    .where(eq(auctionNotices.id, ROOM));
  p = await openParties(t, await t.listen());
  lots = await roomLots(t);
  await biddingToNegotiation(t, p, clock, lots[2] as string);
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

describe("create_backlog_bid (§6 CREATE_BACKLOG_BID)", () => {
  it("is refused out of QUALIFICATION", async () => {
    expect(await send("supplier1", { canGetCurrentBestBid: true })).toEqual(
      refusedFor("Não é possível aderir ao cadastro reserva agora"),
    );
  });

  it("is refused in QUALIFICATION before the lot passed qualification", async () => {
    await advance(p.auctioneer.c, [lots[2] as string], "QUALIFICATION");
    expect(await send("supplier1", {})).toEqual(refusedFor('na fase "'));
  });

  it("is refused to the buyer side, a citizen and the winner", async () => {
    await t.db
      .update(auctionBatches)
      .set({ hasPassedByQualification: true })
      .where(eq(auctionBatches.id, lots[2] as string));
    expect(await send("auctioneer", {})).toEqual(
      refusedFor("Você não tem permissão para aderir ao cadastro reserva"),
    );
    expect(await send("citizen", {})).toEqual(refusedFor("Você não tem permissão"));
    expect(await send("supplier3", {})).toEqual(refusedFor("O licitante vencedor não adere"));
  });

  it("a bidder joins at the winner's price by default: everyone is told, by anonymous number", async () => {
    const r = await send("supplier1", {});
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({
        bid: expect.objectContaining({
          unitPrice: 32500,
          isBacklog: true,
          anonymousSupplierIdentificationNumber: 1,
        }),
      }),
    });
    const seen = await p.auctioneer.c.next("BACKLOG_BID_CREATED");
    expect(seen.data).toMatchObject({
      batchId: lots[2],
      bid: { unitPrice: 32500, isBacklog: true, supplier: null, nameToScreen: "Licitante 1", isOwn: false },
    });
    const own = await p.supplier1.c.next("BACKLOG_BID_CREATED");
    expect(own.data.bid.isOwn).toBe(true);
    const chat = await p.citizen.c.next("NEW_MESSAGE", (d) => d.action === "BACKLOG_BID_CREATED");
    expect(chat.data.text).toBe(
      "Licitante 1 aderiu ao cadastro reserva do lote/item 2 pelo valor do licitante vencedor.",
    );
    expect(await send("supplier1", {})).toEqual(
      refusedFor("Você já aderiu ao cadastro reserva do lote/item 2."),
    );
  });

  it("or at its own best bid", async () => {
    const r = await send("supplier2", { canGetCurrentBestBid: false });
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({ bid: expect.objectContaining({ unitPrice: 33900 }) }),
    });
    const events = (await listEvents(t.db, ROOM)).filter((e) => e.eventType === "BACKLOG_BID_CREATED");
    expect(events).toHaveLength(2);
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });

  it("the bid table lists the reserve register first, by anonymous number, the author's marked (§3 Bid, §4 ordering)", async () => {
    type Row = { unitPrice: number; isBacklog: boolean; isOwn: boolean; nameToScreen: string; kind: string };
    const list = async (login?: string) =>
      (
        await t.post("/api/room/batchBids", { batchId: lots[2] }, login ? await t.login(login) : undefined)
      ).json().bids as Row[];
    const asCitizen = await list();
    const backlog = asCitizen.filter((b) => b.isBacklog);
    expect(backlog.map((b) => [b.nameToScreen, b.unitPrice, b.kind])).toEqual([
      ["Licitante 1", 32500, "BACKLOG"],
      ["Licitante 2", 33900, "BACKLOG"],
    ]);
    // Backlog bids come before every ordinary bid.
    expect(asCitizen.slice(0, 2).every((b) => b.isBacklog)).toBe(true);
    expect(asCitizen.slice(2).some((b) => b.isBacklog)).toBe(false);
    expect(backlog.some((b) => b.isOwn)).toBe(false);
    const asSupplier2 = (await list("fornecedor2@demo.com.br")).filter((b) => b.isBacklog);
    expect(asSupplier2.map((b) => b.isOwn)).toEqual([false, true]);
  });

  it("the classification sheet ranks each bidder once, by its own bids, not by its reserve-register bid", async () => {
    const res = await t.post(
      "/api/app/auction/classificationSheet/download",
      { auctionNoticeId: ROOM },
      await t.login("pregoeiro@demo.gov.br"),
    );
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    (workbook.worksheets[0] as ExcelJS.Worksheet).eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1)),
    );
    // Lot 2: supplier 3 won at 325,00; supplier 1 (330,00) and supplier 2 (339,00) follow — though
    // supplier 1 joined the reserve register at the winner's 325,00.
    const lot2 = rows.slice(1).filter((r) => r[0] === 2);
    expect(lot2.map((r) => [r[2], r[5]])).toEqual([
      [1, 325],
      [2, 330],
      [3, 339],
    ]);
  });
});
