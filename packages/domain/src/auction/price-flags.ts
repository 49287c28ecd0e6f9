// Price flags of a lot (trading-room §2.2 row alerts, §3 Lot flags): the infeasible-price warning,
// the divergent-bid warning of reserved quotas, and the regional/local preference band.
//
// Decisions:
// - isInfeasible is computed for the Lei 14.133 modalities only (IN 73/2022 regulates them; the old
//   modalities followed Lei 8.666 art. 48, a different formula, and the dispensa has no threshold),
//   for price criteria where the State buys (not BIGGEST_PRICE), and while the price is being judged:
//   BIDDING through QUALIFICATION. A value exactly at the threshold is not infeasible ("inferiores").
//   SALE and FLUID_MARKETS have no threshold.
// - The divergent-bid flag: a DIFFERENTIATED (reserved-quota) lot whose winner is also the winner
//   of the linked wide-participation lot (wideParticipationBatch) with a different value; then the
//   lower price prevails for both (Decreto 8.538/2015 art. 8 §3).
// - Regional preference reuses the room rule (room/permissions meetsRegionalPreferencePriceRule).
import type { JudgementCriterion } from "../enums/judgement";
import type { LotPhase } from "../enums/lot-phase";
import { isNewModality, type Modality } from "../enums/modality";
import type { BatchItemParticipation } from "../enums/participation";
import { type SubModality, subModalityGroup } from "../enums/sub-modality";
import { priceAfterDiscount } from "../format/percent";
import type { OrderableBid } from "../room/bid-ordering";
import { meetsRegionalPreferencePriceRule } from "../room/permissions";
import { compareRanked, compareValues, isBetter, isPercentCriterion } from "./bid-values";
import type { AuctionBid, BidValue } from "./types";

/** Below this share of the reference price a goods or services bid is flagged (IN 73/2022 art. 34). */
export const INFEASIBLE_GOODS_AND_SERVICES_PERCENT = 50;
/** Below this share an engineering bid is flagged (Lei 14.133/2021 art. 59 §4). */
export const INFEASIBLE_ENGINEERING_PERCENT = 75;

export const INFEASIBILITY_PHASES: readonly LotPhase[] = [
  "BIDDING",
  "TIEBREAKER",
  "CLOSED_BID",
  "NEGOTIATION",
  "QUALIFICATION",
];

/** The threshold in percent of the reference price for the sub-modality; null when none applies. */
export function infeasibilityThresholdPercent(subModality: SubModality): number | null {
  const group = subModalityGroup(subModality);
  if (group === "ENGINEERING") return INFEASIBLE_ENGINEERING_PERCENT;
  if (group === "GOODS" || group === "SERVICES") return INFEASIBLE_GOODS_AND_SERVICES_PERCENT;
  return null;
}

export interface InfeasibilityInput {
  modality: Modality;
  subModality: SubModality;
  criterion: JudgementCriterion;
  phase: LotPhase;
  /** referencePrice scaled by 10^decimals. */
  referencePrice: number | null | undefined;
  /** The best bid's value (scaled price, or raw percent for BIGGEST_DISCOUNT); null without bids. */
  bestValue: BidValue | null | undefined;
}

/** The price the value stands for, at the reference price's scale. */
function priceOf(value: BidValue, referencePrice: number, criterion: JudgementCriterion): number {
  return isPercentCriterion(criterion) ? priceAfterDiscount(referencePrice, value) : value;
}

/** isInfeasible of the lot (see the header). */
export function isInfeasiblePrice(input: InfeasibilityInput): boolean {
  const { referencePrice, bestValue, criterion } = input;
  if (!isNewModality(input.modality) || criterion === "BIGGEST_PRICE") return false;
  if (!INFEASIBILITY_PHASES.includes(input.phase)) return false;
  if (referencePrice == null || referencePrice <= 0 || bestValue == null) return false;
  const threshold = infeasibilityThresholdPercent(input.subModality);
  if (threshold === null) return false;
  const price = priceOf(bestValue, referencePrice, criterion);
  return BigInt(price) * 100n < BigInt(referencePrice) * BigInt(threshold);
}

