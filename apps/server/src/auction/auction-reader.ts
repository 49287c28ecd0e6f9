import {
  bestBid,
  isConfidentialPhase,
  type JudgementCriterion,
  type LicensePhase,
  type LotPhase,
  type Modality,
  sortBids,
} from "@certame/domain";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bids } from "../db/schema";
import { forbidden, notFound } from "../http/errors";
import type { LiveNotice } from "../live/live-notice";
import type { SessionUser } from "../modules/auth/auth.service";
import { type RenderedEvent, viewerOf } from "../modules/chat/chat.service";
import type { Viewer } from "../modules/chat/chat-views";
import type { RoomService } from "../modules/room/room.service";
import type { BidRow, EngineNotice, LotRow } from "./auction.repository";
import * as repo from "./auction.repository";
import {
  type BidderFlags,
  type BidParticipant,
  type BidView,
  bidValue,
  bidView,
  canSeeBid,
  lotLiveView,
  type ViewContext,
} from "./auction-views";

/** Everything a lot's views need, read once per event. */
interface LotSnapshot {
  notice: EngineNotice;
  lot: LotRow;
  criterion: string;
  confidential: boolean;
  best: BidRow | null;
  bidsCount: number;
  participants: Map<string, BidParticipant>;
  flags: Map<string, BidderFlags>;
}

/**
 * The read side of the engine: lot and bid views per audience for the live channel's fan-out, the
 * lot part of the room state, and the bid lists of the room (docs/live-room.md).
 */
export class AuctionReader {
  constructor(
    private readonly db: Db,
    private readonly room: RoomService,
  ) {}

  private async participants(noticeId: string): Promise<Map<string, BidParticipant>> {
    const rows = await repo.participants(this.db, noticeId);
    return new Map(rows.map((r) => [r.supplierId, r]));
  }

  private async flags(batchIds: readonly string[]): Promise<Map<string, Map<string, BidderFlags>>> {
    const out = new Map<string, Map<string, BidderFlags>>();
    for (const batchId of batchIds) out.set(batchId, new Map());
    for (const batchId of batchIds)
      for (const f of await repo.lotBidderRows(this.db, batchId))
        out.get(batchId)?.set(f.supplierId, { isEnabled: f.isEnabled, isQualified: f.isQualified });
    return out;
  }

  private async countBids(batchId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(bids)
      .where(and(eq(bids.batchId, batchId), sql`${bids.isRevealed}`));
    return row?.n ?? 0;
  }

  private async snapshots(notice: EngineNotice, lots: readonly LotRow[]): Promise<LotSnapshot[]> {
    const [participants, flags] = await Promise.all([
      this.participants(notice.id),
      this.flags(lots.map((l) => l.id)),
    ]);
    return Promise.all(
      lots.map(async (lot) => {
        const criterion = lot.dispensationForm ?? notice.dispensationForm;
        const [best, bidsCount] = await Promise.all([
          repo.bestBid(this.db, lot.id, criterion),
          this.countBids(lot.id),
        ]);
        return {
          notice,
          lot,
          criterion,
          confidential: isConfidentialPhase(
            notice.modality as Modality,
            notice.auctionLicensePhase as LicensePhase,
            lot.phase as LotPhase,
          ),
          best: best ?? null,
          bidsCount,
          participants,
          flags: flags.get(lot.id) ?? new Map(),
        };
      }),
    );
  }

  private viewContext(s: LotSnapshot, viewer: Viewer): ViewContext {
    return { confidential: s.confidential, participants: s.participants, flags: s.flags, viewer };
  }

  private lotView(s: LotSnapshot, viewer: Viewer, ownBest?: BidRow | null) {
    const ctx = this.viewContext(s, viewer);
    return lotLiveView(s.lot, {
      confidential: s.confidential,
      best: s.best ? bidView(s.best, ctx) : null,
      bidsCount: s.bidsCount,
      participants: s.participants,
      ...(ownBest !== undefined ? { ownBest: ownBest ? bidView(ownBest, ctx) : null } : {}),
    });
  }

