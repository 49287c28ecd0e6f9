import {
  type AuctionBid,
  areProposalsSealed,
  UNIDENTIFIED_SENDER_NAME,
  type BidView as WireBidView,
  type LotLive as WireLotLive,
} from "@certame/domain";
import type { BidKind } from "../../db/schema";
import { anonymousSupplierName, type Viewer } from "../state/audience";
import type { BidRow, LotRow } from "./auction.repository";
import { awardLotFields } from "./lot-award-fields";

// What the room is told about bids and lots (docs/live-room.md BidView, LotLive). While names are
// hidden (`confidential`: domain areIdentitiesHidden — any lot of the notice in a confidential phase
// of trading-room §4, since the anonymous numbers are per notice; DESIGN §4 "Anonymity") no view,
// whoever it is for, carries a supplier's name or document: only the anonymous number. A supplier's
// own view marks its own bids.

export interface BidParticipant {
  supplierId: string;
  anonymousNumber: number;
  corporateName: string | null;
  name: string | null;
  isSmallBusiness: boolean;
  hasSmallCompanyDeclaration: boolean;
}

export interface BidderFlags {
  isEnabled: boolean;
  isQualified: boolean;
}

export interface ViewContext {
  /** Names are hidden in the notice's lots now (areIdentitiesHidden), not only this lot's phase. */
  confidential: boolean;
  participants: ReadonlyMap<string, BidParticipant>;
  flags: ReadonlyMap<string, BidderFlags>;
  viewer: Viewer;
  /** The winning bid once bidding is over (the winner's best; §3 Bid isWinner, §4 "Winners first"). */
  winnerBidId?: string | null;
}

/** The value a bid is compared by, as a number (percent or scaled price). */
export const bidValue = (bid: Pick<BidRow, "unitPrice" | "percentDiscount">, criterion: string): number =>
  criterion === "BIGGEST_DISCOUNT" ? Number(bid.percentDiscount) : Number(bid.unitPrice);

/** A stored bid as the domain's rules take it (ranking, best bid, acceptance). */
export const auctionBidOf = (bid: BidRow, criterion: string): AuctionBid => ({
  id: bid.id,
  supplierId: bid.supplierId,
  value: bidValue(bid, criterion),
  createdAt: bid.createdDate,
  isCancelled: bid.isCancelled,
  isSealed: bid.kind === "SEALED",
});

/**
 * Whether a viewer may see the bid at all: a sealed final bid is its author's alone until revealed,
 * and so is an initial proposal until the lot leaves the offers phases (proposal-secrecy.ts).
 */
export const canSeeBid = (bid: BidRow, viewer: Viewer, lotPhase: string): boolean =>
  viewer.supplierId === bid.supplierId ||
  (bid.isRevealed && !(bid.kind === "INITIAL" && areProposalsSealed(lotPhase)));

