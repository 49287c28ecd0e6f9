import {
  AWARD_EVENTS,
  type AwardBacklogInput,
  type AwardBroadcastInput,
  type AwardConfigureInput,
  type AwardIndicateInput,
  type AwardRegionalInput,
  awardBacklogSchema,
  awardBroadcastSchema,
  awardConfigureSchema,
  awardIndicateSchema,
  awardRegionalSchema,
  can,
  documentClassOf,
  formatBrasiliaDateTime,
  isNewModality,
  isQualificationDocumentKind,
  isRegionalPreferencePhase,
  type Modality,
  meetsRegionalPreferencePriceRule,
  NOTICE_STATUS_LABELS,
  parseIsoInstant,
  type RegionalPreferenceBid,
  type RoomAction,
  sortBids,
} from "@certame/domain";
import { z } from "zod";
import type { Db, DbOrTx, Tx } from "../../db/client";
import type { LotDocumentKind } from "../../db/schema";
import { appendEvent } from "../../events/event-log.repository";
import { UPLOAD_ALLOWED_MIME } from "../../files/sniff";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { LiveCommand } from "../bus/live-command";
import type { AwardAction, LiveNotice, LivePublisher } from "../bus/live-notice";
import {
  defineRoomCommand,
  type RoomCommandCall,
  type RoomPermission,
  roomCommands,
} from "../bus/room-command";
import type { ChatService } from "../chat/chat.service";
import { maySeeDocument } from "../documents/document-visibility";
import type { EngineNotice, LotRow } from "../engine/auction.repository";
import * as engineRepo from "../engine/auction.repository";
import { awardLotFields, lotWinnerId } from "../engine/lot-award-fields";
import {
  FILE_NOT_FOUND,
  LOT_NOT_FOUND,
  lotText,
  OTHER_NOTICE,
  type Outbox,
  outOfPhase,
  permissionContext,
  type RoomScope,
  scopeLot,
  scopeStatus,
} from "../engine/room-action";
import { RoomActionService } from "../engine/room-action.service";
import type { RenderedEvent } from "../state/audience";
import { anonymousSupplierName } from "../state/audience";
import type { RoomMember, RoomService } from "../state/room.service";
import * as repo from "./award.repository";
import { backlogBidView } from "./award-views";

// The winner's documents after bidding (trading-room §2.3 action panel, §2.6 modals, §3 "Lot"
// flags, §4 "Other pushed events", §6, §7; DESIGN §4 "Documents after bidding"; Lei 14.133/2021
// arts. 59, 63; IN SEGES/ME 73/2022 art. 29): the officials' documents window (initialize, and
// extend once lapsed), the winner's readjusted proposal and its qualification documents. Each
// change is one transaction with the notice's lot heads locked (the engine's order), a hash-chained
// event-log entry and a system chat message; the live notice goes out after the commit.
// docs/live-room.md "Winner's documents"; docs/decisions.md "Winner's documents".

export const DOCUMENT_NOT_FOUND = "Documento não encontrado.";
const NOT_RUNNING = "O processo não está em andamento; nenhuma ação sobre os documentos é possível agora.";
const NOT_WINNER = "Somente o licitante vencedor do lote/item pode realizar esta ação.";
const HOUR = 3_600_000;
/** DESIGN §4: the winner gets at least 2 hours to send its documents (IN SEGES/ME 73/2022 art. 29). */
export const MINIMUM_WINDOW_HOURS = 2;
/** §5 "Attaching-documents deadline": amountHour defaults to 2. */
export const DEFAULT_AMOUNT_HOUR = 2;

const ref = z.string().max(2_000);
export const readjustedProposalSchema = z.object({
  documents: z.array(z.object({ name: z.string().max(1_000).optional().nullable(), url: ref })).max(10),
  auctionNoticeId: z.uuid().optional().nullable(),
  batchId: z.uuid(),
});
export const proofPaymentSchema = readjustedProposalSchema;
export const associateSchema = z.object({
  // Library ids, as {id} or bare (§7 leaves the shape open).
  documents: z.array(z.union([z.uuid(), z.object({ id: z.uuid() }).transform((d) => d.id)])).max(200),
  auctionNoticeId: z.uuid().optional().nullable(),
  batchId: z.uuid(),
});
export const processFileSchema = z.object({
  auctionNoticeId: z.uuid(),
  /** The upload (/api/upload) as its url or id; `fileName` is read the same way (§7 names it so). */
  url: ref.optional().nullable(),
  fileName: ref.optional().nullable(),
  name: z.string().max(1_000).optional().nullable(),
  description: z.string().max(1_000).optional().nullable(),
  docKind: z.string().max(40).optional().nullable(),
});
export const listSchema = z.object({
  auctionNoticeId: z.uuid(),
  batchId: z.uuid().optional().nullable(),
});

const at = (date: Date) => formatBrasiliaDateTime(date);

/** What each file sending of the winner is: its §6 action, its kind, its event and its texts (§8). */
interface FileSending {
  kind: Extract<LotDocumentKind, "READJUSTED_PROPOSAL" | "ELECTRONIC_AUCTION_PAYMENT">;
  action: (modality: Modality) => RoomAction;
  live: AwardAction;
  what: string;
  chat: string;
  done: string;
  fileRequired: string;
}
const FILE_SENDINGS: Record<FileSending["kind"], FileSending> = {
  READJUSTED_PROPOSAL: {
    kind: "READJUSTED_PROPOSAL",
    action: (m) => (isNewModality(m) ? "ATTACH_READJUSTED_PROPOSAL_NEW" : "ATTACH_READJUSTED_PROPOSAL_OLD"),
    live: "READJUSTED_PROPOSAL_ATTACHED",
    what: "anexar a proposta readequada",
    chat: "a proposta readequada",
    done: "Proposta readequada anexada com sucesso",
    fileRequired: "Anexe o arquivo da proposta readequada.",
  },
  ELECTRONIC_AUCTION_PAYMENT: {
    kind: "ELECTRONIC_AUCTION_PAYMENT",
    action: () => "ATTACH_PROOF_PAYMENT",
    live: "PROOF_PAYMENT_ATTACHED",
    what: "anexar o comprovante de pagamento",
    chat: "o comprovante de pagamento",
    done: "Comprovante de pagamento anexada com sucesso",
    fileRequired: "Anexe o arquivo do comprovante de pagamento.",
  },
};

