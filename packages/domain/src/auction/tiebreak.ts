// The fictitious tie of small businesses (LC 123/2006 arts. 44–45; DESIGN §4): when the bidding
// closes and the best bid is not an ME/EPP's, ME/EPP bids up to 5% worse (pregão, art. 44 §2) or
// 10% worse (other modalities, art. 44 §1) count as tied. The best-placed of them is called to
// cover the best bid within 5 minutes (art. 45 I, §3); if it does not, the next one in the band is
// called, in ranking order (art. 45 II); equal values are settled by a draw (art. 45 III).
//
// Decisions: no tie in the leilão (ELECTRONIC_AUCTION) nor for BIGGEST_PRICE — LC 123 protects the
// small business that sells to the State, and there the State sells; disabled and disqualified
// bidders take no part; canApplyTiebreaker absent reads as true (the create form's default,
// notices-and-accounts §3). The draw is a Fisher–Yates shuffle fed by the injected random source;
// the numbers it used are returned so the server logs them with the result.
import type { JudgementCriterion } from "../enums/judgement";
import type { Modality } from "../enums/modality";
import { compareValues, isWithinMarginOfBest } from "./bid-values";
import { finalRanking, inactiveBidderIds } from "./sealed-phase";
import type { AuctionBid, Bidder, BidValue, RandomSource } from "./types";

/** Pregão modalities: band of 5% (LC 123 art. 44 §2). */
export const PREGAO_MODALITIES: readonly Modality[] = [
  "ELECTRONIC_REVERSED_AUCTION",
  "NEW_ELECTRONIC_REVERSED_AUCTION",
];
export const PREGAO_TIE_BAND_PERCENT = 5;
export const DEFAULT_TIE_BAND_PERCENT = 10;

/** The tie band in percent for the modality; null where no fictitious tie applies. */
export function fictitiousTieBandPercent(modality: Modality): number | null {
  if (modality === "ELECTRONIC_AUCTION") return null;
  return PREGAO_MODALITIES.includes(modality) ? PREGAO_TIE_BAND_PERCENT : DEFAULT_TIE_BAND_PERCENT;
}

export interface TieDraw {
  /** The equal value drawn for. */
  value: BidValue;
  /** The tied suppliers in ranking order (by registration) before the draw. */
  tiedSupplierIds: AuctionBid["supplierId"][];
  /** The order the draw gave. */
  order: AuctionBid["supplierId"][];
  /** The random numbers used, in order, to be logged. */
  randomValues: number[];
}

export interface FictitiousTieInput {
  modality: Modality;
  criterion: JudgementCriterion;
  /** The notice flag canApplyTiebreaker; absent reads as true. */
  canApplyTiebreaker?: boolean;
  /** Every bid of the lot at the close (sealed ones included). */
  bids: readonly AuctionBid[];
  /** The bidders with their ME/EPP declaration (smallCompanyDeclarations) and flags. */
  bidders: readonly Bidder[];
  random: RandomSource;
}

export interface FictitiousTie {
  applies: boolean;
  bandPercent: number | null;
  /** The best bid at the close. */
  best: AuctionBid | null;
  /** The ME/EPP to call, in order (after any draw). */
  callOrder: AuctionBid["supplierId"][];
  draws: TieDraw[];
}

/** Fisher–Yates over a copy; returns the order and the random numbers used. */
function drawOrder<T>(items: readonly T[], random: RandomSource): { order: T[]; randomValues: number[] } {
  const order = [...items];
  const randomValues: number[] = [];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const r = random();
    if (!(r >= 0 && r < 1)) throw new RangeError(`sorteio fora de [0, 1): ${r}`);
    randomValues.push(r);
    const j = Math.floor(r * (i + 1));
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  return { order, randomValues };
}

/** Whether the lot has a fictitious tie at the close, and whom to call in which order. */
export function fictitiousTie(input: FictitiousTieInput): FictitiousTie {
  const band = fictitiousTieBandPercent(input.modality);
  const inactive = inactiveBidderIds(input.bidders);
  const ranked = finalRanking(
    input.bids.filter((bid) => !inactive.has(String(bid.supplierId))),
    input.criterion,
  );
  const best = ranked[0] ?? null;
  const none: FictitiousTie = { applies: false, bandPercent: band, best, callOrder: [], draws: [] };
  if (band === null || input.canApplyTiebreaker === false || input.criterion === "BIGGEST_PRICE" || !best)
    return none;
  const small = new Set(
    input.bidders.filter((b) => b.isSmallBusiness === true).map((b) => String(b.supplierId)),
  );
  if (small.has(String(best.supplierId))) return none;
  const inBand = ranked
    .slice(1)
    .filter((bid) => small.has(String(bid.supplierId)))
    .filter((bid) => isWithinMarginOfBest(bid.value, best.value, input.criterion, band));
  if (inBand.length === 0) return none;

  const callOrder: AuctionBid["supplierId"][] = [];
  const draws: TieDraw[] = [];
  for (let i = 0; i < inBand.length; ) {
    const first = inBand[i] as AuctionBid;
    let j = i + 1;
    while (
      j < inBand.length &&
      compareValues((inBand[j] as AuctionBid).value, first.value, input.criterion) === 0
    )
      j += 1;
    const group = inBand.slice(i, j).map((bid) => bid.supplierId);
    if (group.length > 1) {
      const { order, randomValues } = drawOrder(group, input.random);
      draws.push({ value: first.value, tiedSupplierIds: group, order, randomValues });
      callOrder.push(...order);
    } else {
      callOrder.push(...group);
    }
    i = j;
  }
  return { applies: true, bandPercent: band, best, callOrder, draws };
}

/** What follows a call of the tie (by the called one's bid, its refusal or its 5-minute timeout). */
export type TieCallOutcome =
  | { kind: "CALL"; supplierId: AuctionBid["supplierId"]; index: number }
  /** The called ME/EPP covered the best bid: it is the new best; the lot moves on. */
  | { kind: "COVERED"; supplierId: AuctionBid["supplierId"] }
  /** No one covered it: the original best stands; the lot moves on. */
  | { kind: "NOT_COVERED" };

/** The first call when the lot enters TIEBREAKER. */
export function firstTieCall(callOrder: readonly AuctionBid["supplierId"][]): TieCallOutcome {
  const first = callOrder[0];
  return first === undefined ? { kind: "NOT_COVERED" } : { kind: "CALL", supplierId: first, index: 0 };
}

/**
 * After the call at `index` ends: covered (the called one placed a valid tiebreak bid) ends the tie;
 * otherwise the next in the band is called (LC 123 art. 45 II), or the tie ends uncovered.
 */
export function afterTieCall(
  callOrder: readonly AuctionBid["supplierId"][],
  index: number,
  covered: boolean,
): TieCallOutcome {
  const called = callOrder[index];
  if (called === undefined) return { kind: "NOT_COVERED" };
  if (covered) return { kind: "COVERED", supplierId: called };
  const next = callOrder[index + 1];
  return next === undefined ? { kind: "NOT_COVERED" } : { kind: "CALL", supplierId: next, index: index + 1 };
}
