import type { BusMessage } from "./live-notice";

/**
 * The cross-instance bus (DESIGN §5): every instance publishes its committed changes and hears the
 * others'. An instance delivers its own changes locally at once, so it ignores its own messages.
 */
export interface LiveBus {
  readonly kind: "local" | "postgres" | "redis";
  /**
   * Starts listening; `onReconnect` runs after the bus came back from a loss (messages sent
   * meanwhile are gone: the listener catches up from the outbox).
   */
  start(onMessage: (message: BusMessage) => void, onReconnect?: () => void): Promise<void>;
  publish(message: BusMessage): Promise<void>;
  stop(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; ids-only notices stay far below it. */
export const MAX_BUS_PAYLOAD_BYTES = 7900;

export function encodeBusMessage(message: BusMessage): string {
  const json = JSON.stringify(message);
  if (Buffer.byteLength(json) > MAX_BUS_PAYLOAD_BYTES)
    throw new Error(`mensagem do barramento maior que ${MAX_BUS_PAYLOAD_BYTES} bytes (${message.t})`);
  return json;
}

export function decodeBusMessage(raw: string): BusMessage | null {
  try {
    const value = JSON.parse(raw) as BusMessage;
    return value && typeof value === "object" && typeof value.t === "string" && typeof value.o === "string"
      ? value
      : null;
  } catch {
    return null;
  }
}

/** A single instance: nothing to cross. */
export class LocalLiveBus implements LiveBus {
  readonly kind = "local" as const;
  async start() {}
  async publish() {}
  async stop() {}
}
