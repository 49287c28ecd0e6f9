import {
  type BiddingSubPhase,
  type ClosingKind,
  displayedBiddingSubPhase,
  progressBarDurationMs,
  secondsRemaining,
} from "@certame/domain";
import type { RoomLot } from "../types";

// The room's live clocks (trading-room §2.2 "Live phase progress bar", §4 "Bidding sub-phases",
// §9): every figure is computed from the server's deadlines and the server's present moment (the
// local clock corrected by the measured offset), ticking every second.

export const TICK_MS = 1000;

/** The deadline the lot's countdown runs to: the tie call's in TIEBREAKER, else the bidding due time. */
export function countdownDeadline(lot: RoomLot): string | null {
  if (lot.phase === "TIEBREAKER") return lot.tiebreaker?.dueDateTime ?? lot.biddingPhaseDueDateTime ?? null;
  if (lot.phase === "BIDDING") return lot.biddingPhaseDueDateTime ?? null;
  if (lot.phase === "NEGOTIATION" || lot.phase === "QUALIFICATION") return lot.phaseEndDateTime ?? null;
  return null;
}

/** Whole seconds left (never below 0); null without a deadline. */
export function remainingSeconds(lot: RoomLot, now: Date): number | null {
  const left = secondsRemaining(countdownDeadline(lot), now);
  return left === null ? null : Math.max(0, left);
}

/**
 * Seconds left on the lot's countdown as the engine's unscaled clock counts them: with
 * AUCTION_TIME_SCALE 0.02 (a 10 min bidding lasting 12 s) 1.2 real seconds read as 60. Null without
 * a deadline.
 */
export function unscaledRemainingSeconds(lot: RoomLot, now: Date, timeScale = 1): number | null {
  const deadline = countdownDeadline(lot);
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - now.getTime()) / 1000 / (timeScale > 0 ? timeScale : 1);
}

/**
 * The bidding sub-phase shown: the one- and two-minute marks for the countdown closing kinds (§4),
 * read on the engine's clock (the marks scale with AUCTION_TIME_SCALE, as the 2 min extension does).
 */
export function shownSubPhase(
  lot: RoomLot,
  closingKind: ClosingKind | null | undefined,
  now: Date,
  timeScale = 1,
): BiddingSubPhase {
  const left = lot.phase === "BIDDING" ? unscaledRemainingSeconds(lot, now, timeScale) : null;
  return displayedBiddingSubPhase({
    closingKind,
    subPhase: lot.subPhase ?? null,
    remainingSeconds: left === null ? null : Math.floor(left),
  });
}

/** 'mm:ss', or 'h:mm:ss' from one hour. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(sec).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** 'Tempo decorrido' (§2.2): live while in BIDDING, else the bidding's length once it ended. */
export function elapsedSeconds(lot: RoomLot, now: Date): number | null {
  const start = lot.biddingPhaseStartDateTime ? Date.parse(lot.biddingPhaseStartDateTime) : Number.NaN;
  if (Number.isNaN(start)) return null;
  if (lot.phase === "BIDDING") return Math.max(0, Math.floor((now.getTime() - start) / 1000));
  const end = lot.biddingPhaseEndingDateTime ? Date.parse(lot.biddingPhaseEndingDateTime) : Number.NaN;
  return Number.isNaN(end) ? null : Math.max(0, Math.floor((end - start) / 1000));
}

export type ProgressColour = "orange" | "yellow" | "red" | "blue";

export interface PhaseProgress {
  totalMs: number;
  remainingMs: number;
  /** 0–100, the part of the bar still to run. */
  percent: number;
  colour: ProgressColour;
}

/**
 * The live phase progress bar (§2.2, §9). NEGOTIATION and QUALIFICATION: the phase's own span,
 * orange and yellow. BIDDING and TIEBREAKER: 5 min in the sealed phase and 15 min otherwise for
 * OPEN_AND_CLOSED, else 120 s; yellow from 119 to 60 s left, red under 60 s. Stops at 0. Null
 * when the lot has no running deadline. The durations are the engine's: multiplied by the server's
 * AUCTION_TIME_SCALE (REGISTERED auctionTimeScale).
 */
export function phaseProgress(
  lot: RoomLot,
  closingKind: ClosingKind | null | undefined,
  now: Date,
  timeScale = 1,
): PhaseProgress | null {
  const deadline = countdownDeadline(lot);
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  if (Number.isNaN(end)) return null;
  const remainingMs = Math.max(0, end - now.getTime());
  if (lot.phase === "NEGOTIATION" || lot.phase === "QUALIFICATION") {
    const start = lot.phaseStartDateTime ? Date.parse(lot.phaseStartDateTime) : Number.NaN;
    if (Number.isNaN(start) || end <= start) return null;
    const totalMs = end - start;
    return {
      totalMs,
      remainingMs: Math.min(remainingMs, totalMs),
      percent: (Math.min(remainingMs, totalMs) / totalMs) * 100,
      colour: lot.phase === "NEGOTIATION" ? "orange" : "yellow",
    };
  }
  if (lot.phase !== "BIDDING" && lot.phase !== "TIEBREAKER") return null;
  // §9's bar lengths and colour marks are engine durations: they scale with AUCTION_TIME_SCALE.
  const scale = timeScale > 0 ? timeScale : 1;
  const totalMs = progressBarDurationMs(closingKind ?? "OPEN", lot.subPhase ?? null) * scale;
  const shown = Math.min(remainingMs, totalMs);
  const seconds = remainingMs / 1000 / scale;
  const colour: ProgressColour = seconds < 60 ? "red" : seconds < 120 ? "yellow" : "blue";
  return { totalMs, remainingMs: shown, percent: (shown / totalMs) * 100, colour };
}
