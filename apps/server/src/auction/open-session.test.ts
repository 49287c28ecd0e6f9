// A full OPEN session over real WebSockets and PostgreSQL (DESIGN §4 "Open mode", §5): the demo
// room's lot 2 from CLOSED_FOR_OFFERS to NEGOTIATION with an auctioneer, three suppliers and a
// citizen; the refusals; the extension; the automatic close; the anonymity of every frame.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  act,
  advance,
  closeParties,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
  supplierIdentities,
} from "../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../test/test-app";
import { DEMO_IDS } from "../demo/demo-data";
import { listEvents, verifyChain } from "../events/event-log.repository";

const MINUTE = 60_000;
const clock = new TestClock();
let t: TestApp;
let p: Record<Party, RoomParty>;
let lots: Record<number, string>;
let identities: string[];

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  const url = await t.listen();
  p = await openParties(t, url);
  lots = await roomLots(t);
  identities = await supplierIdentities(t);
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

const bid = (who: Party, value: number, batchId = lots[2]) =>
  act(p[who].c, "place_new_bid", { batchId, value });
const numberOf = (who: Party) => p[who].state.anonymousSupplierIdentificationNumber as number;

describe("an OPEN session (lot 2, lowest price, minimum variation R$ 1,00)", () => {
  let due: number;
  /** Frames each party had before BIDDING began, so the scan covers only the confidential phases. */
  const mark: Partial<Record<Party, number>> = {};

  it("proposals stay sealed until the session opens: only their authors see them", async () => {
    const lot = (party: Party) =>
      p[party].state.auctionNotice.batches.find((b: { id: string }) => b.id === lots[2]);
    expect(lot("auctioneer").batchBestBid).toBeNull();
    expect(lot("citizen").batchBestBid).toBeNull();
    expect(lot("supplier1").supplierBestBid.unitPrice).toBe(33000);
    const asAuctioneer = await t.post(
      "/api/room/batchBids",
      { batchId: lots[2] },
      await t.login("pregoeiro@demo.gov.br"),
    );
    expect(asAuctioneer.json().bids).toEqual([]);
    const asSupplier = await t.post(
      "/api/room/batchBids",
      { batchId: lots[2] },
      await t.login("fornecedor1@demo.com.br"),
    );
    expect(asSupplier.json().bids.map((b: { unitPrice: number }) => b.unitPrice)).toEqual([33000]);
  });

  it("the auctioneer opens the public session, then the bidding with a 10-minute clock", async () => {
    await advance(p.auctioneer.c, [lots[2] as string], "PUBLIC_SESSION");
    const seen = await p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "PUBLIC_SESSION");
    expect(seen.data.batchesIds).toEqual([lots[2]]);
    for (const who of Object.keys(p) as Party[]) mark[who] = p[who].c.raw.length;
    const started = clock.now().getTime();
    await advance(p.auctioneer.c, [lots[2] as string], "BIDDING");
    for (const who of Object.keys(p) as Party[]) {
      const f = await p[who].c.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
      const lot = f.data.batches[0];
      expect(lot.phase).toBe("BIDDING");
      expect(lot.subPhase).toBe("DEFAULT_BIDDING_PHASE");
      expect(Date.parse(lot.biddingPhaseDueDateTime) - started).toBe(10 * MINUTE);
      // The initial proposals stand: the best is supplier 3's R$ 325,00.
      expect(lot.batchBestBid.unitPrice).toBe(32500);
      expect(lot.batchBestBid.anonymousSupplierIdentificationNumber).toBe(numberOf("supplier3"));
      due = Date.parse(lot.biddingPhaseDueDateTime);
    }
  });

  it("a better bid is accepted and reaches everyone, anonymous", async () => {
    const r = await bid("supplier1", 32400);
    expect(r.ok).toBe(true);
    for (const who of ["auctioneer", "supplier2", "citizen"] as Party[]) {
      const f = await p[who].c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 32400);
      expect(f.data.bid.nameToScreen).toBe(`Licitante ${numberOf("supplier1")}`);
      expect(f.data.bid.supplier).toBeNull();
      expect(f.data.bid.isOwn).toBe(false);
      expect(f.data.batch.batchBestBid.unitPrice).toBe(32400);
    }
    const own = await p.supplier1.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 32400);
    expect(own.data.bid.isOwn).toBe(true);
    expect(own.data.batch.supplierBestBid.unitPrice).toBe(32400);
  });

  it("refuses what the rules forbid, each with a clear message to the sender only", async () => {
    expect(await bid("supplier1", 32350)).toEqual({
      ok: false,
      message: expect.stringContaining("variação mínima"),
    });
    expect(await bid("supplier2", 32400)).toEqual({
      ok: false,
      message: expect.stringContaining("Já existe um lance com este valor"),
    });
    expect(await bid("supplier2", 34000)).toEqual({ ok: false, message: expect.stringContaining("menor") });
    expect(await bid("supplier2", -5)).toEqual({ ok: false, message: "Informe um valor de lance válido." });
    expect(await act(p.supplier2.c, "place_new_bid", { batchId: lots[2], value: "abc" })).toEqual({
      ok: false,
      message: "Dados inválidos no evento place_new_bid.",
    });
    // Wrong role: a citizen and the auctioneer do not bid; a supplier does not move phases.
    expect((await bid("citizen", 30000)).ok).toBe(false);
    expect((await bid("auctioneer", 30000)).ok).toBe(false);
    const move = await act(p.supplier1.c, "go_to_next_phase", {
      nextPhase: "NEGOTIATION",
      batchesIds: [lots[2]],
      auctionNoticeId: ROOM,
    });
    expect(move).toEqual({ ok: false, message: expect.stringContaining("permissão") });
    // Wrong phase: lot 1 is still closed for offers.
    expect(await bid("supplier1", 2000, lots[1])).toEqual({ ok: false, message: expect.any(String) });
    // Another notice's lot is not found in this room.
    const other = await t.post("/api/public/auction/read", { id: DEMO_IDS.noticeOpen });
    const otherLot = other.json().batches[0].id as string;
    expect(await bid("supplier1", 1000, otherLot)).toEqual({
      ok: false,
      message: "Lote/item não encontrado neste processo.",
    });
    // A manual move out of BIDDING: the clock closes it.
    const early = await act(p.auctioneer.c, "go_to_next_phase", {
      nextPhase: "NEGOTIATION",
      batchesIds: [lots[2]],
      auctionNoticeId: ROOM,
    });
    expect(early).toEqual({ ok: false, message: expect.stringContaining("encerrada automaticamente") });
  });

  it("an intermediate bid is accepted; its author deletes it once within 15 s", async () => {
    const placed = await bid("supplier2", 32450);
    expect(placed.ok).toBe(true);
    const deleted = await act(p.supplier2.c, "cancel_bid_by_supplier", { batchId: lots[2] });
    expect(deleted.ok).toBe(true);
    const seen = await p.auctioneer.c.next("BID_CANCELLED", (d) => d.bid.unitPrice === 32450);
    expect(seen.data.bid.state).toBe("CANCELLED");
    expect(await bid("supplier2", 32440)).toMatchObject({ ok: true });
    const again = await act(p.supplier2.c, "cancel_bid_by_supplier", { batchId: lots[2] });
    expect(again).toEqual({ ok: false, message: expect.stringContaining("uma vez") });
  });

  it("the auctioneer cancels a bid with a reason; the best falls back", async () => {
    const list = (await t.post("/api/room/batchBids", { batchId: lots[2] })).json().bids as {
      id: string;
      unitPrice: number;
      isCancelled: boolean;
    }[];
    const target = list.find((b) => b.unitPrice === 32400) as { id: string };
    expect(await act(p.auctioneer.c, "cancel_bid", { bidId: target.id, reason: "" })).toEqual({
      ok: false,
      message: "Informe o motivo do cancelamento do lance.",
    });
    expect((await act(p.supplier1.c, "cancel_bid", { bidId: target.id, reason: "x" })).ok).toBe(false);
    expect(
      (await act(p.auctioneer.c, "cancel_bid", { bidId: target.id, reason: "Valor digitado errado" })).ok,
    ).toBe(true);
    const f = await p.supplier3.c.next("BID_CANCELLED", (d) => d.bidId === target.id);
    expect(f.data.batch.batchBestBid.unitPrice).toBe(32440);
  });

  it("a bid in the last 2 minutes moves the end to 2 minutes after it", async () => {
    clock.set(due - MINUTE);
    const at = clock.now().getTime();
    expect((await bid("supplier3", 32300)).ok).toBe(true);
    const f = await p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 32300);
    expect(Date.parse(f.data.batch.biddingPhaseDueDateTime)).toBe(at + 2 * MINUTE);
    // The old end no longer closes the lot.
    clock.set(due + 1);
    await t.runDueTimers();
    expect(
      p.citizen.c.frames.some((fr) => fr.action === "PHASE_ADVANCED" && fr.data.newPhase === "NEGOTIATION"),
    ).toBe(false);
    // A bid just after the old end is still in the (extended) window and extends it again.
    expect((await bid("supplier1", 32200)).ok).toBe(true);
    const again = await p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 32200);
    expect(Date.parse(again.data.batch.biddingPhaseDueDateTime)).toBe(due + 1 + 2 * MINUTE);
    due = due + 1 + 2 * MINUTE;
  });

  it("no frame anyone received during the confidential phases names a supplier", async () => {
    for (const who of Object.keys(p) as Party[]) {
      for (const frame of p[who].c.raw.slice(mark[who])) {
        for (const identity of identities)
          expect(frame, `${who} recebeu ${identity}`).not.toContain(identity);
      }
    }
    const asBuyer = await t.post(
      "/api/room/batchBids",
      { batchId: lots[2] },
      await t.login("pregoeiro@demo.gov.br"),
    );
    for (const identity of identities) expect(asBuyer.body).not.toContain(identity);
  });

  it("with no bid in the window the lot closes by itself and goes to NEGOTIATION with the best", async () => {
    clock.set(due);
    await t.runDueTimers();
    for (const who of Object.keys(p) as Party[]) {
      const f = await p[who].c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
      const lot = f.data.batches[0];
      expect(lot.biddingPhaseEndingDateTime).toBe(new Date(due).toISOString());
      // Supplier 1's R$ 322,00 is the best; it is an ME/EPP, so there is no fictitious tie.
      expect(lot.negotiation.anonymousSupplierIdentificationNumber).toBe(numberOf("supplier1"));
    }
    const message = await p.citizen.c.next(
      "NEW_MESSAGE",
      (d) => d.isSystemMessage === 1 && d.text.includes("Negociação"),
    );
    expect(message.data.batchId).toBe(lots[2]);
  });

  it("in NEGOTIATION only the best-placed supplier bids, and the names are public again", async () => {
    expect(await bid("supplier3", 30000)).toEqual({
      ok: false,
      message: expect.stringContaining("somente o licitante melhor classificado"),
    });
    expect((await bid("supplier1", 31900)).ok).toBe(true);
    const f = await p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 31900);
    expect(f.data.bid.kind).toBe("NEGOTIATION");
    expect(f.data.bid.supplier.corporateName).toBeTruthy();
  });

  it("the bid list follows the spec's ordering and each supplier gets its best bids", async () => {
    const list = (await t.post("/api/room/batchBids", { batchId: lots[2] })).json().bids as {
      unitPrice: number;
      isCancelled: boolean;
    }[];
    const prices = list.map((b) => b.unitPrice);
    expect(prices.slice(0, 3)).toEqual([31900, 32200, 32300]);
    const best = await t.post(
      "/api/app/auction/myBestBids",
      { auctionNoticeId: ROOM },
      await t.login("fornecedor1@demo.com.br"),
    );
    const item = best.json().items.find((i: { batchId: string }) => i.batchId === lots[2]);
    expect(item.supplierBestBid.unitPrice).toBe(31900);
  });

  it("every change is in the notice's hash-chained event log", async () => {
    const events = await listEvents(t.db, ROOM);
    const types = events.map((e) => e.eventType);
    expect(types).toEqual(
      expect.arrayContaining(["PHASE_ADVANCED", "BID_PLACED", "BID_CANCELLED", "BIDDING_CLOSED"]),
    );
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });
});