type Scope = RoomScope;

/** The documents window's permission: initialize it, or extend it once lapsed (§6). */
const configurePermission = (input: AwardConfigureInput): RoomPermission =>
  input.isExtendingDateTime === true
    ? { action: "EXTEND_ATTACHING_DOCUMENTS_DATE_TIME", what: "prorrogar o prazo de envio dos documentos" }
    : { action: "INITIALIZE_ATTACHING_DOCUMENTS_DATE_TIME", what: "iniciar o prazo de envio dos documentos" };
const INDICATE: RoomPermission = {
  action: "INDICATE_WINNER_BROAD_PARTICIPATION_BATCH",
  what: "indicar o vencedor da cota de ampla participação",
};
const REGIONAL: RoomPermission = {
  action: "APPLY_REGIONAL_PREFERENCE",
  what: "aplicar a regra de preferência local ou regional",
};
const BACKLOG: RoomPermission = { action: "CREATE_BACKLOG_BID", what: "aderir ao cadastro reserva" };

export interface AwardServiceOptions {
  clock?: () => Date;
  /** AUCTION_TIME_SCALE (DESIGN §2): the documents window is scaled like every engine duration. */
  timeScale?: number;
}

export class AwardService extends RoomActionService {
  private readonly timeScale: number;

  constructor(
    db: Db,
    chat: ChatService,
    live: LivePublisher,
    private readonly room: RoomService,
    options: AwardServiceOptions = {},
  ) {
    super(db, chat, live, { clock: options.clock, notRunning: NOT_RUNNING });
    this.timeScale = options.timeScale ?? 1;
  }

  /** The winner's documents' live events (docs/live-room.md "Winner's documents"). */
  commands(): LiveCommand[] {
    return roomCommands([
      defineRoomCommand({
        event: AWARD_EVENTS.broadcastConfigureAttachingDocumentsDateTime,
        schema: awardConfigureSchema,
        permissionOf: configurePermission,
        handle: (call) => this.configure(call),
      }),
      defineRoomCommand({
        event: AWARD_EVENTS.indicateWinnerBoardParticipation,
        schema: awardIndicateSchema,
        permission: INDICATE,
        handle: (call) => this.indicateWinner(call),
      }),
      defineRoomCommand({
        event: AWARD_EVENTS.applyRegionalPreference,
        schema: awardRegionalSchema,
        permission: REGIONAL,
        handle: (call) => this.applyRegionalPreference(call),
      }),
      defineRoomCommand({
        event: AWARD_EVENTS.createBacklogBid,
        schema: awardBacklogSchema,
        permission: BACKLOG,
        handle: (call) => this.createBacklogBid(call),
      }),
      // The broadcasts confirm what an HTTP call checked, committed and pushed: no §6 action of their own.
      ...[
        AWARD_EVENTS.broadcastReadjustedProposalAttached,
        AWARD_EVENTS.broadcastQualificationDocumentAttached,
        AWARD_EVENTS.broadcastProofPaymentAttached,
      ].map((event) =>
        defineRoomCommand({
          event,
          schema: awardBroadcastSchema,
          permission: null,
          handle: (call) => this.confirmAttached(call),
        }),
      ),
    ]);
  }

  /** The HTTP call pushed its event after its commit; this only confirms the lot is the room's. */
  private async confirmAttached({ noticeId, input }: RoomCommandCall<AwardBroadcastInput>) {
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    const found = await engineRepo.findLot(this.db, input.batchId);
    if (!found || found.lot.auctionNoticeId !== noticeId || found.lot.item !== 1)
      throw notFound(LOT_NOT_FOUND);
    return { batchId: input.batchId };
  }

  // ---- shared ----

  private lotOf(s: Scope, batchId: string): LotRow {
    return scopeLot(s, batchId);
  }

  /** §6 `can` with the documents window and the winner flag of the lot. */
  private documentsAllowed(member: RoomMember, action: RoomAction, s: Scope, lot: LotRow, isWinner = false) {
    return this.allowed(member, action, s, lot, {
      attachingDocumentsEndingDateTime: lot.attachingDocumentsEndingDateTime,
      isWinner,
    });
  }

  /**
   * The lot's winner (§6 "Extra conditions": the user's anonymous number is the winning bid's):
   * the supplier the lot went to when bidding ended (its best-placed, negotiatingSupplierId), once
   * no competition is open, and only while the auctioneer has not disqualified or disabled it.
   * Public: respecify.service.ts applies the same winner rule.
   */
  async isWinner(tx: DbOrTx, lot: LotRow, member: RoomMember) {
    if (!member.supplierId || lotWinnerId(lot) !== member.supplierId) return false;
    const flags = await engineRepo.lotBidder(tx, lot.id, member.supplierId);
    return !flags || (flags.isEnabled && flags.isQualified);
  }

  /** The winner-only supplier action on one lot: role (403), winner (403), phase (400), window (400). */
  private async requireWinnerAction(
    tx: Tx,
    member: RoomMember,
    action: RoomAction,
    s: Scope,
    lot: LotRow,
    what: string,
  ) {
    this.requireRole(member, action, s, what);
    if (!(await this.isWinner(tx, lot, member))) throw forbidden(NOT_WINNER);
    if (!this.documentsAllowed(member, action, s, lot, true)) throw outOfPhase(s, lot, what);
    const end = lot.attachingDocumentsEndingDateTime;
    if (end && this.clock().getTime() > end.getTime())
      throw badRequest(`O prazo para envio dos documentos no ${lotText(lot.number)} encerrou em ${at(end)}.`);
  }

