import { createClient } from "redis";
import { decodeBusMessage, encodeBusMessage, type LiveBus } from "./live-bus";
import type { BusMessage } from "./live-notice";

export const REDIS_LIVE_CHANNEL = "certame:live";

/** The two calls the bus makes on a connection after start. */
interface RedisConnection {
  publish(channel: string, message: string): Promise<unknown>;
  destroy(): void;
}

/** Redis pub/sub bus, used when REDIS_URL is set: one client publishes, a duplicate subscribes. */
export class RedisLiveBus implements LiveBus {
  readonly kind = "redis" as const;
  private publisher: RedisConnection | undefined;
  private subscriber: RedisConnection | undefined;

  constructor(
    private readonly url: string,
    private readonly log: (message: string) => void = (m) => console.error(`[certame] ${m}`),
  ) {}

  async start(onMessage: (message: BusMessage) => void, onReconnect?: () => void) {
    // No offline queue: a publish while Redis is away fails at once instead of waiting for its
    // return (the bell is lost, the event is not: the outbox holds it and the listeners catch up).
    const publisher = createClient({ url: this.url, disableOfflineQueue: true });
    const lost = { publisher: false, subscriber: false };
    const onError = (which: keyof typeof lost) => (error: Error) => {
      // node-redis retries on its own; one line per loss, not one per retry.
      if (!lost[which])
        this.log(
          `barramento Redis (${which === "publisher" ? "publicação" : "assinatura"}): ${error.message}`,
        );
      lost[which] = true;
    };
    publisher.on("error", onError("publisher"));
    publisher.on("ready", () => {
      lost.publisher = false;
    });
    await publisher.connect();
    const subscriber = publisher.duplicate();
    subscriber.on("error", onError("subscriber"));
    let first = true;
    subscriber.on("ready", () => {
      if (first) {
        first = false;
        return;
      }
      if (lost.subscriber) this.log("barramento Redis reconectado");
      lost.subscriber = false;
      // Pub/sub keeps nothing: what was published meanwhile is read from the outbox.
      onReconnect?.();
    });
    await subscriber.connect();
    await subscriber.subscribe(REDIS_LIVE_CHANNEL, (raw) => {
      const message = decodeBusMessage(raw);
      if (message) onMessage(message);
    });
    this.publisher = publisher;
    this.subscriber = subscriber;
  }

  async publish(message: BusMessage) {
    if (!this.publisher) throw new Error("barramento Redis não iniciado");
    await this.publisher.publish(REDIS_LIVE_CHANNEL, encodeBusMessage(message));
  }

  /**
   * Closes both connections at once. Not QUIT: a client that is reconnecting (Redis restarted or away)
   * may never send it, and a shutdown waiting for it hung the server's preClose until Fastify's hook
   * timeout ("Plugin did not start in time: ''"). Nothing is lost: the bus only rings a bell.
   */
  async stop() {
    const { publisher, subscriber } = this;
    this.publisher = undefined;
    this.subscriber = undefined;
    subscriber?.destroy();
    publisher?.destroy();
  }
}
