import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  bid,
  message,
  registered,
  roomLot,
  roomNotice,
  supplierRegistered,
} from "../../../test/room-fixtures";
import type { RoomLot } from "../types";
import {
  type Announcement,
  AnnouncementThrottle,
  isAddressedTo,
  lastMinuteAnnouncement,
  ownBidAnnouncement,
  stateAnnouncements,
} from "./announcements";
import { initialRoomState, type RoomState, roomReducer } from "./room-state";

const T0 = Date.parse("2026-03-10T12:00:00.000Z");

function room(lots: RoomLot[], data = registered()): RoomState {
  let state = roomReducer(initialRoomState, {
    type: "registered",
    data: { ...data, auctionNotice: roomNotice({ batches: lots }) },
    receivedAt: T0,
  });
  state = roomReducer(state, { type: "chatLoaded", lotId: "lot-1", page: null });
  return { ...state, chat: { ...state.chat, channelId: "chan-1" } };
}

const withLots = (state: RoomState, lots: RoomLot[]): RoomState => ({
  ...state,
  notice: state.notice ? { ...state.notice, batches: lots } : null,
});

describe("AnnouncementThrottle", () => {
  beforeEach(() => vi.useFakeTimers({ now: T0 }));
  afterEach(() => vi.useRealTimers());

  it("says the first at once, then at most one per region per interval: the latest wins", () => {
    const said: Announcement[] = [];
    const throttle = new AnnouncementThrottle((a) => said.push(a), 2500);
    throttle.push({ region: "bids", text: "um" });
    expect(said).toEqual([{ region: "bids", text: "um" }]);
    throttle.push({ region: "bids", text: "dois" });
    throttle.push({ region: "bids", text: "três" });
    // Another region is not held back by this one.
    throttle.push({ region: "room", text: "fase" });
    expect(said.map((a) => a.text)).toEqual(["um", "fase"]);
    vi.advanceTimersByTime(2499);
    expect(said).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(said.at(-1)).toEqual({ region: "bids", text: "três" });
    expect(said.map((a) => a.text)).not.toContain("dois");
    // Right after a held one went out, the next waits a whole interval again.
    throttle.push({ region: "bids", text: "quatro" });
    expect(said).toHaveLength(3);
    vi.advanceTimersByTime(2500);
    expect(said.at(-1)?.text).toBe("quatro");
    // After a quiet interval the next goes out at once.
    vi.advanceTimersByTime(5000);
    throttle.push({ region: "bids", text: "cinco" });
    expect(said.at(-1)?.text).toBe("cinco");
  });

  it("drops what is held when disposed", () => {
    const said: Announcement[] = [];
    const throttle = new AnnouncementThrottle((a) => said.push(a), 2500);
    throttle.push({ region: "chat", text: "a" });
    throttle.push({ region: "chat", text: "b" });
    throttle.dispose();
    vi.advanceTimersByTime(10_000);
    expect(said.map((a) => a.text)).toEqual(["a"]);
  });
});

