import { BID_FRAME_ACTIONS, expandBidFrame, LIVE_EVENTS } from "@certame/domain";
import WebSocket from "ws";

export interface Frame {
  action: string;
  data: any;
  /** The event's sequence in its notice (live events only). */
  seq?: number;
}

/** A room client over a real WebSocket that records every frame it receives. */
export class LiveClient {
  readonly frames: Frame[] = [];
  /** Every frame as received, for the anonymity scans. */
  readonly raw: string[] = [];
  private consumed = 0;
  /** Frames taken by `reply` out of order; `next` passes over them. */
  private readonly answered = new Set<number>();
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const text = data.toString();
      this.raw.push(text);
      const frame = JSON.parse(text) as Frame;
      // Contract v2's compact bid frames, read as full views (as the web client reads them).
      if (BID_FRAME_ACTIONS.includes(frame.action)) frame.data = expandBidFrame(frame.data, this.noticeId);
      this.frames.push(frame);
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on("close", () => {
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<LiveClient> {
    const ws = new WebSocket(url, options);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new LiveClient(ws);
  }

  /** The room of the last register sent. */
  private noticeId: string | null = null;

  send(event: string, data: unknown) {
    if (event === LIVE_EVENTS.register)
      this.noticeId = (data as { auctionNoticeId?: string }).auctionNoticeId ?? null;
    this.ws.send(JSON.stringify({ event, data }));
  }

  sendRaw(text: string) {
    this.ws.send(text);
  }

  /**
   * The next frame (after those already taken) with this action and matching the predicate; frames
   * skipped on the way stay recorded. Fails with the actions seen when none comes within the bound.
   */
  async next(
    action: string | readonly string[],
    match: (data: any) => boolean = () => true,
    boundMs = 5000,
    peek = false,
  ): Promise<Frame> {
    const actions = typeof action === "string" ? [action] : action;
    const deadline = Date.now() + boundMs;
    for (;;) {
      for (let i = this.consumed; i < this.frames.length; i++) {
        const f = this.frames[i] as Frame;
        if (this.answered.has(i)) continue;
        if (!actions.includes(f.action) || !match(f.data)) continue;
        if (peek) this.answered.add(i);
        else this.consumed = i + 1;
        return f;
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED) {
        const seen = this.frames.slice(this.consumed).map((f) => f.action);
        throw new Error(
          `nenhum ${actions.join("/")} recebido; depois do último lido chegaram: [${seen.join(", ")}]`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * The answer to the sender's last event (ACKNOWLEDGED or ERROR), taken without passing over the
   * broadcasts that arrived before it, so those can still be awaited with `next`.
   */
  reply(boundMs = 5000, event?: string): Promise<Frame> {
    return this.next(
      ["ACKNOWLEDGED", "ERROR"],
      (d) => event === undefined || d?.event === undefined || d.event === event,
      boundMs,
      true,
    );
  }

  /** Registers in a room and returns the REGISTERED data (or throws with the ERROR text). */
  async register(auctionNoticeId: string, token?: string) {
    this.send(LIVE_EVENTS.register, { token, auctionNoticeId });
    const reply = await this.next(["REGISTERED", "ERROR"]);
    if (reply.action === "ERROR") throw new Error(`ERROR: ${reply.data.message}`);
    return reply.data;
  }

  async close() {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      // A server busy recovering (a database restart, a loaded machine) may never answer the closing
      // handshake; the client then drops the socket instead of waiting on it (a bound, not a timing).
      const drop = setTimeout(() => this.ws.terminate(), 5_000);
      this.ws.once("close", () => {
        clearTimeout(drop);
        resolve();
      });
      this.ws.close();
    });
  }
}
