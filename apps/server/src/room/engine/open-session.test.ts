// A full OPEN session over real WebSockets and PostgreSQL (DESIGN §4 "Open mode", §5): the demo
// room's lot 2 from CLOSED_FOR_OFFERS to NEGOTIATION with an auctioneer, three suppliers and a
// citizen; the refusals; the extension; the automatic close; the anonymity of every frame.
import { LIVE_EVENTS } from "@certame/domain";
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
  supplierIdentities,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";
import { FileStorage } from "../../files/file-storage";
import { findMinutesNotice } from "../../modules/reports/reports.repository";
import { ReportsService } from "../../modules/reports/reports.service";

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
  act(p[who].c, LIVE_EVENTS.placeNewBid, { batchId, value });
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
    expect(await act(p.supplier2.c, LIVE_EVENTS.placeNewBid, { batchId: lots[2], value: "abc" })).toEqual({
      ok: false,
      message: "Dados inválidos no evento place_new_bid.",
    });
    // Wrong role: a citizen and the auctioneer do not bid; a supplier does not move phases.
    expect((await bid("citizen", 30000)).ok).toBe(false);
    expect((await bid("auctioneer", 30000)).ok).toBe(false);
    const move = await act(p.supplier1.c, LIVE_EVENTS.goToNextPhase, {
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
    const early = await act(p.auctioneer.c, LIVE_EVENTS.goToNextPhase, {
      nextPhase: "NEGOTIATION",
      batchesIds: [lots[2]],
      auctionNoticeId: ROOM,
    });
    expect(early).toEqual({ ok: false, message: expect.stringContaining("encerrada automaticamente") });
  });

  it("an intermediate bid is accepted; its author deletes it once within 15 s", async () => {
    const placed = await bid("supplier2", 32450);
    expect(placed.ok).toBe(true);
    const deleted = await act(p.supplier2.c, LIVE_EVENTS.cancelBidBySupplier, { batchId: lots[2] });
    expect(deleted.ok).toBe(true);
    const seen = await p.auctioneer.c.next("BID_CANCELLED", (d) => d.bid.unitPrice === 32450);
    expect(seen.data.bid.state).toBe("CANCELLED");
    expect(await bid("supplier2", 32440)).toMatchObject({ ok: true });
    const again = await act(p.supplier2.c, LIVE_EVENTS.cancelBidBySupplier, { batchId: lots[2] });
    expect(again).toEqual({ ok: false, message: expect.stringContaining("uma vez") });
  });

  it("the auctioneer cancels a bid with a reason; the best falls back", async () => {
    const list = (await t.post("/api/room/batchBids", { batchId: lots[2] })).json().bids as {
      id: string;
      unitPrice: number;
      isCancelled: boolean;
    }[];
    const target = list.find((b) => b.unitPrice === 32400) as { id: string };
    expect(await act(p.auctioneer.c, LIVE_EVENTS.cancelBid, { bidId: target.id, reason: "" })).toEqual({
      ok: false,
      message: "Informe o motivo do cancelamento do lance.",
    });
    expect((await act(p.supplier1.c, LIVE_EVENTS.cancelBid, { bidId: target.id, reason: "x" })).ok).toBe(
      false,
    );
    expect(
      (
        await act(p.auctioneer.c, LIVE_EVENTS.cancelBid, {
          bidId: target.id,
          reason: "Valor digitado errado",
        })
      ).ok,
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

  it("in NEGOTIATION only the best-placed supplier bids, still by number: lots 1 and 3 are confidential", async () => {
    expect(await bid("supplier3", 30000)).toEqual({
      ok: false,
      message: expect.stringContaining("somente o licitante melhor classificado"),
    });
    expect((await bid("supplier1", 31900)).ok).toBe(true);
    const f = await p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 31900);
    expect(f.data.bid.kind).toBe("NEGOTIATION");
    // The numbers are per notice: naming 'Licitante n' here would unmask it in lots 1 and 3.
    expect(f.data.bid.supplier).toBeNull();
    expect(f.data.bid.nameToScreen).toBe(`Licitante ${numberOf("supplier1")}`);
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

// Anonymous numbers are per notice (DESIGN §4 "Anonymity"): 'Licitante 1' of lot 2's negotiation is
// 'Licitante 1' of lot 1's bidding. Until no lot is confidential, nothing anyone gets — frame or
// HTTP answer — may pair a supplier's name or document with a number (issue 11).
describe("anonymity across lots: lot 2 negotiates while lot 1 is bidding", () => {
  const mark: Partial<Record<Party, number>> = {};
  const channelOf = (lot: number) =>
    p.supplier1.state.auctionNotice.batches.find((b: { id: string }) => b.id === lots[lot]).chatChannel.id;
  let due1: number;

  it("lot 1 opens its bidding; the same suppliers bid in both lots and write in lot 2's chat", async () => {
    for (const who of Object.keys(p) as Party[]) mark[who] = p[who].c.raw.length;
    await advance(p.auctioneer.c, [lots[1] as string], "PUBLIC_SESSION");
    await advance(p.auctioneer.c, [lots[1] as string], "BIDDING");
    const f = await p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "BIDDING" && d.batchesIds[0] === lots[1],
    );
    due1 = Date.parse(f.data.batches[0].biddingPhaseDueDateTime);
    expect((await bid("supplier2", 2740, lots[1])).ok).toBe(true);
    expect((await bid("supplier1", 2700, lots[1])).ok).toBe(true);
    // Supplier 1 leads lot 1 and negotiates lot 2 at the same time.
    expect((await bid("supplier1", 31800)).ok).toBe(true);
    const seen = await p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 31800);
    expect(seen.data.bid).toMatchObject({ kind: "NEGOTIATION", supplier: null });
    p.supplier1.c.send(LIVE_EVENTS.newMessage, { chatChannel: channelOf(2), text: "proposta mantida" });
    const message = await p.citizen.c.next("NEW_MESSAGE", (d) => d.text === "proposta mantida");
    expect(message.data.user.nameToScreen).toBe(`Licitante ${numberOf("supplier1")}`);
  });

  it("no frame nor HTTP answer, to anyone, names a supplier while lot 1 is confidential", async () => {
    for (const who of Object.keys(p) as Party[])
      for (const frame of p[who].c.raw.slice(mark[who]))
        for (const identity of identities)
          expect(frame, `${who} recebeu ${identity}`).not.toContain(identity);
    const answers: string[] = [];
    const readers = {
      visitor: undefined,
      citizen: await t.login("cidadao@demo.com.br"),
      supplier2: await t.login("fornecedor2@demo.com.br"),
      auctioneer: await t.login("pregoeiro@demo.gov.br"),
    };
    for (const token of Object.values(readers)) {
      for (const lot of [1, 2, 3]) {
        answers.push((await t.post("/api/room/batchBids", { batchId: lots[lot] }, token)).body);
        answers.push((await t.post("/api/chat/getMessages", { chatChannel: channelOf(lot) }, token)).body);
      }
      if (!token) continue;
      answers.push((await t.post("/api/app/dispute/list", { auctionNoticeId: ROOM }, token)).body);
      for (const path of [
        "listProposalDocument",
        "listQualificationDocumentByUser",
        "listTechnicalDataSheets",
      ])
        answers.push(
          (await t.post(`/api/app/auction/${path}`, { auctionNotice: ROOM, batch: lots[2] }, token)).body,
        );
    }
    answers.push(
      (await t.post("/api/app/auction/myBestBids", { auctionNoticeId: ROOM }, readers.supplier2)).body,
    );
    // The session minutes, a public document.
    const reports = new ReportsService(t.db, new FileStorage(`${t.dataDir}/files`), clock.now);
    const notice = await findMinutesNotice(t.db, ROOM);
    answers.push(
      JSON.stringify(await reports.minutesData(notice as NonNullable<typeof notice>, clock.now())),
    );
    // Not vacuous: the visitor's list of lot 2 has the negotiation bids, by number.
    const lot2 = JSON.parse(answers[2] as string).bids as { kind: string; nameToScreen: string }[];
    expect(lot2.filter((b) => b.kind === "NEGOTIATION").map((b) => b.nameToScreen)).toEqual([
      `Licitante ${numberOf("supplier1")}`,
      `Licitante ${numberOf("supplier1")}`,
    ]);
    const chat2 = JSON.parse(answers[3] as string).messages as {
      text: string;
      user: { nameToScreen: string };
    }[];
    expect(chat2.find((m) => m.text === "proposta mantida")?.user.nameToScreen).toBe(
      `Licitante ${numberOf("supplier1")}`,
    );
    for (const answer of answers)
      for (const identity of identities) expect(answer, `resposta com ${identity}`).not.toContain(identity);
  });

  it("once no lot is confidential any more, the names go with the numbers", async () => {
    clock.set(due1);
    await t.runDueTimers();
    await p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "NEGOTIATION" && d.batchesIds[0] === lots[1],
    );
    // Lot 3 is still closed for offers: names stay hidden until it too has left its bidding.
    const stillHidden = (await t.post("/api/room/batchBids", { batchId: lots[2] })).json().bids;
    expect(stillHidden.every((b: { supplier: unknown }) => b.supplier === null)).toBe(true);
    await biddingToNegotiation(t, p, clock, lots[3] as string);
    const list = (await t.post("/api/room/batchBids", { batchId: lots[2] })).json().bids as {
      anonymousSupplierIdentificationNumber: number;
      nameToScreen: string;
      supplier: { corporateName: string; isSmallBusiness: unknown };
    }[];
    const of = (who: Party) => list.find((b) => b.anonymousSupplierIdentificationNumber === numberOf(who));
    expect(of("supplier1")?.supplier.corporateName).toBe("Ribeiro Papelaria e Suprimentos Ltda - ME");
    expect(of("supplier1")?.nameToScreen).toBe("Ribeiro Papelaria e Suprimentos Ltda - ME");
    // ME/EPP with its declaration; the large company is not (a boolean, docs/live-room.md BidView).
    expect(of("supplier1")?.supplier.isSmallBusiness).toBe(true);
    expect(of("supplier2")?.supplier.isSmallBusiness).toBe(false);
    expect((await bid("supplier1", 31700)).ok).toBe(true);
    const f = await p.citizen.c.next("NEW_BID_PLACED", (d) => d.bid.unitPrice === 31700);
    expect(f.data.bid.supplier).toMatchObject({
      corporateName: "Ribeiro Papelaria e Suprimentos Ltda - ME",
      isSmallBusiness: true,
    });
    expect(f.data.batch.batchBestBid.supplier.isSmallBusiness).toBe(true);
  });
});
