import { randomUUID } from "node:crypto";
import {
  APPEAL_EVENTS,
  type AppealBroadcastIdsInput,
  type AppealBroadcastLotInput,
  type AppealRefuseInput,
  type AppealScopeInput,
  appealBroadcastIdsSchema,
  appealBroadcastLotSchema,
  appealReasonsDeadline,
  appealRefuseSchema,
  appealScopeSchema,
  areIdentitiesHidden,
  counterArgumentsDeadline,
  counterArgumentsDueDateType,
  DISPUTE_JUDGMENT_CHOICES,
  type DueDateType,
  formatBrasiliaDateTime,
  interestWindowEnd,
  interestWindowMinutes,
  isFixedAppealDateAllowed,
  isInterestManifestationPhase,
  type LotPhase,
  parseIsoInstant,
  type RoomAction,
} from "@certame/domain";
import { z } from "zod";
import type { Db, DbOrTx, Tx } from "../../db/client";
import type { DisputeDocumentKind } from "../../db/schema";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { LiveCommand } from "../bus/live-command";
import type { DisputeAction, LiveNotice, LivePublisher } from "../bus/live-notice";
import {
  defineRoomCommand,
  type RoomCommandCall,
  type RoomPermission,
  roomCommands,
} from "../bus/room-command";
import type { ChatService } from "../chat/chat.service";
import type { EngineNotice, LotRow } from "../engine/auction.repository";
import * as engineRepo from "../engine/auction.repository";
import type { AppealHooks, AppealMoveInput } from "../engine/auction.service";
import {
  LOT_NOT_FOUND,
  lotText,
  OTHER_NOTICE,
  type Outbox,
  type RoomScope,
  scopeLot,
} from "../engine/room-action";
import { RoomActionService } from "../engine/room-action.service";
import type { RenderedEvent } from "../state/audience";
import { anonymousSupplierName, audienceOf } from "../state/audience";
import * as roomRepo from "../state/room.repository";
import type { RoomMember, RoomService } from "../state/room.service";
import type { DisputeDocumentRow, DisputeRow, RoundRow } from "./dispute.repository";
import * as repo from "./dispute.repository";

// Appeals ('recursos') in the trading room (trading-room §2.3, §2.6, §3 "Dispute", §4, §6, §7, §8;
// DESIGN §4 "Appeals"; Lei 14.133/2021 art. 165; IN SEGES 73/2022): the intention of appeal in the
// interest-manifestation window, its refusal by the auctioneer and its waiver by the author, the
// appeal's reasons within 3 business days, the other bidders' counter-arguments within theirs, the
// list and the judgement. Each change is one transaction with the notice's lot heads locked (the
// engine's order), a hash-chained event-log entry and a system chat message; the live notices go
// out after the commit. The engine asks `standingAppeals` for the phase machine's
// `appealsManifested` (AppealHooks). docs/live-room.md "Appeals"; docs/decisions.md "Appeals".

/** §9: the intention reason, the refusal reason and the judgement's justification. */
export const DISPUTE_TEXT_MAX = 5000;
/** Disputes per live notice: the bus message stays far below PostgreSQL's 8 kB NOTIFY limit. */
const DISPUTES_PER_NOTICE = 100;

const DISPUTE_NOT_FOUND = "Recurso não encontrado neste processo.";
const NOT_RUNNING = "O processo não está em andamento; nenhuma ação de recurso é possível agora.";

// Texts are bounded loosely here; the §9 limits are checked with their own messages.
const longText = z.string().max(20_000).optional().nullable();
const ref = z.string().max(2_000).optional().nullable();
const idsSchema = z.array(z.uuid()).min(1).max(5000);
export const attachSchema = z.object({
  url: ref,
  fileName: ref,
  batchId: z.uuid().optional().nullable(),
  auctionNoticeId: z.uuid().optional().nullable(),
});
export const judgeSchema = z.object({
  status: z.string().max(40),
  url: ref,
  fileName: ref,
  justification: longText,
  disputesIds: idsSchema,
});
export const listSchema = z.object({ auctionNoticeId: z.uuid() });
export const fromSupplierSchema = z.object({
  batchId: z.uuid().optional().nullable(),
  auctionNoticeId: z.uuid(),
});

const lotsText = (numbers: readonly number[]) =>
  numbers.length === 1 ? `no lote/item ${numbers[0]}` : `nos lotes/itens ${numbers.join(", ")}`;
const at = (date: Date) => formatBrasiliaDateTime(date);
const JUDGMENT_LABELS: Record<string, string> = { APPROVED: "deferido", DENIED: "indeferido" };

/** A required text of a modal (§5), trimmed and within its §9 limit. */
function requiredText(value: string | null | undefined, what: string): string {
  const v = value?.trim() ?? "";
  if (!v) throw badRequest(`Informe ${what}.`);
  if (v.length > DISPUTE_TEXT_MAX)
    throw badRequest(
      `${what.charAt(0).toUpperCase()}${what.slice(1)} deve ter no máximo ${DISPUTE_TEXT_MAX} caracteres.`,
    );
  return v;
}

/** An instant sent by the next-phase modal (ISO 8601); null when absent. */
function instant(value: string | null | undefined, what: string): Date | null {
  if (!value?.trim()) return null;
  const date = parseIsoInstant(value);
  if (!date) throw badRequest(`Informe uma data válida para ${what}.`);
  return date;
}

type Scope = RoomScope;

/** The §6 permissions of the appeals' commands (the registry's role check and the phase check). */
const MANIFEST: RoomPermission = {
  action: "MANIFESTE_DISPUTE_INTEREST",
  what: "manifestar intenção de recurso",
};
const WAIVE: RoomPermission = { action: "WAIVE_INTEREST_IN_DISPUTE", what: "desistir do recurso" };
const REFUSE: RoomPermission = { action: "REFUSE_DISPUTE", what: "recusar intenções de recurso" };

