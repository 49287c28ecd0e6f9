import { describe, expect, it } from "vitest";
import {
  bid,
  citizenRegistered,
  message,
  ROOM_NOTICE_ID,
  registered,
  roomLot,
  roomNotice,
  supplierRegistered,
} from "../../../test/room-fixtures";
import { isLotWinner } from "../award/award-model";
import type { RoomLot } from "../types";
import {
  applyPhaseToLot,
  eventEffects,
  headLots,
  initialRoomState,
  newMessageAlerts,
  type RoomAction,
  type RoomState,
  roomReducer,
  selectedLot,
} from "./room-state";

const T0 = Date.parse("2026-03-10T12:00:00.000Z");

function run(...actions: RoomAction[]): RoomState {
  return actions.reduce(roomReducer, initialRoomState);
}

const events = (...list: { action: string; data: unknown }[]): RoomAction => ({
  type: "events",
  events: list,
  receivedAt: T0,
});

const start = (data = registered()) => run({ type: "registered", data, receivedAt: T0 - 1500 });

describe("REGISTERED", () => {
  it("loads the notice, the user's role and selects the first lot", () => {
    const state = start();
    expect(state.notice?.noticeNumber).toBe("PE 08/2026");
    expect(state.role).toBe("AUCTIONEER");
    expect(state.selectedLotId).toBe("lot-1");
    expect(state.statistics?.isAuctioneerOnline).toBe(true);
  });

  it("measures the server clock offset from serverTime", () => {
    expect(start().offsetMs).toBe(1500);
  });

  it("keeps the selected lot on a resynchronisation", () => {
    let state = roomReducer(start(), { type: "selectLot", lotId: "lot-2" });
    state = roomReducer(state, { type: "registered", data: registered(), receivedAt: T0 });
    expect(state.selectedLotId).toBe("lot-2");
  });

  it("reads a citizen's read-only role", () => {
    expect(start(citizenRegistered()).role).toBe("REGULAR_CITIZEN");
  });
});

describe("lot selection (§2.1)", () => {
  it("clears bids, chat and the selected bid, and lowers only the selected lot's flags", () => {
    let state = start();
    state = roomReducer(state, { type: "bidsLoaded", lotId: "lot-1", bids: [bid(1, 2500)] });
    state = roomReducer(state, { type: "selectBid", bidId: "bid-1-2500" });
    state = roomReducer(
      state,
      events(
        { action: "NEW_MESSAGE", data: message("m2", { chatChannelId: "chan-2", batchId: "lot-2" }) },
        { action: "NEW_MESSAGE", data: message("m3", { chatChannelId: "chan-3", batchId: "lot-3" }) },
      ),
    );
    expect(newMessageAlerts(state).lotNumbers).toEqual([2, 3]);
    state = roomReducer(state, { type: "selectLot", lotId: "lot-2" });
    expect(state.bids).toEqual([]);
    expect(state.selectedBidId).toBeNull();
    expect(state.chat.messages).toEqual([]);
    expect(newMessageAlerts(state).lotNumbers).toEqual([3]);
  });

  it("cannot unselect or select an unknown lot", () => {
    const state = roomReducer(start(), { type: "selectLot", lotId: "nope" });
    expect(state.selectedLotId).toBe("lot-1");
  });
});

