// Durations and deadlines of the bidding modes, the tie calls, the appeals and the documents
// (DESIGN §4; AUCTION_TIME_SCALE of DESIGN §2 multiplies every one of them). Pure: the server
// passes `now`, stores the deadlines it gets back (timer rows, DESIGN §5) and, when a deadline
// falls, asks `onBiddingDeadline` what to do; a restarted server replays the same calls.
//
// Decisions:
// - A stage that opens late (the server was down when its deadline fell) starts from `now`, not
//   from the missed instant: the sealed-bid window and the random close then keep their full
//   length, so no bidder loses time to an outage.
// - OPEN_TIMED and TIMED are fixed periods: a late bid does not extend them (DESIGN §4 "a fixed
//   period of bidDuration"), although the room shows the 1- and 2-minute countdown for OPEN_TIMED.
// - The 15-second window to delete one's own bid is a human reaction time, not a legal term, so
//   AUCTION_TIME_SCALE does not shrink it (see bid-acceptance.ts).
// - Business-day terms under a time scale ≠ 1 are the real term's length (now → the end of the
//   3rd business day) multiplied by the scale; at scale 1 they are exactly addBusinessDays.
// - Interest-window minimum (disputeInterestManifestationMinimumDuration): absent, zero or below
//   10 minutes reads as 10 minutes, the DESIGN §4 floor ("at least 10 min").
import { addBusinessDays, type BusinessDayOptions } from "../calendar/business-days";
import type { ClosingKind } from "../enums/judgement";
import type { BiddingSubPhase } from "../enums/lot-phase";
import type { RandomSource } from "./types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The unscaled durations of DESIGN §4, in milliseconds. */
export const AUCTION_DURATIONS_MS = {
  /** OPEN (and the open phase of CLOSED_AND_OPEN): 10 min (IN 73/2022 art. 23; Decreto 10.024 art. 32). */
  OPEN: 10 * MINUTE,
  /** A bid in the last 2 min extends the end to 2 min after it (IN 73 art. 23 §1; Decreto 10.024 art. 32 §1). */
  OPEN_EXTENSION_WINDOW: 2 * MINUTE,
  OPEN_EXTENSION: 2 * MINUTE,
  /** OPEN_AND_CLOSED open stage: 15 min (IN 73 art. 24; Decreto 10.024 art. 33). */
  OPEN_AND_CLOSED_OPEN: 15 * MINUTE,
  /** Then a random close within up to 10 min. */
  RANDOM_CLOSE_MAX: 10 * MINUTE,
  /** Then 5 min for the sealed final bids (SECRET_BIDDING_PHASE). */
  SEALED_BIDS: 5 * MINUTE,
  /** Each ME/EPP called in the fictitious tie has 5 min (LC 123/2006 art. 45 §3). */
  TIEBREAKER_CALL: 5 * MINUTE,
  /** Appeal intention window floor (Lei 14.133 art. 165 §1 I; DESIGN §4). */
  INTEREST_WINDOW_MIN: 10 * MINUTE,
  /** Documents after the bids: at least 2 h (IN 73 art. 29; trading-room §9 amountHour). */
  DOCUMENTS_MIN: 2 * HOUR,
} as const;

/** Appeal reasons and counter-arguments: 3 business days each (Lei 14.133 art. 165 I and §4). */
export const APPEAL_REASONS_BUSINESS_DAYS = 3;
export const COUNTER_ARGUMENTS_BUSINESS_DAYS = 3;

/** Timed modes (bidDuration in minutes as stored, notices-and-accounts §3). */
export const TIMED_CLOSING_KINDS: readonly ClosingKind[] = ["OPEN_TIMED", "TIMED"];

function assertScale(timeScale: number): void {
  if (!Number.isFinite(timeScale) || timeScale <= 0)
    throw new RangeError(`AUCTION_TIME_SCALE inválido: ${timeScale}`);
}

/** A duration multiplied by AUCTION_TIME_SCALE, rounded to the millisecond (at least 1 ms). */
export function scaled(durationMs: number, timeScale = 1): number {
  assertScale(timeScale);
  return Math.max(1, Math.round(durationMs * timeScale));
}

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);
const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * The stages of a lot in BIDDING. OPEN_AND_CLOSED runs OPEN → RANDOM_CLOSE (the imminent-closing
 * notice is out, the secret close instant drawn) → SEALED; the other modes stay OPEN.
 */
export type BiddingStage = "OPEN" | "RANDOM_CLOSE" | "SEALED";

