import { can, type NoticeStatus, type RoomAction, type RoomPermissionContext } from "@certame/domain";
import { systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { badRequest, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { LivePublisher } from "../bus/live-notice";
import type { PermissionState, RoomCommandCall } from "../bus/room-command";
import { requireRoomRole } from "../bus/room-command";
import type { ChatService } from "../chat/chat.service";
import * as roomRepo from "../state/room.repository";
import type { RoomMember } from "../state/room.service";
import type { LotRow, NoticeRow } from "./auction.repository";
import * as repo from "./auction.repository";
import {
  commitAndPublish,
  LOT_NOT_FOUND,
  lockRoomScope,
  type Outbox,
  outOfPhase,
  ownUpload,
  permissionContext,
  type RoomPortalHooks,
  type RoomScope,
  scopeStatus,
} from "./room-action";

// The base of the room's action services (issue 17 item 2: control, appeals, winner's documents,
// re-specified values): what each of them did alike, written once — the transaction whose live
// notices are published after its commit, the locked scope with the command's §6 role check, the
// whole §6 check of an action on a lot, the user's own upload and the system chat message.

/** The statuses in which appeals, the winner's documents and re-specified values act. */
const RUNNING_STATUSES: readonly NoticeStatus[] = ["PUBLISHED", "ONGOING"];
/** §8: the text the client shows when the chat channel id is missing. */
const MISSING_CHANNEL = "Erro ao executar ação, tente novamente por favor";

/** The control's scope: the notice row itself (suspension, disclosure) and the lot of the action. */
export interface ChannelScope {
  notice: NoticeRow;
  heads: LotRow[];
  /** The lot the action is about (the selected lot, or the lot of the chat channel). */
  lot: LotRow;
  status: NoticeStatus;
}

export interface RoomActionOptions {
  clock?: () => Date;
  /** Called after a commit that published a phase notice (the timer worker re-reads its wake-up). */
  onTimerChange?: () => void;
  /**
   * The refusal of any action while the stored status is not PUBLISHED or ONGOING, checked after
   * the role (appeals, winner's documents, re-specified values); none by default (the control).
   */
  notRunning?: string;
  /** The national portal's hooks (the control's revocation, suspension and lot ends); none by default. */
  portal?: RoomPortalHooks;
}

export abstract class RoomActionService {
  protected readonly clock: () => Date;
  private readonly onTimerChange: () => void;
  private readonly notRunning: string | null;
  protected readonly portal: RoomPortalHooks | null;

  constructor(
    protected readonly db: Db,
    protected readonly chat: ChatService,
    protected readonly live: LivePublisher,
    options: RoomActionOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.onTimerChange = options.onTimerChange ?? (() => {});
    this.notRunning = options.notRunning ?? null;
    this.portal = options.portal ?? null;
  }

  /** One transaction; its live notices are published after the commit (room/bus/live-commit.ts). */
  protected async commit<T>(work: (tx: Tx, outbox: Outbox) => Promise<T>): Promise<T> {
    const { result, outbox } = await commitAndPublish(this.db, this.live, work);
    if (outbox.some((n) => n.t === "phase")) this.onTimerChange();
    return result;
  }

  /** The notice and its lot heads, locked (the engine's order); with a command, its §6 role check. */
  protected async scope(tx: Tx, noticeId: string, call?: RoomCommandCall<unknown>): Promise<RoomScope> {
    const s = await lockRoomScope(tx, noticeId);
    if (call) this.authorize(call, s);
    return s;
  }

  /**
   * The control's scope: every lot head locked, then the notice row; the lot of the action is
   * `batchId` when given (a lot of another notice is refused), else the lot of the chat channel. The
   * channel must be this notice's, and the lot's when both are given. Then the command's role check.
   */
  protected async channelScope(
    tx: Tx,
    call: RoomCommandCall<unknown>,
    batchId: string | null,
    chatChannelId: string | null | undefined,
  ): Promise<ChannelScope> {
    const noticeId = call.noticeId;
    const heads = await repo.findLotHeads(tx, noticeId, true);
    const notice = await repo.lockNotice(tx, noticeId);
    if (!notice) throw notFound("Processo não encontrado.");
    const selected = batchId ? heads.find((h) => h.id === batchId) : undefined;
    if (batchId && !selected) throw notFound(LOT_NOT_FOUND);
    if (!chatChannelId) throw badRequest(MISSING_CHANNEL);
    const channels = await roomRepo.ensureChannels(tx, noticeId);
    const channelLot = [...channels].find(([, id]) => id === chatChannelId)?.[0];
    if (!channelLot) throw notFound("Canal de chat não encontrado neste processo.");
    if (selected && channelLot !== selected.id)
      throw badRequest("O canal de chat informado não é o do lote/item selecionado.");
    const lot = selected ?? (heads.find((h) => h.id === channelLot) as LotRow);
    const s = { notice, heads, lot, status: scopeStatus(notice.status, heads) };
    this.authorize(call, s);
    return s;
  }

  /** The command's §6 role check (once, in the locked scope), then a running process where required. */
  private authorize(call: RoomCommandCall<unknown>, s: PermissionState) {
    call.authorize(s);
    this.requireRunning(s);
  }

  private requireRunning(s: PermissionState) {
    if (this.notRunning && !RUNNING_STATUSES.includes(s.notice.status)) throw badRequest(this.notRunning);
  }

  /** §6 role list of the action (403), then a running process where required (an HTTP call's check). */
  protected requireRole(member: RoomMember, action: RoomAction, s: PermissionState, what: string) {
    requireRoomRole(member, action, s.notice.modality, what);
    this.requireRunning(s);
  }

  /** The §6 `can` of the action on one lot of the scope, now. */
  protected allowed(
    member: RoomMember,
    action: RoomAction,
    s: RoomScope,
    lot: LotRow,
    extra: Partial<RoomPermissionContext> = {},
  ): boolean {
    return can(member.role, action, permissionContext(s, lot, this.clock(), extra));
  }

  /** The whole §6 check of an action on one lot: role (403), then status and phase (400). */
  protected requireAllowed(
    member: RoomMember,
    action: RoomAction,
    s: RoomScope,
    lot: LotRow,
    what: string,
    extra: Partial<RoomPermissionContext> = {},
  ) {
    this.requireRole(member, action, s, what);
    if (!this.allowed(member, action, s, lot, extra)) throw outOfPhase(s, lot, what);
  }

  /** A file of a modal: one this user uploaded through /api/upload (room-action.ts ownUpload). */
  protected ownUpload(
    tx: Tx,
    user: SessionUser,
    reference: string | null | undefined,
    name: string | null | undefined,
    mimeTypes?: readonly string[],
  ) {
    return ownUpload(tx, user, reference, name, mimeTypes);
  }

  /** A system message in the lots' chats, written in the transaction and pushed after the commit. */
  protected async message(
    tx: Tx,
    outbox: Outbox,
    noticeId: string,
    batchIds: readonly string[],
    text: string,
    action: string,
  ) {
    const message = await this.chat.postSystemMessage(tx, {
      auctionNoticeId: noticeId,
      batchIds,
      text,
      action,
    });
    if (message) outbox.push(message);
  }
}
