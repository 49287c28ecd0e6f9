// Live-connection states of the trading room (trading-room §2.1 "Start sequence", §4 "Connection state").
export const CONNECTION_STATUSES = ["CLOSED", "CONNECTING", "ACTIVATED", "FAILED"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  CLOSED: "Desconectado",
  CONNECTING: "Conectando...",
  ACTIVATED: "Conectado",
  FAILED: "Falha na conexão",
};

/**
 * Allowed moves. The spec gives two readings of the start (CLOSED → CONNECTING → ACTIVATED, or
 * CLOSED → ACTIVATED on open); both are accepted. An unclean drop goes back to CONNECTING; running
 * out of retries gives FAILED; leaving the room, or a failed start, gives CLOSED.
 */
export const CONNECTION_TRANSITIONS: Record<ConnectionStatus, readonly ConnectionStatus[]> = {
  CLOSED: ["CONNECTING", "ACTIVATED"],
  CONNECTING: ["ACTIVATED", "FAILED", "CLOSED"],
  ACTIVATED: ["CONNECTING", "CLOSED"],
  FAILED: ["CLOSED"],
};

export function canMoveConnection(from: ConnectionStatus, to: ConnectionStatus): boolean {
  return CONNECTION_TRANSITIONS[from].includes(to);
}

/** Reconnection policy (trading-room §8 "Live channel", §9). */
export const RECONNECT_ATTEMPTS = 100;
export const RECONNECT_INTERVAL_MS = 500;

/**
 * The server's answer while its database cannot be reached (503, or an ERROR frame of the room):
 * the room tries its register again every DATABASE_RETRY_MS until the database is back (issue 22).
 */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Serviço temporariamente indisponível: o banco de dados não responde. Tente novamente em alguns instantes.";
export const DATABASE_RETRY_MS = 2000;