export interface BiddingClock {
  closingKind: ClosingKind;
  stage: BiddingStage;
  /** The deadline of the current stage (for RANDOM_CLOSE, the secret close instant). */
  dueAt: Date;
}

/** The sub-phase the room is told for a stage (trading-room §4 "Bidding sub-phases"). */
export function subPhaseOf(stage: BiddingStage): BiddingSubPhase {
  return stage === "SEALED" ? "SECRET_BIDDING_PHASE" : "DEFAULT_BIDDING_PHASE";
}

export interface BiddingStartInput {
  closingKind: ClosingKind;
  startedAt: Date;
  /** bidDuration in minutes, for OPEN_TIMED and TIMED. */
  bidDurationMinutes?: number | null;
  timeScale?: number;
}

/** The clock of a lot entering BIDDING. CLOSED and MANUAL_CLOSING have no live bidding. */
export function startBiddingClock(input: BiddingStartInput): BiddingClock {
  const scale = input.timeScale ?? 1;
  const { closingKind, startedAt } = input;
  switch (closingKind) {
    case "OPEN":
    case "CLOSED_AND_OPEN":
      return { closingKind, stage: "OPEN", dueAt: plus(startedAt, scaled(AUCTION_DURATIONS_MS.OPEN, scale)) };
    case "OPEN_AND_CLOSED":
      return {
        closingKind,
        stage: "OPEN",
        dueAt: plus(startedAt, scaled(AUCTION_DURATIONS_MS.OPEN_AND_CLOSED_OPEN, scale)),
      };
    case "OPEN_TIMED":
    case "TIMED": {
      const minutes = input.bidDurationMinutes;
      if (minutes == null || !Number.isFinite(minutes) || minutes <= 0)
        throw new RangeError(
          "Duração da disputa (bidDuration) não informada para o modo por tempo determinado.",
        );
      return { closingKind, stage: "OPEN", dueAt: plus(startedAt, scaled(minutes * MINUTE, scale)) };
    }
    default:
      throw new RangeError(`O modo de disputa ${closingKind} não tem fase de lances ao vivo.`);
  }
}

/** Modes whose end a late bid pushes (OPEN and the open phase of CLOSED_AND_OPEN). */
export const EXTENDING_CLOSING_KINDS: readonly ClosingKind[] = ["OPEN", "CLOSED_AND_OPEN"];

/**
 * The clock after an accepted bid at `bidAt` (DESIGN §4 OPEN): a bid in the last 2 minutes moves
 * the end to 2 minutes after the bid, again and again. Other modes and stages are unchanged.
 */
export function clockAfterBid(clock: BiddingClock, bidAt: Date, timeScale = 1): BiddingClock {
  if (!EXTENDING_CLOSING_KINDS.includes(clock.closingKind) || clock.stage !== "OPEN") return clock;
  const window = scaled(AUCTION_DURATIONS_MS.OPEN_EXTENSION_WINDOW, timeScale);
  if (bidAt.getTime() < clock.dueAt.getTime() - window || bidAt.getTime() > clock.dueAt.getTime())
    return clock;
  const extended = plus(bidAt, scaled(AUCTION_DURATIONS_MS.OPEN_EXTENSION, timeScale));
  return { ...clock, dueAt: later(extended, clock.dueAt) };
}

/** Whether bids are still taken: the current stage's deadline has not fallen. */
export const isBiddingOpen = (clock: BiddingClock, now: Date): boolean =>
  now.getTime() < clock.dueAt.getTime();

/** What happens when a bidding deadline falls. */
export type BiddingDeadlineOutcome =
  | { kind: "WAIT"; at: Date }
  /** OPEN_AND_CLOSED after 15 min: announce the imminent close; the close instant is secret. */
  | {
      kind: "ANNOUNCE_IMMINENT_CLOSE";
      clock: BiddingClock;
      /** The drawn delay (0–10 min, scaled) and the random number it came from, to be logged. */
      randomDelayMs: number;
      randomValue: number;
    }
  /** The random close fell: open the 5-min sealed phase for the eligible bidders (sealed-phase.ts). */
  | { kind: "OPEN_SEALED_PHASE"; clock: BiddingClock; subPhase: "SECRET_BIDDING_PHASE" }
  /** The sealed phase ended: reveal the sealed bids, then close the bidding. */
  | { kind: "REVEAL_SEALED_BIDS_AND_CLOSE" }
  /** The bidding ends: check the fictitious tie (tiebreak.ts), then TIEBREAKER or the next phase. */
  | { kind: "CLOSE_BIDDING" };

