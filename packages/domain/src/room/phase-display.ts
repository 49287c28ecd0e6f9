// What the room shows for a notice's status and a lot's phase (trading-room §4 "Notice status"
// and "Bidding sub-phases").
import type { ClosingKind } from "../enums/judgement";
import { BIDDING_SUB_PHASES, type BiddingSubPhase, type LotPhase } from "../enums/lot-phase";
import type { NoticeStatus } from "../enums/notice-status";
import { toEpochMs } from "./shared";

/** A PUBLISHED notice with any lot past NOT_STARTED is running, whatever the stored status says. */
export function effectiveNoticeStatus(status: NoticeStatus, lotPhases: readonly LotPhase[]): NoticeStatus {
  if (status === "PUBLISHED" && lotPhases.some((phase) => phase !== "NOT_STARTED")) return "ONGOING";
  return status;
}

/** Notice statuses that replace every lot's displayed phase. */
export const PHASE_MASKING_STATUSES = [
  "SUSPENDED",
  "CANCELLED",
  "REVOKED",
  "SUSPENDED_INDEFINITELY",
] as const;
export type PhaseMaskingStatus = (typeof PHASE_MASKING_STATUSES)[number];

function isPhaseMaskingStatus(status: NoticeStatus): status is PhaseMaskingStatus {
  return (PHASE_MASKING_STATUSES as readonly NoticeStatus[]).includes(status);
}

export function displayedLotPhase(
  noticeStatus: NoticeStatus,
  lotPhase: LotPhase,
): LotPhase | PhaseMaskingStatus {
  return isPhaseMaskingStatus(noticeStatus) ? noticeStatus : lotPhase;
}

/** Closing kinds whose bidding shows the one- and two-minute countdown. */
export const COUNTDOWN_CLOSING_KINDS: readonly ClosingKind[] = ["OPEN", "CLOSED_AND_OPEN", "OPEN_TIMED"];
export const ONE_MINUTE_THRESHOLD_SECONDS = 60;
export const TWO_MINUTES_THRESHOLD_SECONDS = 120;

/** Whole seconds from now to the due time (negative once it has passed); null without a due time. */
export function secondsRemaining(due: Date | string | null | undefined, now: Date): number | null {
  const dueMs = toEpochMs(due);
  return dueMs === null ? null : Math.floor((dueMs - now.getTime()) / 1000);
}

export interface BiddingDisplayInput {
  closingKind: ClosingKind | null | undefined;
  subPhase: BiddingSubPhase | null | undefined;
  /** Seconds left until the bidding due time; null when unknown. */
  remainingSeconds: number | null;
}

export function displayedBiddingSubPhase(input: BiddingDisplayInput): BiddingSubPhase {
  const { closingKind, subPhase, remainingSeconds } = input;
  if (closingKind && COUNTDOWN_CLOSING_KINDS.includes(closingKind) && remainingSeconds !== null) {
    if (remainingSeconds <= ONE_MINUTE_THRESHOLD_SECONDS) return "LASS_THAN_ONE_MINUTE";
    if (remainingSeconds <= TWO_MINUTES_THRESHOLD_SECONDS) return "LASS_THAN_TWO_MINUTES";
  }
  return subPhase ?? "DEFAULT_BIDDING_PHASE";
}

/** The secret (sealed) bidding phase hides bid colours. */
export function hidesBidColours(subPhase: BiddingSubPhase | null | undefined): boolean {
  return subPhase === "SECRET_BIDDING_PHASE";
}

/** For the lot filter every bidding sub-phase counts as BIDDING. */
export function phaseForFiltering<T extends string>(displayed: T): T | "BIDDING" {
  return (BIDDING_SUB_PHASES as readonly string[]).includes(displayed) ? "BIDDING" : displayed;
}
