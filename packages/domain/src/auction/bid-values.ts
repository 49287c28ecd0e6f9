// Bid values compared exactly, whatever the criterion (DESIGN §4 "Bid acceptance"; trading-room
// §9 "Money": a price is an integer scaled by 10^decimals, a discount the raw percent).
//
// Every comparison runs on an integer "cost" where lower is better: the scaled price for
// LOWEST_PRICE / TECHNIQUE_AND_PRICE, minus the price for BIGGEST_PRICE, and minus the percent
// scaled by 10^6 for BIGGEST_DISCOUNT (percent inputs have at most 4 decimals, §9, so 10^6 is exact
// and leaves room; no float is ever compared directly).

import type { JudgementCriterion } from "../enums/judgement";
import { toScaled } from "../format/money";
import type { AuctionBid, BidValue } from "./types";

/** Criteria the room runs a price dispute for (trading-room §4 "Enumerations", dispensationForm). */
export const BIDDING_CRITERIA: readonly JudgementCriterion[] = [
  "LOWEST_PRICE",
  "TECHNIQUE_AND_PRICE",
  "BIGGEST_DISCOUNT",
  "BIGGEST_PRICE",
];

export const isBiddingCriterion = (criterion: JudgementCriterion): boolean =>
  BIDDING_CRITERIA.includes(criterion);

/** Percent values are compared at this scale. */
export const PERCENT_COMPARE_DECIMALS = 6;

/** True when the criterion's bids are percents (BIGGEST_DISCOUNT), false when scaled money. */
export const isPercentCriterion = (criterion: JudgementCriterion): boolean =>
  criterion === "BIGGEST_DISCOUNT";

/** Higher is better for BIGGEST_DISCOUNT and BIGGEST_PRICE; lower for the others. */
export function higherIsBetter(criterion: JudgementCriterion): boolean {
  return criterion === "BIGGEST_DISCOUNT" || criterion === "BIGGEST_PRICE";
}

/** The value as an integer where lower is better (see the file header). */
export function toCost(value: BidValue, criterion: JudgementCriterion): number {
  if (isPercentCriterion(criterion)) return -toScaled(value, PERCENT_COMPARE_DECIMALS);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`lance em dinheiro deve ser inteiro escalado: ${value}`);
  return higherIsBetter(criterion) ? -value : value;
}

/** Back from a cost to the stored value. */
export function fromCost(cost: number, criterion: JudgementCriterion): BidValue {
  if (isPercentCriterion(criterion)) return -cost / 10 ** PERCENT_COMPARE_DECIMALS;
  return higherIsBetter(criterion) ? -cost : cost;
}

/** A step (minimum variation, automatic-bid variation) as a positive cost difference. */
export function stepToCost(step: number, criterion: JudgementCriterion): number {
  if (isPercentCriterion(criterion)) return toScaled(step, PERCENT_COMPARE_DECIMALS);
  if (!Number.isSafeInteger(step))
    throw new RangeError(`variação em dinheiro deve ser inteira escalada: ${step}`);
  return step;
}

/** Negative when a is better than b, 0 when equal, positive when worse. */
export function compareValues(a: BidValue, b: BidValue, criterion: JudgementCriterion): number {
  return Math.sign(toCost(a, criterion) - toCost(b, criterion));
}

export const isBetter = (a: BidValue, b: BidValue, criterion: JudgementCriterion): boolean =>
  compareValues(a, b, criterion) < 0;

export const isLiveBid = (bid: AuctionBid): boolean => bid.isCancelled !== true;

/** Better value first; equal values by earlier registration (the first registered prevails). */
export function compareRanked(a: AuctionBid, b: AuctionBid, criterion: JudgementCriterion): number {
  return compareValues(a.value, b.value, criterion) || a.createdAt.getTime() - b.createdAt.getTime();
}

/** The best live bid of the lot, or null. */
export function bestBid(bids: readonly AuctionBid[], criterion: JudgementCriterion): AuctionBid | null {
  let best: AuctionBid | null = null;
  for (const bid of bids) {
    if (!isLiveBid(bid)) continue;
    if (best === null || compareRanked(bid, best, criterion) < 0) best = bid;
  }
  return best;
}

/** Each supplier's best live bid, ranked best first (ties: earlier registration first). */
export function rankSuppliers(bids: readonly AuctionBid[], criterion: JudgementCriterion): AuctionBid[] {
  const bySupplier = new Map<string, AuctionBid>();
  for (const bid of bids) {
    if (!isLiveBid(bid)) continue;
    const key = String(bid.supplierId);
    const current = bySupplier.get(key);
    if (!current || compareRanked(bid, current, criterion) < 0) bySupplier.set(key, bid);
  }
  return [...bySupplier.values()].sort((a, b) => compareRanked(a, b, criterion));
}

/** The supplier's latest live bid (by registration time), or null. */
export function lastBidOf(
  bids: readonly AuctionBid[],
  supplierId: AuctionBid["supplierId"],
): AuctionBid | null {
  let last: AuctionBid | null = null;
  for (const bid of bids) {
    if (!isLiveBid(bid) || String(bid.supplierId) !== String(supplierId)) continue;
    if (last === null || bid.createdAt.getTime() >= last.createdAt.getTime()) last = bid;
  }
  return last;
}

/**
 * Whether `candidate` lies within `percent`% of `best` on the worse side (or is at least as good):
 * lower-is-better prices at or below best × (100 + p)/100; BIGGEST_PRICE at or above best ×
 * (100 − p)/100; BIGGEST_DISCOUNT compares the prices after discount, (100 − d), which needs no
 * reference price (trading-room §9: discounts apply to the reference price). Exact, in bigint.
 */
export function isWithinMarginOfBest(
  candidate: BidValue,
  best: BidValue,
  criterion: JudgementCriterion,
  percent: number,
): boolean {
  const p = BigInt(toScaled(percent, 4));
  const hundred = 1_000_000n; // 100 % at 4 decimals
  if (isPercentCriterion(criterion)) {
    const full = BigInt(toScaled(100, PERCENT_COMPARE_DECIMALS));
    const c = full - BigInt(toScaled(candidate, PERCENT_COMPARE_DECIMALS));
    const b = full - BigInt(toScaled(best, PERCENT_COMPARE_DECIMALS));
    return c * hundred <= b * (hundred + p);
  }
  const c = BigInt(candidate);
  const b = BigInt(best);
  if (criterion === "BIGGEST_PRICE") return c * hundred >= b * (hundred - p);
  return c * hundred <= b * (hundred + p);
}