export interface DisputeServiceOptions {
  clock?: () => Date;
  /** AUCTION_TIME_SCALE (DESIGN §2): the business-day terms and the window are scaled like every clock. */
  timeScale?: number;
}

export class DisputeService extends RoomActionService implements AppealHooks {
  private readonly timeScale: number;

  constructor(
    db: Db,
    chat: ChatService,
    live: LivePublisher,
    private readonly room: RoomService,
    options: DisputeServiceOptions = {},
  ) {
    super(db, chat, live, { clock: options.clock, notRunning: NOT_RUNNING });
    this.timeScale = options.timeScale ?? 1;
  }

  /** The appeals' live events (docs/live-room.md "Appeals"); the answer goes in ACKNOWLEDGED. */
  commands(): LiveCommand[] {
    return roomCommands([
      defineRoomCommand({
        event: APPEAL_EVENTS.manifestInterestInDispute,
        schema: appealScopeSchema,
        permission: MANIFEST,
        handle: (call) => this.manifest(call),
      }),
      defineRoomCommand({
        event: APPEAL_EVENTS.waiveInterestInDispute,
        schema: appealScopeSchema,
        permission: WAIVE,
        handle: (call) => this.waive(call),
      }),
      defineRoomCommand({
        event: APPEAL_EVENTS.refuseDisputeManifestation,
        schema: appealRefuseSchema,
        permission: REFUSE,
        handle: (call) => this.refuse(call),
      }),
      // The broadcasts confirm what an HTTP call checked, committed and pushed: no §6 action of their own.
      defineRoomCommand({
        event: APPEAL_EVENTS.broadcastDisputeJudgment,
        schema: appealBroadcastIdsSchema,
        permission: null,
        handle: (call) => this.confirmJudgment(call),
      }),
      ...[
        APPEAL_EVENTS.broadcastDisputeDocumentAttached,
        APPEAL_EVENTS.broadcastDisputeCounterArgumentDocumentAttached,
      ].map((event) =>
        defineRoomCommand({
          event,
          schema: appealBroadcastLotSchema,
          permission: null,
          handle: (call) => this.confirmAttached(call),
        }),
      ),
    ]);
  }

  /** broadcast_dispute_judgment: the judgement was pushed when it was committed (app/dispute/judge). */
  private async confirmJudgment({ noticeId, input }: RoomCommandCall<AppealBroadcastIdsInput>) {
    const rows = await repo.findDisputes(this.db, input.disputesIds);
    if (rows.length !== new Set(input.disputesIds).size || rows.some((r) => r.auctionNoticeId !== noticeId))
      throw notFound(DISPUTE_NOT_FOUND);
    return { disputesIds: rows.map((r) => r.id) };
  }

  /** The HTTP attach pushed its event after its commit; this only confirms the lot is the room's. */
  private async confirmAttached({ noticeId, input }: RoomCommandCall<AppealBroadcastLotInput>) {
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    if (input.batchId) {
      const found = await engineRepo.findLot(this.db, input.batchId);
      if (!found || found.lot.auctionNoticeId !== noticeId) throw notFound(LOT_NOT_FOUND);
    }
    return { batchId: input.batchId ?? null };
  }

  // ---- shared ----

  private lotOf(s: Scope, batchId: string): LotRow {
    return scopeLot(s, batchId);
  }

  /** The intention window of a lot in an interest phase: its round's, or the default from the phase start. */
  private async windowOf(tx: DbOrTx, notice: EngineNotice, lot: LotRow, round: RoundRow | undefined) {
    if (round && this.isRoundOfThisVisit(round, lot)) return round.interestEndsAt;
    const minimum = await repo.interestMinimumOf(tx, notice.id);
    return interestWindowEnd(lot.phaseStartDateTime ?? this.clock(), minimum, this.timeScale);
  }

  /** A round opened by the lot's current stay in its interest phase (not a previous one). */
  private isRoundOfThisVisit(round: RoundRow, lot: LotRow) {
    return !lot.phaseStartDateTime || round.openedAt.getTime() >= lot.phaseStartDateTime.getTime();
  }

  /** The round of the lot's current interest phase, opened now when the lot came in by another path (resume). */
  private async roundForManifestation(
    tx: Tx,
    notice: EngineNotice,
    lot: LotRow,
    round: RoundRow | undefined,
  ) {
    if (round && this.isRoundOfThisVisit(round, lot)) return round;
    const openedAt = lot.phaseStartDateTime ?? this.clock();
    return repo.insertRound(tx, {
      auctionNoticeId: notice.id,
      batchId: lot.id,
      interestPhase: lot.phase,
      openedAt,
      interestEndsAt: await this.windowOf(tx, notice, lot, undefined),
    });
  }

  private push(outbox: Outbox, noticeId: string, action: DisputeAction, ids: readonly string[]) {
    for (let i = 0; i < ids.length; i += DISPUTES_PER_NOTICE)
      outbox.push({ t: "dispute", n: noticeId, a: action, d: ids.slice(i, i + DISPUTES_PER_NOTICE) });
  }

  private async anonymousNumber(tx: DbOrTx, noticeId: string, supplierId: string) {
    const people = await engineRepo.participants(tx, noticeId);
    return people.find((p) => p.supplierId === supplierId)?.anonymousNumber ?? null;
  }

