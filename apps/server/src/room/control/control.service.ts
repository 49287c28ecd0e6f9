import {
  CONTROL_EVENTS,
  type ControlDiscloseInput,
  type ControlIndefinitelyInput,
  type ControlLotInput,
  type ControlSupplierInput,
  type ControlToggleInput,
  controlDiscloseSchema,
  controlIndefinitelySchema,
  controlLotSchema,
  controlSupplierSchema,
  controlToggleSchema,
  finalRanking,
  formatDuration,
  LOT_PHASE_LABELS,
  LOT_PHASES,
  type LotPhase,
  NOTICE_STATUS_LABELS,
  type NoticeStatus,
  type RoomAction,
  type SupplierToggleKind,
  winnerAfterStandingChange,
} from "@certame/domain";
import type { Tx } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { LiveCommand } from "../bus/live-command";
import type { ControlAction, LiveNotice } from "../bus/live-notice";
import {
  defineRoomCommand,
  type RoomCommandCall,
  type RoomPermission,
  roomCommands,
} from "../bus/room-command";
import type { LotRow, NoticeRow } from "../engine/auction.repository";
import * as repo from "../engine/auction.repository";
import { auctionBidOf } from "../engine/auction-views";
import { lotText, OTHER_NOTICE, type Outbox } from "../engine/room-action";
import { type RoomActionOptions, RoomActionService } from "../engine/room-action.service";
import type { RenderedEvent } from "../state/audience";
import { anonymousSupplierName } from "../state/audience";

// The process and lot control of the trading room (trading-room §2.3 '+ Opções', §2.6, §4 "Notice
// status", "Supplier toggles", §6, §7): suspend / resume the process, suspend it indefinitely,
// revoke it, annul / fail / resume a lot, disqualify / requalify and disable / enable a supplier,
// disclose the reference price. Same pattern as the engine (auction.service.ts): one transaction
// with the lot heads locked, a hash-chained event-log entry and a system chat message inside it,
// the live notices published after the commit. docs/live-room.md "Process and lot control".

/** §9: revoke, annul and fail reasons (and resume, which shares their modal). */
export const CONTROL_REASON_MAX = 255;
/** §9: indefinite suspension justification and supplier toggle reason. */
export const CONTROL_LONG_REASON_MAX = 5000;
/** Supplier notices name at most this many lots, so a bus message stays far below 8 kB. */
const LOTS_PER_NOTICE = 100;

/** The phases in which a lot has a winner that a disqualification or a disablement hands on. */
const HANDOVER_PHASES = new Set<string>(
  LOT_PHASES.slice(LOT_PHASES.indexOf("NEGOTIATION"), LOT_PHASES.indexOf("HOMOLOGATION") + 1),
);

/** The §6 permissions of the control's commands (the registry's role check and the phase check). */
const SUSPEND: RoomPermission = { action: "SUSPEND_BATCH", what: "suspender o processo" };
const UNSUSPEND: RoomPermission = { action: "UNSUSPEND_BATCH", what: "retomar o processo suspenso" };
const INDEFINITELY: RoomPermission = {
  action: "SUSPENDED_INDEFINITELY",
  what: "suspender o processo indefinidamente",
};
const REVOKE: RoomPermission = { action: "REVOKE_AUCTION", what: "revogar o processo" };
const RESUME: RoomPermission = { action: "RESUME_BATCH", what: "retomar o lote/item" };
const DISCLOSE: RoomPermission = {
  action: "SHOW_REFERENCE_PRICE_UPDATE",
  what: "divulgar o preço de referência",
};

type LotEnd =
  | typeof CONTROL_EVENTS.cancelBatch
  | typeof CONTROL_EVENTS.failBatch
  | typeof CONTROL_EVENTS.failBatchDirectly;
const LOT_ENDS: Record<
  LotEnd,
  { action: RoomAction; target: LotPhase; what: string; done: string; eventType: string }
> = {
  [CONTROL_EVENTS.cancelBatch]: {
    action: "CANCEL_BATCH",
    target: "CANCELED",
    what: "anular o lote/item",
    done: "anulado",
    eventType: "LOT_CANCELED",
  },
  [CONTROL_EVENTS.failBatch]: {
    action: "FAIL_BATCH",
    target: "FAILED",
    what: "declarar o lote/item fracassado",
    done: "declarado fracassado",
    eventType: "LOT_FAILED",
  },
  [CONTROL_EVENTS.failBatchDirectly]: {
    action: "FAIL_BATCH_DIRECTLY",
    target: "FAILED",
    what: "declarar o lote/item fracassado diretamente",
    done: "declarado fracassado",
    eventType: "LOT_FAILED",
  },
};

