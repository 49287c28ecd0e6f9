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
