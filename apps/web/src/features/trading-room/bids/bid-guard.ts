import { formatPercent, higherIsBetter, type JudgementCriterion } from "@certame/domain";
import { LIVE_TEXTS } from "../texts";
import type { BidMode } from "./bid-input";
import { formatInputValue } from "./bid-input";

// A bid far from the lot's best asks for confirmation first (issue 12 item 4, as Compras.gov.br
// does): a typing slip (R$ 0,01 against R$ 1,50) must not go out unnoticed.

/** A bid this far (a share of the best) past the lot's best is confirmed first. */
export const FAR_FROM_BEST_SHARE = 0.5;

export interface FarFromBest {
  /** How far past the best, in percent of the best. */
  percent: number;
  direction: "abaixo" | "acima";
}

/**
 * Whether `value` (the payload's: a scaled price or a percent) passes the lot's best by half of it
 * or more, in the criterion's better direction: 50% or more below for the lowest price, 50% or
 * more above for the biggest price or discount. Null without a best to compare with.
 */
export function farFromBest(
  value: number,
  best: number | null | undefined,
  criterion: JudgementCriterion,
): FarFromBest | null {
  if (best === null || best === undefined || !(best > 0) || !(value > 0)) return null;
  const higher = higherIsBetter(criterion);
  const share = (higher ? value - best : best - value) / best;
  if (share < FAR_FROM_BEST_SHARE) return null;
  return { percent: share * 100, direction: higher ? "acima" : "abaixo" };
}

/** The 'Confirmar lance' text: the value and how far from the best it is. */
export function farFromBestText(
  value: number,
  best: number,
  far: FarFromBest,
  mode: BidMode,
  decimals: number,
): string {
  return LIVE_TEXTS.lowBidText(
    formatInputValue(value, mode, decimals),
    formatPercent(far.percent, 2),
    far.direction,
    formatInputValue(best, mode, decimals),
  );
}