const TOGGLES: Record<
  SupplierToggleKind,
  {
    action: RoomAction;
    flag: "isQualified" | "isEnabled";
    value: boolean;
    live: ControlAction;
    what: string;
    done: string;
    already: string;
  }
> = {
  DISQUALIFY: {
    action: "DECLASSIFY_SUPPLIER_IN_BATCH",
    flag: "isQualified",
    value: false,
    live: "SUPPLIER_DISQUALIFIED",
    what: "desclassificar licitantes",
    done: "desclassificado(a)",
    already: "O licitante já está desclassificado",
  },
  REQUALIFY: {
    action: "DECLASSIFY_SUPPLIER_IN_BATCH",
    flag: "isQualified",
    value: true,
    live: "SUPPLIER_REQUALIFIED",
    what: "reclassificar licitantes",
    done: "reclassificado(a)",
    already: "O licitante já está classificado",
  },
  INACTIVE: {
    action: "ENABLE_SUPPLIER_IN_BATCH",
    flag: "isEnabled",
    value: false,
    live: "SUPPLIER_DISABLED",
    what: "inabilitar licitantes",
    done: "inabilitado(a)",
    already: "O licitante já está inabilitado",
  },
  ACTIVE: {
    action: "ENABLE_SUPPLIER_IN_BATCH",
    flag: "isEnabled",
    value: true,
    live: "SUPPLIER_ENABLED",
    what: "habilitar licitantes",
    done: "habilitado(a)",
    already: "O licitante já está habilitado",
  },
};

/** Statuses that end the process: nothing in the room changes them (republishing is elsewhere). */
const ENDED_STATUSES: readonly NoticeStatus[] = ["CANCELLED", "REVOKED", "FINISHED"];

const lotsText = (numbers: readonly number[]) =>
  numbers.length === 1 ? `Lote/item ${numbers[0]}` : `Lotes/itens ${numbers.join(", ")}`;

/** The required reason of a modal (§5), trimmed and within its §9 limit. */
function requiredText(value: string | null | undefined, max: number, what: string): string {
  const v = value?.trim() ?? "";
  if (!v) throw badRequest(`Informe ${what}.`);
  if (v.length > max) throw badRequest(`${capitalize(what)} deve ter no máximo ${max} caracteres.`);
  return v;
}
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface AttachedFile {
  fileId: string;
  name: string;
}

export type ControlServiceOptions = Omit<RoomActionOptions, "notRunning">;

export class ControlService extends RoomActionService {
  /** The control panel's live events (docs/live-room.md "Process and lot control"). */
  commands(): LiveCommand[] {
    const lotEnd = (event: LotEnd) =>
      defineRoomCommand({
        event,
        schema: controlLotSchema,
        permission: LOT_ENDS[event],
        handle: (call) => this.endLot(event, call),
      });
    return roomCommands([
      defineRoomCommand({
        event: CONTROL_EVENTS.toggleProcessSuspendedStatus,
        schema: controlToggleSchema,
        // Suspend or resume: which one the locked notice's status tells.
        permissionOf: (_input, s) => (s.notice.status !== "SUSPENDED" ? SUSPEND : UNSUSPEND),
        handle: (call) => this.toggleSuspension(call),
      }),
      defineRoomCommand({
        event: CONTROL_EVENTS.suspendIndefinitely,
        schema: controlIndefinitelySchema,
        permission: INDEFINITELY,
        handle: (call) => this.suspendIndefinitely(call),
      }),
      defineRoomCommand({
        event: CONTROL_EVENTS.scheduleRevokeProcess,
        schema: controlLotSchema,
        permission: REVOKE,
        handle: (call) => this.revoke(call),
      }),
      lotEnd(CONTROL_EVENTS.cancelBatch),
      lotEnd(CONTROL_EVENTS.failBatch),
      lotEnd(CONTROL_EVENTS.failBatchDirectly),
      defineRoomCommand({
        event: CONTROL_EVENTS.resumeBatch,
        schema: controlLotSchema,
        permission: RESUME,
        handle: (call) => this.resumeLot(call),
      }),
      defineRoomCommand({
        event: CONTROL_EVENTS.toggleSupplierStatus,
        schema: controlSupplierSchema,
        permissionOf: (input) => TOGGLES[input.kind],
        handle: (call) => this.toggleSupplier(call),
      }),
      defineRoomCommand({
        event: CONTROL_EVENTS.discloseReferencePrice,
        schema: controlDiscloseSchema,
        permission: DISCLOSE,
        handle: (call) => this.discloseReferencePrice(call),
      }),
    ]);
  }

