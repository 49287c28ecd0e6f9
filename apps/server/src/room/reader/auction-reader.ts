import {
  areIdentitiesHidden,
  areProposalsSealed,
  bestBid,
  compactBidView,
  isInfeasiblePrice,
  isWinnerInBroadLotWithDivergentBid,
  type JudgementCriterion,
  LOT_PHASES,
  maySeeReferencePrice,
  SAME_BID,
  sortBids,
} from "@certame/domain";
import { inArray } from "drizzle-orm";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { bids } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import * as awardRepo from "../award/award.repository";
import { backlogBidView } from "../award/award-views";
import type { LiveNotice, RenderHint } from "../bus/live-notice";
import type { BidRow, EngineNotice, LotRow } from "../engine/auction.repository";
import * as repo from "../engine/auction.repository";
import type { BidHint } from "../engine/auction.service";
import {
  auctionBidOf,
  type BestBidView,
  type BidderFlags,
  type BidParticipant,
  type BidView,
  bidValue,
  bidView,
  canSeeBid,
  lotLiveView,
  type ViewContext,
} from "../engine/auction-views";
import { lotWinnerId } from "../engine/lot-award-fields";
import * as respecifyRepo from "../respecify/respecify.repository";
import type { Viewer } from "../state/audience";
import { type RenderedEvent, viewerOf } from "../state/audience";
import type { RoomService } from "../state/room.service";

/** Everything a lot's views need, read once per event. */
interface LotSnapshot {
  notice: EngineNotice;
  lot: LotRow;
  criterion: JudgementCriterion;
  /** Names are hidden (areIdentitiesHidden over every lot of the notice), whatever this lot's phase. */
  confidential: boolean;
  best: BidRow | null;
  participants: Map<string, BidParticipant>;
  flags: Map<string, BidderFlags>;
  /** The best bid may be infeasible (price-flags.ts); shown only to who may see the reference price. */
  infeasible: boolean;
  /** isWinnerInBoarBatchWithDivergentBid: computed once the quota and its broad lot left bidding. */
  divergent: boolean;
  /** The winner's split of the winning bid into item values, by item row id (respecify.service.ts). */
  respecified: ReadonlyMap<string, number>;
}

/** The phases after the bidding in which a quota lot's winner is compared with its broad lot's. */
const SETTLED_PHASES = new Set<string>(
  LOT_PHASES.slice(LOT_PHASES.indexOf("NEGOTIATION"), LOT_PHASES.indexOf("CLOSING") + 1),
);

/** isInfeasible of a lot (trading-room §3 "Lot flags"; IN 73/2022 art. 34, Lei 14.133 art. 59 §4). */
function infeasibleOf(
  notice: EngineNotice,
  lot: LotRow,
  best: BidRow | null,
  criterion: JudgementCriterion,
): boolean {
  return isInfeasiblePrice({
    modality: notice.modality,
    subModality: notice.subModality,
    criterion,
    phase: lot.phase,
    referencePrice: lot.referencePrice,
    bestValue: best ? bidValue(best, criterion) : null,
  });
}

/** A lot's live view for one viewer (docs/live-room.md LotLive). */
type LotView = ReturnType<typeof lotLiveView> & {
  isInfeasible: boolean;
  isWinnerInBoarBatchWithDivergentBid: boolean;
};

/** Whether the viewer may see the reference price (a secret one only by the notice's body; Lei 14.133 art. 24). */
const seesReferencePrice = (notice: EngineNotice, viewer: Viewer) =>
  maySeeReferencePrice(notice, viewer.audience === "BODY");

/**
 * The read side of the engine: lot and bid views per audience for the live channel's fan-out, the
 * lot part of the room state, and the bid lists of the room (docs/live-room.md).
 */
