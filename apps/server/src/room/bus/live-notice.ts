import type { DirectLiveAction } from "@certame/domain";

/**
 * What crosses instances after a commit (DESIGN §5): ids only, never a view, so the payload stays
 * far below PostgreSQL's 8000-byte NOTIFY limit and each instance re-reads what it shows.
 */
export type LiveNotice = SequencedPart &
  /** A chat message (NEW_MESSAGE). */
  (
    | { t: "chat"; n: string; m: string }
    /** A message sent to all lots: one row per lot sharing a group id (MESSAGE_SENT_TO_BATCHES). */
    | { t: "chatAll"; n: string; g: string }
    /** Bids placed or cancelled in a lot (NEW_BID_PLACED / BID_CANCELLED), in order. */
    | {
        t: "bid";
        n: string;
        l: string;
        a: "NEW_BID_PLACED" | "BID_CANCELLED";
        b: string[];
        /**
         * What the bids changed of the lot besides themselves, for the compact frames (contract v2):
         * `d` the deadline moved, `b` the lot's best changed; absent: not known (all is sent).
         */
        c?: string;
      }
    /** Lots moved to a phase, or changed inside it (PHASE_ADVANCED / PHASE_REGRESSED). */
    | { t: "phase"; n: string; a: "PHASE_ADVANCED" | "PHASE_REGRESSED"; p: string; l: string[] }
    /**
     * Process status, a supplier's standing in lots and the reference price (control.service.ts):
     * `st` the notice status for PROCESS_*, `l` the lots and `s` the anonymous number for SUPPLIER_*.
     */
    | { t: "control"; n: string; a: ControlAction; st?: string; l?: string[]; s?: number }
    /** Appeal intentions and their files and judgements (dispute.service.ts): `d` the disputes, at most 100. */
    | { t: "dispute"; n: string; a: DisputeAction; d: string[] }
    /** The winner's documents and their window in lots (award.service.ts): `l` the lots. */
    | { t: "award"; n: string; a: AwardAction; l: string[] }
    /**
     * A direct procedure's change (issue 19 item 2; modules/direct-proposals/direct-live.ts): `i` the
     * proposal or forum message, `s` the supplier of a decided proposal.
     */
    | { t: "direct"; n: string; a: DirectLiveAction; i: string; s?: string }
    /** A reserve-register bid (BACKLOG_BID_CREATED, award.service.ts): `b` the backlog bid. */
    | { t: "backlog"; n: string; l: string; b: string }
    /** One instance's online users of a notice, for CHANNEL_STATISTICS across instances. */
    | { t: "presence"; n: string; s: number[]; a: number }
    /** A newcomer instance asks the others for their presence of a notice. */
    | { t: "presenceQuery"; n: string }
  );

/**
 * `q`: the event's sequence in its notice, given by the outbox in the change's transaction
 * (live-event.repository.ts); presence, which is no change, has none.
 */
interface SequencedPart {
  q?: number;
}

/** The pushed actions of the process and lot control events (docs/live-room.md "Process and lot control"). */
export type ControlAction =
  | "PROCESS_SUSPENDED"
  | "PROCESS_UNSUSPENDED"
  | "PROCESS_SUSPENDED_INDEFINITELY"
  | "PROCESS_REVOKED"
  | "PROCESS_CANCELLED"
  | "SUPPLIER_DISQUALIFIED"
  | "SUPPLIER_REQUALIFIED"
  | "SUPPLIER_DISABLED"
  | "SUPPLIER_ENABLED"
  | "REFERENCE_PRICE_DISCLOSED";

/** The pushed actions of the appeals (docs/live-room.md "Appeals"). */
export type DisputeAction =
  | "DISPUTE_INTEREST_MANIFESTED"
  | "DISPUTE_INTEREST_WAIVED"
  | "DISPUTE_MANIFESTATION_REFUSED"
  | "DISPUTE_DOCUMENT_ATTACHED"
  | "DISPUTE_COUNTER_ARGUMENT_DOCUMENT_ATTACHED"
  | "DISPUTE_JUDGED";

/** The pushed actions of the winner's documents (docs/live-room.md "Winner's documents"). */
export type AwardAction =
  | "ATTACHING_DOCUMENTS_CONFIGURED"
  | "READJUSTED_PROPOSAL_ATTACHED"
  | "QUALIFIED_DOCUMENT_ATTACHED"
  | "PROOF_PAYMENT_ATTACHED"
  | "WINNER_BROAD_PARTICIPATION_INDICATED"
  | "REGIONAL_PREFERENTE_CONFIGURED"
  /** The winner re-specified the item values of multi-item lots (respecify.service.ts). */
  | "BIDS_RESPECIFIED";

/** A notice as carried by a bus, with the instance it came from. */
export type BusMessage = LiveNotice & { o: string };

/**
 * What the instance that made a change already holds of it (rows read or written in its
 * transaction), so its own fan-out renders without reading them again; never crosses the bus. By
 * kind of change: the module that makes a kind's hint declares it here (the engine: `bid`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules that make hints
export interface RenderHints {}
export type RenderHint = RenderHints[keyof RenderHints];

/** Publishes committed changes to the local room and every other instance. */
export interface LivePublisher {
  publish(notice: LiveNotice, hint?: RenderHint): Promise<void>;
}