describe("stateAnnouncements", () => {
  it("a new best bid of a lot", () => {
    const before = room([roomLot(1, { phase: "BIDDING" })]);
    const after = withLots(before, [roomLot(1, { phase: "BIDDING", batchBestBid: bid(2, 9300) })]);
    expect(stateAnnouncements(before, after)).toEqual([
      { region: "bids", text: "Lote 1: novo melhor lance R$ 93,00." },
    ]);
  });

  it("phase changes, lots moved together in one line", () => {
    const before = room([roomLot(1), roomLot(2), roomLot(3)]);
    const after = withLots(before, [
      roomLot(1, { phase: "BIDDING" }),
      roomLot(2, { phase: "BIDDING" }),
      roomLot(3, { phase: "PUBLIC_SESSION" }),
    ]);
    expect(stateAnnouncements(before, after)).toEqual([
      { region: "room", text: "Lotes 1 e 2: fase Disputa de lances. Lote 3: fase Sessão pública." },
    ]);
  });

  it("the extension of the bidding deadline", () => {
    const lot = (due: string) => roomLot(1, { phase: "BIDDING", biddingPhaseDueDateTime: due });
    const before = room([lot("2026-03-10T12:10:00.000Z")]);
    const after = withLots(before, [lot("2026-03-10T12:12:00.000Z")]);
    // 12:12 UTC is 09:12 in Brasília.
    expect(stateAnnouncements(before, after)).toEqual([
      { region: "room", text: "Lote 1: prazo da disputa prorrogado até 09:12:00." },
    ]);
  });

  it("the extension of the documents deadline", () => {
    const lot = (end: string) => roomLot(1, { phase: "NEGOTIATION", attachingDocumentsEndingDateTime: end });
    const before = room([lot("2026-03-10T14:00:00.000Z")]);
    const after = withLots(before, [lot("2026-03-10T16:00:00.000Z")]);
    expect(stateAnnouncements(before, after)).toEqual([
      { region: "room", text: "Lote 1: prazo para envio de documentos prorrogado até 10/03/2026 13:00." },
    ]);
  });

  it("the tie call: the called supplier hears the value and the time, others who is called", () => {
    const tie = (called: number) =>
      roomLot(1, {
        phase: "TIEBREAKER",
        batchBestBid: bid(2, 2750),
        tiebreaker: { calledAnonymousNumber: called, dueDateTime: "2026-03-10T12:15:00.000Z" },
      });
    const bidding = roomLot(1, { phase: "BIDDING", batchBestBid: bid(2, 2750) });
    const supplier = room([bidding], supplierRegistered());
    expect(stateAnnouncements(supplier, withLots(supplier, [tie(1)]))).toEqual([
      {
        region: "room",
        text: "Lote 1: fase Desempate. Lote 1: você (Licitante 1) foi convocado(a) para o desempate (ME/EPP). Apresente lance melhor que R$ 27,50 até 09:15:00.",
      },
    ]);
    const auctioneer = room([bidding]);
    expect(stateAnnouncements(auctioneer, withLots(auctioneer, [tie(3)]))[0]?.text).toContain(
      "Lote 1: Licitante 3 (ME/EPP) convocado(a) para o desempate.",
    );
  });

  it("a chat message addressed to the user, not others; nothing on the start or a reload", () => {
    const before = room([roomLot(1)], supplierRegistered());
    const add = (state: RoomState, ...messages: ReturnType<typeof message>[]) => ({
      ...state,
      chat: { ...state.chat, messages: [...state.chat.messages, ...messages] },
    });
    const other = add(before, message("m1", { text: "Bom dia a todos" }));
    expect(stateAnnouncements(before, other)).toEqual([]);
    const mention = add(
      other,
      message("m2", {
        text: "@Licitante 1 envie a proposta ajustada",
        metadata: { mentions: [{ anonymousSupplierIdentificationNumber: 1 }] },
      }),
    );
    expect(stateAnnouncements(other, mention)).toEqual([
      { region: "chat", text: "Mensagem para você no lote 1: @Licitante 1 envie a proposta ajustada" },
    ]);
    expect(stateAnnouncements(initialRoomState, before)).toEqual([]);
    const reloading = { ...before, chat: { ...before.chat, loading: true } };
    expect(stateAnnouncements(reloading, mention)).toEqual([]);
  });
});

describe("message texts", () => {
  it("the user's own bid, accepted or refused", () => {
    expect(ownBidAnnouncement({ number: 2 }, { ok: true, value: "R$ 93,00" })).toEqual({
      region: "ownBid",
      text: "Seu lance de R$ 93,00 no lote 2 foi aceito.",
    });
    expect(
      ownBidAnnouncement({ number: 2 }, { ok: false, message: "O lance deve ser menor que o seu último." }),
    ).toEqual({
      region: "ownBid",
      text: "Seu lance no lote 2 foi recusado: O lance deve ser menor que o seu último.",
    });
  });

  it("a system line naming the user is addressed to them; 'Licitante 10' is not 'Licitante 1'", () => {
    const system = (text: string) => message("s", { text, isSystemMessage: 1, userId: null, user: null });
    expect(isAddressedTo(system("Licitante 1 desclassificado(a) no lote/item 2."), 1)).toBe(true);
    expect(isAddressedTo(system("Licitante 10 desclassificado(a) no lote/item 2."), 1)).toBe(false);
    expect(isAddressedTo(system("Licitante 1 desclassificado(a)."), null)).toBe(false);
  });

  it("the last minute, once per deadline, read on the engine's clock", () => {
    const state = room([
      roomLot(1, { phase: "BIDDING", biddingPhaseDueDateTime: "2026-03-10T12:02:00.000Z" }),
    ]);
    const said = new Set<string>();
    const at = (s: number) => new Date(T0 + s * 1000);
    expect(lastMinuteAnnouncement(state, at(58), at(59), said)).toBeNull();
    expect(lastMinuteAnnouncement(state, at(59), at(60), said)).toEqual({
      region: "room",
      text: "Lote 1: último minuto da disputa.",
    });
    expect(lastMinuteAnnouncement(state, at(59), at(60), said)).toBeNull();
  });
});
