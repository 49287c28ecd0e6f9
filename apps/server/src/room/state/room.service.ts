import {
  areIdentitiesHidden,
  deriveRoomRole,
  effectiveNoticeStatus,
  flowFamily,
  isDirectModality,
  type LicensePhase,
  type LotFlowContext,
  type LotPhase,
  lotPhaseInfo,
  type Modality,
  type NoticeStatus,
  type RoomNotice,
  type RoomRole,
  roomRoleDisplayLabel,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { NoticeService } from "../../modules/notices/notice.service";
import * as credits from "../../modules/payments/credits.repository";
import { audienceOf, type Viewer } from "./audience";
import * as repo from "./room.repository";

/** The client goes back when an ERROR contains this text (trading-room §8 "Live channel"). */
export const ROOM_ACCESS_REFUSED = "Não é possível acessar sala de negociação";

export const roomRefused = (reason: string) => new AppError(403, `${ROOM_ACCESS_REFUSED}: ${reason}`);

export interface RoomLot {
  id: string;
  number: number;
  phase: LotPhase;
  subPhase: string | null;
  /**
   * Names are hidden in this lot (sent as isConfidentialPhase): the same for every lot of the notice,
   * while any of them is in a confidential phase (domain areIdentitiesHidden; the numbers are per notice).
   */
  confidential: boolean;
}

/** What every room rule reads about a notice, fetched once per call. */
export interface RoomContext {
  noticeId: string;
  modality: Modality;
  status: NoticeStatus;
  /** PUBLISHED with a started lot reads as ONGOING (trading-room §4). */
  effectiveStatus: NoticeStatus;
  licensePhase: LicensePhase | null;
  closingKind: string;
  dispensationForm: string;
  canApplyTiebreaker: boolean;
  roomNotice: RoomNotice;
  auctioneerUserIds: string[];
  lots: RoomLot[];
}

/** The user as the room knows them. */
/**
 * A supplier's first entry in a notice, assigning its anonymous number (room.repository.ts); the
 * initial bids' save calls it in its own transaction.
 */
export const ensureParticipant = (tx: Tx, noticeId: string, supplierId: string, actorUserId: string | null) =>
  repo.ensureParticipant(tx, noticeId, supplierId, actorUserId);

export interface RoomMember {
  user: SessionUser | null;
  role: RoomRole;
  supplierId: string | null;
  anonymousNumber: number | null;
}

/** The engine's live view of each lot for one viewer (AuctionReader.lotViews), merged into the state. */
export type LotViewsSource = (noticeId: string, viewer: Viewer) => Promise<Map<string, object>>;

export class RoomService {
  constructor(
    private readonly db: Db,
    private readonly notices: NoticeService,
    /** Given by app.ts: the reader is built on the room, so the room takes its lot views as a function. */
    private readonly lotViews: LotViewsSource,
    private readonly clock: Clock = systemClock,
  ) {}

  async context(noticeId: string): Promise<RoomContext | undefined> {
    const found = await repo.findRoomNotice(this.db, noticeId);
    if (!found) return undefined;
    const n = found.notice;
    const modality = n.modality;
    const licensePhase = n.auctionLicensePhase;
    const heads = await repo.findLotHeads(this.db, noticeId);
    const confidential = areIdentitiesHidden(
      modality,
      licensePhase,
      heads.map((l) => l.phase),
    );
    const lots = heads.map((l) => ({ ...l, confidential }));
    const staff = (assignment: "AUCTIONEER" | "SUPPORT_STAFF") =>
      found.people.staff
        .filter((s) => s.assignment === assignment)
        .map((s) => ({ user: { id: s.userId }, role: s.roles as ("AUCTIONEER" | "SUPPORT_STAFF")[] }));
    const roomNotice: RoomNotice = {
      modality,
      buyer: { id: found.buyer.id, user: found.buyer.userId ? { id: found.buyer.userId } : null },
      competentAuthority: found.buyer.competentAuthorityUserId
        ? { user: { id: found.buyer.competentAuthorityUserId } }
        : null,
      secretaryOffice: found.people.offices.map((o) => ({ user: o.userId ? { id: o.userId } : null })),
      auctioneers: staff("AUCTIONEER"),
      supportingStaff: staff("SUPPORT_STAFF"),
    };
    const status = n.status;
    return {
      noticeId,
      modality,
      status,
      effectiveStatus: effectiveNoticeStatus(
        status,
        lots.map((l) => l.phase),
      ),
      licensePhase,
      closingKind: n.closingKind,
      dispensationForm: n.dispensationForm,
      canApplyTiebreaker: n.canApplyTiebreaker,
      roomNotice,
      auctioneerUserIds: (roomNotice.auctioneers ?? [])
        .filter((a) => a.role.includes("AUCTIONEER"))
        .map((a) => String(a.user.id)),
      lots,
    };
  }

  /** The room of a notice, refused with the text the client goes back on. */
  async requireRoom(noticeId: string): Promise<RoomContext> {
    const ctx = await this.context(noticeId);
    if (!ctx) throw roomRefused("edital não encontrado.");
    if (ctx.status === "PENDING") throw roomRefused("o edital ainda não foi publicado.");
    if (flowFamily(ctx.modality) === null)
      throw roomRefused("esta modalidade não possui sala de negociação.");
    return ctx;
  }

  /**
   * A direct procedure whose pages (proposals' analysis, message forum) register on the live channel
   * (issue 19 item 2): it has no room. A draft is not known to exist there, as another modality.
   */
  async requireDirect(noticeId: string): Promise<RoomContext> {
    const ctx = await this.context(noticeId);
    if (!ctx || ctx.status === "PENDING") throw notFound("Processo não encontrado.");
    if (!isDirectModality(ctx.modality))
      throw new AppError(400, "Este processo não é um procedimento auxiliar.");
    return ctx;
  }

  /**
   * A direct procedure's member: its role as the room would derive it (the body's staff, a supplier,
   * a citizen), without the subscription check nor an anonymous number — a direct procedure has no
   * bidding, and registering on its pages makes no participant of it.
   */
  pageMember(user: SessionUser, ctx: RoomContext): RoomMember {
    const role = deriveRoomRole(
      { id: user.id, kind: user.kind, buyer: user.buyer, supplier: user.supplier },
      ctx.roomNotice,
      this.clock(),
    );
    return { user, role, supplierId: user.supplier?.id ?? null, anonymousNumber: null };
  }

  /** What REGISTERED carries for a direct procedure's pages: the notice, the user and its role. */
  pageState(ctx: RoomContext, member: RoomMember) {
    return {
      serverTime: this.clock().toISOString(),
      auctionNotice: { id: ctx.noticeId, modality: ctx.modality, status: ctx.status, batches: [] },
      user: member.user
        ? {
            id: member.user.id,
            kind: member.user.kind,
            buyer: member.user.buyer ? { id: member.user.buyer.id } : null,
            supplier: member.supplierId ? { id: member.supplierId } : null,
          }
        : null,
      roomRole: member.role,
      roomRoleLabel: roomRoleDisplayLabel(member.role),
      anonymousSupplierIdentificationNumber: null,
      auctioneerUserIds: ctx.auctioneerUserIds,
    };
  }

  /** The user's room role in a notice's room (an HTTP call of the room's action services). */
  async memberOf(user: SessionUser | null, noticeId: string): Promise<RoomMember> {
    return this.member(user, await this.requireRoom(noticeId));
  }

  /**
   * The user's derived room role (domain deriveRoomRole). The subscription check is requested for
   * a supplier without an available single-participation credit: a credit stands in for the
   * subscription (notices-and-accounts §2.15), so such a supplier is never DISABLED_SUPPLIER.
   */
  async member(user: SessionUser | null, ctx: RoomContext): Promise<RoomMember> {
    let checkSubscription = false;
    if (user?.supplier) checkSubscription = (await credits.availableCredits(this.db, user.supplier.id)) === 0;
    const role = deriveRoomRole(
      user ? { id: user.id, kind: user.kind, buyer: user.buyer, supplier: user.supplier } : null,
      ctx.roomNotice,
      this.clock(),
      { checkSubscription },
    );
    const supplierId = user?.supplier?.id ?? null;
    let anonymousNumber: number | null = null;
    if (supplierId) {
      anonymousNumber =
        (await repo.findParticipant(this.db, ctx.noticeId, supplierId))?.anonymousNumber ??
        (await this.db.transaction((tx) =>
          repo.ensureParticipant(tx, ctx.noticeId, supplierId, user?.id ?? null),
        ));
    }
    return { user, role, supplierId, anonymousNumber };
  }

  /**
   * Records a signed-in user's entry in the room, with the role it was given (the access report,
   * notices-and-accounts §2.16). An anonymous visitor has no identity to record.
   */
  async recordEntry(noticeId: string, member: RoomMember) {
    if (!member.user) return;
    await repo.insertRoomEntry(this.db, {
      noticeId,
      userId: member.user.id,
      role: member.role,
      supplierId: member.supplierId,
      at: this.clock(),
    });
  }

  /** Who entered the room and when, oldest first (read by the access report). */
  entries(noticeId: string) {
    return repo.listRoomEntries(this.db, noticeId);
  }

  /**
   * The room state sent with REGISTERED (and again on every new register, which is how a client
   * resynchronises): the notice and its lots with their chat channels, the user's role, the server
   * time for the clock offset. No supplier name or document is part of it.
   */
  async state(ctx: RoomContext, member: RoomMember) {
    const [notice, channels, live] = await Promise.all([
      this.notices.read(ctx.noticeId, member.user),
      repo.ensureChannels(this.db, ctx.noticeId),
      this.lotViews(ctx.noticeId, {
        audience: audienceOf(member.role),
        supplierId: member.supplierId,
      }),
    ]);
    const lotsById = new Map(ctx.lots.map((l) => [l.id, l]));
    // Further item rows of a lot share the head row's channel.
    const channelByNumber = new Map(ctx.lots.map((l) => [l.number, channels.get(l.id) ?? null]));
    return {
      serverTime: this.clock().toISOString(),
      auctionNotice: {
        ...notice,
        effectiveStatus: ctx.effectiveStatus,
        batches: notice.batches.map((b) => {
          const channelId = channelByNumber.get(b.number) ?? null;
          const head = lotsById.get(b.id);
          return {
            ...b,
            ...(live.get(b.id) ?? {}),
            chatChannel: channelId ? { id: channelId } : null,
            isConfidentialPhase: head?.confidential ?? null,
          };
        }),
      },
      user: member.user
        ? {
            id: member.user.id,
            kind: member.user.kind,
            buyer: member.user.buyer ? { id: member.user.buyer.id } : null,
            supplier: member.supplierId ? { id: member.supplierId } : null,
          }
        : null,
      roomRole: member.role,
      roomRoleLabel: roomRoleDisplayLabel(member.role),
      anonymousSupplierIdentificationNumber: member.anonymousNumber,
      auctioneerUserIds: ctx.auctioneerUserIds,
    };
  }

  /** The lot-phases call: the lot's phase and the moves the domain's phase machine allows. */
  async lotPhases(user: SessionUser | null, batchId: string) {
    const batch = await repo.findBatch(this.db, batchId);
    if (!batch) throw notFound("Lote não encontrado.");
    const ctx = await this.context(batch.auctionNoticeId);
    const isOwner = user?.kind === "BUYER" && user.buyer?.id === ctx?.roomNotice.buyer.id;
    if (!ctx || (ctx.status === "PENDING" && !isOwner)) throw notFound("Lote não encontrado.");
    const flow: LotFlowContext = {
      modality: ctx.modality,
      closingKind: ctx.closingKind as LotFlowContext["closingKind"],
      licensePhase: ctx.licensePhase,
      criterion: ctx.dispensationForm as LotFlowContext["criterion"],
      canApplyTiebreaker: ctx.canApplyTiebreaker,
      // Appeals (dispute.service.ts): the appeal phases follow only a standing intention.
      appealsManifested: (await repo.standingAppeals(this.db, [batch.id])).has(batch.id),
    };
    return lotPhaseInfo(batch.phase, flow);
  }
}
