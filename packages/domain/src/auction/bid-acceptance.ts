// Bid acceptance (DESIGN §4 "Bid acceptance", "A supplier may delete its own last bid", "Automatic
// bids"; trading-room §5 "Room bids": a price is sent ×10^decimals, a discount as the raw percent).
//
// Decisions:
// - Values: a price must be a positive integer (scaled); a discount must lie in (0 %, 100 %).
// - A bidder's first bid in the room (no initial proposal) has no own bid to improve on, so only
//   the best-bid rules apply to it.
// - Only the best bid is protected from equal values: an intermediate bid equal to another
//   intermediate bid is accepted and ranks after it (earlier registration first).
// - TIEBREAKER: only the ME/EPP called now may bid, and only a value strictly better than the
//   best (LC 123/2006 art. 45 I). NEGOTIATION: only the best-placed supplier, with any value
//   better than its own (Decreto 10.024 art. 38; Lei 14.133 art. 61); no minimum variation there.
// - Sealed phase: one sealed bid per eligible bidder, better than its own last bid, compared with
//   no other bid (others' sealed values are secret; any check against them would leak them) and
//   without the minimum variation (it is a single final offer).
// - Deleting one's own bid: new modalities only (trading-room §2.3 shows 'Cancelar lance' there),
//   only the latest own bid, never a sealed one, within 15 s inclusive, once per lot.
// - Automatic bids: see nextAutomaticBids.
import type { ClosingKind, JudgementCriterion } from "../enums/judgement";
import type { LotPhase } from "../enums/lot-phase";
import { isNewModality, type Modality } from "../enums/modality";
import { formatDuration } from "../format/duration";
import { formatBRL } from "../format/money";
import { formatPercent } from "../format/percent";
import {
  bestBid,
  fromCost,
  isBiddingCriterion,
  isPercentCriterion,
  lastBidOf,
  stepToCost,
  toCost,
} from "./bid-values";
import type { BiddingStage } from "./bidding-timers";
import { hasSealedBid, isAmong } from "./sealed-phase";
import { type AuctionBid, type Bidder, type BidValue, OK, type RuleResult, refuse } from "./types";

/** The lot as a bid is judged against it. */
export interface BidLot {
  modality: Modality;
  criterion: JudgementCriterion;
  closingKind: ClosingKind;
  phase: LotPhase;
  /** The bidding clock's stage (bidding-timers.ts); absent reads as OPEN. */
  stage?: BiddingStage | null;
  /** decimalsNumber of the lot (2 or 4), for the messages. */
  decimals?: number;
  /** minimumVariation, scaled by 10^decimals (price criteria). */
  minimumVariation?: number | null;
  /** percentMinimumVariation (BIGGEST_DISCOUNT). */
  percentMinimumVariation?: number | null;
  /** The deadline in force (bidding clock or tie call); a bid at or after it is refused. */
  dueAt?: Date | null;
}

export interface BidContext {
  lot: BidLot;
  /** Every bid of the lot, cancelled ones included. */
  bids: readonly AuctionBid[];
  bidder: Bidder;
  /**
   * OPEN_AND_CLOSED in the sealed stage: the suppliers allowed a sealed bid; CLOSED_AND_OPEN: the
   * suppliers selected for the open bidding (sealed-phase.ts). Absent: no restriction.
   */
  finalists?: readonly AuctionBid["supplierId"][] | null;
  /** TIEBREAKER: the ME/EPP called now. */
  calledSupplierId?: AuctionBid["supplierId"] | null;
  /** NEGOTIATION: the supplier the auctioneer negotiates with. */
  negotiatingSupplierId?: AuctionBid["supplierId"] | null;
}

const same = (a: AuctionBid["supplierId"] | null | undefined, b: AuctionBid["supplierId"]) =>
  a !== null && a !== undefined && String(a) === String(b);

