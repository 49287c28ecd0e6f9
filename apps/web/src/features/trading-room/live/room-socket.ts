import {
  BID_FRAME_ACTIONS,
  type ConnectionStatus,
  expandBidFrame,
  LIVE_EVENTS,
  type LiveRegisterScope,
  RECONNECT_ATTEMPTS,
  RECONNECT_INTERVAL_MS,
} from "@certame/domain";
import type { ServerFrame } from "../types";

/** The live channel's path (DESIGN §2); same origin, Vite forwards it in development. */
export const LIVE_CHANNEL_PATH = "/api/ws";

/** ws(s)://{host}/api/ws for the page's own origin. */
export function liveChannelUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${LIVE_CHANNEL_PATH}`;
}

/** The part of the browser WebSocket the room uses (a test passes a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

export interface RoomSocketOptions {
  url: string;
  auctionNoticeId: string;
  /** The session token (null: an anonymous, read-only view). */
  token: string | null;
  /** What it registers on: the room (default), or a direct procedure's pages (docs/live-room.md). */
  scope?: LiveRegisterScope;
  create?: SocketFactory;
  /** Reconnection policy (trading-room §8, §9): 100 tries, 500 ms apart. */
  attempts?: number;
  intervalMs?: number;
  /** CONNECTING on start and on every unclean drop, FAILED when the tries run out, CLOSED on close(). */
  onStatus: (status: ConnectionStatus) => void;
  /** Every frame received, with the local time it arrived (for the server clock offset). */
  onFrame: (frame: ServerFrame, receivedAt: number) => void;
  /** Called once the tries have run out (after onStatus FAILED). */
  onGiveUp?: () => void;
  now?: () => number;
}

/** Reads a received frame; null for anything that is not `{action, data}`. */
export function parseFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = JSON.parse(raw) as { action?: unknown; data?: unknown; seq?: unknown };
    if (!parsed || typeof parsed !== "object" || typeof parsed.action !== "string") return null;
    const frame: ServerFrame = { action: parsed.action, data: parsed.data ?? {} };
    if (typeof parsed.seq === "number") frame.seq = parsed.seq;
    return frame;
  } catch {
    return null;
  }
}

/** The sequence a frame brings the client to: REGISTERED's and RESUMED's own, or the event's. */
function sequenceOf(frame: ServerFrame): number | undefined {
  if (frame.action === "REGISTERED" || frame.action === "RESUMED") {
    const seq = (frame.data as { seq?: unknown } | null)?.seq;
    return typeof seq === "number" ? seq : undefined;
  }
  return frame.seq;
}

/**
 * The trading room's live-channel client: connects, sends `register {token, auctionNoticeId}` on
 * the first open, and after an unclean drop reconnects up to 100 times, 500 ms apart (the count
 * starts again after each successful open). A reconnection registers with the last sequence
 * received, so the server sends only what was missed (RESUMED), or the whole state when it no
 * longer holds that (REGISTERED).
 */
export class RoomSocket {
  private socket: SocketLike | null = null;
  private attemptsLeft: number;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly attempts: number;
  private readonly intervalMs: number;
  private readonly create: SocketFactory;
  /** The last live-event sequence received (null: none yet, or after a fresh start). */
  private lastSeq: number | null = null;
  /** The current socket got REGISTERED or RESUMED: only then do its events' sequences count. */
  private synced = false;

  constructor(private readonly options: RoomSocketOptions) {
    this.attempts = options.attempts ?? RECONNECT_ATTEMPTS;
    this.intervalMs = options.intervalMs ?? RECONNECT_INTERVAL_MS;
    this.attemptsLeft = this.attempts;
    this.create = options.create ?? ((url) => new WebSocket(url) as SocketLike);
  }

  /** Opens the connection (once; a started socket is not opened again). */
  start() {
    if (this.socket || this.closed) return;
    this.options.onStatus("CONNECTING");
    this.connect();
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Sends `{event, data}`; false when the connection is not open. */
  send(event: string, data: unknown): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify({ event, data }));
    return true;
  }

  /** Registers again, which makes the server answer the full room state (resynchronisation). */
  resync(): boolean {
    return this.send(LIVE_EVENTS.register, {
      token: this.options.token,
      auctionNoticeId: this.options.auctionNoticeId,
      ...this.scope(),
    });
  }

  /** Registers again after a refusal that passes (the server's database away), resuming if it can. */
  retryRegister(): boolean {
    return this.resume();
  }

  /** After a reconnection: registers with the last sequence, to be sent only what followed it. */
  private resume(): boolean {
    if (this.lastSeq === null) return this.resync();
    return this.send(LIVE_EVENTS.register, {
      token: this.options.token,
      auctionNoticeId: this.options.auctionNoticeId,
      lastSeq: this.lastSeq,
      ...this.scope(),
    });
  }

  /** The register's scope when it is not the room (the room's register stays as it was). */
  private scope() {
    return this.options.scope && this.options.scope !== "ROOM" ? { scope: this.options.scope } : {};
  }

  /** Closes for good (leaving the room, or a refusal): no reconnection follows. */
  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close(1000, "leaving");
    }
    this.options.onStatus("CLOSED");
  }

  private connect() {
    const socket = this.create(this.options.url);
    this.socket = socket;
    this.synced = false;
    socket.onopen = () => {
      this.attemptsLeft = this.attempts;
      this.resume();
    };
    socket.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      // Contract v2's compact bid frames, read as full views by the rest of the room.
      if (BID_FRAME_ACTIONS.includes(frame.action))
        frame.data = expandBidFrame(frame.data, this.options.auctionNoticeId);
      const seq = sequenceOf(frame);
      if (frame.action === "REGISTERED" || frame.action === "RESUMED") this.synced = true;
      if (seq !== undefined && this.synced)
        this.lastSeq =
          frame.action === "REGISTERED" || this.lastSeq === null ? seq : Math.max(this.lastSeq, seq);
      this.options.onFrame(frame, (this.options.now ?? Date.now)());
    };
    // A failed connection fires error then close; the close decides.
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket || this.closed) return;
      this.socket = null;
      this.retry();
    };
  }

  private retry() {
    if (this.attemptsLeft <= 0) {
      this.closed = true;
      this.attemptsLeft = this.attempts;
      this.options.onStatus("FAILED");
      this.options.onGiveUp?.();
      return;
    }
    this.attemptsLeft -= 1;
    this.options.onStatus("CONNECTING");
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) this.connect();
    }, this.intervalMs);
  }
}