  // ---- shared ----

  /** A process or lot document is published with the notice's files. */
  private async publishFile(tx: Tx, noticeId: string, file: AttachedFile | null, description: string) {
    if (!file) return null;
    const row = await repo.insertNoticeFile(tx, {
      auctionNoticeId: noticeId,
      fileId: file.fileId,
      label: file.name,
      description,
    });
    return row.id;
  }

  // ---- process ----

  /**
   * toggle_process_suspended_status {batchId, chatChannelId}: SUSPENDED ↔ running. The clocks stop
   * while suspended (bids, moves and timers wait for a running notice); on resumption every
   * running deadline is pushed by the time the process stood suspended, so no bidder loses time.
   */
  private toggleSuspension(call: RoomCommandCall<ControlToggleInput>) {
    const { user, member, noticeId, input } = call;
    return this.commit(async (tx, outbox) => {
      const s = await this.channelScope(tx, call, input.batchId, input.chatChannelId);
      const now = this.clock();
      if (s.notice.status !== "SUSPENDED") {
        this.requireAllowed(member, SUSPEND.action, s, s.lot, SUSPEND.what);
        await repo.updateNotice(tx, noticeId, { status: "SUSPENDED", suspendedAt: now });
        await appendEvent(tx, {
          auctionNoticeId: noticeId,
          eventType: "PROCESS_SUSPENDED",
          actorUserId: user.id,
          payload: { batchId: s.lot.id, from: s.notice.status, at: now.toISOString() },
        });
        outbox.push({ t: "control", n: noticeId, a: "PROCESS_SUSPENDED", st: "SUSPENDED" });
        await this.message(
          tx,
          outbox,
          noticeId,
          s.heads.map((h) => h.id),
          "Processo suspenso. Os prazos dos lotes/itens em disputa ficam parados até a retomada do processo.",
          "PROCESS_SUSPENDED",
        );
        return { status: "SUSPENDED" };
      }

      this.requireAllowed(member, UNSUSPEND.action, s, s.lot, UNSUSPEND.what);
      const pausedMs = s.notice.suspendedAt ? Math.max(0, now.getTime() - s.notice.suspendedAt.getTime()) : 0;
      // The stored status goes back to what it was: running once a lot has left NOT_STARTED.
      const restored = s.heads.some((h) => h.phase !== "NOT_STARTED") ? "ONGOING" : "PUBLISHED";
      await repo.updateNotice(tx, noticeId, { status: restored, suspendedAt: null });
      // The notice's own clocks (proposal window, session start) that fell while suspended run now.
      await repo.armNoticeClocks(tx, noticeId);
      const shifted: { lot: LotRow; from: Date; to: Date }[] = [];
      for (const lot of s.heads) {
        if (lot.phase === "BIDDING" && lot.biddingPhaseDueDateTime) {
          const to = new Date(lot.biddingPhaseDueDateTime.getTime() + pausedMs);
          await repo.updateLot(tx, lot.id, { biddingPhaseDueDateTime: to });
          await repo.setTimer(tx, noticeId, lot.id, "BIDDING", to);
          shifted.push({ lot, from: lot.biddingPhaseDueDateTime, to });
        } else if (lot.phase === "TIEBREAKER" && lot.tieCallDueDateTime) {
          const to = new Date(lot.tieCallDueDateTime.getTime() + pausedMs);
          await repo.updateLot(tx, lot.id, { tieCallDueDateTime: to });
          await repo.setTimer(tx, noticeId, lot.id, "TIEBREAKER_CALL", to);
          shifted.push({ lot, from: lot.tieCallDueDateTime, to });
        }
      }
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "PROCESS_UNSUSPENDED",
        actorUserId: user.id,
        payload: {
          batchId: s.lot.id,
          to: restored,
          suspendedAt: s.notice.suspendedAt?.toISOString() ?? null,
          at: now.toISOString(),
          pausedMs,
          deadlines: shifted.map((x) => ({
            batchId: x.lot.id,
            from: x.from.toISOString(),
            to: x.to.toISOString(),
          })),
        },
      });
      outbox.push({ t: "control", n: noticeId, a: "PROCESS_UNSUSPENDED", st: restored });
      // The lots whose deadline moved: the same phase again, with the new due time (docs/live-room.md).
      for (const phase of new Set(shifted.map((x) => x.lot.phase)))
        outbox.push({
          t: "phase",
          n: noticeId,
          a: "PHASE_ADVANCED",
          p: phase,
          l: shifted.filter((x) => x.lot.phase === phase).map((x) => x.lot.id),
        });
      await this.message(
        tx,
        outbox,
        noticeId,
        s.heads.map((h) => h.id),
        shifted.length > 0
          ? `Processo retomado. Os prazos dos lotes/itens em disputa foram prorrogados em ${formatDuration(pausedMs)}, o tempo da suspensão.`
          : "Processo retomado.",
        "PROCESS_UNSUSPENDED",
      );
      return { status: restored, pausedMs };
    });
  }

  /**
   * suspend_indefinitely {auctionNoticeId, chatChannelId, justification, fileName?, name?}: before
   * the session (§6: every lot NOT_STARTED or OPEN_FOR_OFFERS); only republishing lifts it.
   */
  private suspendIndefinitely(call: RoomCommandCall<ControlIndefinitelyInput>) {
    const { user, member, noticeId, input } = call;
    if (input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    return this.commit(async (tx, outbox) => {
      const s = await this.channelScope(tx, call, null, input.chatChannelId);
      const { action, what } = INDEFINITELY;
      const justification = requiredText(input.justification, CONTROL_LONG_REASON_MAX, "a justificativa");
      if (s.notice.status === "SUSPENDED_INDEFINITELY" || ENDED_STATUSES.includes(s.notice.status))
        throw badRequest(
          `Não é possível ${what}: o processo está "${NOTICE_STATUS_LABELS[s.notice.status]}".`,
        );
      for (const lot of [s.lot, ...s.heads.filter((h) => h.id !== s.lot.id)])
        this.requireAllowed(member, action, s, lot, what);
      const file = await this.ownUpload(tx, user, input.fileName, input.name);
      await repo.updateNotice(tx, noticeId, { status: "SUSPENDED_INDEFINITELY", suspendedAt: null });
      await repo.clearTimers(
        tx,
        s.heads.map((h) => h.id),
      );
      const documentId = await this.publishFile(
        tx,
        noticeId,
        file,
        "Suspensão do processo por prazo indeterminado",
      );
      // The portal's contracting is rectified as suspended (§5.5 situação 4).
      await this.portal?.onWithdrawn(tx, noticeId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "PROCESS_SUSPENDED_INDEFINITELY",
        actorUserId: user.id,
        payload: { from: s.notice.status, justification, file: file && { ...file, documentId } },
      });
      outbox.push({
        t: "control",
        n: noticeId,
        a: "PROCESS_SUSPENDED_INDEFINITELY",
        st: "SUSPENDED_INDEFINITELY",
      });
      await this.message(
        tx,
        outbox,
        noticeId,
        s.heads.map((h) => h.id),
        `Processo suspenso por prazo indeterminado. Justificativa: ${justification}${file ? ` (anexo: ${file.name})` : ""}`,
        "PROCESS_SUSPENDED_INDEFINITELY",
      );
      return { status: "SUSPENDED_INDEFINITELY" };
    });
  }

  /**
   * schedule_revoke_process {batchId, chatChannelId, reason, fileName?, name?}: the authorities
   * revoke the whole process (Lei 14.133/2021 art. 71 II); it takes effect at once.
   */
  private revoke(call: RoomCommandCall<ControlLotInput>) {
    const { user, member, noticeId, input } = call;
    return this.commit(async (tx, outbox) => {
      const s = await this.channelScope(tx, call, input.batchId, input.chatChannelId);
      const { action, what } = REVOKE;
      const reason = requiredText(input.reason, CONTROL_REASON_MAX, "o motivo");
      this.requireAllowed(member, action, s, s.lot, what);
      const file = await this.ownUpload(tx, user, input.fileName, input.name);
      await repo.updateNotice(tx, noticeId, { status: "REVOKED", suspendedAt: null });
      await repo.clearTimers(
        tx,
        s.heads.map((h) => h.id),
      );
      const documentId = await this.publishFile(tx, noticeId, file, "Revogação do processo");
      // The portal's contracting is rectified as revoked (§5.5 situação 2).
      await this.portal?.onWithdrawn(tx, noticeId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "PROCESS_REVOKED",
        actorUserId: user.id,
        payload: { batchId: s.lot.id, from: s.notice.status, reason, file: file && { ...file, documentId } },
      });
      outbox.push({ t: "control", n: noticeId, a: "PROCESS_REVOKED", st: "REVOKED" });
      await this.message(
        tx,
        outbox,
        noticeId,
        s.heads.map((h) => h.id),
        `Processo revogado. Motivo: ${reason}${file ? ` (anexo: ${file.name})` : ""}`,
        "PROCESS_REVOKED",
      );
      return { status: "REVOKED" };
    });
  }

  // ---- lots ----

  /**
   * cancel_batch (annul), fail_batch, fail_batch_directly {batchId, chatChannelId, reason,
   * fileName?, name?}: the lot ends in CANCELED or FAILED and remembers its phase for resume_batch.
   * When every lot is annulled the process is annulled too (CANCELLED, PROCESS_CANCELLED).
   */
  private endLot(event: LotEnd, call: RoomCommandCall<ControlLotInput>) {
    const { user, member, noticeId, input } = call;
    const rule = LOT_ENDS[event];
    return this.commit(async (tx, outbox) => {
      const s = await this.channelScope(tx, call, input.batchId, input.chatChannelId);
      const reason = requiredText(input.reason, CONTROL_REASON_MAX, "o motivo");
      this.requireAllowed(member, rule.action, s, s.lot, rule.what);
      const file = await this.ownUpload(tx, user, input.fileName, input.name);
      const now = this.clock();
      await repo.updateLot(tx, s.lot.id, {
        phase: rule.target,
        phaseBeforeEnd: s.lot.phase,
        phaseStartDateTime: now,
        phaseEndDateTime: null,
      });
      await repo.clearTimers(tx, [s.lot.id], ["BIDDING", "TIEBREAKER_CALL"]);
      const documentId = await this.publishFile(
        tx,
        noticeId,
        file,
        `${lotsText([s.lot.number])} ${rule.done}`,
      );
      // The portal's items of the lot: annulled 3 or failed 5 (§5.6).
      await this.portal?.onLotsEnded(tx, noticeId, [s.lot.id]);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: rule.eventType,
        actorUserId: user.id,
        payload: {
          batchId: s.lot.id,
          from: s.lot.phase,
          to: rule.target,
          directly: event === CONTROL_EVENTS.failBatchDirectly,
          reason,
          file: file && { ...file, documentId },
        },
      });
      outbox.push({ t: "phase", n: noticeId, a: "PHASE_ADVANCED", p: rule.target, l: [s.lot.id] });
      await this.message(
        tx,
        outbox,
        noticeId,
        [s.lot.id],
        `${lotsText([s.lot.number])} ${rule.done}. Motivo: ${reason}${file ? ` (anexo: ${file.name})` : ""}`,
        rule.eventType,
      );
      const allAnnulled = s.heads.every((h) => h.id === s.lot.id || h.phase === "CANCELED");
      if (rule.target === "CANCELED" && allAnnulled) {
        await repo.updateNotice(tx, noticeId, { status: "CANCELLED", suspendedAt: null });
        // The portal's contracting is rectified as annulled (§5.5 situação 3).
        await this.portal?.onWithdrawn(tx, noticeId);
        await appendEvent(tx, {
          auctionNoticeId: noticeId,
          eventType: "PROCESS_CANCELLED",
          actorUserId: user.id,
          payload: { from: s.notice.status, reason: "Todos os lotes/itens foram anulados." },
        });
        outbox.push({ t: "control", n: noticeId, a: "PROCESS_CANCELLED", st: "CANCELLED" });
        await this.message(
          tx,
          outbox,
          noticeId,
          s.heads.map((h) => h.id),
          "Todos os lotes/itens foram anulados: o processo está anulado.",
          "PROCESS_CANCELLED",
        );
        return { batchId: s.lot.id, newPhase: rule.target, status: "CANCELLED" };
      }
      return { batchId: s.lot.id, newPhase: rule.target };
    });
  }

  /** resume_batch {batchId, chatChannelId, reason, fileName?, name?}: back to the phase it ended in. */
  private resumeLot(call: RoomCommandCall<ControlLotInput>) {
    const { user, member, noticeId, input } = call;
    return this.commit(async (tx, outbox) => {
      const s = await this.channelScope(tx, call, input.batchId, input.chatChannelId);
      const { action, what } = RESUME;
      const reason = requiredText(input.reason, CONTROL_REASON_MAX, "o motivo");
      this.requireAllowed(member, action, s, s.lot, what);
      const back = s.lot.phaseBeforeEnd;
      if (!back) throw badRequest("Não há fase registrada para a qual retomar este lote/item.");
      const file = await this.ownUpload(tx, user, input.fileName, input.name);
      await repo.updateLot(tx, s.lot.id, {
        phase: back,
        phaseBeforeEnd: null,
        phaseStartDateTime: this.clock(),
      });
      const documentId = await this.publishFile(tx, noticeId, file, `${lotsText([s.lot.number])} retomado`);
      // The portal's items of the lot are in progress again (§5.6 situação 1).
      await this.portal?.onLotsEnded(tx, noticeId, [s.lot.id]);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "LOT_RESUMED",
        actorUserId: user.id,
        payload: {
          batchId: s.lot.id,
          from: s.lot.phase,
          to: back,
          reason,
          file: file && { ...file, documentId },
        },
      });
      outbox.push({ t: "phase", n: noticeId, a: "PHASE_ADVANCED", p: back, l: [s.lot.id] });
      await this.message(
        tx,
        outbox,
        noticeId,
        [s.lot.id],
        `${lotsText([s.lot.number])} retomado na fase ${LOT_PHASE_LABELS[back]}. Motivo: ${reason}${file ? ` (anexo: ${file.name})` : ""}`,
        "LOT_RESUMED",
      );
      return { batchId: s.lot.id, newPhase: back };
    });
  }

  // ---- suppliers ----

  /**
   * toggle_supplier_status {supplierId | anonymousSupplierIdentificationNumber, chatChannelId,
   * reason, batchId, url?, kind, auctionNoticeId?}: DISQUALIFY / REQUALIFY or INACTIVE / ACTIVE in
   * the selected lot, or (auctionNoticeId given) in every lot where the supplier has a proposal and
   * the action is allowed now. Views and messages name the supplier by its anonymous number only.
   */
  private toggleSupplier(call: RoomCommandCall<ControlSupplierInput>) {
    const { user, member, noticeId, input } = call;
    const rule = TOGGLES[input.kind];
    const allLots = Boolean(input.auctionNoticeId);
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    return this.commit(async (tx, outbox) => {
      const s = await this.channelScope(tx, call, input.batchId, input.chatChannelId);
      const reason = requiredText(input.reason, CONTROL_LONG_REASON_MAX, "o motivo");
      this.requireAllowed(member, rule.action, s, s.lot, rule.what);
      const people = await repo.participants(tx, noticeId);
      const supplier = people.find((p) =>
        input.supplierId
          ? p.supplierId === input.supplierId
          : input.anonymousSupplierIdentificationNumber !== null &&
            input.anonymousSupplierIdentificationNumber !== undefined &&
            p.anonymousNumber === input.anonymousSupplierIdentificationNumber,
      );
      if (!supplier) throw notFound("Licitante não encontrado neste processo.");
      // §2.6: the all-lots scope is not offered while bids run.
      if (allLots && (s.lot.phase === "BIDDING" || s.lot.phase === "TIEBREAKER"))
        throw badRequest("A opção 'Todos os lotes/itens' não está disponível durante a disputa de lances.");
      const candidates = allLots ? s.heads.filter((h) => this.allowed(member, rule.action, s, h)) : [s.lot];
      const ids = candidates.map((c) => c.id);
      const [withProposal, flags] = await Promise.all([
        repo.lotsWithProposal(tx, ids, supplier.supplierId),
        repo.supplierLotFlags(tx, ids, supplier.supplierId),
      ]);
      if (!withProposal.has(s.lot.id))
        throw badRequest(
          `${anonymousSupplierName(supplier.anonymousNumber)} não possui proposta neste lote/item.`,
        );
      const current = (id: string) => flags.get(id)?.[rule.flag] ?? true;
      const changed = candidates.filter((c) => withProposal.has(c.id) && current(c.id) !== rule.value);
      if (changed.length === 0)
        throw badRequest(`${rule.already} ${allLots ? "em todos os lotes/itens" : "neste lote/item"}.`);
      const file = await this.ownUpload(tx, user, input.url, null);
      const changedIds = changed.map((c) => c.id);
      await repo.setSupplierLotFlag(
        tx,
        changedIds,
        supplier.supplierId,
        rule.flag === "isQualified" ? { isQualified: rule.value } : { isEnabled: rule.value },
      );
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: rule.live,
        actorUserId: user.id,
        payload: {
          batchIds: changedIds,
          supplierId: supplier.supplierId,
          anonymousNumber: supplier.anonymousNumber,
          kind: input.kind,
          reason,
          file,
        },
      });
      for (let i = 0; i < changedIds.length; i += LOTS_PER_NOTICE)
        outbox.push({
          t: "control",
          n: noticeId,
          a: rule.live,
          l: changedIds.slice(i, i + LOTS_PER_NOTICE),
          s: supplier.anonymousNumber,
        });
      // Always the anonymous number: a system message is stored as text, and a lot may go back to
      // a confidential phase (a regression to BIDDING) after it was written.
      await this.message(
        tx,
        outbox,
        noticeId,
        changedIds,
        `${anonymousSupplierName(supplier.anonymousNumber)} ${rule.done} ${changed.length === 1 ? "no lote/item" : "nos lotes/itens"} ${changed.map((c) => c.number).join(", ")}. Motivo: ${reason}`,
        rule.live,
      );
      for (const lot of changed)
        await this.handOver(tx, outbox, user, s.notice, lot, supplier.supplierId, people);
      return {
        batchesIds: changedIds,
        anonymousSupplierIdentificationNumber: supplier.anonymousNumber,
        [rule.flag === "isQualified" ? "isQualified" : "isDisabled"]:
          rule.flag === "isQualified" ? rule.value : !rule.value,
      };
    });
  }

  /**
   * After a bidder's standing changed in a lot that has a winner: the lot passes to the next
   * qualified and enabled bidder in the final ranking, or back to a reinstated better-ranked one
   * (winnerAfterStandingChange; Lei 14.133/2021 arts. 59 and 63). The previous winner's documents
   * window and flags do not carry over to the new winner. Everyone gets the lot's new view.
   */
  private async handOver(
    tx: Tx,
    outbox: Outbox,
    user: SessionUser,
    notice: NoticeRow,
    lot: LotRow,
    changedSupplierId: string,
    people: Awaited<ReturnType<typeof repo.participants>>,
  ) {
    if (!HANDOVER_PHASES.has(lot.phase)) return;
    const criterion = lot.dispensationForm ?? notice.dispensationForm;
    const [bids, flags] = await Promise.all([repo.lotBids(tx, lot.id), repo.lotBidderRows(tx, lot.id)]);
    const ranking = finalRanking(
      bids.map((b) => auctionBidOf(b, criterion)),
      criterion,
    ).map((b) => String(b.supplierId));
    const standing = new Map(flags.map((f) => [f.supplierId, f.isQualified && f.isEnabled]));
    const current = lot.negotiatingSupplierId;
    const next = winnerAfterStandingChange({
      ranking,
      eligible: (id) => standing.get(id) ?? true,
      current,
      changed: changedSupplierId,
      preferenceApplied: lot.isRegionalPreferenceApplied === true,
    });
    if (next === current) return;
    await repo.updateLot(tx, lot.id, {
      negotiatingSupplierId: next,
      attachingDocumentsStartDateTime: null,
      attachingDocumentsEndingDateTime: null,
      isReadjustedProposalAttached: false,
      isQualifiedDocumentConfirmed: false,
    });
    const numberOf = (id: string | null) => people.find((p) => p.supplierId === id)?.anonymousNumber ?? null;
    await appendEvent(tx, {
      auctionNoticeId: notice.id,
      eventType: "LOT_WINNER_CHANGED",
      actorUserId: user.id,
      payload: {
        batchId: lot.id,
        previousSupplierId: current,
        previousAnonymousNumber: numberOf(current),
        supplierId: next,
        anonymousNumber: numberOf(next),
      },
    });
    // The lot's whole view again (winner, best bid, documents window), per audience.
    outbox.push({ t: "phase", n: notice.id, a: "PHASE_ADVANCED", p: lot.phase, l: [lot.id] });
    await this.message(
      tx,
      outbox,
      notice.id,
      [lot.id],
      next
        ? `O ${lotText(lot.number)} passa ao ${anonymousSupplierName(numberOf(next))}, o próximo classificado e habilitado na ordem de classificação.`
        : `Não há outro licitante classificado e habilitado no ${lotText(lot.number)}.`,
      "LOT_WINNER_CHANGED",
    );
  }

  // ---- reference price ----

  /**
   * disclose_reference_price {auctionNoticeId, chatChannelId}: §6 SHOW_REFERENCE_PRICE_UPDATE (the
   * body, NEGOTIATION, while undisclosed). Sets is_reference_price_disclosed and the flag the room
   * reads, should_disclose_reference_price.
   */
  private discloseReferencePrice(call: RoomCommandCall<ControlDiscloseInput>) {
    const { user, member, noticeId, input } = call;
    if (input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    return this.commit(async (tx, outbox) => {
      const s = await this.channelScope(tx, call, null, input.chatChannelId);
      const { action, what } = DISCLOSE;
      if (s.notice.shouldDiscloseReferencePrice || s.notice.isReferencePriceDisclosed)
        throw badRequest("O preço de referência já está divulgado aos licitantes.");
      this.requireAllowed(member, action, s, s.lot, what, {
        shouldDiscloseReferencePrice: false,
      });
      await repo.updateNotice(tx, noticeId, {
        isReferencePriceDisclosed: true,
        shouldDiscloseReferencePrice: true,
      });
      // The portal's items lose orcamentoSigiloso (6.3.11, the secret budget disclosed: art. 24).
      await this.portal?.onItemsChanged(tx, noticeId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "REFERENCE_PRICE_DISCLOSED",
        actorUserId: user.id,
        payload: { batchId: s.lot.id },
      });
      outbox.push({ t: "control", n: noticeId, a: "REFERENCE_PRICE_DISCLOSED" });
      await this.message(
        tx,
        outbox,
        noticeId,
        s.heads.map((h) => h.id),
        "O preço de referência foi divulgado aos licitantes.",
        "REFERENCE_PRICE_DISCLOSED",
      );
      return { shouldDiscloseReferencePrice: true };
    });
  }

  // ---- live frames ----

  /**
   * The frames of a control notice. Every audience gets the same data: it carries ids, statuses
   * and anonymous numbers only, never a supplier's name or document.
   */
  async render(notice: LiveNotice): Promise<RenderedEvent[] | null> {
    if (notice.t !== "control") return null;
    const serverTime = this.clock().toISOString();
    let data: Record<string, unknown>;
    switch (notice.a) {
      case "SUPPLIER_DISQUALIFIED":
      case "SUPPLIER_REQUALIFIED":
      case "SUPPLIER_DISABLED":
      case "SUPPLIER_ENABLED": {
        const qualification = notice.a === "SUPPLIER_DISQUALIFIED" || notice.a === "SUPPLIER_REQUALIFIED";
        data = {
          auctionNoticeId: notice.n,
          batchesIds: notice.l ?? [],
          anonymousSupplierIdentificationNumber: notice.s ?? null,
          ...(qualification
            ? { isQualified: notice.a === "SUPPLIER_REQUALIFIED" }
            : { isDisabled: notice.a === "SUPPLIER_DISABLED" }),
          serverTime,
        };
        break;
      }
      case "REFERENCE_PRICE_DISCLOSED":
        data = { auctionNoticeId: notice.n, serverTime };
        break;
      default:
        data = { auctionNoticeId: notice.n, status: notice.st ?? null, serverTime };
    }
    return [{ noticeId: notice.n, action: notice.a, perSupplier: new Set(), view: () => data }];
  }
}