/**
 * Given the lot's clock and now: wait for the deadline, or the step to take now. One step per call;
 * the server calls again with the new clock (a restart after a long stop replays the steps).
 */
export function onBiddingDeadline(
  clock: BiddingClock,
  now: Date,
  random: RandomSource,
  timeScale = 1,
): BiddingDeadlineOutcome {
  if (isBiddingOpen(clock, now)) return { kind: "WAIT", at: clock.dueAt };
  const from = later(clock.dueAt, now);
  if (clock.closingKind === "OPEN_AND_CLOSED") {
    if (clock.stage === "OPEN") {
      const randomValue = random();
      if (!(randomValue >= 0 && randomValue < 1))
        throw new RangeError(`sorteio fora de [0, 1): ${randomValue}`);
      const randomDelayMs = Math.floor(
        randomValue * scaled(AUCTION_DURATIONS_MS.RANDOM_CLOSE_MAX, timeScale),
      );
      return {
        kind: "ANNOUNCE_IMMINENT_CLOSE",
        clock: { ...clock, stage: "RANDOM_CLOSE", dueAt: plus(from, randomDelayMs) },
        randomDelayMs,
        randomValue,
      };
    }
    if (clock.stage === "RANDOM_CLOSE") {
      return {
        kind: "OPEN_SEALED_PHASE",
        clock: {
          ...clock,
          stage: "SEALED",
          dueAt: plus(from, scaled(AUCTION_DURATIONS_MS.SEALED_BIDS, timeScale)),
        },
        subPhase: "SECRET_BIDDING_PHASE",
      };
    }
    return { kind: "REVEAL_SEALED_BIDS_AND_CLOSE" };
  }
  return { kind: "CLOSE_BIDDING" };
}

/**
 * The progress-bar length the room shows (trading-room §2.2, §9): 5 min in the sealed phase and 15
 * min otherwise for OPEN_AND_CLOSED, else 120 s; NEGOTIATION and QUALIFICATION use the phase span.
 */
export function progressBarDurationMs(
  closingKind: ClosingKind,
  subPhase: BiddingSubPhase | null,
  timeScale = 1,
) {
  if (closingKind === "OPEN_AND_CLOSED")
    return scaled(
      subPhase === "SECRET_BIDDING_PHASE"
        ? AUCTION_DURATIONS_MS.SEALED_BIDS
        : AUCTION_DURATIONS_MS.OPEN_AND_CLOSED_OPEN,
      timeScale,
    );
  return scaled(AUCTION_DURATIONS_MS.OPEN_EXTENSION_WINDOW, timeScale);
}

// ---- Tie calls -------------------------------------------------------------------------------

/** The deadline of an ME/EPP called to cover the best bid (5 min, LC 123/2006 art. 45 §3). */
export function tiebreakerCallDeadline(calledAt: Date, timeScale = 1): Date {
  return plus(calledAt, scaled(AUCTION_DURATIONS_MS.TIEBREAKER_CALL, timeScale));
}

// ---- Appeals ---------------------------------------------------------------------------------

/** The intention window in minutes: the notice's minimum, floored at 10 (see the header). */
export function interestWindowMinutes(disputeInterestManifestationMinimumDuration?: number | null): number {
  const floor = AUCTION_DURATIONS_MS.INTEREST_WINDOW_MIN / MINUTE;
  const given = disputeInterestManifestationMinimumDuration;
  return given != null && Number.isFinite(given) && given > floor ? given : floor;
}

/** When the appeal intention window opened at `openedAt` closes. */
export function interestWindowEnd(
  openedAt: Date,
  disputeInterestManifestationMinimumDuration?: number | null,
  timeScale = 1,
): Date {
  return plus(
    openedAt,
    scaled(interestWindowMinutes(disputeInterestManifestationMinimumDuration) * MINUTE, timeScale),
  );
}

/** A term of n business days from `start` (Lei 14.133 art. 183), scaled as the header says. */
export function businessDaysDeadline(
  start: Date,
  n: number,
  timeScale = 1,
  options?: BusinessDayOptions,
): Date {
  const real = addBusinessDays(start, n, options);
  if (timeScale === 1) return real;
  return plus(start, scaled(real.getTime() - start.getTime(), timeScale));
}