export class AuctionReader {
  constructor(
    private readonly db: Db,
    private readonly room: RoomService,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Participants per notice, cached: anonymous numbers never change and names hardly do, so the
   * cache is refreshed when a supplier it does not know appears and after a minute at most.
   */
  private readonly people = new Map<string, { at: number; map: Map<string, BidParticipant> }>();

  private async participants(
    noticeId: string,
    need: readonly string[] = [],
  ): Promise<Map<string, BidParticipant>> {
    const cached = this.people.get(noticeId);
    if (cached && Date.now() - cached.at < 60_000 && need.every((id) => cached.map.has(id)))
      return cached.map;
    const rows = await repo.participants(this.db, noticeId);
    const map = new Map(rows.map((r) => [r.supplierId, r]));
    this.people.set(noticeId, { at: Date.now(), map });
    return map;
  }

  private async flags(batchIds: readonly string[]): Promise<Map<string, Map<string, BidderFlags>>> {
    const out = new Map<string, Map<string, BidderFlags>>();
    for (const batchId of batchIds) out.set(batchId, new Map());
    for (const f of await repo.lotBidderRowsOf(this.db, batchIds))
      out.get(f.batchId)?.set(f.supplierId, { isEnabled: f.isEnabled, isQualified: f.isQualified });
    return out;
  }

  /**
   * Whether names are hidden in the notice's lots now: the one identity rule (domain
   * areIdentitiesHidden) over the phases of every lot, since a number named in one lot is the same
   * number in the others. `heads`: all the notice's lots when at hand; else `lots` settle it when
   * one is confidential (every bid while lots compete), or the lots' phases are read.
   */
  private async identitiesHidden(
    notice: EngineNotice,
    lots: readonly Pick<LotRow, "phase">[],
    heads?: readonly Pick<LotRow, "phase">[],
  ): Promise<boolean> {
    const hidden = (of: readonly Pick<LotRow, "phase">[]) =>
      areIdentitiesHidden(
        notice.modality,
        notice.auctionLicensePhase,
        of.map((l) => l.phase),
      );
    if (heads) return hidden(heads);
    return hidden(lots) || hidden(await repo.findLotHeads(this.db, notice.id));
  }

  /**
   * The lots' views' inputs with a fixed number of queries, whatever the number of lots (`heads`:
   * all the notice's lots, when the caller read them).
   */
  private async snapshots(
    notice: EngineNotice,
    lots: readonly LotRow[],
    heads?: readonly LotRow[],
  ): Promise<LotSnapshot[]> {
    const criterionOf = (lot: LotRow) => lot.dispensationForm ?? notice.dispensationForm;
    const [confidential, participants, flags, best] = await Promise.all([
      this.identitiesHidden(notice, lots, heads),
      this.participants(notice.id),
      this.flags(lots.map((l) => l.id)),
      repo.bestBidsOf(
        this.db,
        lots.map((l) => ({ batchId: l.id, criterion: criterionOf(l) })),
      ),
    ]);
    const broadBest = await this.broadLotsBest(notice, lots, criterionOf);
    const winnersBest = await this.winnersBest(lots, best, criterionOf);
    const splits = await this.respecifiedSplits(lots, (lot) => winnersBest.get(lot.id) ?? best.get(lot.id));
    return lots.map((lot) => {
      const criterion = criterionOf(lot);
      // Before the proposals are opened there is no public best bid; once the lot has a winner, the
      // best bid is the winner's (the lot may have passed on from a disqualified best bidder).
      const lotBest = areProposalsSealed(lot.phase)
        ? null
        : (winnersBest.get(lot.id) ?? best.get(lot.id) ?? null);
      const broad =
        lot.wideParticipationBatch === null ? undefined : broadBest.get(lot.wideParticipationBatch);
      return {
        notice,
        lot,
        criterion,
        confidential,
        best: lotBest,
        participants,
        flags: flags.get(lot.id) ?? new Map(),
        infeasible: infeasibleOf(notice, lot, lotBest, criterion),
        divergent:
          broad !== undefined &&
          isWinnerInBroadLotWithDivergentBid({
            participation: lot.batchItemParticipation,
            criterion,
            quotaWinner: lotBest
              ? { supplierId: lotBest.supplierId, value: bidValue(lotBest, criterion) }
              : null,
            broadWinner: { supplierId: broad.supplierId, value: bidValue(broad, criterion) },
          }),
        respecified: splits.get(lot.id) ?? NO_SPLIT,
      };
    });
  }

  /**
   * The winner's best bid of each lot whose winner is not the author of its best bid: the lot went
   * to the next bidder after a disqualification, or to a regional-preference bidder. One read per
   * such lot (there are none at all while lots compete).
   */
  private async winnersBest(
    lots: readonly LotRow[],
    best: ReadonlyMap<string, BidRow>,
    criterionOf: (lot: LotRow) => JudgementCriterion,
  ): Promise<Map<string, BidRow>> {
    const out = new Map<string, BidRow>();
    for (const lot of lots) {
      const winnerId = lotWinnerId(lot);
      if (!winnerId || best.get(lot.id)?.supplierId === winnerId) continue;
      const own = await this.ownBest(lot.id, winnerId, criterionOf(lot));
      if (own) out.set(lot.id, own);
    }
    return out;
  }

  /**
   * The item values the winner split its winning bid into (§3 batchBestBid.respecifiedValue), per
   * lot; a split of an older bid or of another bidder is stale and left out. One read, and none
   * while no lot has a winner.
   */
  private async respecifiedSplits(
    lots: readonly LotRow[],
    bestOf: (lot: LotRow) => BidRow | undefined,
  ): Promise<Map<string, Map<string, number>>> {
    const winning = new Map<string, string>();
    for (const lot of lots) {
      const bid = bestOf(lot);
      if (bid && bid.supplierId === lotWinnerId(lot)) winning.set(lot.id, bid.id);
    }
    const out = new Map<string, Map<string, number>>();
    if (winning.size === 0) return out;
    for (const row of await respecifyRepo.valuesOf(this.db, [...winning.keys()])) {
      if (winning.get(row.batchId) !== row.bidId) continue;
      const split = out.get(row.batchId) ?? new Map<string, number>();
      split.set(row.itemBatchId, row.unitPrice);
      out.set(row.batchId, split);
    }
    return out;
  }

  /**
   * The best bids of the broad lots linked to settled quota lots of `lots`, by lot number (two
   * reads, and none at all for a notice without reserved quotas past their bidding).
   */
  private async broadLotsBest(
    notice: EngineNotice,
    lots: readonly LotRow[],
    criterionOf: (lot: LotRow) => JudgementCriterion,
  ): Promise<Map<number, BidRow>> {
    const out = new Map<number, BidRow>();
    const quotas = lots.filter(
      (l) =>
        l.batchItemParticipation === "DIFFERENTIATED" &&
        l.wideParticipationBatch !== null &&
        SETTLED_PHASES.has(l.phase),
    );
    if (quotas.length === 0) return out;
    const numbers = new Set(quotas.map((q) => q.wideParticipationBatch));
    const broad = (await repo.findLotHeads(this.db, notice.id)).filter(
      (h) => numbers.has(h.number) && SETTLED_PHASES.has(h.phase),
    );
    const best = await repo.bestBidsOf(
      this.db,
      broad.map((b) => ({ batchId: b.id, criterion: criterionOf(b) })),
    );
    for (const b of broad) {
      const row = best.get(b.id);
      if (row) out.set(b.number, row);
    }
    return out;
  }

  private viewContext(s: LotSnapshot, viewer: Viewer): ViewContext {
    return {
      confidential: s.confidential,
      participants: s.participants,
      flags: s.flags,
      viewer,
      winnerBidId: s.best && s.best.supplierId === lotWinnerId(s.lot) ? s.best.id : null,
    };
  }

  private lotView(s: LotSnapshot, viewer: Viewer, ownBest?: BidRow | null): LotView {
    const ctx = this.viewContext(s, viewer);
    return {
      ...lotLiveView(s.lot, {
        confidential: s.confidential,
        best: s.best ? withSplit(bidView(s.best, ctx), s.respecified, s.lot.id) : null,
        participants: s.participants,
        ...(ownBest !== undefined ? { ownBest: ownBest ? bidView(ownBest, ctx) : null } : {}),
      }),
      isInfeasible: s.infeasible && seesReferencePrice(s.notice, viewer),
      isWinnerInBoarBatchWithDivergentBid: s.divergent,
    };
  }

  /** A supplier's best live bid in a lot (its unrevealed sealed bid included: it is its own). */
  private async ownBest(
    batchId: string,
    supplierId: string,
    criterion: JudgementCriterion,
  ): Promise<BidRow | null> {
    return this.bestOf(await repo.supplierBids(this.db, batchId, supplierId), criterion);
  }

  /** The best live bid among some bids of one supplier (its unrevealed sealed bid included). */
  private bestOf(own: readonly BidRow[], criterion: JudgementCriterion): BidRow | null {
    const best = bestBid(
      own.map((b) => auctionBidOf(b, criterion)),
      criterion,
    );
    return own.find((b) => b.id === best?.id) ?? null;
  }

  /** Builds each audience's frames for a committed bid or phase change (the live channel's renderer). */
  async render(notice: LiveNotice, hint?: RenderHint): Promise<RenderedEvent[] | null> {
    if (notice.t === "bid") return this.renderBids(notice, hint);
    if (notice.t === "phase") return this.renderPhase(notice);
    return null;
  }

  private async renderBids(
    notice: Extract<LiveNotice, { t: "bid" }>,
    hint?: BidHint,
  ): Promise<RenderedEvent[]> {
    let s: LotSnapshot;
    let rows: BidRow[];
    if (hint) {
      // The committing instance: everything is at hand but the names, which are cached.
      rows = hint.bids;
      const criterion = hint.lot.dispensationForm ?? hint.notice.dispensationForm;
      // A lot handed on after a disqualification: its best bid is its winner's (as in snapshots);
      // never the case while the lot is competing, so the bid path reads nothing more.
      const winnerId = lotWinnerId(hint.lot);
      const best =
        winnerId && hint.best && hint.best.supplierId !== winnerId
          ? ((await this.ownBest(hint.lot.id, winnerId, criterion)) ?? hint.best)
          : hint.best;
      const participants = await this.participants(notice.n, [
        ...rows.map((r) => r.supplierId),
        ...(best ? [best.supplierId] : []),
      ]);
      s = {
        notice: hint.notice,
        lot: hint.lot,
        criterion,
        // No read while the lot competes: its own phase hides the names.
        confidential: await this.identitiesHidden(hint.notice, [hint.lot]),
        best,
        participants,
        flags: hint.flags,
        infeasible: infeasibleOf(hint.notice, hint.lot, best, criterion),
        // A bid does not settle the quotas; the flag comes with the phase moves (bidDelta omits it).
        divergent: false,
        // A new bid is not split yet.
        respecified: NO_SPLIT,
      };
    } else {
      const found = await repo.findLot(this.db, notice.l);
      if (!found) return [];
      rows = await this.db.select().from(bids).where(inArray(bids.id, notice.b));
      s = (await this.snapshots(found.notice, [found.lot]))[0] as LotSnapshot;
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const authors = new Set(rows.map((r) => r.supplierId));
    // Every accepted bid improves its author's last one, so a new bid is its author's best; a
    // cancellation needs the author's best read again.
    const ownBest = new Map<string, BidRow | null>();
    for (const supplierId of authors)
      ownBest.set(
        supplierId,
        notice.a === "NEW_BID_PLACED"
          ? (rows.filter((r) => r.supplierId === supplierId).at(-1) ?? null)
          : await this.ownBest(s.lot.id, supplierId, s.criterion),
      );
    const serverTime = this.clock().toISOString();
    // A lot handed on to a winner shows the winner's best, which the engine's "best changed" does
    // not follow: its frames tell the lot's best whatever the bids did.
    const changed = lotWinnerId(s.lot) ? undefined : notice.c;
    return notice.b.flatMap((id) => {
      const bid = byId.get(id);
      if (!bid) return [];
      const event: RenderedEvent = {
        noticeId: notice.n,
        action: notice.a,
        // Only this bid's author sees it differently (isOwn, its best): one extra serialisation.
        perSupplier: new Set([bid.supplierId]),
        view: (viewer) => {
          if (!canSeeBid(bid, viewer, s.lot.phase)) return undefined;
          const own = viewer.supplierId === bid.supplierId;
          // Contract v2 (packages/domain bid-frame.ts): the bid once, compact; of the lot, what changed.
          return {
            batchId: s.lot.id,
            ...(notice.a === "BID_CANCELLED" ? { bidId: bid.id } : {}),
            bid: compactBidView(bidView(bid, this.viewContext(s, viewer))),
            batch: bidDelta(
              this.lotView(s, viewer, own ? (ownBest.get(viewer.supplierId as string) ?? null) : undefined),
              bid.id,
              changed,
            ),
            serverTime,
          };
        },
      };
      return [event];
    });
  }

  private async renderPhase(notice: Extract<LiveNotice, { t: "phase" }>): Promise<RenderedEvent[]> {
    const engineNotice = await repo.findEngineNotice(this.db, notice.n);
    if (!engineNotice) return [];
    const heads = await repo.findLotHeads(this.db, notice.n);
    const wanted = new Set(notice.l);
    const lots = heads.filter((l) => wanted.has(l.id));
    const snapshots = await this.snapshots(engineNotice, lots, heads);
    const serverTime = this.clock().toISOString();
    return [
      {
        noticeId: notice.n,
        action: notice.a,
        perSupplier: new Set(),
        view: (viewer) => ({
          auctionNoticeId: notice.n,
          newPhase: notice.p,
          batchesIds: lots.map((l) => l.id),
          batches: snapshots.map((s) => this.lotView(s, viewer)),
          serverTime,
        }),
      },
    ];
  }

  /** The live view of every lot of a notice for one viewer (merged into the REGISTERED state). */
  async lotViews(
    noticeId: string,
    viewer: Viewer,
  ): Promise<Map<string, LotView | Pick<LotView, "batchBestBid">>> {
    const notice = await repo.findEngineNotice(this.db, noticeId);
    if (!notice) return new Map();
    const heads = await repo.findLotHeads(this.db, noticeId);
    const snapshots = await this.snapshots(notice, heads, heads);
    // A supplier's own best per lot, from its bids in the notice (one read).
    const ownBids = viewer.supplierId
      ? await repo.supplierBidsInNotice(this.db, noticeId, viewer.supplierId)
      : [];
    const out = new Map<string, LotView | Pick<LotView, "batchBestBid">>();
    for (const s of snapshots) {
      const own = viewer.supplierId
        ? this.bestOf(
            ownBids.filter((b) => b.batchId === s.lot.id),
            s.criterion,
          )
        : undefined;
      const view = this.lotView(s, viewer, own);
      out.set(s.lot.id, view);
      // The further item rows of a split lot: the lot's best bid with the row's own item value.
      for (const [itemId, value] of s.respecified)
        if (itemId !== s.lot.id && view.batchBestBid)
          out.set(itemId, { batchBestBid: { ...view.batchBestBid, respecifiedValue: value } });
    }
    return out;
  }

  /**
   * The lot's bids for the bid table, in the order of trading-room §4, as the user's audience may
   * see them (citizens and anonymous visitors included: the room is public).
   */
  async batchBids(user: SessionUser | null, batchId: string): Promise<{ bids: BidView[] }> {
    const found = await repo.findLot(this.db, batchId);
    if (found?.lot.item !== 1 || found.notice.status === "PENDING")
      throw notFound("Lote/item não encontrado.");
    const ctx = await this.room.requireRoom(found.notice.id);
    const member = await this.room.member(user, ctx);
    const viewer = viewerOf(member);
    const [snapshot] = await this.snapshots(found.notice, [found.lot]);
    const s = snapshot as LotSnapshot;
    const [rows, backlog] = await Promise.all([
      repo.lotBids(this.db, batchId),
      awardRepo.lotBacklogBids(this.db, batchId),
    ]);
    const views: BidView[] = rows
      .filter((b) => canSeeBid(b, viewer, found.lot.phase))
      .map((b) => bidView(b, this.viewContext(s, viewer)));
    // The reserve register (cadastro reserva) is listed with the bids, first (§3 Bid, §4 ordering).
    for (const b of backlog)
      views.push(
        backlogBidView(
          b,
          s.participants.get(b.supplierId)?.anonymousNumber ?? null,
          viewer.supplierId === b.supplierId,
        ),
      );
    return { bids: sortBids(views, s.criterion) };
  }

  /** The supplier's best bid per lot (trading-room §7 "the user's best bids per lot"). */
  async myBestBids(user: SessionUser, noticeId: string) {
    if (!user.supplier) throw forbidden("Somente licitantes possuem lances.");
    const notice = await repo.findEngineNotice(this.db, noticeId);
    if (!notice || notice.status === "PENDING") throw notFound("Processo não encontrado.");
    const heads = await repo.findLotHeads(this.db, noticeId);
    const snapshots = await this.snapshots(notice, heads, heads);
    const viewer: Viewer = { audience: "SUPPLIER", supplierId: user.supplier.id };
    const items = [];
    for (const s of snapshots) {
      const best = await this.ownBest(s.lot.id, user.supplier.id, s.criterion);
      items.push({
        batchId: s.lot.id,
        supplierBestBid: best ? bidView(best, this.viewContext(s, viewer)) : null,
      });
    }
    return { items };
  }
}

const NO_SPLIT: ReadonlyMap<string, number> = new Map();

/**
 * The lot's best bid with the winner's item value of a row (§3 batchBestBid.respecifiedValue;
 * respecifiedPercentValue stays null: a discount lot is not split). Absent while there is no split,
 * so the bid frames stay as small as they were.
 */
function withSplit(view: BidView, split: ReadonlyMap<string, number>, rowId: string): BestBidView {
  if (split.size === 0) return view;
  return { ...view, respecifiedValue: split.get(rowId) ?? null, respecifiedPercentValue: null };
}

/**
 * The part of the lot's live view a bid changes (docs/live-room.md): a bid event goes to every
 * socket of the room, so it carries no more than that — the rest of the lot is unchanged.
 */
/**
 * What a bid frame tells of its lot (contract v2): `changed` is the notice's `c` — `d` the deadline
 * moved, `b` the best changed; unknown (a reveal, a cancellation), everything a bid may change. A
 * best that is the frame's own bid is sent as the reference SAME_BID. A bid never changes the lot's
 * phase: a phase change comes as its own PHASE_ADVANCED.
 */
function bidDelta(lot: LotView, bidId: string, changed: string | undefined) {
  const all = changed === undefined;
  const ref = (view: BidViewLike | null | undefined) =>
    view ? (view.id === bidId ? SAME_BID : compactBidView(view)) : null;
  return {
    ...(all ? { biddingStage: lot.biddingStage, isImminentClosing: lot.isImminentClosing } : {}),
    ...(all || changed.includes("d") ? { biddingPhaseDueDateTime: lot.biddingPhaseDueDateTime } : {}),
    ...(all || changed.includes("b")
      ? { batchBestBid: ref(lot.batchBestBid), isInfeasible: lot.isInfeasible }
      : {}),
    ...("supplierBestBid" in lot ? { supplierBestBid: ref(lot.supplierBestBid) } : {}),
  };
}

type BidViewLike = Record<string, unknown> & { id: string };
