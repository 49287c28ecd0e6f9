import type { SocketLike } from "../features/trading-room/live/room-socket";

/** A WebSocket stand-in for the trading room: records what the client sends, plays server frames. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: { event: string; data: unknown }[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }

  receive(action: string, data: unknown) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify({ action, data }) }));
  }

  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }

  /** The frames sent with one event name. */
  events(name: string) {
    return this.sent.filter((f) => f.event === name).map((f) => f.data);
  }
}

/** A socket factory that keeps every socket it makes. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    create: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    get last() {
      return sockets.at(-1) as FakeSocket;
    },
  };
}