/** Appeal reasons due: 3 business days from the intention window's close (art. 165 I). */
export function appealReasonsDeadline(start: Date, timeScale = 1, options?: BusinessDayOptions): Date {
  return businessDaysDeadline(start, APPEAL_REASONS_BUSINESS_DAYS, timeScale, options);
}

/** Counter-arguments due: 3 business days from the end of the reasons' term (art. 165 §4). */
export function counterArgumentsDeadline(
  reasonsDeadline: Date,
  timeScale = 1,
  options?: BusinessDayOptions,
): Date {
  return businessDaysDeadline(reasonsDeadline, COUNTER_ARGUMENTS_BUSINESS_DAYS, timeScale, options);
}

/**
 * A FIXED due date chosen in the next-phase modal (trading-room §4, DueDateType) may not shorten the
 * legal term: it is accepted only at or after the LOOSE deadline.
 */
export function isFixedAppealDateAllowed(fixed: Date, legalDeadline: Date): boolean {
  return fixed.getTime() >= legalDeadline.getTime();
}

// ---- Documents after bidding -------------------------------------------------------------------

/**
 * The attaching-documents deadline (trading-room §5: H = hours, amountHour ≥ 1, default 2; D = a
 * fixed date). Decision: whatever the modal allows, the winner gets at least 2 hours (DESIGN §4;
 * IN 73 art. 29), so a shorter choice is raised to 2 h from `now`.
 */
export function attachingDocumentsDeadline(
  input: { kind: "H"; amountHour?: number | null } | { kind: "D"; deadline: Date },
  now: Date,
  timeScale = 1,
): Date {
  const minimum = plus(now, scaled(AUCTION_DURATIONS_MS.DOCUMENTS_MIN, timeScale));
  if (input.kind === "D") return later(input.deadline, minimum);
  const hours = input.amountHour ?? 2;
  if (!Number.isFinite(hours) || hours < 1)
    throw new RangeError("O prazo em horas deve ser de no mínimo 1 hora.");
  return later(plus(now, scaled(hours * HOUR, timeScale)), minimum);
}

// ---- Every lot timer -------------------------------------------------------------------------

/** The deadlines the server keeps per lot (DESIGN §5 timer rows) and what each one does. */
export type LotTimer =
  | { kind: "BIDDING"; clock: BiddingClock }
  | { kind: "TIEBREAKER_CALL"; dueAt: Date }
  | { kind: "INTEREST_WINDOW"; dueAt: Date }
  | { kind: "APPEAL_REASONS"; dueAt: Date }
  | { kind: "COUNTER_ARGUMENTS"; dueAt: Date }
  | { kind: "ATTACHING_DOCUMENTS"; dueAt: Date };

/** What a fallen lot timer means, besides bidding (onBiddingDeadline covers that). */
export type LotTimerEffect =
  | "CALL_NEXT_SMALL_BUSINESS"
  | "ALLOW_LEAVING_INTEREST_WINDOW"
  | "CLOSE_APPEAL_REASONS"
  | "CLOSE_COUNTER_ARGUMENTS"
  | "CLOSE_ATTACHING_DOCUMENTS";

/** The instant the timer falls. */
export function timerDueAt(timer: LotTimer): Date {
  return timer.kind === "BIDDING" ? timer.clock.dueAt : timer.dueAt;
}

/** null while the timer runs; otherwise what to do (the bidding timer goes to onBiddingDeadline). */
export function fallenTimerEffect(
  timer: Exclude<LotTimer, { kind: "BIDDING" }>,
  now: Date,
): LotTimerEffect | null {
  if (now.getTime() < timer.dueAt.getTime()) return null;
  switch (timer.kind) {
    case "TIEBREAKER_CALL":
      return "CALL_NEXT_SMALL_BUSINESS";
    case "INTEREST_WINDOW":
      return "ALLOW_LEAVING_INTEREST_WINDOW";
    case "APPEAL_REASONS":
      return "CLOSE_APPEAL_REASONS";
    case "COUNTER_ARGUMENTS":
      return "CLOSE_COUNTER_ARGUMENTS";
    case "ATTACHING_DOCUMENTS":
      return "CLOSE_ATTACHING_DOCUMENTS";
  }
}

/** The earliest of several timers (the one the server arms next), or null. */
export function nextTimer<T extends LotTimer>(timers: readonly T[]): T | null {
  let first: T | null = null;
  for (const timer of timers)
    if (first === null || timerDueAt(timer).getTime() < timerDueAt(first).getTime()) first = timer;
  return first;
}
