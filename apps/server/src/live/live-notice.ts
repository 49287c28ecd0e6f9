/**
 * What crosses instances after a commit (DESIGN §5): ids only, never a view, so the payload stays
 * far below PostgreSQL's 8000-byte NOTIFY limit and each instance re-reads what it shows.
 */
export type LiveNotice =
  /** A chat message (NEW_MESSAGE). */
  | { t: "chat"; n: string; m: string }
  /** A message sent to all lots: one row per lot sharing a group id (MESSAGE_SENT_TO_BATCHES). */
  | { t: "chatAll"; n: string; g: string }
  /** Bids placed or cancelled in a lot (NEW_BID_PLACED / BID_CANCELLED), in order. */
  | { t: "bid"; n: string; l: string; a: "NEW_BID_PLACED" | "BID_CANCELLED"; b: string[] }
  /** Lots moved to a phase, or changed inside it (PHASE_ADVANCED / PHASE_REGRESSED). */
  | { t: "phase"; n: string; a: "PHASE_ADVANCED" | "PHASE_REGRESSED"; p: string; l: string[] }
  /** One instance's online users of a notice, for CHANNEL_STATISTICS across instances. */
  | { t: "presence"; n: string; s: number[]; a: number }
  /** A newcomer instance asks the others for their presence of a notice. */
  | { t: "presenceQuery"; n: string };

/** A notice as carried by a bus, with the instance it came from. */
export type BusMessage = LiveNotice & { o: string };

/** Publishes committed changes to the local room and every other instance. */
export interface LivePublisher {
  publish(notice: LiveNotice): Promise<void>;
}
