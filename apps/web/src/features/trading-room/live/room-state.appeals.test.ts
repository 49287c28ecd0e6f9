import { describe, expect, it } from "vitest";
import { dispute } from "../../../test/appeal-fixtures";
import { ROOM_NOTICE_ID, registered } from "../../../test/room-fixtures";
import { initialRoomState, type RoomAction, type RoomState, roomReducer } from "./room-state";

// The DISPUTE_* pushed events in the room state (trading-room §4 "Other pushed events"; docs/live-room.md "Appeals").

const T0 = Date.parse("2026-03-10T12:00:00.000Z");
const run = (...actions: RoomAction[]): RoomState => actions.reduce(roomReducer, initialRoomState);
const start = () => run({ type: "registered", data: registered(), receivedAt: T0 });
const push = (action: string, data: Record<string, unknown>): RoomAction => ({
  type: "events",
  events: [
    { action, data: { auctionNoticeId: ROOM_NOTICE_ID, serverTime: "2026-03-10T12:00:05.000Z", ...data } },
  ],
  receivedAt: T0 + 5000,
});

describe("appeals in the room state", () => {
  it("starts with no disputes and takes the list loaded after REGISTERED", () => {
    expect(start().disputes).toEqual([]);
    const state = roomReducer(start(), {
      type: "disputesLoaded",
      noticeId: ROOM_NOTICE_ID,
      disputes: [dispute("d-1", { isOwn: true })],
    });
    expect(state.disputes.map((d) => d.id)).toEqual(["d-1"]);
    // Another notice's list (a room left meanwhile) is ignored.
    expect(
      roomReducer(start(), { type: "disputesLoaded", noticeId: "other", disputes: [dispute("d-9")] })
        .disputes,
    ).toEqual([]);
  });

  it("adds the intention DISPUTE_INTEREST_MANIFESTED carries", () => {
    const state = roomReducer(
      start(),
      push("DISPUTE_INTEREST_MANIFESTED", {
        batchesIds: ["lot-1"],
        disputesIds: ["d-1"],
        disputes: [dispute("d-1")],
      }),
    );
    expect(state.disputes).toEqual([dispute("d-1")]);
    expect(state.offsetMs).toBe(0);
  });

  it.each([
    ["DISPUTE_INTEREST_WAIVED", { status: "WAIVED", waiverReason: "Desisto." }],
    ["DISPUTE_MANIFESTATION_REFUSED", { status: "REFUSED", refusalReason: "Intenção sem motivação." }],
    ["DISPUTE_JUDGED", { judgmentStatus: "APPROVED", judgmentJustification: "Procede." }],
    ["DISPUTE_DOCUMENT_ATTACHED", { disputeDocumentsAttachmentDueDateTime: "2026-03-13T12:00:00.000Z" }],
    [
      "DISPUTE_COUNTER_ARGUMENT_DOCUMENT_ATTACHED",
      { counterArgumentDocumentsAttachmentDueDateTime: "2026-03-18T12:00:00.000Z" },
    ],
  ] as const)("%s replaces the dispute's view by id", (action, change) => {
    let state = roomReducer(start(), {
      type: "disputesLoaded",
      noticeId: ROOM_NOTICE_ID,
      disputes: [
        dispute("d-1", { isOwn: true }),
        dispute("d-2", { createdDate: "2026-03-10T12:02:00.000Z" }),
      ],
    });
    state = roomReducer(
      state,
      push(action, { batchesIds: ["lot-1"], disputesIds: ["d-1"], disputes: [dispute("d-1", change)] }),
    );
    expect(state.disputes).toHaveLength(2);
    expect(state.disputes[0]).toMatchObject({ id: "d-1", ...change, isOwn: true });
    expect(state.disputes[1]?.id).toBe("d-2");
  });

  it("ignores another notice's appeal events", () => {
    const state = roomReducer(
      start(),
      push("DISPUTE_INTEREST_MANIFESTED", { auctionNoticeId: "other-notice", disputes: [dispute("d-1")] }),
    );
    expect(state.disputes).toEqual([]);
  });

  it("a list loaded after an event keeps the pushed dispute it does not have yet", () => {
    let state = roomReducer(
      start(),
      push("DISPUTE_INTEREST_MANIFESTED", {
        disputes: [dispute("d-2", { createdDate: "2026-03-10T12:03:00.000Z" })],
      }),
    );
    state = roomReducer(state, {
      type: "disputesLoaded",
      noticeId: ROOM_NOTICE_ID,
      disputes: [dispute("d-1")],
    });
    expect(state.disputes.map((d) => d.id)).toEqual(["d-1", "d-2"]);
  });
});