describe("bids", () => {
  it("orders loaded bids by the domain rule (lowest price first)", () => {
    const state = roomReducer(start(), {
      type: "bidsLoaded",
      lotId: "lot-1",
      bids: [bid(1, 2600), bid(2, 2400), bid(3, 2500)],
    });
    expect(state.bids.map((b) => b.unitPrice)).toEqual([2400, 2500, 2600]);
  });

  it("NEW_BID_PLACED joins the list in bid order (once) and merges the lot view", () => {
    let state = roomReducer(start(), {
      type: "bidsLoaded",
      lotId: "lot-1",
      bids: [bid(1, 2600), bid(2, 2500)],
    });
    state = roomReducer(
      state,
      events({
        action: "NEW_BID_PLACED",
        data: {
          auctionNoticeId: ROOM_NOTICE_ID,
          batchId: "lot-1",
          bid: bid(1, 2400),
          batch: {
            id: "lot-1",
            phase: "BIDDING",
            biddingPhaseDueDateTime: "2026-03-10T12:12:00.000Z",
            batchBestBid: bid(1, 2400),
          },
          serverTime: "2026-03-10T12:00:02.000Z",
        },
      }),
    );
    expect(state.bids.map((b) => [b.anonymousSupplierIdentificationNumber, b.unitPrice])).toEqual([
      [1, 2400],
      [2, 2500],
      [1, 2600],
    ]);
    expect(selectedLot(state)?.biddingPhaseDueDateTime).toBe("2026-03-10T12:12:00.000Z");
    expect(selectedLot(state)?.batchBestBid?.unitPrice).toBe(2400);
    expect(state.offsetMs).toBe(2000);
  });

  it("a bid in another lot only updates that lot's row", () => {
    const state = roomReducer(
      start(),
      events({
        action: "NEW_BID_PLACED",
        data: {
          auctionNoticeId: ROOM_NOTICE_ID,
          batchId: "lot-2",
          bid: bid(1, 30000, { batchId: "lot-2" }),
          batch: { id: "lot-2", biddingPhaseDueDateTime: "2026-03-10T12:10:00.000Z" },
        },
      }),
    );
    expect(state.bids).toEqual([]);
    expect(headLots(state.notice).find((l) => l.id === "lot-2")?.biddingPhaseDueDateTime).toBe(
      "2026-03-10T12:10:00.000Z",
    );
  });

  it("BID_CANCELLED marks the bid cancelled and asks for the list again", () => {
    let state = roomReducer(start(), { type: "bidsLoaded", lotId: "lot-1", bids: [bid(1, 2600)] });
    const event = {
      action: "BID_CANCELLED",
      data: {
        auctionNoticeId: ROOM_NOTICE_ID,
        batchId: "lot-1",
        bidId: "bid-1-2600",
        bid: bid(1, 2600, { isCancelled: true, state: "CANCELLED" }),
      },
    };
    expect(eventEffects(state, event).reloadBids).toBe(true);
    state = roomReducer(state, events(event));
    expect(state.bids[0]?.isCancelled).toBe(true);
  });
});