/** The lot's minimum variation as a cost step (0 when none is set). */
function minimumStep(lot: BidLot): number {
  const step = isPercentCriterion(lot.criterion) ? lot.percentMinimumVariation : lot.minimumVariation;
  return step != null && step > 0 ? stepToCost(step, lot.criterion) : 0;
}

function formatStep(lot: BidLot): string {
  return isPercentCriterion(lot.criterion)
    ? formatPercent(lot.percentMinimumVariation ?? 0)
    : formatBRL(lot.minimumVariation ?? 0, lot.decimals ?? 2);
}

/** "menor" / "maior" in the messages, by the criterion's direction. */
function betterWord(criterion: JudgementCriterion): string {
  if (criterion === "BIGGEST_DISCOUNT") return "maior";
  return criterion === "BIGGEST_PRICE" ? "maior" : "menor";
}

function validateValue(value: BidValue, criterion: JudgementCriterion): RuleResult {
  if (isPercentCriterion(criterion)) {
    if (!Number.isFinite(value) || value <= 0 || value >= 100)
      return refuse("O desconto deve ser maior que 0 % e menor que 100 %.");
    return OK;
  }
  if (!Number.isSafeInteger(value) || value <= 0) return refuse("Informe um valor de lance válido.");
  return OK;
}

/** Checks one bid (place_new_bid) against the lot's rules; the message is shown as is. */
export function validateBid(ctx: BidContext, value: BidValue, now: Date): RuleResult {
  const { lot, bids, bidder } = ctx;
  const { criterion } = lot;
  if (!isBiddingCriterion(criterion)) return refuse("Este critério de julgamento não tem disputa de lances.");
  const valueCheck = validateValue(value, criterion);
  if (!valueCheck.ok) return valueCheck;
  if (bidder.isEnabled === false)
    return refuse("Licitante inabilitado não pode enviar lances neste lote/item.");
  if (bidder.isQualified === false)
    return refuse("Licitante desclassificado não pode enviar lances neste lote/item.");
  if (lot.dueAt && now.getTime() >= lot.dueAt.getTime())
    return refuse("O prazo para envio de lances deste lote/item terminou.");

  const cost = toCost(value, criterion);
  const own = lastBidOf(bids, bidder.supplierId);
  const best = bestBid(bids, criterion);
  const word = betterWord(criterion);

  switch (lot.phase) {
    case "BIDDING":
      break;
    case "TIEBREAKER":
      if (!same(ctx.calledSupplierId, bidder.supplierId))
        return refuse("Somente a ME/EPP convocada para o desempate pode enviar lance agora.");
      if (best && cost >= toCost(best.value, criterion))
        return refuse(`Para o desempate, o lance deve ser ${word} que o melhor lance atual.`);
      return OK;
    case "NEGOTIATION":
      if (!same(ctx.negotiatingSupplierId, bidder.supplierId))
        return refuse("Na negociação, somente o licitante melhor classificado pode enviar novo lance.");
      if (own && cost >= toCost(own.value, criterion))
        return refuse(`O novo lance deve ser ${word} que o seu lance atual.`);
      return OK;
    default:
      return refuse("Lances só podem ser enviados durante a disputa de lances.");
  }

  if (lot.closingKind === "CLOSED" || lot.closingKind === "MANUAL_CLOSING")
    return refuse("Este modo de disputa não tem lances abertos.");

  if (lot.stage === "SEALED") {
    if (!ctx.finalists || !isAmong(ctx.finalists, bidder.supplierId))
      return refuse(
        "Somente o autor do melhor lance e os licitantes com lances até 10% piores podem enviar o lance final fechado.",
      );
    if (hasSealedBid(bids, bidder.supplierId))
      return refuse("O lance final fechado só pode ser enviado uma vez.");
    if (own && cost >= toCost(own.value, criterion))
      return refuse(`O lance final fechado deve ser ${word} que o seu último lance.`);
    return OK;
  }

  if (lot.closingKind === "CLOSED_AND_OPEN" && ctx.finalists && !isAmong(ctx.finalists, bidder.supplierId))
    return refuse("Somente os licitantes selecionados para a etapa aberta podem enviar lances.");

  if (own) {
    const ownCost = toCost(own.value, criterion);
    if (cost >= ownCost) return refuse(`O lance deve ser ${word} que o seu último lance.`);
    if (ownCost - cost < minimumStep(lot))
      return refuse(
        `O lance deve melhorar o seu último lance em pelo menos ${formatStep(lot)} (variação mínima).`,
      );
  }
  if (best && cost === toCost(best.value, criterion) && lot.closingKind !== "TIMED")
    return refuse("Já existe um lance com este valor; envie um lance melhor que o melhor lance atual.");
  return OK;
}