  private push(outbox: Outbox, noticeId: string, action: AwardAction, lotIds: readonly string[]) {
    outbox.push({ t: "award", n: noticeId, a: action, l: [...lotIds] });
  }

  private async anonymousNumber(tx: DbOrTx, noticeId: string, supplierId: string) {
    const people = await engineRepo.participants(tx, noticeId);
    return people.find((p) => p.supplierId === supplierId)?.anonymousNumber ?? null;
  }

  /** The notice of a lot head named by an HTTP call (a forged or foreign id is a 404). */
  private async noticeOfLot(batchId: string, auctionNoticeId: string | null | undefined) {
    const lot = (await engineRepo.findLot(this.db, batchId))?.lot;
    if (lot?.item !== 1) throw notFound(LOT_NOT_FOUND);
    if (auctionNoticeId && auctionNoticeId !== lot.auctionNoticeId) throw notFound(LOT_NOT_FOUND);
    return lot.auctionNoticeId;
  }

  // ---- the documents window (officials) ----

  /**
   * broadcast_configure_attaching_documents_date_time: the officials open the winner's documents
   * window (INITIALIZE, no window yet) or reopen a lapsed one (EXTEND), for a number of hours or
   * up to a fixed date; in NEGOTIATION it is the readjusted proposal's ('Propostas Ajustadas'), in
   * QUALIFICATION the qualification documents'. With canOverwriteAllBatches every lot where the same
   * action is allowed now gets the same window.
   */
  private configure(call: RoomCommandCall<AwardConfigureInput>) {
    const { user, member, noticeId, input } = call;
    const extending = input.isExtendingDateTime === true;
    const { action, what } = configurePermission(input);
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId, call);
      const lot = this.lotOf(s, input.batchId);
      if (input.currentBatchPhase && input.currentBatchPhase !== lot.phase)
        throw badRequest(`O ${lotText(lot.number)} mudou de fase; atualize a sala e tente novamente.`);
      const now = this.clock();
      if (!this.documentsAllowed(member, action, s, lot)) {
        const end = lot.attachingDocumentsEndingDateTime;
        if (!extending && end)
          throw badRequest(
            `O prazo de envio dos documentos do ${lotText(lot.number)} já foi iniciado (até ${at(end)}); ` +
              "após o encerramento ele pode ser prorrogado.",
          );
        if (
          extending &&
          (!end || end.getTime() > now.getTime()) &&
          ["NEGOTIATION", "QUALIFICATION"].includes(lot.phase)
        )
          throw badRequest(
            end
              ? `O prazo de envio dos documentos do ${lotText(lot.number)} só pode ser prorrogado após o encerramento (${at(end)}).`
              : `O prazo de envio dos documentos do ${lotText(lot.number)} ainda não foi iniciado.`,
          );
        throw outOfPhase(s, lot, what);
      }
      const end = this.windowEnd(input, now, extending);
      const lots = input.canOverwriteAllBatches
        ? s.heads.filter((h) => h.id === lot.id || this.documentsAllowed(member, action, s, h))
        : [lot];
      const ids = lots.map((l) => l.id);
      for (const l of lots)
        await engineRepo.updateLot(tx, l.id, {
          attachingDocumentsStartDateTime: extending ? (l.attachingDocumentsStartDateTime ?? now) : now,
          attachingDocumentsEndingDateTime: end,
        });
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "ATTACHING_DOCUMENTS_CONFIGURED",
        actorUserId: user.id,
        payload: {
          batchIds: ids,
          phases: lots.map((l) => l.phase),
          kind: extending ? "EXTEND" : "INITIALIZE",
          deadlineKind: input.deadlineDateTime ? "D" : "H",
          amountHour: input.deadlineDateTime ? null : (input.amountHour ?? DEFAULT_AMOUNT_HOUR),
          attachingDocumentsEndingDateTime: end.toISOString(),
        },
      });
      this.push(outbox, noticeId, "ATTACHING_DOCUMENTS_CONFIGURED", ids);
      for (const l of lots) {
        const what =
          l.phase === "NEGOTIATION" ? "envio das propostas ajustadas" : "envio dos documentos de habilitação";
        await this.message(
          tx,
          outbox,
          noticeId,
          [l.id],
          `${extending ? "Prorrogado" : "Iniciado"} o prazo para ${what} do ${lotText(l.number)}: até ${at(end)}.`,
          "ATTACHING_DOCUMENTS_CONFIGURED",
        );
      }
      return { batchesIds: ids, attachingDocumentsEndingDateTime: end.toISOString() };
    });
  }

  /**
   * The window's end: amountHour hours from now (H; an integer, at least 1, default 2) or a fixed
   * date (D). A first window gives the winner at least 2 hours (DESIGN §4); an extension reopens a
   * lapsed window, so its 1-hour minimum of the modal (§5) is enough.
   */
  private windowEnd(input: AwardConfigureInput, now: Date, extending: boolean): Date {
    const minimumMs = (extending ? 1 : MINIMUM_WINDOW_HOURS) * HOUR * this.timeScale;
    const fixed =
      input.deadlineKind === "D" || (input.deadlineKind !== "H" && !!input.deadlineDateTime?.trim());
    let end: Date;
    if (fixed) {
      const value = input.deadlineDateTime?.trim();
      if (!value) throw badRequest("Informe a data e a hora limite para envio dos documentos.");
      const parsed = parseIsoInstant(value);
      if (!parsed) throw badRequest("Informe uma data limite válida para envio dos documentos.");
      end = parsed;
    } else {
      const hours = input.amountHour ?? DEFAULT_AMOUNT_HOUR;
      if (!Number.isInteger(hours) || hours < 1 || hours > 24 * 365)
        throw badRequest("Informe a quantidade de horas (um número inteiro, no mínimo 1).");
      end = new Date(now.getTime() + hours * HOUR * this.timeScale);
    }
    if (end.getTime() - now.getTime() < minimumMs)
      throw badRequest(
        extending
          ? "A prorrogação deve ser de no mínimo 1 hora."
          : `O prazo para envio dos documentos deve ser de no mínimo ${MINIMUM_WINDOW_HOURS} horas.`,
      );
    return end;
  }

  // ---- the reserved quota's winner (officials) ----

  /**
   * indicate_winner_board_participation {auctionNoticeId, batchId, referenceBatchId}: a reserved
   * quota lot (DIFFERENTIATED) with no winner goes to the winner of its wide-participation lot
   * (Decreto 8.538/2015 art. 8 §2; §6 INDICATE_WINNER_BROAD_PARTICIPATION_BATCH: officials, new
   * modalities, ONGOING, NEGOTIATION or an ended phase once no lot still competes). The lot keeps its
   * phase; an ended lot is then resumed by the officials (resume_batch) with its winner set.
   */
  private indicateWinner(call: RoomCommandCall<AwardIndicateInput>) {
    const { user, member, noticeId, input } = call;
    const { action, what } = INDICATE;
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId, call);
      const lot = this.lotOf(s, input.batchId);
      if (lot.batchItemParticipation !== "DIFFERENTIATED")
        throw badRequest(`O ${lotText(lot.number)} não é uma cota reservada.`);
      const hasWinner = !!lot.negotiatingSupplierId;
      if (hasWinner) throw badRequest(`O ${lotText(lot.number)} já possui vencedor.`);
      const allowed = can(member.role, action, {
        modality: s.notice.modality,
        status: s.status,
        phase: lot.phase,
        now: this.clock(),
        batchItemParticipation: "DIFFERENTIATED",
        hasWinner,
        lotPhases: s.heads.map((h) => h.phase),
      });
      if (!allowed) throw outOfPhase(s, lot, what);
      const reference = input.referenceBatchId
        ? this.lotOf(s, input.referenceBatchId)
        : s.heads.find((h) => h.number === lot.wideParticipationBatch);
      if (!reference) throw badRequest("Informe o lote/item de ampla participação.");
      if (reference.batchItemParticipation !== "WIDE_PARTICIPATION")
        throw badRequest(`O ${lotText(reference.number)} não é de ampla participação.`);
      if (lot.wideParticipationBatch !== null && lot.wideParticipationBatch !== reference.number)
        throw badRequest(
          `A cota do ${lotText(lot.number)} corresponde ao ${lotText(lot.wideParticipationBatch)} de ampla participação.`,
        );
      const winnerId = lotWinnerId(reference);
      if (!winnerId)
        throw badRequest(`O ${lotText(reference.number)} de ampla participação ainda não tem vencedor.`);
      await engineRepo.updateLot(tx, lot.id, {
        negotiatingSupplierId: winnerId,
        wideParticipationBatch: reference.number,
      });
      const number = await this.anonymousNumber(tx, noticeId, winnerId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "WINNER_BROAD_PARTICIPATION_INDICATED",
        actorUserId: user.id,
        payload: {
          batchId: lot.id,
          referenceBatchId: reference.id,
          supplierId: winnerId,
          anonymousNumber: number,
        },
      });
      this.push(outbox, noticeId, "WINNER_BROAD_PARTICIPATION_INDICATED", [lot.id]);
      await this.message(
        tx,
        outbox,
        noticeId,
        [lot.id],
        `${anonymousSupplierName(number)}, vencedor do ${lotText(reference.number)} de ampla participação, foi indicado como vencedor da cota reservada do ${lotText(lot.number)}.`,
        "WINNER_BROAD_PARTICIPATION_INDICATED",
      );
      return {
        batchId: lot.id,
        referenceBatchId: reference.id,
        anonymousSupplierIdentificationNumber: number,
      };
    });
  }

  // ---- regional / local preference (officials) ----

  /**
   * The lot's bidders as the regional-preference rule reads them (§6 "Extra conditions"): each
   * supplier's best live bid, its standing in the lot, its regional declaration and whether it is
   * the winner; and the ME/EPP among the qualified bidders (LC 123/2006 art. 49 II).
   */
  private async regionalBids(tx: DbOrTx, notice: EngineNotice, lot: LotRow) {
    const criterion = lot.dispensationForm ?? notice.dispensationForm;
    const [all, flags, declarants, people] = await Promise.all([
      engineRepo.lotBids(tx, lot.id),
      engineRepo.lotBidderRows(tx, lot.id),
      repo.regionalDeclarants(tx, notice.id),
      engineRepo.participants(tx, notice.id),
    ]);
    const standing = new Map(flags.map((f) => [f.supplierId, f.isEnabled && f.isQualified]));
    const bySupplier = new Map<string, (RegionalPreferenceBid & { supplierId: string })[]>();
    for (const b of all) {
      if (b.isCancelled || !b.isRevealed) continue;
      const list = bySupplier.get(b.supplierId) ?? [];
      list.push({
        supplierId: b.supplierId,
        unitPrice: b.unitPrice,
        percentDiscount: b.percentDiscount === null ? null : Number(b.percentDiscount),
        createdDate: b.createdDate,
        isWinner: b.supplierId === lot.negotiatingSupplierId,
        isQualifiedAndEnabled: standing.get(b.supplierId) ?? true,
        isRegionalPreferenceLocation: declarants.has(b.supplierId),
      });
      bySupplier.set(b.supplierId, list);
    }
    const bids = [...bySupplier.values()].map(
      (list) => sortBids(list, criterion)[0] as (typeof list)[number],
    );
    const small = new Set(
      people.filter((p) => p.isSmallBusiness && p.hasSmallCompanyDeclaration).map((p) => p.supplierId),
    );
    const qualifyingSmallBusinesses = bids.filter(
      (b) => b.isQualifiedAndEnabled && small.has(b.supplierId),
    ).length;
    return { criterion, bids, qualifyingSmallBusinesses };
  }

  /**
   * apply_regional_preference {auctionNoticeId, batchId, applyRegionalPreference}: the officials
   * decide, once per lot, whether the local/regional preference applies (LC 123/2006 art. 48 §3;
   * §6 APPLY_REGIONAL_PREFERENCE and its extra conditions). Yes: the best-placed qualified regional
   * bidder within 10% of the winner (90% for BIGGEST_PRICE) takes the lot's negotiation, with the
   * right to cover the winner's bid. The answer carries the ME/EPP count the modal warns about.
   */
  private applyRegionalPreference(call: RoomCommandCall<AwardRegionalInput>) {
    const { user, member, noticeId, input } = call;
    const { action, what } = REGIONAL;
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId, call);
      const lot = this.lotOf(s, input.batchId);
      const flag = await repo.canApplyRegionalPreference(tx, noticeId);
      if (!flag) throw badRequest("Este processo não admite a preferência local ou regional.");
      if (lot.isRegionalPreferenceApplied !== null)
        throw badRequest(`A preferência local ou regional já foi decidida no ${lotText(lot.number)}.`);
      const { criterion, bids, qualifyingSmallBusinesses } = await this.regionalBids(tx, s.notice, lot);
      const allowed = can(member.role, action, {
        modality: s.notice.modality,
        status: s.status,
        phase: lot.phase,
        now: this.clock(),
        licensePhase: s.notice.auctionLicensePhase,
        hasPassedByQualification: lot.hasPassedByQualification,
        criterion,
        canApplyRegionalPreference: flag,
        isRegionalPreferenceApplied: lot.isRegionalPreferenceApplied,
        bids,
      });
      if (!allowed) {
        const inPhase = isRegionalPreferencePhase(
          lot.phase,
          s.notice.auctionLicensePhase,
          lot.hasPassedByQualification,
        );
        if (s.status !== "ONGOING" || !inPhase) throw outOfPhase(s, lot, what);
        throw badRequest(
          `Não há licitante local ou regional em condições de preferência no ${lotText(lot.number)}.`,
        );
      }
      const winner = bids.find((b) => b.isWinner) ?? null;
      const preferred = input.applyRegionalPreference
        ? (sortBids(
            bids.filter(
              (b) =>
                !b.isWinner &&
                b.isRegionalPreferenceLocation &&
                b.isQualifiedAndEnabled &&
                !!winner &&
                meetsRegionalPreferencePriceRule(b, winner, criterion),
            ),
            criterion,
          )[0] ?? null)
        : null;
      await engineRepo.updateLot(tx, lot.id, {
        isRegionalPreferenceApplied: input.applyRegionalPreference,
        ...(preferred ? { negotiatingSupplierId: preferred.supplierId } : {}),
      });
      const people = new Map((await engineRepo.participants(tx, noticeId)).map((p) => [p.supplierId, p]));
      const preferredNumber = preferred ? (people.get(preferred.supplierId)?.anonymousNumber ?? null) : null;
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "REGIONAL_PREFERENCE_CONFIGURED",
        actorUserId: user.id,
        payload: {
          batchId: lot.id,
          applyRegionalPreference: input.applyRegionalPreference,
          previousWinnerSupplierId: lot.negotiatingSupplierId,
          preferredSupplierId: preferred?.supplierId ?? null,
          qualifyingSmallBusinesses,
        },
      });
      this.push(outbox, noticeId, "REGIONAL_PREFERENTE_CONFIGURED", [lot.id]);
      await this.message(
        tx,
        outbox,
        noticeId,
        [lot.id],
        input.applyRegionalPreference
          ? `Aplicada a regra de preferência local ou regional no ${lotText(lot.number)}: ${anonymousSupplierName(preferredNumber)} tem o direito de cobrir o melhor lance.`
          : `A regra de preferência local ou regional não foi aplicada no ${lotText(lot.number)}.`,
        "REGIONAL_PREFERENTE_CONFIGURED",
      );
      return {
        batchId: lot.id,
        isRegionalPreferenceApplied: input.applyRegionalPreference,
        anonymousSupplierIdentificationNumber: preferredNumber,
        qualifyingSmallBusinesses,
      };
    });
  }

  // ---- the reserve register (bidders) ----

  /**
   * create_backlog_bid {batchId, canGetCurrentBestBid}: a bidder other than the winner joins the
   * lot's reserve register (§6 CREATE_BACKLOG_BID: PRICES_SUBMISSION / NEW_PRICES_SUBMISSION,
   * QUALIFICATION, once the lot passed qualification; Decreto 11.462/2023 art. 18), at the winner's
   * best bid (default) or at its own best bid. Once per lot.
   */
  private createBacklogBid(call: RoomCommandCall<AwardBacklogInput>) {
    const { user, member, noticeId, input } = call;
    const { action, what } = BACKLOG;
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId, call);
      const lot = this.lotOf(s, input.batchId);
      const supplierId = member.supplierId as string;
      const winner = await this.isWinner(tx, lot, member);
      if (winner)
        throw badRequest("O licitante vencedor não adere ao cadastro reserva do próprio lote/item.");
      if (!this.documentsAllowed(member, action, s, lot, false)) throw outOfPhase(s, lot, what);
      if (await repo.findBacklogBid(tx, lot.id, supplierId))
        throw badRequest(`Você já aderiu ao cadastro reserva do ${lotText(lot.number)}.`);
      const { criterion, bids } = await this.regionalBids(tx, s.notice, lot);
      const own = bids.find((b) => b.supplierId === supplierId);
      if (!own) throw badRequest(`Você não possui proposta no ${lotText(lot.number)}.`);
      const best = bids.find((b) => b.isWinner) ?? sortBids(bids, criterion)[0];
      const takeBest = input.canGetCurrentBestBid !== false;
      const value = takeBest && best ? best : own;
      const row = await repo.insertBacklogBid(tx, {
        auctionNoticeId: noticeId,
        batchId: lot.id,
        supplierId,
        unitPrice: value.unitPrice ?? null,
        percentDiscount: value.percentDiscount == null ? null : String(value.percentDiscount),
        canGetCurrentBestBid: takeBest,
        createdByUserId: user.id,
      });
      const number = await this.anonymousNumber(tx, noticeId, supplierId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "BACKLOG_BID_CREATED",
        actorUserId: user.id,
        payload: {
          batchId: lot.id,
          backlogBidId: row.id,
          supplierId,
          anonymousNumber: number,
          canGetCurrentBestBid: takeBest,
          unitPrice: row.unitPrice,
          percentDiscount: row.percentDiscount,
        },
      });
      outbox.push({ t: "backlog", n: noticeId, l: lot.id, b: row.id });
      await this.message(
        tx,
        outbox,
        noticeId,
        [lot.id],
        `${anonymousSupplierName(number)} aderiu ao cadastro reserva do ${lotText(lot.number)}${takeBest ? " pelo valor do licitante vencedor" : ""}.`,
        "BACKLOG_BID_CREATED",
      );
      return { batchId: lot.id, bid: backlogBidView(row, number, true) };
    });
  }

  // ---- the winner's documents (HTTP) ----

  /**
   * app/supplier/attachReadjustedProposal {documents:[{name, url}], auctionNoticeId, batchId}: the
   * winner's readjusted proposal (§6 ATTACH_READJUSTED_PROPOSAL_NEW in NEGOTIATION for the new
   * modalities, _OLD in QUALIFICATION for the old ones), its own uploads, within the documents
   * window when one runs. A new sending replaces the proposal in force.
   */
  attachReadjustedProposal(user: SessionUser, input: z.infer<typeof readjustedProposalSchema>) {
    return this.attachFiles(user, input, FILE_SENDINGS.READJUSTED_PROPOSAL);
  }

  /**
   * app/supplier/attachProofPayment {documents, auctionNoticeId, batchId}: in a leilão the winning
   * bidder's proof of payment (§6 ATTACH_PROOF_PAYMENT, ELECTRONIC_AUCTION, HOMOLOGATION; Lei
   * 14.133/2021 art. 31), its own uploads; a new sending replaces the one in force.
   */
  attachProofPayment(user: SessionUser, input: z.infer<typeof proofPaymentSchema>) {
    return this.attachFiles(user, input, FILE_SENDINGS.ELECTRONIC_AUCTION_PAYMENT);
  }

  /** The winner's uploads filed in its library under the sending's kind and linked to the lot. */
  private async attachFiles(
    user: SessionUser,
    input: z.infer<typeof readjustedProposalSchema>,
    sending: FileSending,
  ) {
    const noticeId = await this.noticeOfLot(input.batchId, input.auctionNoticeId);
    const member = await this.room.memberOf(user, noticeId);
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId);
      const lot = this.lotOf(s, input.batchId);
      const action = sending.action(s.notice.modality);
      await this.requireWinnerAction(tx, member, action, s, lot, sending.what);
      if (input.documents.length === 0) throw badRequest(sending.fileRequired);
      const supplierId = member.supplierId as string;
      const now = this.clock();
      const files = [];
      for (const doc of input.documents) files.push(await this.requiredUpload(tx, user, doc.url, doc.name));
      const library = await repo.insertLibraryDocuments(
        tx,
        files.map((f) => ({
          supplierId,
          fileId: f.fileId,
          name: f.name,
          kind: sending.kind,
          documentClass: documentClassOf(sending.kind),
          sentDatetime: now,
        })),
      );
      const rows = await this.replace(
        tx,
        s,
        lot,
        supplierId,
        sending.kind,
        library.map((d) => d.id),
        user,
      );
      if (sending.kind === "READJUSTED_PROPOSAL")
        await engineRepo.updateLot(tx, lot.id, { isReadjustedProposalAttached: true });
      const number = await this.anonymousNumber(tx, noticeId, supplierId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: sending.live,
        actorUserId: user.id,
        payload: {
          batchId: lot.id,
          supplierId,
          anonymousNumber: number,
          documentIds: rows.map((r) => r.id),
          files: files.map((f) => ({ fileId: f.fileId, name: f.name })),
        },
      });
      this.push(outbox, noticeId, sending.live, [lot.id]);
      await this.message(
        tx,
        outbox,
        noticeId,
        [lot.id],
        `${anonymousSupplierName(number)} anexou ${sending.chat} do ${lotText(lot.number)}.`,
        sending.live,
      );
      return {
        message: sending.done,
        documents: (await repo.currentDocuments(tx, lot.id, supplierId, sending.kind)).map(documentView),
      };
    });
  }

  /**
   * app/supplier/associateQualificationDocuments {documents, auctionNoticeId, batchId}: the winner
   * sends qualification documents of its library (a new file is first filed with
   * attachQualificationDocuments) for the lot (§6 ATTACH_QUALIFICATION_DOCUMENT, QUALIFICATION),
   * within the documents window when one runs. The set sent replaces the previous one; the same set
   * again changes nothing and tells no one (canSandMessage false).
   */
  async associateQualificationDocuments(user: SessionUser, input: z.infer<typeof associateSchema>) {
    const noticeId = await this.noticeOfLot(input.batchId, input.auctionNoticeId);
    const member = await this.room.memberOf(user, noticeId);
    const what = "anexar documentos de habilitação";
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId);
      const lot = this.lotOf(s, input.batchId);
      await this.requireWinnerAction(tx, member, "ATTACH_QUALIFICATION_DOCUMENT", s, lot, what);
      const supplierId = member.supplierId as string;
      const ids = [...new Set(input.documents)];
      if (ids.length === 0) throw badRequest("Selecione ao menos um documento de habilitação.");
      const found = await repo.libraryDocuments(tx, supplierId, ids);
      if (found.length !== ids.length || found.some((d) => d.isDeleted)) throw notFound(DOCUMENT_NOT_FOUND);
      const wrong = found.find((d) => !isQualificationDocumentKind(d.kind));
      if (wrong) throw badRequest(`O documento "${wrong.name}" não é um documento de habilitação.`);
      const before = await repo.currentDocuments(tx, lot.id, supplierId, "QUALIFICATION_DOCUMENT");
      const same =
        before.length === ids.length &&
        before.every((d) => ids.includes(d.supplierDocumentId)) &&
        lot.isQualifiedDocumentConfirmed;
      if (same)
        return {
          message: "Documento(s) de habilitação anexados com sucesso!",
          changed: false,
          documents: before.map(documentView),
        };
      const now = this.clock();
      const rows = await this.replace(tx, s, lot, supplierId, "QUALIFICATION_DOCUMENT", ids, user);
      await repo.markSent(tx, ids, now);
      await engineRepo.updateLot(tx, lot.id, { isQualifiedDocumentConfirmed: true });
      const number = await this.anonymousNumber(tx, noticeId, supplierId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "QUALIFIED_DOCUMENT_ATTACHED",
        actorUserId: user.id,
        payload: {
          batchId: lot.id,
          supplierId,
          anonymousNumber: number,
          supplierDocumentIds: ids,
          documentIds: rows.map((r) => r.id),
        },
      });
      this.push(outbox, noticeId, "QUALIFIED_DOCUMENT_ATTACHED", [lot.id]);
      await this.message(
        tx,
        outbox,
        noticeId,
        [lot.id],
        `${anonymousSupplierName(number)} anexou ${ids.length === 1 ? "1 documento" : `${ids.length} documentos`} de habilitação no ${lotText(lot.number)}.`,
        "QUALIFIED_DOCUMENT_ATTACHED",
      );
      return {
        message: "Documento(s) de habilitação anexados com sucesso!",
        changed: true,
        documents: (await repo.currentDocuments(tx, lot.id, supplierId, "QUALIFICATION_DOCUMENT")).map(
          documentView,
        ),
      };
    });
  }

  private replace(
    tx: Tx,
    s: Scope,
    lot: LotRow,
    supplierId: string,
    kind: LotDocumentKind,
    supplierDocumentIds: readonly string[],
    user: SessionUser,
  ) {
    return repo.replaceDocuments(
      tx,
      { auctionNoticeId: s.notice.id, batchId: lot.id, supplierId, kind },
      supplierDocumentIds,
      user.id,
    );
  }

  /**
   * A file of the modals: one this user uploaded through /api/upload (checked by its bytes there:
   * JPG, PNG or PDF up to 30 MB), given as the upload's url (/api/app/file/{id}) or id.
   */
  /** A file the call requires: one this user uploaded (a PDF or another accepted kind). */
  private async requiredUpload(
    tx: Tx,
    user: SessionUser,
    reference: string,
    name: string | null | undefined,
  ) {
    const file = await this.ownUpload(tx, user, reference, name, UPLOAD_ALLOWED_MIME);
    if (!file) throw badRequest(FILE_NOT_FOUND);
    return file;
  }

  /**
   * 'Anexar arquivo ao Processo' {url | fileName, name, auctionNoticeId, docKind, description} (§2.3
   * '+ Opções', §5, §6 ATTACH_DOCUMENT_AT_PROCESS: managers and the secretary, not SUSPENDED): an
   * upload of the user (PDF by its bytes) published with the notice's files (kind OTHER, so the
   * notice's own file stays), told to every lot's chat.
   */
  async attachProcessFile(user: SessionUser, input: z.infer<typeof processFileSchema>) {
    const noticeId = input.auctionNoticeId;
    const member = await this.room.memberOf(user, noticeId);
    const what = "anexar arquivo ao processo";
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId);
      this.requireRole(member, "ATTACH_DOCUMENT_AT_PROCESS", s, what);
      const ctx = {
        modality: s.notice.modality,
        status: s.status,
        phase: null,
        now: this.clock(),
      };
      if (!can(member.role, "ATTACH_DOCUMENT_AT_PROCESS", ctx))
        throw badRequest(`Não é possível ${what} agora: processo "${NOTICE_STATUS_LABELS[s.status]}".`);
      const reference = input.url?.trim() || input.fileName?.trim();
      if (!reference) throw badRequest("Anexe o arquivo.");
      const file = await this.requiredUpload(tx, user, reference, input.name);
      const stored = await repo.findStoredFile(tx, file.fileId);
      if (stored?.mimeType !== "application/pdf") throw badRequest("O arquivo do processo deve ser um PDF.");
      const description = input.description?.trim() ?? "";
      if (description.length > 400) throw badRequest("A descrição deve ter no máximo 400 caracteres.");
      const doc = await engineRepo.insertNoticeFile(tx, {
        auctionNoticeId: noticeId,
        fileId: file.fileId,
        label: file.name,
        description,
      });
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "PROCESS_DOCUMENT_ATTACHED",
        actorUserId: user.id,
        payload: { documentId: doc.id, fileId: file.fileId, name: file.name, description, role: member.role },
      });
      await this.message(
        tx,
        outbox,
        noticeId,
        s.heads.map((h) => h.id),
        `Arquivo "${file.name}" anexado ao processo${description ? `: ${description}` : ""}.`,
        "PROCESS_DOCUMENT_ATTACHED",
      );
      return {
        message: "Arquivo anexado com sucesso",
        document: { id: doc.id, name: file.name, description, url: `/api/app/auction/documents/${doc.id}` },
      };
    });
  }

  // ---- reads ----

  /**
   * app/award/documents {auctionNoticeId, batchId?} → {documents[]}: the winner's documents of the
   * notice's lots, those the user may see (document-visibility.ts: the Body and the author always;
   * anyone else when the §6 viewing action of the kind is allowed in the lot's phase). A sender is
   * named by its anonymous number only.
   */
  async list(user: SessionUser, input: z.infer<typeof listSchema>) {
    const member = await this.room.memberOf(user, input.auctionNoticeId);
    const rows = await repo.noticeDocuments(this.db, input.auctionNoticeId, input.batchId);
    const seen = await this.visibleTo(member, input.auctionNoticeId);
    const numbers = new Map(
      (await engineRepo.participants(this.db, input.auctionNoticeId)).map((p) => [
        p.supplierId,
        p.anonymousNumber,
      ]),
    );
    return {
      documents: rows.filter(seen).map((d) => ({
        ...documentView(d),
        anonymousSupplierIdentificationNumber: numbers.get(d.supplierId) ?? null,
      })),
    };
  }

  /**
   * The proofs of payment of a lot (§7 "proofs of payment → proofPayments"): to the Body
   * (SHOW_PROOF_PAYMENT) and to their author, as the list.
   */
  async proofPayments(user: SessionUser, input: z.infer<typeof listSchema>) {
    const { documents } = await this.list(user, input);
    return { proofPayments: documents.filter((d) => d.kind === "ELECTRONIC_AUCTION_PAYMENT") };
  }

  /** Whether the member may see a winner's document of the notice, read in its lot's phase now. */
  private async visibleTo(member: RoomMember, noticeId: string) {
    const [notice, heads] = await Promise.all([
      engineRepo.findEngineNotice(this.db, noticeId),
      engineRepo.findLotHeads(this.db, noticeId),
    ]);
    const s: Scope | null = notice ? { notice, heads, status: scopeStatus(notice.status, heads) } : null;
    const now = this.clock();
    return (d: Pick<repo.LotDocumentRead, "kind" | "supplierId" | "batchId">) => {
      const lot = heads.find((h) => h.id === d.batchId);
      return maySeeDocument(
        member,
        { kind: d.kind, supplierId: d.supplierId, sentAfterBidding: true },
        s && lot ? permissionContext(s, lot, now) : null,
      );
    };
  }

  /** A winner's document for GET /api/app/award/document/{id}, when the user may see it. */
  async documentFor(user: SessionUser, id: string) {
    const doc = await repo.findDocument(this.db, id);
    if (!doc) throw notFound("Arquivo não encontrado.");
    const member = await this.room.memberOf(user, doc.auctionNoticeId);
    if (!(await this.visibleTo(member, doc.auctionNoticeId))(doc)) throw notFound("Arquivo não encontrado.");
    const file = await repo.findStoredFile(this.db, doc.fileId);
    if (!file) throw notFound("Arquivo não encontrado.");
    return { file, name: doc.name };
  }

  // ---- live frames ----

  /** BACKLOG_BID_CREATED {auctionNoticeId, batchId, bid}: every audience; the author's marked its own. */
  private async renderBacklog(notice: Extract<LiveNotice, { t: "backlog" }>): Promise<RenderedEvent[]> {
    const [row] = await repo.findBacklogBidById(this.db, notice.b);
    if (!row) return [];
    const number = await this.anonymousNumber(this.db, notice.n, row.supplierId);
    const serverTime = this.clock().toISOString();
    const data = (own: boolean) => ({
      auctionNoticeId: notice.n,
      batchId: notice.l,
      bid: backlogBidView(row, number, own),
      serverTime,
    });
    const others = data(false);
    const mine = data(true);
    return [
      {
        noticeId: notice.n,
        action: "BACKLOG_BID_CREATED",
        perSupplier: new Set([row.supplierId]),
        view: (viewer) => (viewer.supplierId === row.supplierId ? mine : others),
      },
    ];
  }

  /** The frames of an award notice: the lots' flags and windows, the same for every audience. */
  async render(notice: LiveNotice): Promise<RenderedEvent[] | null> {
    if (notice.t === "backlog") return this.renderBacklog(notice);
    if (notice.t !== "award") return null;
    const [heads, people] = await Promise.all([
      engineRepo.findLotHeads(this.db, notice.n),
      engineRepo.participants(this.db, notice.n),
    ]);
    const numbers = new Map(people.map((p) => [p.supplierId, p.anonymousNumber]));
    const lots = heads.filter((h) => notice.l.includes(h.id));
    const data = {
      auctionNoticeId: notice.n,
      batchId: notice.l[0] ?? null,
      batchesIds: lots.map((l) => l.id),
      batches: lots.map((l) => ({
        id: l.id,
        number: l.number,
        ...awardLotFields(l, (id) => numbers.get(id) ?? null),
      })),
      serverTime: this.clock().toISOString(),
    };
    return [{ noticeId: notice.n, action: notice.a, perSupplier: new Set(), view: () => data }];
  }
}

/** Where a winner's document is read (its visibility checked again). */
export const awardDocumentUrl = (id: string) => `/api/app/award/document/${id}`;

function documentView(d: repo.LotDocumentRead) {
  return {
    id: d.id,
    supplierDocumentId: d.supplierDocumentId,
    kind: d.kind,
    documentKind: d.documentKind,
    name: d.name,
    description: d.description,
    url: awardDocumentUrl(d.id),
    batchId: d.batchId,
    createdDate: d.createdDate,
  };
}