describe("phase events (§4)", () => {
  const now = new Date("2026-03-10T12:00:07.345Z");

  it("entering BIDDING for the first time sets the bidding and phase start to now, milliseconds zeroed", () => {
    const lot = applyPhaseToLot(
      roomLot(1),
      "BIDDING",
      { id: "lot-1", biddingPhaseDueDateTime: "2026-03-10T12:10:07.000Z" },
      false,
      now,
    );
    expect(lot.phase).toBe("BIDDING");
    expect(lot.biddingPhaseStartDateTime).toBe("2026-03-10T12:00:07.000Z");
    expect(lot.phaseStartDateTime).toBe("2026-03-10T12:00:07.000Z");
    expect(lot.biddingPhaseDueDateTime).toBe("2026-03-10T12:10:07.000Z");
  });

  it("keeps an earlier bidding start when advancing, resets it when regressing", () => {
    const started = roomLot(1, { biddingPhaseStartDateTime: "2026-03-10T11:00:00.000Z" });
    expect(applyPhaseToLot(started, "BIDDING", undefined, false, now).biddingPhaseStartDateTime).toBe(
      "2026-03-10T11:00:00.000Z",
    );
    expect(applyPhaseToLot(started, "BIDDING", undefined, true, now).biddingPhaseStartDateTime).toBe(
      "2026-03-10T12:00:07.000Z",
    );
  });

  it("the server's own start wins over the client's rule", () => {
    const lot = applyPhaseToLot(
      roomLot(1),
      "BIDDING",
      { id: "lot-1", biddingPhaseStartDateTime: "2026-03-10T11:59:59.500Z" },
      false,
      now,
    );
    expect(lot.biddingPhaseStartDateTime).toBe("2026-03-10T11:59:59.500Z");
  });

  it("entering NEGOTIATION clears the phase and document windows and sets the bidding end", () => {
    const lot = applyPhaseToLot(
      roomLot(1, {
        phase: "BIDDING",
        phaseStartDateTime: "x",
        phaseEndDateTime: "y",
        attachingDocumentsEndingDateTime: "z",
      }),
      "NEGOTIATION",
      { id: "lot-1", biddingPhaseStartDateTime: "2026-03-10T11:50:00.000Z" },
      false,
      now,
    );
    expect(lot.phaseStartDateTime).toBeNull();
    expect(lot.phaseEndDateTime).toBeNull();
    expect(lot.attachingDocumentsEndingDateTime).toBeNull();
    // The end falls back to the start.
    expect(lot.biddingPhaseEndingDateTime).toBe("2026-03-10T11:50:00.000Z");
  });

  it("PHASE_ADVANCED moves the listed lots, leaves the filter alone and reloads the selected lot's bids", () => {
    const state = start();
    const event = {
      action: "PHASE_ADVANCED",
      data: {
        auctionNoticeId: ROOM_NOTICE_ID,
        newPhase: "BIDDING",
        batchesIds: ["lot-1", "lot-2"],
        batches: [],
      },
    };
    expect(eventEffects(state, event)).toEqual({
      reloadBids: true,
      reloadBestBids: false,
      reloadRoom: false,
    });
    const next = roomReducer(state, events(event));
    expect(headLots(next.notice).map((l) => l.phase)).toEqual(["BIDDING", "BIDDING", "CLOSED_FOR_OFFERS"]);
    // Issue 12 item 4: the filter is the user's choice; a lot entering BIDDING hides no other lot.
    expect(next.lotFilter).toBeNull();
    expect(next.notice?.effectiveStatus).toBe("ONGOING");
  });

  it("keeps the user's filter, and clears it once no lot is left in its phase (the list would be empty)", () => {
    const move = (phase: string, ids: string[]) =>
      events({
        action: "PHASE_ADVANCED",
        data: { auctionNoticeId: ROOM_NOTICE_ID, newPhase: phase, batchesIds: ids, batches: [] },
      });
    const bidding = roomReducer({ ...start(), lotFilter: "BIDDING" }, move("BIDDING", ["lot-1"]));
    expect(bidding.lotFilter).toBe("BIDDING");
    const done = roomReducer(bidding, move("NEGOTIATION", ["lot-1"]));
    expect(done.lotFilter).toBeNull();
    const chosen = roomReducer({ ...done, lotFilter: "CLOSED_FOR_OFFERS" }, move("NEGOTIATION", ["lot-2"]));
    expect(chosen.lotFilter).toBe("CLOSED_FOR_OFFERS");
  });

  it("a lot's view pushed again in its phase (winner hand-over) moves the winner-only actions to the new winner", () => {
    const qualification = (winner: number, best: number) =>
      events({
        action: "PHASE_ADVANCED",
        data: {
          auctionNoticeId: ROOM_NOTICE_ID,
          newPhase: "QUALIFICATION",
          batchesIds: ["lot-1"],
          batches: [
            {
              id: "lot-1",
              phase: "QUALIFICATION",
              winner: { anonymousSupplierIdentificationNumber: winner },
              batchBestBid: bid(winner, best),
              attachingDocumentsEndingDateTime: null,
            },
          ],
        },
      });
    // Supplier 1 won; the auctioneer disqualifies it and the lot passes to supplier 2.
    let state = roomReducer(start(supplierRegistered()), qualification(1, 2500));
    const lot = () => selectedLot(state) as RoomLot;
    expect(isLotWinner(state, lot())).toBe(true);
    state = roomReducer(state, qualification(2, 2600));
    expect(isLotWinner(state, lot())).toBe(false);
    expect(lot().batchBestBid?.unitPrice).toBe(2600);
    expect(lot().phase).toBe("QUALIFICATION");
  });

  it("a supplier in a new modality reloads its best bids on entering BIDDING", () => {
    const state = start(supplierRegistered());
    const event = {
      action: "PHASE_ADVANCED",
      data: { auctionNoticeId: ROOM_NOTICE_ID, newPhase: "BIDDING", batchesIds: ["lot-3"] },
    };
    expect(eventEffects(state, event)).toEqual({
      reloadBids: false,
      reloadBestBids: true,
      reloadRoom: false,
    });
  });

  it("ignores events of another notice", () => {
    const state = start();
    const next = roomReducer(
      state,
      events({
        action: "PHASE_ADVANCED",
        data: { auctionNoticeId: "other", newPhase: "BIDDING", batchesIds: ["lot-1"] },
      }),
    );
    expect(selectedLot(next)?.phase).toBe("CLOSED_FOR_OFFERS");
  });
});

