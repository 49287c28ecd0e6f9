import { DATABASE_RETRY_MS, DATABASE_UNAVAILABLE_MESSAGE } from "@certame/domain";
import { notifications } from "@mantine/notifications";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../../test/fake-socket";
import { ROOM_NOTICE_ID } from "../../../test/room-fixtures";
import { type ActionAnswer, useTradingRoom } from "./useTradingRoom";

// request(): an action waits for its own answer (trading-room §7; docs/live-room.md "Answers"). The
// server names the refused event in ERROR, so another action's refusal does not answer it.

afterEach(() => {
  act(() => notifications.clean());
});

function openRoom() {
  const sockets = fakeSockets();
  const hook = renderHook(() =>
    useTradingRoom({
      auctionNoticeId: ROOM_NOTICE_ID,
      loggedIn: false,
      goBack: vi.fn(),
      createSocket: sockets.create,
      url: "ws://test/api/ws",
    }),
  );
  act(() => sockets.last.open());
  return { hook, socket: sockets.last };
}

describe("useTradingRoom request()", () => {
  it("is answered by its own event's ERROR or ACKNOWLEDGED, not by another action's refusal", async () => {
    const { hook, socket } = openRoom();
    let answer: ActionAnswer | null = null;
    act(() => {
      void hook.result.current.request("fail_batch", { batchId: "lot-1" }).then((a) => {
        answer = a;
      });
    });
    expect(socket.events("fail_batch")).toEqual([{ batchId: "lot-1" }]);
    // A bid refused meanwhile is not the control's answer.
    await act(async () => socket.receive("ERROR", { message: "Lance recusado.", event: "place_new_bid" }));
    expect(answer).toBeNull();
    await act(async () => socket.receive("ACKNOWLEDGED", { event: "fail_batch", status: "FAILED" }));
    expect(answer).toEqual({ ok: true, data: { event: "fail_batch", status: "FAILED" } });
  });

  it("takes its own refusal, with the server's message", async () => {
    const { hook, socket } = openRoom();
    let answer: ActionAnswer | null = null;
    act(() => {
      void hook.result.current.request("cancel_batch", { batchId: "lot-1" }).then((a) => {
        answer = a;
      });
    });
    await act(async () => socket.receive("ERROR", { message: "Motivo obrigatório.", event: "cancel_batch" }));
    expect(answer).toEqual({ ok: false, message: "Motivo obrigatório." });
  });
});

describe("useTradingRoom while the server's database is away (issue 22)", () => {
  it("tries its register again every 2 s until it is let in, and no other refusal makes it retry", async () => {
    vi.useFakeTimers();
    try {
      const { socket } = openRoom();
      expect(socket.events("register")).toHaveLength(1);
      await act(async () =>
        socket.receive("ERROR", { message: DATABASE_UNAVAILABLE_MESSAGE, event: "register" }),
      );
      await act(async () => vi.advanceTimersByTime(DATABASE_RETRY_MS - 1));
      expect(socket.events("register")).toHaveLength(1);
      await act(async () => vi.advanceTimersByTime(1));
      expect(socket.events("register")).toHaveLength(2);
      // Another refusal (the room not found) is not retried.
      await act(async () =>
        socket.receive("ERROR", { message: "Processo não encontrado.", event: "register" }),
      );
      await act(async () => vi.advanceTimersByTime(10 * DATABASE_RETRY_MS));
      expect(socket.events("register")).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("useTradingRoom across a dropped connection (issue 22 review)", () => {
  it("settles an action in flight as unknown when the socket drops; the next socket's answer is not its", async () => {
    vi.useFakeTimers();
    try {
      const { hook, socket } = openRoom();
      let answer: ActionAnswer | null = null;
      act(() => {
        void hook.result.current.request("place_new_bid", { batchId: "lot-1", value: 100 }).then((a) => {
          answer = a;
        });
      });
      await act(async () => socket.drop());
      expect(answer).toEqual({ ok: false, message: expect.any(String), unknown: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks for the whole state when RESUMED comes before any state (a first register that failed)", async () => {
    const { socket } = openRoom();
    expect(socket.events("register")).toHaveLength(1);
    await act(async () => socket.receive("RESUMED", { auctionNoticeId: ROOM_NOTICE_ID, from: 3, seq: 4 }));
    expect(socket.events("register")).toHaveLength(2);
    expect(socket.events("register")[1]).toEqual({ token: null, auctionNoticeId: ROOM_NOTICE_ID });
  });
});
