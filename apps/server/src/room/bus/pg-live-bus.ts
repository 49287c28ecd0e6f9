import pg from "pg";
import { decodeBusMessage, encodeBusMessage, type LiveBus } from "./live-bus";
import type { BusMessage } from "./live-notice";

export const PG_LIVE_CHANNEL = "certame_live";

/**
 * LISTEN/NOTIFY bus: one dedicated client listens (a pooled client cannot, it is handed back);
 * publishing goes through the pool. NOTIFY is sent only after the change's transaction committed
 * (the publisher is called after commit), and a lost listener reconnects and listens again.
 */
export class PgLiveBus implements LiveBus {
  readonly kind = "postgres" as const;
  private listener: pg.Client | undefined;
  private onMessage: ((message: BusMessage) => void) | undefined;
  private onReconnect: (() => void) | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
    private readonly log: (message: string) => void = (m) => console.error(`[certame] ${m}`),
  ) {}

  async start(onMessage: (message: BusMessage) => void, onReconnect?: () => void) {
    this.onMessage = onMessage;
    this.onReconnect = onReconnect;
    this.stopped = false;
    await this.listen();
  }

  private async listen() {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (n) => {
      if (n.channel !== PG_LIVE_CHANNEL || !n.payload) return;
      const message = decodeBusMessage(n.payload);
      if (message) this.onMessage?.(message);
    });
    client.on("error", (error) => this.reconnect(client, error.message));
    client.on("end", () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_LIVE_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    this.listener = client;
  }

  /** Listens again, every second until it can; told once when lost and once when back. */
  private reconnect(client: pg.Client, reason?: string) {
    if (this.stopped || this.listener !== client || this.retry) return;
    this.listener = undefined;
    client.end().catch(() => {});
    let told = false;
    const attempt = () => {
      this.retry = undefined;
      if (this.stopped) return;
      // Told only now: on Ctrl-C the embedded PostgreSQL drops the listener just before the bus is
      // stopped, and that is no failure worth a line.
      if (reason && !told) this.log(`barramento PostgreSQL: ${reason}; reconectando`);
      this.listen()
        .then(() => {
          if (told) this.log("barramento PostgreSQL reconectado");
          // NOTIFYs sent while no one listened are gone: the channel reads them from the outbox.
          this.onReconnect?.();
        })
        .catch((error: Error) => {
          if (!told) this.log(`barramento PostgreSQL indisponível: ${error.message}`);
          told = true;
          this.retry = setTimeout(attempt, 1000);
        });
    };
    this.retry = setTimeout(attempt, 200);
  }

  async publish(message: BusMessage) {
    await this.pool.query("SELECT pg_notify($1, $2)", [PG_LIVE_CHANNEL, encodeBusMessage(message)]);
  }

  async stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => {});
  }
}