describe("process status events (§4)", () => {
  it("PROCESS_SUSPENDED sets the status; PROCESS_UNSUSPENDED sets ONGOING and reloads the room", () => {
    let state = roomReducer(
      start(),
      events({ action: "PROCESS_SUSPENDED", data: { auctionNoticeId: ROOM_NOTICE_ID } }),
    );
    expect(state.notice?.status).toBe("SUSPENDED");
    const unsuspend = { action: "PROCESS_UNSUSPENDED", data: { auctionNoticeId: ROOM_NOTICE_ID } };
    expect(eventEffects(state, unsuspend).reloadRoom).toBe(true);
    state = roomReducer(state, events(unsuspend));
    expect(state.notice?.effectiveStatus).toBe("ONGOING");
  });

  it("ignores another notice's status", () => {
    const state = roomReducer(
      start(),
      events({ action: "PROCESS_REVOKED", data: { auctionNoticeId: "other" } }),
    );
    expect(state.notice?.status).toBe("PUBLISHED");
  });
});

describe("chat events", () => {
  const withChat = () =>
    roomReducer(start(), {
      type: "chatLoaded",
      lotId: "lot-1",
      page: {
        messages: [message("m1")],
        hasMore: true,
        chatChannel: { id: "chan-1", batchId: "lot-1", chatMembers: [] },
      },
    });

  it("appends a message of the selected lot's channel once", () => {
    let state = withChat();
    state = roomReducer(
      state,
      events({ action: "NEW_MESSAGE", data: message("m2") }, { action: "NEW_MESSAGE", data: message("m2") }),
    );
    expect(state.chat.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
  });

  it("flags another lot, but not for the user's own or a system message", () => {
    let state = withChat();
    state = roomReducer(
      state,
      events(
        {
          action: "NEW_MESSAGE",
          data: message("own", { chatChannelId: "chan-2", batchId: "lot-2", userId: "user-auctioneer" }),
        },
        {
          action: "NEW_MESSAGE",
          data: message("sys", {
            chatChannelId: "chan-3",
            batchId: "lot-3",
            isSystemMessage: 1,
            userId: null,
          }),
        },
      ),
    );
    expect(newMessageAlerts(state).lotNumbers).toEqual([]);
  });

  it("MESSAGE_SENT_TO_BATCHES flags the other lots with a message for all lots", () => {
    const state = roomReducer(
      roomReducer(start(supplierRegistered()), {
        type: "chatLoaded",
        lotId: "lot-1",
        page: {
          messages: [],
          hasMore: false,
          chatChannel: { id: "chan-1", batchId: "lot-1", chatMembers: [] },
        },
      }),
      events({
        action: "MESSAGE_SENT_TO_BATCHES",
        data: {
          auctionNoticeId: ROOM_NOTICE_ID,
          text: "Atenção",
          isSystemMessage: 0,
          messagesForAllBatches: true,
          batchesIds: ["lot-1", "lot-2", "lot-3"],
          messages: [1, 2, 3].map((n) =>
            message(`all-${n}`, {
              chatChannelId: `chan-${n}`,
              batchId: `lot-${n}`,
              userId: "user-auctioneer",
            }),
          ),
        },
      }),
    );
    expect(state.chat.messages.map((m) => m.id)).toEqual(["all-1"]);
    expect(newMessageAlerts(state)).toEqual({ lotNumbers: [2, 3], forAllBatches: true });
  });

  it("prepends older messages without duplicates", () => {
    const state = roomReducer(withChat(), {
      type: "olderMessagesLoaded",
      channelId: "chan-1",
      page: {
        messages: [message("m0"), message("m1")],
        hasMore: false,
        chatChannel: { id: "chan-1", batchId: "lot-1", chatMembers: [] },
      },
    });
    expect(state.chat.messages.map((m) => m.id)).toEqual(["m0", "m1"]);
    expect(state.chat.hasMore).toBe(false);
  });
});

describe("statistics and best bids", () => {
  it("CHANNEL_STATISTICS replaces the statistics", () => {
    const stats = {
      isAuctioneerOnline: false,
      onlineSuppliers: [],
      batchesWithAnonymousSuppliersNumbers: [],
    };
    expect(roomReducer(start(), events({ action: "CHANNEL_STATISTICS", data: stats })).statistics).toEqual(
      stats,
    );
  });

  it("the user's best bids go to their lots", () => {
    const state = roomReducer(start(supplierRegistered()), {
      type: "bestBidsLoaded",
      items: [{ batchId: "lot-2", supplierBestBid: bid(1, 30000, { batchId: "lot-2" }) }],
    });
    expect(headLots(state.notice).find((l) => l.id === "lot-2")?.supplierBestBid?.unitPrice).toBe(30000);
  });

  it("notices without a lot list no head rows", () => {
    expect(headLots(roomNotice({ batches: [] }))).toEqual([]);
  });
});
