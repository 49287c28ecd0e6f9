// Minimal input types of the pure auction rules (DESIGN §4). The server maps its rows onto these;
// nothing here reads a clock or a database: `now` and any randomness are always parameters.
import type { ClosingKind, JudgementCriterion, LicensePhase } from "../enums/judgement";
import type { LotPhase } from "../enums/lot-phase";
import type { Modality } from "../enums/modality";
import type { RoomEntityId } from "../room/shared";

export type { RoomEntityId as AuctionEntityId };

/** A pure rule's answer: accepted, or refused with a pt-BR message for the `ERROR` action. */
export type RuleResult = { ok: true } | { ok: false; message: string };

export const OK: RuleResult = { ok: true };
export const refuse = (message: string): RuleResult => ({ ok: false, message });

/** A random source in [0, 1), injected so draws are testable and can be logged (e.g. Math.random). */
export type RandomSource = () => number;

/**
 * A bid value as the server stores it (trading-room §5 "Room bids", §9 "Money"): for BIGGEST_DISCOUNT
 * the raw percent (12.5 = 12,5 %); for every other criterion an integer scaled by 10^decimals.
 */
export type BidValue = number;

/** The notice and lot facts the phase machine reads. */
export interface LotFlowContext {
  modality: Modality;
  closingKind: ClosingKind;
  /** auctionLicensePhase; absent reads as AFTER_BID (the classic order). */
  licensePhase?: LicensePhase | null;
  criterion?: JudgementCriterion | null;
  /** The lot has gone through the qualification step (BEFORE_BID: the pre-bidding one). */
  hasPassedByQualification?: boolean;
  /**
   * At least one appeal intention is standing (manifested in any interest phase of the lot, and
   * neither refused nor waived). Absent reads as false.
   */
  appealsManifested?: boolean;
  /** The notice flag canApplyTiebreaker (LC 123/2006 arts. 44–45); absent reads as true. */
  canApplyTiebreaker?: boolean;
  /** A fictitious tie exists for the closed bidding (see tiebreak.ts); absent reads as false. */
  hasFictitiousTie?: boolean;
  /** The lot received at least one proposal; absent reads as true. false makes it DESERTED. */
  hasProposals?: boolean;
}

/** A lot as the group-start and 'próximos' rules read it. */
export interface LotRef {
  id: RoomEntityId;
  number: number;
  phase: LotPhase;
  hasPassedByQualification?: boolean;
}

/** One bid of a lot, as the acceptance, sealed, tie and automatic rules read it. */
export interface AuctionBid {
  id?: RoomEntityId;
  supplierId: RoomEntityId;
  value: BidValue;
  /** Registration instant (server clock, milliseconds kept). */
  createdAt: Date;
  isCancelled?: boolean;
  /** A sealed final bid of the SECRET_BIDDING_PHASE (OPEN_AND_CLOSED). */
  isSealed?: boolean;
}

/** A bidder as the rules read it. */
export interface Bidder {
  supplierId: RoomEntityId;
  /** Declared ME/EPP (LC 123/2006 art. 3). */
  isSmallBusiness?: boolean;
  /** Not disabled (INACTIVE) in the lot. Absent reads as true. */
  isEnabled?: boolean;
  /** Not disqualified in the lot. Absent reads as true. */
  isQualified?: boolean;
}