// ---- Reserved quota and wide participation (LC 123/2006 art. 48 III) --------------------------

export interface LotWinner {
  supplierId: AuctionBid["supplierId"];
  /** The winning value (scaled unit price, or raw percent for BIGGEST_DISCOUNT). */
  value: BidValue;
}

/** isWinnerInBoarBatchWithDivergentBid (trading-room §2.2, §3). */
export function isWinnerInBroadLotWithDivergentBid(input: {
  participation: BatchItemParticipation | null | undefined;
  criterion: JudgementCriterion;
  quotaWinner: LotWinner | null | undefined;
  broadWinner: LotWinner | null | undefined;
}): boolean {
  const { quotaWinner, broadWinner } = input;
  if (input.participation !== "DIFFERENTIATED" || !quotaWinner || !broadWinner) return false;
  if (String(quotaWinner.supplierId) !== String(broadWinner.supplierId)) return false;
  return compareValues(quotaWinner.value, broadWinner.value, input.criterion) !== 0;
}

/** The value both quotas are contracted at when one company wins both (Decreto 8.538/2015 art. 8 §3). */
export function prevailingValueForSameWinner(
  quotaValue: BidValue,
  broadValue: BidValue,
  criterion: JudgementCriterion,
): BidValue {
  return isBetter(broadValue, quotaValue, criterion) ? broadValue : quotaValue;
}

// ---- Regional / local preference (LC 123/2006 art. 48 §3) ------------------------------------

/** Fewer qualifying competitive small businesses than this: the modal warns (LC 123 art. 49 II). */
export const REGIONAL_PREFERENCE_MIN_COMPETITORS = 3;

export interface RegionalBid extends AuctionBid {
  isRegionalPreferenceLocation?: boolean;
  isQualifiedAndEnabled?: boolean;
  isSmallBusiness?: boolean;
}

function asOrderable(
  bid: AuctionBid,
  criterion: JudgementCriterion,
): Pick<OrderableBid, "unitPrice" | "percentDiscount"> {
  return isPercentCriterion(criterion) ? { percentDiscount: bid.value } : { unitPrice: bid.value };
}

/**
 * The bidders who may cover the winner under regional preference, best first: regional declarants,
 * qualified and enabled, within the 10% band of the room rule (90% for BIGGEST_PRICE).
 */
export function regionalPreferenceCandidates(
  bids: readonly RegionalBid[],
  winner: AuctionBid,
  criterion: JudgementCriterion,
): RegionalBid[] {
  return bids
    .filter(
      (bid) =>
        bid.isCancelled !== true &&
        String(bid.supplierId) !== String(winner.supplierId) &&
        bid.isRegionalPreferenceLocation === true &&
        bid.isQualifiedAndEnabled === true &&
        meetsRegionalPreferencePriceRule(
          asOrderable(bid, criterion),
          asOrderable(winner, criterion),
          criterion,
        ),
    )
    .sort((a, b) => compareRanked(a, b, criterion));
}

/** The modal's warning when fewer than 3 qualifying small businesses compete (LC 123 art. 49 II). */
export function regionalPreferenceWarning(candidates: readonly RegionalBid[]): string | null {
  const count = candidates.filter((bid) => bid.isSmallBusiness === true).length;
  return count < REGIONAL_PREFERENCE_MIN_COMPETITORS
    ? "Há menos de 3 fornecedores competitivos enquadrados como ME/EPP sediados local ou regionalmente (LC 123/2006, art. 49, II)."
    : null;
}

/** The preferred bidder covers the winner only with a strictly better value. */
export function coversWinner(value: BidValue, winner: AuctionBid, criterion: JudgementCriterion): boolean {
  return isBetter(value, winner.value, criterion);
}
