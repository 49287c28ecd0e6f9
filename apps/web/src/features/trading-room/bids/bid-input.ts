import {
  formatBRL,
  formatPercent,
  isPercentCriterion,
  type JudgementCriterion,
  type MoneyDecimals,
  OWN_BID_DELETION_WINDOW_MS,
  toMoneyDecimals,
} from "@certame/domain";
import type { BidView } from "../types";

// The room's new-bid input (trading-room §2.3, §5 "Room bids", §9 "Money").

export type BidMode = "PRICE" | "DISCOUNT";

/** BIGGEST_DISCOUNT bids a percent; every other criterion a price. */
export const bidModeOf = (criterion: JudgementCriterion): BidMode =>
  isPercentCriterion(criterion) ? "DISCOUNT" : "PRICE";

/** The lot's money decimals (decimalsNumber TWO/FOUR, default 2); also the percent input's precision. */
export const lotDecimals = (lot: { decimalsNumber?: number | string | null } | null): MoneyDecimals =>
  toMoneyDecimals(lot?.decimalsNumber ?? 2);

/**
 * The `place_new_bid` payload, or null when nothing may be sent (no lot, or an empty or zero value).
 * A price is sent as the amount × 10^decimals rounded to an integer — the money input already holds
 * it scaled, a stray fraction is rounded; a discount is sent as the raw percent, at the input's
 * precision.
 */
export function bidPayload(
  batchId: string | null | undefined,
  mode: BidMode,
  value: number | null,
  decimals: number,
): { batchId: string; value: number } | null {
  if (!batchId || value === null || !Number.isFinite(value) || value <= 0) return null;
  if (mode === "PRICE") return { batchId, value: Math.round(value) };
  const factor = 10 ** decimals;
  return { batchId, value: Math.round(value * factor) / factor };
}

/** A price amount (R$ 28,90 → 28.9) as the integer the server stores: × 10^decimals, rounded. */
export const priceToScaled = (amount: number, decimals: number): number =>
  Math.round(amount * 10 ** decimals);

/** A bid's value as the room shows it: BRL, or the discount with 2 decimals and ' %' (§9). */
export function formatBidValue(
  bid: Pick<BidView, "unitPrice" | "percentDiscount"> | null | undefined,
  mode: BidMode,
  decimals: number,
): string {
  if (!bid) return "-";
  if (mode === "DISCOUNT")
    return bid.percentDiscount === null || bid.percentDiscount === undefined
      ? "-"
      : formatPercent(bid.percentDiscount, 2);
  return bid.unitPrice === null || bid.unitPrice === undefined ? "-" : formatBRL(bid.unitPrice, decimals);
}

/** The value typed in the input, shown like a bid. */
export function formatInputValue(value: number, mode: BidMode, decimals: number): string {
  return mode === "DISCOUNT" ? formatPercent(value, 2) : formatBRL(Math.round(value), decimals);
}

/** §2.6 'Novo lance' confirmation in NEGOTIATION. */
export function negotiationConfirmText(current: string, next: string): string {
  return `Seu lance atual é de ${current}, deseja mesmo cadastrar um novo lance no valor de ${next}? Lances cadastrados nessa etapa do processo não poderão ser cancelados`;
}

/** The user's own live bid that may still be deleted, and the seconds left; null when none. */
export function deletableOwnBid(
  bids: readonly BidView[],
  now: Date,
): { bid: BidView; secondsLeft: number } | null {
  const own = bids
    .filter((b) => b.isOwn === true && b.isCancelled !== true && b.state !== "CANCELLED")
    .sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate))[0];
  if (!own) return null;
  const left = Date.parse(own.createdDate) + OWN_BID_DELETION_WINDOW_MS - now.getTime();
  return left > 0 ? { bid: own, secondsLeft: Math.ceil(left / 1000) } : null;
}
