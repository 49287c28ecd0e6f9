import type { LiveEventName, LiveEventPayload } from "@certame/domain";
import { LIVE_EVENTS } from "@certame/domain";
// The room bench's clients, in a process of their own (forked by room.bench.ts) so that parsing
// thousands of frames does not run on the server's event loop. Commands arrive over IPC.
import WebSocket from "ws";
import { type Command, now } from "./room-ipc";
import { processCpuMs } from "./stats";

/** The first three letters of the answers' actions, after '{"action":"'. */
const ANSWERS = new Set(["ACK", "ERR", "REG"]);

class Client {
  private answer: ((data: Record<string, unknown>) => void) | null = null;
  onFrame: ((raw: string) => void) | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      // Every frame arrives over the socket; only those this client looks at are decoded (a bidder
      // ignores the others' bids), so the clients' process takes less of the machine's CPU.
      if (!this.onFrame && !(this.answer && ANSWERS.has(data.toString("latin1", 11, 14)))) return;
      const raw = data.toString();
      this.onFrame?.(raw);
      if (!this.answer) return;
      if (
        raw.startsWith('{"action":"ACKNOWLEDGED"') ||
        raw.startsWith('{"action":"ERROR"') ||
        raw.startsWith('{"action":"REGISTERED"')
      ) {
        const a = this.answer;
        this.answer = null;
        a((JSON.parse(raw) as { data: Record<string, unknown> }).data);
      }
    });
  }
  static async open(url: string) {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new Client(ws);
  }
  /** A core room event, typed by the wire contract (packages/domain live-contract.ts). */
  request<E extends LiveEventName>(event: E, data: LiveEventPayload<E>): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.answer = resolve;
      this.ws.send(JSON.stringify({ event, data }));
    });
  }
}

let bidders: Client[] = [];
let watchers: Client[] = [];
/** The instance (index in `urls`) each bidder is connected to. */
let bidderInstance: number[] = [];
/** One anonymous client per instance that notes when each bid's NEW_BID_PLACED reached it (cluster bench). */
let observers: { client: Client; seen: Map<number, number> }[] = [];

const urlOf = (url: string, urls: string[] | undefined, k: number) =>
  urls ? (urls[k % urls.length] as string) : url;

async function handle(message: Command): Promise<unknown> {
  switch (message.cmd) {
    case "bidders":
      bidders = await Promise.all(
        message.tokens.map(async (token, k) => {
          const c = await Client.open(urlOf(message.url, message.urls, k));
          await c.request(LIVE_EVENTS.register, { token, auctionNoticeId: message.noticeId });
          return c;
        }),
      );
      bidderInstance = message.tokens.map((_, k) => (message.urls ? k % message.urls.length : 0));
      return { opened: bidders.length };
    case "observers":
      observers = await Promise.all(
        message.urls.map(async (url) => {
          const client = await Client.open(url);
          await client.request(LIVE_EVENTS.register, { token: null, auctionNoticeId: message.noticeId });
          const seen = new Map<number, number>();
          client.onFrame = (raw) => {
            if (!raw.startsWith('{"action":"NEW_BID_PLACED"')) return;
            const value = /"unitPrice":(-?[\d.]+)/.exec(raw)?.[1];
            if (value) seen.set(Number(value), now());
          };
          return { client, seen };
        }),
      );
      return { opened: observers.length };
    case "bid": {
      // Closed loop: each supplier sends its next bid when the previous one is acknowledged. Values
      // are unique and each improves the supplier's own last bid by `step` × the number of bidders.
      let accepted = 0;
      let refused = "";
      // With observers: when each bid was acknowledged, and on which instance.
      const acks: { value: number; at: number; instance: number }[] = [];
      const cpu = process.cpuUsage();
      const started = now();
      await Promise.all(
        bidders.map(async (c, k) => {
          for (let round = 1; round <= message.rounds; round++) {
            const value = message.base - (round * bidders.length + k) * message.step;
            const r = await c.request(LIVE_EVENTS.placeNewBid, { batchId: message.batchId, value });
            if (observers.length > 1 && r.id)
              acks.push({ value, at: now(), instance: bidderInstance[k] ?? 0 });
            if (r.id) accepted += 1;
            else refused ||= String(r.message);
          }
        }),
      );
      const seconds = (now() - started) / 1000;
      const cpuMs = processCpuMs(cpu);
      // Cross-instance delivery: a bid's ACKNOWLEDGED on its instance → its NEW_BID_PLACED at the
      // observer of every other instance (frames still on their way are waited for a moment).
      if (observers.length > 1) await new Promise((resolve) => setTimeout(resolve, 2000));
      const cross: number[] = [];
      let missing = 0;
      for (const a of acks)
        observers.forEach((o, i) => {
          if (i === a.instance) return;
          const at = o.seen.get(a.value);
          if (at === undefined) missing += 1;
          else cross.push(at - a.at);
        });
      // This process's CPU: sending the bids, and receiving and decoding every bidder's frames.
      return { accepted, seconds, refused, cpuMs, cross, missing };
    }
    case "watchers":
      for (const w of watchers) w.ws.terminate();
      watchers = await Promise.all(
        Array.from({ length: message.n }, async (_, k) => {
          const c = await Client.open(urlOf(message.url, message.urls, k));
          if (message.noticeId)
            await c.request(LIVE_EVENTS.register, { token: null, auctionNoticeId: message.noticeId });
          return c;
        }),
      );
      return { opened: watchers.length };
    case "expect": {
      // Resolves with the instant the last watcher received a frame containing the marker.
      let left = watchers.length;
      return new Promise((resolve) => {
        for (const w of watchers)
          w.onFrame = (raw) => {
            if (!raw.includes(message.marker)) return;
            w.onFrame = null;
            left -= 1;
            if (left === 0) resolve({ lastAt: now(), frame: raw });
          };
        process.send?.({ armed: true });
      });
    }
    case "closeAll":
      for (const c of [...bidders, ...watchers, ...observers.map((o) => o.client)]) c.ws.terminate();
      bidders = [];
      watchers = [];
      observers = [];
      return { closed: true };
  }
}

process.on("message", (message: Command & { id: number }) => {
  handle(message).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: Error) => process.send?.({ id: message.id, error: error.message }),
  );
});