// ---- Deleting one's own bid ------------------------------------------------------------------

/** The supplier may delete its own last bid within this window (DESIGN §4), unscaled. */
export const OWN_BID_DELETION_WINDOW_MS = 15_000;

export interface OwnBidDeletionInput {
  modality: Modality;
  phase: LotPhase;
  stage?: BiddingStage | null;
  bids: readonly AuctionBid[];
  supplierId: AuctionBid["supplierId"];
  /** The supplier already deleted a bid in this lot. */
  alreadyDeletedInLot: boolean;
  now: Date;
}

/** cancel_bid_by_supplier: once per lot, the latest own bid, within 15 seconds. */
export function canDeleteOwnBid(input: OwnBidDeletionInput): RuleResult {
  if (input.phase !== "BIDDING") return refuse("Lances só podem ser excluídos durante a disputa de lances.");
  if (!isNewModality(input.modality))
    return refuse("A exclusão do próprio lance só está disponível nas modalidades da Lei 14.133/2021.");
  if (input.stage === "SEALED") return refuse("O lance final fechado não pode ser excluído.");
  if (input.alreadyDeletedInLot)
    return refuse("Você já excluiu um lance neste lote/item; a exclusão só é permitida uma vez.");
  const last = lastBidOf(input.bids, input.supplierId);
  if (!last) return refuse("Você não possui lance para excluir neste lote/item.");
  if (input.now.getTime() - last.createdAt.getTime() > OWN_BID_DELETION_WINDOW_MS)
    return refuse(`O prazo de ${formatDuration(OWN_BID_DELETION_WINDOW_MS)} para excluir o lance terminou.`);
  return OK;
}

// ---- Automatic bids --------------------------------------------------------------------------

/** A supplier that chose the automatic-bid tool (trading-room §5 "Automatic bids"). */
export interface AutomaticBidder {
  supplierId: AuctionBid["supplierId"];
  /** The final value it accepts: finalPrice (scaled) or percentFinalDiscount. */
  floor: BidValue;
  /** Its variation: variationPrice (scaled) or percentVariation. */
  variation: number;
  /** When it registered the tool (its initial bid); earlier wins equal floors. */
  registeredAt: Date;
}

export interface AutomaticBid {
  supplierId: AuctionBid["supplierId"];
  value: BidValue;
}

export interface AutomaticBidsInput
  extends Omit<BidContext, "bidder" | "calledSupplierId" | "negotiatingSupplierId"> {
  automaticBidders: readonly AutomaticBidder[];
  /** The bidders' flags (disabled / disqualified ones never bid); absent reads as active. */
  bidders?: readonly Bidder[];
  now: Date;
}