  /** The lots of a scoped action: the one of `batchId`, or (auctionNoticeId) every lot `fits` takes. */
  private lotsOfScope(
    s: Scope,
    noticeId: string,
    input: { batchId?: string | null; auctionNoticeId?: string | null },
  ): { lots: LotRow[]; allLots: boolean } {
    if (input.batchId) return { lots: [this.lotOf(s, input.batchId)], allLots: false };
    if (!input.auctionNoticeId) throw badRequest("Informe o lote/item ou o processo.");
    if (input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    return { lots: s.heads, allLots: true };
  }

  // ---- intentions (live events) ----

  /**
   * manifest_interest_in_dispute {reason, batchId | auctionNoticeId}: a bidder's intention of
   * appeal during an interest-manifestation phase, before its window closes (art. 165 §1 I). One
   * intention per supplier and lot in a round; the whole-notice scope manifests in every lot where
   * it is possible now ('Recurso único (Edital)').
   */
  private manifest(call: RoomCommandCall<AppealScopeInput>) {
    const { user, member, noticeId, input } = call;
    const { action, what } = MANIFEST;
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId, call);
      const { lots, allLots } = this.lotsOfScope(s, noticeId, input);
      const supplierId = member.supplierId as string;
      const reason = requiredText(input.reason, "o motivo");
      const now = this.clock();
      const bidder = await repo.bidderLotNumbers(tx, noticeId, supplierId);
      const rounds = await repo.currentRounds(
        tx,
        lots.map((l) => l.id),
      );
      const existing = await repo.roundDisputes(
        tx,
        [...rounds.values()].map((r) => r.id),
      );
      const taken = new Set(existing.filter((d) => d.supplierId === supplierId).map((d) => d.roundId));
      const chosen: { lot: LotRow; round: RoundRow }[] = [];
      for (const lot of lots) {
        if (allLots && !this.allowed(member, action, s, lot)) continue;
        if (!allLots) this.requireAllowed(member, action, s, lot, what);
        const round = rounds.get(lot.id);
        const current = round && this.isRoundOfThisVisit(round, lot) ? round : undefined;
        const end = await this.windowOf(tx, s.notice, lot, current);
        const problem = !bidder.has(lot.number)
          ? `Você não possui proposta no ${lotText(lot.number)}.`
          : current && taken.has(current.id)
            ? `Você já manifestou intenção de recurso no ${lotText(lot.number)}.`
            : now.getTime() > end.getTime()
              ? `O prazo para manifestar intenção de recurso no ${lotText(lot.number)} encerrou em ${at(end)}.`
              : null;
        if (problem && !allLots) throw badRequest(problem);
        if (problem) continue;
        chosen.push({ lot, round: await this.roundForManifestation(tx, s.notice, lot, current) });
      }
      if (chosen.length === 0)
        throw badRequest("Não há lote/item em que você possa manifestar intenção de recurso agora.");
      const groupId = allLots ? randomUUID() : null;
      const rows = await repo.insertDisputes(
        tx,
        chosen.map(({ lot, round }) => ({
          auctionNoticeId: noticeId,
          batchId: lot.id,
          roundId: round.id,
          supplierId,
          groupId,
          reason,
          manifestedByUserId: user.id,
        })),
      );
      const number = await this.anonymousNumber(tx, noticeId, supplierId);
      const lotIds = chosen.map((c) => c.lot.id);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "DISPUTE_INTEREST_MANIFESTED",
        actorUserId: user.id,
        payload: {
          batchIds: lotIds,
          disputeIds: rows.map((r) => r.id),
          supplierId,
          anonymousNumber: number,
          groupId,
          reason,
        },
      });
      this.push(
        outbox,
        noticeId,
        "DISPUTE_INTEREST_MANIFESTED",
        rows.map((r) => r.id),
      );
      // The anonymous number only: a stored message may be shown after a regression to a confidential phase.
      await this.message(
        tx,
        outbox,
        noticeId,
        lotIds,
        `${anonymousSupplierName(number)} manifestou intenção de recurso ${lotsText(chosen.map((c) => c.lot.number))}${allLots ? " (recurso único)" : ""}. Motivo: ${reason}`,
        "DISPUTE_INTEREST_MANIFESTED",
      );
      return { disputesIds: rows.map((r) => r.id), batchesIds: lotIds };
    });
  }

  /**
   * waive_interest_in_dispute {reason, batchId | auctionNoticeId}: the author withdraws its
   * standing, not yet judged appeal (in the lot, or in every lot where it may now).
   */
  private waive(call: RoomCommandCall<AppealScopeInput>) {
    const { user, member, noticeId, input } = call;
    const { action, what } = WAIVE;
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId, call);
      const { lots, allLots } = this.lotsOfScope(s, noticeId, input);
      const supplierId = member.supplierId as string;
      const reason = requiredText(input.reason, "o motivo");
      const rounds = await repo.currentRounds(
        tx,
        lots.map((l) => l.id),
      );
      const own = (
        await repo.roundDisputes(
          tx,
          [...rounds.values()].map((r) => r.id),
        )
      ).filter(
        (d) =>
          d.supplierId === supplierId && d.status === "MANIFESTED" && d.judgmentStatus === "NOT_ANALYZED",
      );
      const chosen: { lot: LotRow; dispute: DisputeRow }[] = [];
      for (const lot of lots) {
        if (allLots && !this.allowed(member, action, s, lot)) continue;
        if (!allLots) this.requireAllowed(member, action, s, lot, what);
        const dispute = own.find((d) => d.batchId === lot.id);
        if (!dispute && !allLots)
          throw badRequest(`Você não possui recurso pendente no ${lotText(lot.number)}.`);
        if (dispute) chosen.push({ lot, dispute });
      }
      if (chosen.length === 0)
        throw badRequest("Você não possui recurso pendente do qual possa desistir agora.");
      const ids = chosen.map((c) => c.dispute.id);
      await repo.setDisputeStatus(tx, ids, {
        status: "WAIVED",
        waiverReason: reason,
        waivedAt: this.clock(),
      });
      const number = await this.anonymousNumber(tx, noticeId, supplierId);
      const lotIds = chosen.map((c) => c.lot.id);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "DISPUTE_INTEREST_WAIVED",
        actorUserId: user.id,
        payload: { batchIds: lotIds, disputeIds: ids, supplierId, anonymousNumber: number, reason },
      });
      this.push(outbox, noticeId, "DISPUTE_INTEREST_WAIVED", ids);
      await this.message(
        tx,
        outbox,
        noticeId,
        lotIds,
        `${anonymousSupplierName(number)} desistiu do recurso ${lotsText(chosen.map((c) => c.lot.number))}. Motivo: ${reason}`,
        "DISPUTE_INTEREST_WAIVED",
      );
      return { disputesIds: ids, batchesIds: lotIds };
    });
  }

  /**
   * refuse_dispute_manifestation {reason, disputesIds}: the auctioneer refuses standing intentions
   * (art. 165; the intention without a motive, or out of time) while the lot is in an interest or a
   * reasons / counter-arguments phase (§6 REFUSE_DISPUTE).
   */
  private refuse(call: RoomCommandCall<AppealRefuseInput>) {
    const { user, member, noticeId, input } = call;
    const { action, what } = REFUSE;
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId, call);
      const reason = requiredText(input.reason, "o motivo");
      const rows = await this.ownDisputes(tx, noticeId, input.disputesIds);
      const rounds = await repo.currentRounds(
        tx,
        rows.map((r) => r.batchId),
      );
      for (const d of rows) {
        const lot = this.lotOf(s, d.batchId);
        this.requireAllowed(member, action, s, lot, what);
        if (
          d.status !== "MANIFESTED" ||
          d.judgmentStatus !== "NOT_ANALYZED" ||
          rounds.get(d.batchId)?.id !== d.roundId
        )
          throw badRequest(`A intenção de recurso no ${lotText(lot.number)} não está pendente.`);
      }
      const ids = rows.map((r) => r.id);
      await repo.setDisputeStatus(tx, ids, {
        status: "REFUSED",
        refusalReason: reason,
        refusedByUserId: user.id,
        refusedAt: this.clock(),
      });
      const people = new Map((await engineRepo.participants(tx, noticeId)).map((p) => [p.supplierId, p]));
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "DISPUTE_MANIFESTATION_REFUSED",
        actorUserId: user.id,
        payload: {
          disputeIds: ids,
          batchIds: [...new Set(rows.map((r) => r.batchId))],
          supplierIds: rows.map((r) => r.supplierId),
          reason,
        },
      });
      this.push(outbox, noticeId, "DISPUTE_MANIFESTATION_REFUSED", ids);
      for (const d of rows)
        await this.message(
          tx,
          outbox,
          noticeId,
          [d.batchId],
          `Intenção de recurso de ${anonymousSupplierName(people.get(d.supplierId)?.anonymousNumber)} no ${lotText(this.lotOf(s, d.batchId).number)} recusada pelo pregoeiro/agente de contratação. Motivo: ${reason}`,
          "DISPUTE_MANIFESTATION_REFUSED",
        );
      return { disputesIds: ids };
    });
  }

  /** The disputes named by a call, all of this notice (a forged or foreign id is refused). */
  private async ownDisputes(tx: DbOrTx, noticeId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.findDisputes(tx, unique);
    if (rows.length !== unique.length || rows.some((r) => r.auctionNoticeId !== noticeId))
      throw notFound(DISPUTE_NOT_FOUND);
    return rows;
  }

  // ---- files and judgement (HTTP) ----

  /**
   * app/dispute/attachDocument {url, batchId, fileName, auctionNoticeId}: the appellant's reasons,
   * one file replacing the previous, in DISPUTE_RECEIVEMENT until the reasons deadline. With
   * auctionNoticeId and no batchId the file goes to every lot where the supplier's appeal stands
   * and the term runs (the whole-notice appeal).
   */
  async attachDocument(user: SessionUser, input: z.infer<typeof attachSchema>) {
    return this.attach(user, input, "DISPUTE");
  }

  /**
   * app/dispute/attachCounterArgument {url, batchId, fileName, auctionNoticeId}: a bidder's
   * counter-argument to the others' appeals (art. 165 §4), one file replacing the previous, in
   * COUNTERARGUMENTS_RECEIVEMENT until its deadline.
   */
  async attachCounterArgument(user: SessionUser, input: z.infer<typeof attachSchema>) {
    return this.attach(user, input, "DISPUTE_COUNTER_ARGUMENT");
  }

  private async attach(
    user: SessionUser,
    input: z.infer<typeof attachSchema>,
    kind: Extract<DisputeDocumentKind, "DISPUTE" | "DISPUTE_COUNTER_ARGUMENT">,
  ) {
    const appeal = kind === "DISPUTE";
    const action: RoomAction = appeal ? "ATTACH_DISPUTE_MANIFESTATION" : "ATTACH_COUNTER_ARGUMENT";
    const what = appeal ? "anexar recurso" : "anexar contrarrazão";
    let noticeId = input.auctionNoticeId ?? null;
    if (input.batchId) {
      const lot = (await engineRepo.findLot(this.db, input.batchId))?.lot;
      if (lot?.item !== 1) throw notFound(LOT_NOT_FOUND);
      if (noticeId && noticeId !== lot.auctionNoticeId) throw notFound(LOT_NOT_FOUND);
      noticeId = lot.auctionNoticeId;
    }
    if (!noticeId) throw badRequest("Informe o lote/item ou o processo.");
    const member = await this.room.memberOf(user, noticeId);
    const id = noticeId;
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, id);
      const { lots, allLots } = this.lotsOfScope(s, id, {
        batchId: input.batchId,
        auctionNoticeId: input.batchId ? null : id,
      });
      this.requireRole(member, action, s, what);
      const supplierId = member.supplierId as string;
      const now = this.clock();
      const rounds = await repo.currentRounds(
        tx,
        lots.map((l) => l.id),
      );
      const inRounds = await repo.roundDisputes(
        tx,
        [...rounds.values()].map((r) => r.id),
      );
      const bidder = appeal ? new Set<number>() : await repo.bidderLotNumbers(tx, id, supplierId);
      const chosen: { lot: LotRow; round: RoundRow; dispute: DisputeRow | null }[] = [];
      for (const lot of lots) {
        if (allLots && !this.allowed(member, action, s, lot)) continue;
        if (!allLots) this.requireAllowed(member, action, s, lot, what);
        const round = rounds.get(lot.id);
        const standing = inRounds.filter((d) => d.roundId === round?.id && d.status === "MANIFESTED");
        const due = appeal ? round?.reasonsDueAt : round?.counterArgumentsDueAt;
        const own = standing.find((d) => d.supplierId === supplierId) ?? null;
        let problem: string | null = null;
        if (appeal && !own) problem = `Você não possui intenção de recurso aceita no ${lotText(lot.number)}.`;
        else if (!appeal && !bidder.has(lot.number))
          problem = `Você não possui proposta no ${lotText(lot.number)}.`;
        else if (!appeal && !standing.some((d) => d.supplierId !== supplierId))
          problem = `Não há recurso de outro licitante a contra-arrazoar no ${lotText(lot.number)}.`;
        else if (!round || !due) problem = `O prazo de envio não foi definido no ${lotText(lot.number)}.`;
        else if (now.getTime() > due.getTime())
          problem = `O prazo para ${what} no ${lotText(lot.number)} encerrou em ${at(due)}.`;
        if (problem && !allLots) throw badRequest(problem);
        if (!problem && round) chosen.push({ lot, round, dispute: appeal ? own : null });
      }
      if (chosen.length === 0) throw badRequest(`Não há lote/item em que você possa ${what} agora.`);
      const file = await this.ownUpload(tx, user, input.url, input.fileName);
      if (!file) throw badRequest("Anexe o arquivo.");
      const documents: DisputeDocumentRow[] = [];
      let replaced = false;
      for (const c of chosen) {
        const added = await repo.addDocument(tx, {
          auctionNoticeId: id,
          batchId: c.lot.id,
          roundId: c.round.id,
          disputeId: c.dispute?.id ?? null,
          supplierId,
          kind,
          fileId: file.fileId,
          name: file.name,
          uploadedByUserId: user.id,
        });
        documents.push(added.row);
        replaced ||= added.replaced;
      }
      const number = await this.anonymousNumber(tx, id, supplierId);
      const liveAction: DisputeAction = appeal
        ? "DISPUTE_DOCUMENT_ATTACHED"
        : "DISPUTE_COUNTER_ARGUMENT_DOCUMENT_ATTACHED";
      const lotIds = chosen.map((c) => c.lot.id);
      await appendEvent(tx, {
        auctionNoticeId: id,
        eventType: liveAction,
        actorUserId: user.id,
        payload: {
          batchIds: lotIds,
          documentIds: documents.map((d) => d.id),
          disputeIds: chosen.flatMap((c) => (c.dispute ? [c.dispute.id] : [])),
          supplierId,
          anonymousNumber: number,
          file,
          replaced,
        },
      });
      // Pushed by the ids of the round's standing disputes of the lots (a counter-argument has none of its own).
      const pushed = appeal
        ? chosen.map((c) => (c.dispute as DisputeRow).id)
        : inRounds
            .filter((d) => d.status === "MANIFESTED" && chosen.some((c) => c.round.id === d.roundId))
            .map((d) => d.id);
      this.push(outbox, id, liveAction, pushed);
      await this.message(
        tx,
        outbox,
        id,
        lotIds,
        `${anonymousSupplierName(number)} ${replaced ? "substituiu" : "anexou"} ${appeal ? "o documento de recurso" : "o documento de contrarrazão"} ${lotsText(chosen.map((c) => c.lot.number))}.`,
        liveAction,
      );
      return {
        message: appeal
          ? "Documento de recurso anexado com sucesso"
          : "Documento de contrarrazão anexado com sucesso",
        documents: documents.map((d) => ({
          id: d.id,
          kind: d.kind,
          name: d.name,
          url: documentUrl(d.id),
          batchId: d.batchId,
          disputeId: d.disputeId,
        })),
      };
    });
  }

  /**
   * app/dispute/judge {status, url, fileName, justification, disputesIds[]}: the judgement of
   * standing appeals (§6 JUDGE_DISPUTE, DISPUTE_COUNTERARGUMENTS_JUDGMENT), APPROVED ('Deferir') or
   * DENIED ('Indeferir'), with its justification and an optional file. An upheld appeal lets the
   * auctioneer take the lot back to NEGOTIATION or QUALIFICATION (phase machine).
   */
  async judge(user: SessionUser, input: z.infer<typeof judgeSchema>) {
    const what = "julgar recursos";
    const first = (await repo.findDisputes(this.db, input.disputesIds.slice(0, 1)))[0];
    if (!first) throw notFound(DISPUTE_NOT_FOUND);
    const noticeId = first.auctionNoticeId;
    const member = await this.room.memberOf(user, noticeId);
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId);
      this.requireRole(member, "JUDGE_DISPUTE", s, what);
      const status = DISPUTE_JUDGMENT_CHOICES.find((c) => c === input.status);
      if (!status) throw badRequest("Informe o resultado do julgamento: Deferir ou Indeferir.");
      const justification = requiredText(input.justification, "a justificativa");
      const rows = await this.ownDisputes(tx, noticeId, input.disputesIds);
      const rounds = await repo.currentRounds(
        tx,
        rows.map((r) => r.batchId),
      );
      for (const d of rows) {
        const lot = this.lotOf(s, d.batchId);
        this.requireAllowed(member, "JUDGE_DISPUTE", s, lot, what);
        if (rounds.get(d.batchId)?.id !== d.roundId || d.status !== "MANIFESTED")
          throw badRequest(`O recurso no ${lotText(lot.number)} não está pendente de julgamento.`);
        if (d.judgmentStatus !== "NOT_ANALYZED")
          throw badRequest(`O recurso no ${lotText(lot.number)} já foi julgado.`);
      }
      const file = await this.ownUpload(tx, user, input.url, input.fileName);
      const now = this.clock();
      const ids = rows.map((r) => r.id);
      await repo.judgeDisputes(tx, ids, {
        judgmentStatus: status,
        judgmentJustification: justification,
        judgedByUserId: user.id,
        judgedAt: now,
      });
      const documentIds: string[] = [];
      if (file)
        for (const d of rows)
          documentIds.push(
            (
              await repo.addDocument(tx, {
                auctionNoticeId: noticeId,
                batchId: d.batchId,
                roundId: d.roundId,
                disputeId: d.id,
                supplierId: null,
                kind: "DISPUTE_JUDGMENT",
                fileId: file.fileId,
                name: file.name,
                uploadedByUserId: user.id,
              })
            ).row.id,
          );
      const people = new Map((await engineRepo.participants(tx, noticeId)).map((p) => [p.supplierId, p]));
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "DISPUTE_JUDGED",
        actorUserId: user.id,
        payload: {
          disputeIds: ids,
          batchIds: [...new Set(rows.map((r) => r.batchId))],
          status: input.status,
          justification,
          file,
          documentIds,
        },
      });
      this.push(outbox, noticeId, "DISPUTE_JUDGED", ids);
      for (const d of rows)
        await this.message(
          tx,
          outbox,
          noticeId,
          [d.batchId],
          `Recurso de ${anonymousSupplierName(people.get(d.supplierId)?.anonymousNumber)} no ${lotText(this.lotOf(s, d.batchId).number)} ${JUDGMENT_LABELS[input.status]}. Justificativa: ${justification}${file ? ` (anexo: ${file.name})` : ""}`,
          "DISPUTE_JUDGED",
        );
      return {
        message: "Recurso julgado com sucesso!",
        items: rows.map((r) => ({ id: r.id, judgmentStatus: input.status })),
      };
    });
  }

  // ---- reads ----

  /**
   * app/dispute/list {auctionNoticeId} → {disputes[], documents[]}. The intentions are public acts of
   * the session (every viewer gets them); the files: the buyer side sees all; a supplier (or a
   * citizen) its own, the others' appeals once the reasons term is over and the others'
   * counter-arguments once theirs is (art. 165 §4: then they are public), judgement files always.
   * A supplier is named only by its anonymous number while any lot is in a confidential phase.
   */
  async list(user: SessionUser, input: z.infer<typeof listSchema>) {
    const member = await this.room.memberOf(user, input.auctionNoticeId);
    const read = await this.readNotice(this.db, input.auctionNoticeId);
    const documents = (await repo.noticeDocuments(this.db, input.auctionNoticeId)).filter((d) =>
      this.canSeeDocument(member, d, read.rounds.get(d.roundId)),
    );
    return {
      disputes: read.disputes.map((d) => read.view(d, member.supplierId)),
      documents: documents.map((d) => read.documentView(d)),
    };
  }

  /** app/dispute/getDisputeFromSupplier {batchId, auctionNoticeId} → {dispute}: the user's appeal in the lot's current round. */
  async fromSupplier(user: SessionUser, input: z.infer<typeof fromSupplierSchema>) {
    const member = await this.room.memberOf(user, input.auctionNoticeId);
    if (!member.supplierId) throw forbidden("Somente licitantes possuem recursos.");
    const read = await this.readNotice(this.db, input.auctionNoticeId);
    if (input.batchId && !read.heads.some((h) => h.id === input.batchId)) throw notFound(LOT_NOT_FOUND);
    const current = new Set(
      [
        ...(
          await repo.currentRounds(
            this.db,
            read.heads.map((h) => h.id),
          )
        ).values(),
      ].map((r) => r.id),
    );
    const own = read.disputes
      .filter((d) => d.supplierId === member.supplierId && current.has(d.roundId))
      .filter((d) => (input.batchId ? d.batchId === input.batchId : d.groupId !== null))
      .at(-1);
    if (!own) return { dispute: null };
    return {
      dispute: {
        ...read.view(own, member.supplierId),
        auctionNotice: { id: input.auctionNoticeId },
      },
    };
  }

  /** A dispute file for GET /api/app/dispute/document/{id}, when the user may see it. */
  async documentFor(user: SessionUser, id: string) {
    const doc = await repo.findDocument(this.db, id);
    if (!doc) throw notFound("Arquivo não encontrado.");
    const member = await this.room.memberOf(user, doc.auctionNoticeId);
    const [round] = await repo.roundsByIds(this.db, [doc.roundId]);
    if (!this.canSeeDocument(member, doc, round)) throw notFound("Arquivo não encontrado.");
    const file = await engineRepo.findStoredFile(this.db, doc.fileId);
    if (!file) throw notFound("Arquivo não encontrado.");
    return { file, name: doc.name };
  }

  private canSeeDocument(member: RoomMember, d: DisputeDocumentRow, round: RoundRow | undefined): boolean {
    if (audienceOf(member.role) === "BODY") return true;
    if (d.kind === "DISPUTE_JUDGMENT") return true;
    if (d.supplierId && d.supplierId === member.supplierId) return true;
    if (!d.isCurrent) return false;
    const due = d.kind === "DISPUTE" ? round?.reasonsDueAt : round?.counterArgumentsDueAt;
    return !!due && this.clock().getTime() > due.getTime();
  }

  /** What the list and the live views read of a notice's appeals. */
  private async readNotice(db: DbOrTx, noticeId: string, only?: readonly string[]) {
    const [notice, heads, people] = await Promise.all([
      engineRepo.findEngineNotice(db, noticeId),
      engineRepo.findLotHeads(db, noticeId),
      engineRepo.participants(db, noticeId),
    ]);
    if (!notice) throw notFound("Processo não encontrado.");
    const disputes = only ? await repo.findDisputes(db, only) : await repo.noticeDisputes(db, noticeId);
    const rounds = new Map(
      (await repo.roundsByIds(db, [...new Set(disputes.map((d) => d.roundId))])).map((r) => [r.id, r]),
    );
    const lots = new Map(heads.map((h) => [h.id, h]));
    const byId = new Map(people.map((p) => [p.supplierId, p]));
    // Names hidden in every lot while any lot is confidential: the numbers are per notice.
    const confidential = areIdentitiesHidden(
      notice.modality,
      notice.auctionLicensePhase,
      heads.map((h) => h.phase),
    );
    const supplierOf = (supplierId: string | null) => {
      if (!supplierId) return { anonymousSupplierIdentificationNumber: null, supplier: null };
      const p = byId.get(supplierId);
      return {
        anonymousSupplierIdentificationNumber: p?.anonymousNumber ?? null,
        supplier:
          confidential || !p ? null : { id: supplierId, corporateName: p.corporateName, name: p.name },
      };
    };
    const lotRef = (batchId: string) => ({ id: batchId, number: lots.get(batchId)?.number ?? null });
    return {
      notice,
      heads,
      disputes,
      rounds,
      view: (d: DisputeRow, viewerSupplierId: string | null = null) => {
        const round = rounds.get(d.roundId);
        return {
          id: d.id,
          ...supplierOf(d.supplierId),
          reason: d.reason,
          batch: lotRef(d.batchId),
          batchId: d.batchId,
          auctionNoticeId: d.groupId ? d.auctionNoticeId : null,
          groupId: d.groupId,
          roundId: d.roundId,
          status: d.status,
          judgmentStatus: d.judgmentStatus,
          judgmentJustification: d.judgmentJustification,
          refusalReason: d.refusalReason,
          waiverReason: d.waiverReason,
          interestEndDateTime: round?.interestEndsAt ?? null,
          disputeDocumentsAttachmentDueDateTime: round?.reasonsDueAt ?? null,
          counterArgumentDocumentsAttachmentDueDateTime: round?.counterArgumentsDueAt ?? null,
          createdDate: d.createdDate,
          judgedAt: d.judgedAt,
          ...(viewerSupplierId !== null ? { isOwn: d.supplierId === viewerSupplierId } : {}),
        };
      },
      documentView: (d: DisputeDocumentRow) => ({
        id: d.id,
        kind: d.kind,
        name: d.name,
        url: documentUrl(d.id),
        batchId: d.batchId,
        batch: lotRef(d.batchId),
        disputeId: d.disputeId,
        ...supplierOf(d.supplierId),
        createdDate: d.createdDate,
      }),
    };
  }

  // ---- the engine's hooks (AppealHooks) ----

  standingAppeals(tx: Tx, batchIds: readonly string[]): Promise<Set<string>> {
    return roomRepo.standingAppeals(tx, batchIds);
  }

  /**
   * A lot leaves an appeal phase only when its term allows: the intention window must have closed,
   * the reasons and counter-arguments terms must be over while an appeal stands (art. 165 I, §4),
   * and every standing appeal must be judged before the lot leaves the judgement forward.
   */
  async checkAdvance(
    tx: Tx,
    notice: EngineNotice,
    lot: LotRow,
    _target: LotPhase,
    now: Date,
    standing: boolean,
  ) {
    const phase = lot.phase;
    const name = lotText(lot.number);
    const round = (await repo.currentRounds(tx, [lot.id])).get(lot.id);
    if (isInterestManifestationPhase(phase)) {
      const end = await this.windowOf(tx, notice, lot, round);
      if (now.getTime() < end.getTime())
        throw badRequest(
          `O prazo para manifestação de intenção de recurso no ${name} termina em ${at(end)}; aguarde o encerramento para avançar.`,
        );
      return;
    }
    if (!standing || !round) return;
    const due =
      phase === "DISPUTE_RECEIVEMENT"
        ? round.reasonsDueAt
        : phase === "COUNTERARGUMENTS_RECEIVEMENT"
          ? round.counterArgumentsDueAt
          : null;
    if (due && now.getTime() <= due.getTime())
      throw badRequest(
        `O prazo para envio ${phase === "DISPUTE_RECEIVEMENT" ? "dos recursos" : "das contrarrazões"} no ${name} termina em ${at(due)}; aguarde o encerramento para avançar.`,
      );
    if (phase === "DISPUTE_COUNTERARGUMENTS_JUDGMENT") {
      const pending = (await repo.roundDisputes(tx, [round.id])).filter(
        (d) => d.status === "MANIFESTED" && d.judgmentStatus === "NOT_ANALYZED",
      );
      if (pending.length > 0) throw badRequest(`Há recurso pendente de julgamento no ${name}.`);
    }
  }

  /**
   * The terms of the appeal phase a lot enters (trading-room §2.6, §4 "Next-phase modal rules"; §9):
   * an interest phase opens a round with its window (the notice's minimum, or the FIXED number of
   * minutes of the modal, never under 10); DISPUTE_RECEIVEMENT sets the reasons deadline (3 business
   * days, or a FIXED date not before that) and a FIXED counter-arguments date when the modal gives
   * one; COUNTERARGUMENTS_RECEIVEMENT the counter-arguments deadline (3 business days after the
   * reasons term, unless fixed). The running deadline is shown as the lot's phaseEndDateTime.
   */
  async onEnterPhase(
    tx: Tx,
    notice: EngineNotice,
    lot: LotRow,
    target: LotPhase,
    now: Date,
    direction: "ADVANCE" | "REGRESS",
    input: AppealMoveInput,
  ) {
    if (isInterestManifestationPhase(target)) {
      const noticeMinimum = interestWindowMinutes(await repo.interestMinimumOf(tx, notice.id));
      let minutes = noticeMinimum;
      const given = input.disputeInterestManifestationMinimumDuration;
      if (input.manifestDisputeInterestDurationKind === "FIXED" || (given !== null && given !== undefined)) {
        if (given === null || given === undefined || !Number.isInteger(given))
          throw badRequest("Informe a duração, em minutos, da manifestação de intenção de recurso.");
        if (given < noticeMinimum)
          throw badRequest(
            `A duração da manifestação de intenção de recurso deve ser de no mínimo ${noticeMinimum} minutos.`,
          );
        minutes = given;
      }
      const end = interestWindowEnd(now, minutes, this.timeScale);
      const round = await repo.insertRound(tx, {
        auctionNoticeId: notice.id,
        batchId: lot.id,
        interestPhase: target,
        openedAt: now,
        interestEndsAt: end,
      });
      await engineRepo.updateLot(tx, lot.id, { phaseEndDateTime: end });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: "APPEAL_TERMS_SET",
        actorUserId: null,
        payload: {
          batchId: lot.id,
          roundId: round.id,
          phase: target,
          minutes,
          interestEndsAt: end.toISOString(),
        },
      });
      return;
    }
    if (target !== "DISPUTE_RECEIVEMENT" && target !== "COUNTERARGUMENTS_RECEIVEMENT") return;
    const round = (await repo.currentRounds(tx, [lot.id])).get(lot.id);
    if (!round) return;
    if (direction === "REGRESS") {
      const due = target === "DISPUTE_RECEIVEMENT" ? round.reasonsDueAt : round.counterArgumentsDueAt;
      await engineRepo.updateLot(tx, lot.id, { phaseEndDateTime: due ?? null });
      return;
    }
    if (target === "DISPUTE_RECEIVEMENT") {
      const reasonsType: DueDateType = input.documentsAttachmentDueDateType ?? "LOOSE";
      const legal = appealReasonsDeadline(now, this.timeScale);
      let reasonsDue = legal;
      if (reasonsType === "FIXED") {
        const fixed = instant(input.disputeDocumentsAttachmentDueDateTime, "o prazo de envio dos recursos");
        if (!fixed) throw badRequest("Informe a data limite para envio dos recursos.");
        if (!isFixedAppealDateAllowed(fixed, legal))
          throw badRequest(
            `A data limite para envio dos recursos não pode ser anterior ao prazo legal de 3 dias úteis (${at(legal)}).`,
          );
        reasonsDue = fixed;
      }
      const counterType = counterArgumentsDueDateType(
        target,
        reasonsType,
        input.counterArgumentsAttachmentDueDateType ?? null,
      );
      let counterDue: Date | null = null;
      if (counterType === "FIXED") {
        const fixed = instant(
          input.counterArgumentDocumentsAttachmentDueDateTime,
          "o prazo de envio das contrarrazões",
        );
        const counterLegal = counterArgumentsDeadline(reasonsDue, this.timeScale);
        if (!fixed) throw badRequest("Informe a data limite para envio das contrarrazões.");
        if (!isFixedAppealDateAllowed(fixed, counterLegal))
          throw badRequest(
            `A data limite para envio das contrarrazões não pode ser anterior ao prazo legal de 3 dias úteis após o prazo dos recursos (${at(counterLegal)}).`,
          );
        counterDue = fixed;
      }
      await repo.updateRound(tx, round.id, {
        reasonsDueType: reasonsType,
        reasonsDueAt: reasonsDue,
        counterArgumentsDueType: counterType === "FIXED" ? "FIXED" : null,
        counterArgumentsDueAt: counterDue,
      });
      await engineRepo.updateLot(tx, lot.id, { phaseEndDateTime: reasonsDue });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: "APPEAL_TERMS_SET",
        actorUserId: null,
        payload: {
          batchId: lot.id,
          roundId: round.id,
          phase: target,
          reasonsDueType: reasonsType,
          reasonsDueAt: reasonsDue.toISOString(),
          counterArgumentsDueAt: counterDue?.toISOString() ?? null,
        },
      });
      return;
    }
    // COUNTERARGUMENTS_RECEIVEMENT: a date fixed with the reasons' holds; else the legal term.
    const fixed = round.counterArgumentsDueType === "FIXED" ? round.counterArgumentsDueAt : null;
    const start =
      round.reasonsDueAt && round.reasonsDueAt.getTime() > now.getTime() ? round.reasonsDueAt : now;
    const counterDue = fixed ?? counterArgumentsDeadline(start, this.timeScale);
    await repo.updateRound(tx, round.id, {
      counterArgumentsDueType: fixed ? "FIXED" : "LOOSE",
      counterArgumentsDueAt: counterDue,
    });
    await engineRepo.updateLot(tx, lot.id, { phaseEndDateTime: counterDue });
    await appendEvent(tx, {
      auctionNoticeId: notice.id,
      eventType: "APPEAL_TERMS_SET",
      actorUserId: null,
      payload: {
        batchId: lot.id,
        roundId: round.id,
        phase: target,
        counterArgumentsDueType: fixed ? "FIXED" : "LOOSE",
        counterArgumentsDueAt: counterDue.toISOString(),
      },
    });
  }

  // ---- live frames ----

  /**
   * The frames of a dispute notice: the same data for every audience — ids, anonymous numbers and,
   * outside confidential phases, the supplier's name (as the chat shows it then).
   */
  async render(notice: LiveNotice): Promise<RenderedEvent[] | null> {
    if (notice.t !== "dispute") return null;
    const read = await this.readNotice(this.db, notice.n, notice.d);
    const disputes = read.disputes.map((d) => read.view(d));
    const data = {
      auctionNoticeId: notice.n,
      batchesIds: [...new Set(read.disputes.map((d) => d.batchId))],
      disputesIds: read.disputes.map((d) => d.id),
      disputes,
      serverTime: this.clock().toISOString(),
    };
    return [{ noticeId: notice.n, action: notice.a, perSupplier: new Set(), view: () => data }];
  }
}

/** Where a dispute file is read (its visibility checked again). */
export const documentUrl = (id: string) => `/api/app/dispute/document/${id}`;
