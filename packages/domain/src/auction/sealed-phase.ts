// Sealed bids (DESIGN §4 OPEN_AND_CLOSED and CLOSED_AND_OPEN).
//
// OPEN_AND_CLOSED (IN SEGES/ME 73/2022 art. 24 §§1–2; Decreto 10.024/2019 art. 33 §§1–2): when the
// random close falls, the author of the best bid and those whose bids are up to 10% worse may send
// one sealed final bid within 5 minutes; when fewer than 3 are in that band, the next best bidders
// in ranking order join "até o máximo de três".
// CLOSED_AND_OPEN (IN 73 art. 25 §§1–2): the initial (sealed) offers rank the bidders; the best and
// those up to 10% worse (at least 3, by the same rule) go on to the open bidding.
//
// Decisions: disabled or disqualified bidders are left out before ranking; equal values rank by the
// earlier registration; a sealed bid is compared with no one's but the bidder's own (see
// bid-acceptance.ts); the reveal publishes all sealed bids at once, best first.
import type { JudgementCriterion } from "../enums/judgement";
import { compareRanked, isLiveBid, isWithinMarginOfBest, rankSuppliers } from "./bid-values";
import type { AuctionBid, Bidder } from "./types";

export const FINALISTS_MARGIN_PERCENT = 10;
export const FINALISTS_MINIMUM = 3;

const key = (id: AuctionBid["supplierId"]) => String(id);

/** Bidders left out: disabled or disqualified (a bidder not listed, or without flags, takes part). */
export function inactiveBidderIds(bidders: readonly Bidder[]): Set<string> {
  return new Set(
    bidders.filter((b) => b.isEnabled === false || b.isQualified === false).map((b) => key(b.supplierId)),
  );
}

/**
 * The finalists: each active supplier's best bid, ranked, keeping the best and those within 10% of
 * it, or the best three when fewer than three are within the band. Disabled or disqualified
 * `bidders` are left out.
 */
export function selectFinalists(
  bids: readonly AuctionBid[],
  criterion: JudgementCriterion,
  bidders?: readonly Bidder[],
): AuctionBid[] {
  const inactive = inactiveBidderIds(bidders ?? []);
  const ranked = rankSuppliers(
    bids.filter((bid) => !inactive.has(key(bid.supplierId))),
    criterion,
  );
  const best = ranked[0];
  if (!best) return [];
  const inBand = ranked.filter((bid) =>
    isWithinMarginOfBest(bid.value, best.value, criterion, FINALISTS_MARGIN_PERCENT),
  );
  return inBand.length >= FINALISTS_MINIMUM ? inBand : ranked.slice(0, FINALISTS_MINIMUM);
}

/** Who may send a sealed final bid in OPEN_AND_CLOSED (the open-stage bids at the random close). */
export function sealedBidEligibleSuppliers(
  openBids: readonly AuctionBid[],
  criterion: JudgementCriterion,
  bidders?: readonly Bidder[],
): AuctionBid["supplierId"][] {
  return selectFinalists(
    openBids.filter((bid) => bid.isSealed !== true),
    criterion,
    bidders,
  ).map((bid) => bid.supplierId);
}

/** Who goes on to the open bidding in CLOSED_AND_OPEN (ranked by the initial sealed offers). */
export function closedAndOpenFinalists(
  initialOffers: readonly AuctionBid[],
  criterion: JudgementCriterion,
  bidders?: readonly Bidder[],
): AuctionBid["supplierId"][] {
  return selectFinalists(initialOffers, criterion, bidders).map((bid) => bid.supplierId);
}

export const isAmong = (
  ids: readonly AuctionBid["supplierId"][],
  supplierId: AuctionBid["supplierId"],
): boolean => ids.some((id) => key(id) === key(supplierId));

/** The supplier already sent its one sealed bid (a cancelled one still counts: one each). */
export function hasSealedBid(bids: readonly AuctionBid[], supplierId: AuctionBid["supplierId"]): boolean {
  return bids.some((bid) => bid.isSealed === true && key(bid.supplierId) === key(supplierId));
}

/** The sealed bids to publish when the sealed phase ends, best first. */
export function sealedBidsToReveal(bids: readonly AuctionBid[], criterion: JudgementCriterion): AuctionBid[] {
  return bids
    .filter((bid) => bid.isSealed === true && isLiveBid(bid))
    .sort((a, b) => compareRanked(a, b, criterion));
}

/**
 * The classification after the reveal: each supplier's best live bid — its sealed final bid when it
 * sent one (it must improve on its own, so it is its best), else its best open bid (a bidder who
 * sends no final bid keeps the one it had) — best first.
 */
export function finalRanking(bids: readonly AuctionBid[], criterion: JudgementCriterion): AuctionBid[] {
  return rankSuppliers(bids, criterion);
}