export function bidView(bid: BidRow, ctx: ViewContext) {
  const p = ctx.participants.get(bid.supplierId);
  const n = p?.anonymousNumber ?? null;
  const own = ctx.viewer.supplierId === bid.supplierId;
  const flags = ctx.flags.get(bid.supplierId);
  const isQualified = flags?.isQualified ?? true;
  const isDisabled = flags ? !flags.isEnabled : false;
  const name = p?.corporateName ?? p?.name ?? UNIDENTIFIED_SENDER_NAME;
  // While confidential not even the author's own view carries its id: `isOwn` tells it apart.
  const supplier = ctx.confidential
    ? null
    : {
        id: bid.supplierId,
        corporateName: name,
        nameToScreen: name,
        // A boolean, not the spec's 1/0 (docs/decisions.md "BidView.supplier.isSmallBusiness").
        isSmallBusiness: !!p?.isSmallBusiness && p.hasSmallCompanyDeclaration,
      };
  return {
    id: bid.id,
    batch: { id: bid.batchId },
    batchId: bid.batchId,
    unitPrice: bid.unitPrice,
    percentDiscount: bid.percentDiscount === null ? null : Number(bid.percentDiscount),
    totalPrice: bid.totalPrice,
    quantity: bid.quantity === null ? null : Number(bid.quantity),
    brand: bid.brand,
    // A reserve-register bid shares the shape with kind BACKLOG (award-views.ts backlogBidView).
    kind: bid.kind as BidKind | "BACKLOG",
    state: bid.isCancelled ? "CANCELLED" : "ACTIVE",
    isCancelled: bid.isCancelled,
    cancellationReason: bid.cancellationReason,
    isSealed: bid.kind === "SEALED",
    isOwn: own,
    anonymousSupplierIdentificationNumber: n,
    supplier,
    nameToScreen: ctx.confidential ? anonymousSupplierName(n) : name,
    isQualified,
    isDisabled,
    isQualifiedAndEnabled: isQualified && !isDisabled,
    // A reserve-register bid is the same view with true (award-views.ts backlogBidView).
    isBacklog: false as boolean,
    isWinner: !!ctx.winnerBidId && ctx.winnerBidId === bid.id,
    createdDate: bid.createdDate.toISOString(),
  } satisfies WireBidView;
}

export type BidView = ReturnType<typeof bidView>;

/** A lot's best bid: a bid view with the winner's item value of the row, once it split its bid. */
export type BestBidView = BidView & { respecifiedValue?: number | null; respecifiedPercentValue?: null };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The lot's live view. The due time of a RANDOM_CLOSE stage is the secret close instant, so it is
 * never sent (null); `ownBest` is set only for a supplier's own view (absent: unchanged).
 */
export function lotLiveView(
  lot: LotRow,
  opts: {
    confidential: boolean;
    best: BestBidView | null;
    participants: ReadonlyMap<string, BidParticipant>;
    ownBest?: BidView | null;
  },
) {
  const numberOf = (id: string | null | undefined) =>
    id ? (opts.participants.get(id)?.anonymousNumber ?? null) : null;
  const tieCalled = lot.tieCallOrder && lot.tieCallIndex !== null ? lot.tieCallOrder[lot.tieCallIndex] : null;
  return {
    id: lot.id,
    number: lot.number,
    phase: lot.phase,
    subPhase: lot.subPhase,
    biddingStage: lot.biddingStage,
    isImminentClosing: lot.biddingStage === "RANDOM_CLOSE",
    biddingPhaseStartDateTime: iso(lot.biddingPhaseStartDateTime),
    biddingPhaseDueDateTime: lot.biddingStage === "RANDOM_CLOSE" ? null : iso(lot.biddingPhaseDueDateTime),
    biddingPhaseEndingDateTime: iso(lot.biddingPhaseEndingDateTime),
    phaseStartDateTime: iso(lot.phaseStartDateTime),
    phaseEndDateTime: iso(lot.phaseEndDateTime),
    hasPassedByQualification: lot.hasPassedByQualification,
    isConfidentialPhase: opts.confidential,
    batchBestBid: opts.best,
    ...(opts.ownBest !== undefined ? { supplierBestBid: opts.ownBest } : {}),
    tiebreaker:
      lot.phase === "TIEBREAKER" && tieCalled
        ? { calledAnonymousNumber: numberOf(tieCalled), dueDateTime: iso(lot.tieCallDueDateTime) }
        : null,
    negotiation:
      lot.phase === "NEGOTIATION" && lot.negotiatingSupplierId
        ? { anonymousSupplierIdentificationNumber: numberOf(lot.negotiatingSupplierId) }
        : null,
    finalistsAnonymousNumbers: lot.finalistSupplierIds
      ? lot.finalistSupplierIds.map((id) => numberOf(id)).filter((n): n is number => n !== null)
      : null,
    ...awardLotFields(lot, numberOf),
  } satisfies WireLotLive;
}

export type LotLiveView = ReturnType<typeof lotLiveView>;