  /** A supplier's best live bid in a lot (its unrevealed sealed bid included: it is its own). */
  private async ownBest(batchId: string, supplierId: string, criterion: string): Promise<BidRow | null> {
    const own = await repo.supplierBids(this.db, batchId, supplierId);
    const best = bestBid(
      own.map((b) => ({
        id: b.id,
        supplierId,
        value: bidValue(b, criterion),
        createdAt: b.createdDate,
        isCancelled: b.isCancelled,
      })),
      criterion as JudgementCriterion,
    );
    return own.find((b) => b.id === best?.id) ?? null;
  }

  /** Builds each audience's frames for a committed bid or phase change (the live channel's renderer). */
  async render(notice: LiveNotice): Promise<RenderedEvent[] | null> {
    if (notice.t === "bid") return this.renderBids(notice);
    if (notice.t === "phase") return this.renderPhase(notice);
    return null;
  }

  private async renderBids(notice: Extract<LiveNotice, { t: "bid" }>): Promise<RenderedEvent[]> {
    const found = await repo.findLot(this.db, notice.l);
    if (!found) return [];
    const rows = await this.db.select().from(bids).where(inArray(bids.id, notice.b));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const [snapshot] = await this.snapshots(found.notice, [found.lot]);
    const s = snapshot as LotSnapshot;
    const authors = new Set(rows.map((r) => r.supplierId));
    const ownBest = new Map<string, BidRow | null>();
    for (const supplierId of authors)
      ownBest.set(supplierId, await this.ownBest(s.lot.id, supplierId, s.criterion));
    const serverTime = new Date().toISOString();
    return notice.b.flatMap((id) => {
      const bid = byId.get(id);
      if (!bid) return [];
      const event: RenderedEvent = {
        noticeId: notice.n,
        action: notice.a,
        perSupplier: authors,
        view: (viewer) => {
          if (!canSeeBid(bid, viewer)) return undefined;
          const own = viewer.supplierId !== null && authors.has(viewer.supplierId);
          return {
            auctionNoticeId: notice.n,
            batchId: s.lot.id,
            ...(notice.a === "BID_CANCELLED" ? { bidId: bid.id } : {}),
            bid: bidView(bid, this.viewContext(s, viewer)),
            batch: this.lotView(
              s,
              viewer,
              own ? (ownBest.get(viewer.supplierId as string) ?? null) : undefined,
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
    const snapshots = await this.snapshots(engineNotice, lots);
    const serverTime = new Date().toISOString();
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
  async lotViews(noticeId: string, viewer: Viewer): Promise<Map<string, ReturnType<typeof lotLiveView>>> {
    const notice = await repo.findEngineNotice(this.db, noticeId);
    if (!notice) return new Map();
    const heads = await repo.findLotHeads(this.db, noticeId);
    const snapshots = await this.snapshots(notice, heads);
    const out = new Map<string, ReturnType<typeof lotLiveView>>();
    for (const s of snapshots) {
      const own = viewer.supplierId
        ? await this.ownBest(s.lot.id, viewer.supplierId, s.criterion)
        : undefined;
      out.set(s.lot.id, this.lotView(s, viewer, own));
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
    const rows = (await repo.lotBids(this.db, batchId)).filter((b) => canSeeBid(b, viewer));
    const views = rows.map((b) => bidView(b, this.viewContext(s, viewer)));
    return { bids: sortBids(views, s.criterion as JudgementCriterion) };
  }

  /** The supplier's best bid per lot (trading-room §7 "the user's best bids per lot"). */
  async myBestBids(user: SessionUser, noticeId: string) {
    if (!user.supplier) throw forbidden("Somente licitantes possuem lances.");
    const notice = await repo.findEngineNotice(this.db, noticeId);
    if (!notice || notice.status === "PENDING") throw notFound("Processo não encontrado.");
    const heads = await repo.findLotHeads(this.db, noticeId);
    const snapshots = await this.snapshots(notice, heads);
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
