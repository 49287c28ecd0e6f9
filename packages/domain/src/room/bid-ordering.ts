// Bid ordering of the bid table (trading-room §4 "Bid ordering").
import type { JudgementCriterion } from "../enums/judgement";
import { toEpochMs } from "./shared";

/** The fields of a bid (or backlog/reserve bid) that decide its place. */
export interface OrderableBid {
  isBacklog?: boolean | null;
  isQualifiedAndEnabled?: boolean | null;
  isWinner?: boolean | null;
  unitPrice?: number | null;
  percentDiscount?: number | null;
  createdDate?: Date | string | null;
}

export type BidComparator = (a: OrderableBid, b: OrderableBid) => number;

/** true before false. */
function flagFirst(a: boolean | null | undefined, b: boolean | null | undefined): number {
  return (b ? 1 : 0) - (a ? 1 : 0);
}

/** Missing values go last whichever the direction, so an unpriced row never ranks first. */
function byNumber(a: number | null | undefined, b: number | null | undefined, direction: 1 | -1): number {
  const aMissing = a === null || a === undefined || Number.isNaN(a);
  const bMissing = b === null || b === undefined || Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  return (a - b) * direction;
}

/**
 * Price step per criterion. Criteria the room never runs (BEST_TECHNICAL, ARTISTIC_CONTENT,
 * GREATER_ECONOMIC_RETURN) have no price rule in the spec, so they skip to the creation date.
 */
function byPrice(criterion: JudgementCriterion): BidComparator {
  switch (criterion) {
    case "LOWEST_PRICE":
    case "TECHNIQUE_AND_PRICE":
      return (a, b) => byNumber(a.unitPrice, b.unitPrice, 1);
    case "BIGGEST_DISCOUNT":
      return (a, b) => byNumber(a.percentDiscount, b.percentDiscount, -1);
    case "BIGGEST_PRICE":
      return (a, b) => byNumber(a.unitPrice, b.unitPrice, -1);
    default:
      return () => 0;
  }
}

/** Backlog first, qualified-and-enabled first, winners first, price by criterion, oldest first. */
export function compareBids(criterion: JudgementCriterion): BidComparator {
  const price = byPrice(criterion);
  return (a, b) =>
    flagFirst(a.isBacklog, b.isBacklog) ||
    flagFirst(a.isQualifiedAndEnabled, b.isQualifiedAndEnabled) ||
    flagFirst(a.isWinner, b.isWinner) ||
    price(a, b) ||
    byNumber(toEpochMs(a.createdDate), toEpochMs(b.createdDate), 1);
}

/** A sorted copy; equal bids keep their input order (Array#sort is stable). */
export function sortBids<T extends OrderableBid>(bids: readonly T[], criterion: JudgementCriterion): T[] {
  return [...bids].sort(compareBids(criterion));
}

/** §3 Bid: state CANCELLED or ARCHIVED, or the isCancelled flag, mean cancelled. */
export function isCancelledBid(bid: { isCancelled?: boolean | null; state?: string | null }): boolean {
  return bid.isCancelled === true || bid.state === "CANCELLED" || bid.state === "ARCHIVED";
}
