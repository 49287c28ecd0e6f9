import type { ConnectionStatus } from "@certame/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerFrame } from "../types";
import { liveChannelUrl, parseFrame, RoomSocket, type SocketLike } from "./room-socket";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(frame) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }
}

let sockets: FakeSocket[];
let statuses: ConnectionStatus[];
let frames: ServerFrame[];
let gaveUp: number;

function socket(attempts = 100) {
  return new RoomSocket({
    url: "ws://localhost/api/ws",
    auctionNoticeId: "notice-1",
    token: "tok",
    attempts,
    create: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    onStatus: (s) => statuses.push(s),
    onFrame: (f) => frames.push(f),
    onGiveUp: () => {
      gaveUp += 1;
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  statuses = [];
  frames = [];
  gaveUp = 0;
});
afterEach(() => vi.useRealTimers());

describe("room socket", () => {
  it("builds the same-origin address", () => {
    expect(liveChannelUrl({ protocol: "https:", host: "certame.gov.br" })).toBe(
      "wss://certame.gov.br/api/ws",
    );
    expect(liveChannelUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/api/ws");
  });

  it("reads only {action, data} frames", () => {
    expect(parseFrame('{"action":"REGISTERED","data":{"a":1}}')).toEqual({
      action: "REGISTERED",
      data: { a: 1 },
    });
    expect(parseFrame('{"action":"NEW_MESSAGE","data":{},"seq":12}')).toEqual({
      action: "NEW_MESSAGE",
      data: {},
      seq: 12,
    });
    expect(parseFrame("nope")).toBeNull();
    expect(parseFrame('{"event":"x"}')).toBeNull();
  });

  it("is CONNECTING, then registers with the token on open and passes frames on", () => {
    const room = socket();
    room.start();
    room.start();
    expect(sockets).toHaveLength(1);
    expect(statuses).toEqual(["CONNECTING"]);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { event: "register", data: { token: "tok", auctionNoticeId: "notice-1" } },
    ]);
    sockets[0]?.receive({ action: "REGISTERED", data: { serverTime: "x" } });
    expect(frames).toEqual([{ action: "REGISTERED", data: { serverTime: "x" } }]);
    expect(room.send("new_message", { text: "oi" })).toBe(true);
    expect(sockets[0]?.sent[1]).toEqual({ event: "new_message", data: { text: "oi" } });
  });

  it("reconnects 500 ms after an unclean drop and registers again (resync)", () => {
    const room = socket();
    room.start();
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(statuses).toEqual(["CONNECTING", "CONNECTING"]);
    expect(room.send("x", {})).toBe(false);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([
      { event: "register", data: { token: "tok", auctionNoticeId: "notice-1" } },
    ]);
  });

  it("gives up as FAILED after the tries run out; a successful open resets the count", () => {
    const room = socket(3);
    room.start();
    sockets[0]?.drop();
    vi.advanceTimersByTime(500);
    sockets[1]?.open();
    // The count starts again: three more tries after this drop.
    for (let i = 1; i <= 4; i += 1) {
      sockets[i]?.drop();
      vi.advanceTimersByTime(500);
    }
    expect(sockets).toHaveLength(5);
    expect(statuses.at(-1)).toBe("FAILED");
    expect(gaveUp).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(5);
  });

  it("closes cleanly for good when leaving", () => {
    const room = socket();
    room.start();
    sockets[0]?.open();
    room.close();
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe("CLOSED");
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(1);
  });

  it("resumes after a reconnection from the last sequence it received (docs/live-room.md)", () => {
    const room = socket();
    room.start();
    sockets[0]?.open();
    sockets[0]?.receive({ action: "REGISTERED", data: { seq: 40 } });
    sockets[0]?.receive({ action: "NEW_BID_PLACED", data: {}, seq: 41 });
    sockets[0]?.receive({ action: "NEW_MESSAGE", data: {}, seq: 42 });
    sockets[0]?.receive({ action: "CHANNEL_STATISTICS", data: {} });
    sockets[0]?.drop();
    vi.advanceTimersByTime(500);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([
      { event: "register", data: { token: "tok", auctionNoticeId: "notice-1", lastSeq: 42 } },
    ]);
    // Resumed, the replayed events move it on; a resync asks for the whole state again.
    sockets[1]?.receive({ action: "RESUMED", data: { from: 42, seq: 44 } });
    sockets[1]?.receive({ action: "NEW_MESSAGE", data: {}, seq: 43 });
    sockets[1]?.receive({ action: "NEW_MESSAGE", data: {}, seq: 44 });
    expect(room.resync()).toBe(true);
    expect(sockets[1]?.sent.at(-1)).toEqual({
      event: "register",
      data: { token: "tok", auctionNoticeId: "notice-1" },
    });
    sockets[1]?.drop();
    vi.advanceTimersByTime(500);
    sockets[2]?.open();
    expect(sockets[2]?.sent).toEqual([
      { event: "register", data: { token: "tok", auctionNoticeId: "notice-1", lastSeq: 44 } },
    ]);
  });

  it("counts no sequence before the current socket's REGISTERED or RESUMED", () => {
    const room = socket();
    room.start();
    sockets[0]?.open();
    // An event that slipped in before the state (a register that failed) is not a place to resume from.
    sockets[0]?.receive({ action: "NEW_MESSAGE", data: {}, seq: 13 });
    sockets[0]?.drop();
    vi.advanceTimersByTime(500);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([
      { event: "register", data: { token: "tok", auctionNoticeId: "notice-1" } },
    ]);
  });
});