/**
 * The bids the server places now for the suppliers that chose the tool, in order; each one is a
 * valid bid (validateBid) at the moment it is placed. Call after every accepted bid.
 *
 * Resolution (decision): the automatic bidders able to beat the best (floor strictly better) and
 * the holder of the best, when it is automatic, form the "war". Its winner is the best floor,
 * earlier registration on equal floors. Instead of trading one variation at a time — up to
 * (range ÷ variation) bids, each a row and a broadcast — each loser bids its floor at once, worst
 * first (it would reach it anyway against a better floor), and the winner then bids the current
 * best improved by its variation, never past its floor; when a loser ties the winner's floor the
 * loser does not bid and the winner bids its floor, so the earlier registration holds it. Variations
 * below the lot's minimum are raised to it. Outside the open stage of BIDDING nothing is placed
 * (no automatic sealed bid: the supplier sends its own final bid).
 *
 * Termination: every placed bid is strictly better than the best before it, so the best only
 * improves. A loser that bids its floor can never challenge again (its floor is no longer better
 * than the best), so that happens at most once per automatic bidder; a round in which no loser bids
 * ends with the round's winner, the best floor able to bid, holding the best, and the next round
 * can only be productive through a loser. Hence at most (automatic bidders + 1) productive rounds;
 * a round that places nothing stops the loop, and the loop is capped at (automatic bidders + 2).
 */
export function nextAutomaticBids(input: AutomaticBidsInput): AutomaticBid[] {
  const { lot, automaticBidders, now } = input;
  const { criterion } = lot;
  if (lot.phase !== "BIDDING" || lot.stage === "SEALED" || !isBiddingCriterion(criterion)) return [];
  if (lot.closingKind === "CLOSED" || lot.closingKind === "MANUAL_CLOSING") return [];
  const flags = new Map((input.bidders ?? []).map((b) => [String(b.supplierId), b]));
  const bidderOf = (id: AuctionBid["supplierId"]): Bidder => flags.get(String(id)) ?? { supplierId: id };
  const lotStep = minimumStep(lot);
  const working: AuctionBid[] = [...input.bids];
  const placed: AutomaticBid[] = [];

  const tryPlace = (supplierId: AuctionBid["supplierId"], cost: number): boolean => {
    const value = fromCost(cost, criterion);
    const ctx: BidContext = { lot, bids: working, bidder: bidderOf(supplierId), finalists: input.finalists };
    if (!validateBid(ctx, value, now).ok) return false;
    working.push({ supplierId, value, createdAt: now });
    placed.push({ supplierId, value });
    return true;
  };

  const autos = automaticBidders.map((a) => ({
    ...a,
    floorCost: toCost(a.floor, criterion),
    step: Math.max(a.variation > 0 ? stepToCost(a.variation, criterion) : 0, lotStep, 1),
  }));
  const byFloor = (a: (typeof autos)[number], b: (typeof autos)[number]) =>
    a.floorCost - b.floorCost || a.registeredAt.getTime() - b.registeredAt.getTime();

  for (let round = 0; round < automaticBidders.length + 2; round += 1) {
    const best = bestBid(working, criterion);
    if (!best) break;
    const holder = best.supplierId;
    const challengers = autos.filter(
      (a) => !same(holder, a.supplierId) && a.floorCost < toCost(best.value, criterion),
    );
    if (challengers.length === 0) break;
    const war = [...challengers, ...autos.filter((a) => same(holder, a.supplierId))].sort(byFloor);
    const winner = war[0] as (typeof autos)[number];
    let produced = false;
    const losers = war.slice(1).reverse();
    const tiedWithWinner = losers.some((l) => l.floorCost === winner.floorCost);
    for (const loser of losers) {
      if (loser.floorCost === winner.floorCost) continue;
      const current = bestBid(working, criterion) as AuctionBid;
      if (same(current.supplierId, loser.supplierId)) continue;
      if (loser.floorCost < toCost(current.value, criterion) && tryPlace(loser.supplierId, loser.floorCost))
        produced = true;
    }
    const current = bestBid(working, criterion) as AuctionBid;
    if (!same(current.supplierId, winner.supplierId)) {
      const target = tiedWithWinner
        ? winner.floorCost
        : Math.max(winner.floorCost, toCost(current.value, criterion) - winner.step);
      if (tryPlace(winner.supplierId, target)) produced = true;
    }
    if (!produced) break;
  }
  return placed;
}
