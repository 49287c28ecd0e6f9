import {
  checkRespecifiedValues,
  LOT_PHASE_LABELS,
  maskReferencePrice,
  maySeeReferencePrice,
  NOTICE_STATUS_LABELS,
  RESPECIFY_EVENTS,
  type RespecifiableItem,
  type RespecifyBroadcastInput,
  type RoomAction,
  respecifyBroadcastSchema,
  respecifyScale,
} from "@certame/domain";
import { z } from "zod";
import type { Db } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { AwardService } from "../award/award.service";
import type { LiveCommand } from "../bus/live-command";
import type { LivePublisher } from "../bus/live-notice";
import { defineRoomCommand, type RoomCommandCall, roomCommands } from "../bus/room-command";
import type { ChatService } from "../chat/chat.service";
import type { LotRow } from "../engine/auction.repository";
import * as engineRepo from "../engine/auction.repository";
import { LOT_NOT_FOUND, lotText, OTHER_NOTICE, type RoomScope, scopeStatus } from "../engine/room-action";
import { RoomActionService } from "../engine/room-action.service";
import { anonymousSupplierName, audienceOf } from "../state/audience";
import type { RoomMember, RoomService } from "../state/room.service";
import * as repo from "./respecify.repository";

// 'Reespecificar valores dos itens' (trading-room §2.3 action panel, §2.1 'Itens do lote' column
// 'Valor reespecificado', §3 batchBestBid.respecifiedValue, §6 DIVIDE_BATCH_VALUE, §7
// broadcast_bids_respecified): the winner of a multi-item lot splits its winning bid into one value
// per item (domain checkRespecifiedValues). One transaction over the notice's locked lot heads with
// a hash-chained event-log entry and a system chat message per lot; the live push (award notice
// BIDS_RESPECIFIED) goes out after the commit. docs/decisions.md "Re-specified item values".

const ACTION: RoomAction = "DIVIDE_BATCH_VALUE";
const WHAT = "reespecificar valores dos itens";
const NOT_WINNER = "Somente o licitante vencedor do lote/item pode realizar esta ação.";
const NOT_RUNNING = "O processo não está em andamento; não é possível reespecificar valores agora.";
export const RESPECIFY_DONE = "Dados salvos com sucesso";

export const respecifySchema = z.object({
  auctionNoticeId: z.uuid(),
  batches: z
    .array(
      z.object({
        /** The lot's head row. */
        batchId: z.uuid(),
        /** One value per item row, scaled by 10^the item's decimalsNumber. */
        items: z.array(z.object({ batchId: z.uuid(), unitPrice: z.number().finite() })).max(1_000),
      }),
    )
    .min(1)
    .max(200),
});
export const respecifiedListSchema = z.object({ auctionNoticeId: z.uuid() });
export class RespecifyService extends RoomActionService {
  constructor(
    db: Db,
    chat: ChatService,
    live: LivePublisher,
    private readonly room: RoomService,
    private readonly awards: Pick<AwardService, "isWinner">,
    options: { clock?: () => Date } = {},
  ) {
    super(db, chat, live, { clock: options.clock, notRunning: NOT_RUNNING });
  }

  /** Its live event: the broadcast confirms what the HTTP save checked, committed and pushed. */
  commands(): LiveCommand[] {
    return roomCommands([
      defineRoomCommand({
        event: RESPECIFY_EVENTS.broadcastBidsRespecified,
        schema: respecifyBroadcastSchema,
        permission: null,
        handle: (call) => this.confirmRespecified(call),
      }),
    ]);
  }

  /**
   * broadcast_bids_respecified {batchesIds, auctionNoticeId}: the HTTP save pushed its event after
   * its commit; this only confirms the lots are the room's (as the other document broadcasts do).
   */
  private async confirmRespecified({ noticeId, input }: RoomCommandCall<RespecifyBroadcastInput>) {
    if (input.auctionNoticeId && input.auctionNoticeId !== noticeId) throw badRequest(OTHER_NOTICE);
    const heads = await engineRepo.findLotHeads(this.db, noticeId);
    if (input.batchesIds.some((id) => !heads.some((h) => h.id === id))) throw notFound(LOT_NOT_FOUND);
    return { batchesIds: input.batchesIds };
  }

  /** §6 DIVIDE_BATCH_VALUE on a lot, for its winner (the caller checks the winner and the items). */
  private mayRespecify(member: RoomMember, s: RoomScope, lot: LotRow) {
    return this.allowed(member, ACTION, s, lot, { isWinner: true, hasManyItems: true });
  }

  /**
   * POST /api/app/auction/bids/respecify {auctionNoticeId, batches: [{batchId, items: [{batchId,
   * unitPrice}]}]}: the winner's split of each lot, all or nothing. Refusals: a role without
   * DIVIDE_BATCH_VALUE (403), a lot of another notice or a forged id (404), a single-item lot (400),
   * not the lot's winner (403), outside NEGOTIATION (400), then the domain rule (400).
   */
  async save(user: SessionUser, input: z.infer<typeof respecifySchema>) {
    const noticeId = input.auctionNoticeId;
    const member = await this.room.memberOf(user, noticeId);
    return this.commit(async (tx, outbox) => {
      const s = await this.scope(tx, noticeId);
      this.requireRole(member, ACTION, s, WHAT);
      const { notice, heads } = s;
      const ids = input.batches.map((b) => b.batchId);
      if (new Set(ids).size !== ids.length)
        throw badRequest("Cada lote/item deve ser enviado uma única vez.");
      const items = await repo.multiItemRows(tx, noticeId);
      const supplierId = member.supplierId as string;
      const number = (await engineRepo.participants(tx, noticeId)).find(
        (p) => p.supplierId === supplierId,
      )?.anonymousNumber;
      const saved: { lot: LotRow; values: { batchId: string; unitPrice: number }[] }[] = [];
      for (const sent of input.batches) {
        const lot = heads.find((h) => h.id === sent.batchId);
        if (!lot) throw notFound(LOT_NOT_FOUND);
        const rows = items.get(lot.number) ?? [];
        if (rows.length < 2)
          throw badRequest(`O ${lotText(lot.number)} possui um único item; não há valores a reespecificar.`);
        if (!(await this.awards.isWinner(tx, lot, member))) throw forbidden(NOT_WINNER);
        if (!this.mayRespecify(member, s, lot))
          throw badRequest(
            `Não é possível ${WHAT} agora: ${lotText(lot.number)} na fase "${LOT_PHASE_LABELS[lot.phase]}" ` +
              `(somente na fase "${LOT_PHASE_LABELS.NEGOTIATION}"; processo "${NOTICE_STATUS_LABELS[notice.status]}").`,
          );
        const criterion = lot.dispensationForm ?? notice.dispensationForm ?? "LOWEST_PRICE";
        const bid = await repo.supplierBestBid(tx, lot.id, supplierId, criterion);
        if (criterion !== "BIGGEST_DISCOUNT" && !bid?.unitPrice)
          throw badRequest(`Não há lance vencedor no ${lotText(lot.number)} para reespecificar.`);
        const verdict = checkRespecifiedValues({
          lotNumber: lot.number,
          criterion,
          bid: { unitPrice: bid?.unitPrice ?? 0, decimalsNumber: lot.decimalsNumber },
          items: rows.map(toItem),
          values: sent.items,
          // A refusal names a secret item price only to who may see it (Lei 14.133 art. 24).
          namesReferencePrice: seesReferencePrice(notice, member),
        });
        if (!verdict.ok)
          throw badRequest(
            verdict.message,
            verdict.batchId
              ? [{ property: `items.${verdict.batchId}`, errorMessages: [verdict.message] }]
              : undefined,
          );
        await repo.replaceValues(
          tx,
          {
            auctionNoticeId: noticeId,
            batchId: lot.id,
            supplierId,
            bidId: (bid as { id: string }).id,
            userId: user.id,
          },
          verdict.values,
        );
        await appendEvent(tx, {
          auctionNoticeId: noticeId,
          eventType: "BIDS_RESPECIFIED",
          actorUserId: user.id,
          payload: {
            batchId: lot.id,
            supplierId,
            anonymousNumber: number ?? null,
            bidId: bid?.id,
            bidUnitPrice: bid?.unitPrice,
            values: verdict.values,
            total: verdict.total,
            decimalsNumber: verdict.decimalsNumber,
          },
        });
        await this.message(
          tx,
          outbox,
          noticeId,
          [lot.id],
          `${anonymousSupplierName(number ?? null)} reespecificou os valores dos itens do ${lotText(lot.number)}.`,
          "BIDS_RESPECIFIED",
        );
        saved.push({ lot, values: verdict.values });
      }
      const savedIds = saved.map((s) => s.lot.id);
      outbox.push({ t: "award", n: noticeId, a: "BIDS_RESPECIFIED", l: savedIds });
      // The lots' views again, their best bid now with the item value (§3 batchBestBid.respecifiedValue).
      if (savedIds.length > 0)
        outbox.push({ t: "phase", n: noticeId, a: "PHASE_ADVANCED", p: "NEGOTIATION", l: savedIds });
      return { message: RESPECIFY_DONE, batchesIds: saved.map((s) => s.lot.id) };
    });
  }

  /**
   * POST /api/app/auction/bids/respecified {auctionNoticeId} → {batches[]}: the notice's multi-item
   * lots once bidding gave them a winner, with the items, the winner's best bid and the split in
   * force (a split of an older bid is not shown). Public like the room's lot list, and like it
   * without a secret reference price but for the body (null); `isWinner` and `canRespecify` are the
   * user's.
   */
  async list(user: SessionUser, input: z.infer<typeof respecifiedListSchema>) {
    const noticeId = input.auctionNoticeId;
    const member = await this.room.memberOf(user, noticeId);
    const [heads, notice, items, people] = await Promise.all([
      engineRepo.findLotHeads(this.db, noticeId),
      engineRepo.findEngineNotice(this.db, noticeId),
      repo.multiItemRows(this.db, noticeId),
      engineRepo.participants(this.db, noticeId),
    ]);
    if (!notice) throw notFound("Processo não encontrado.");
    const lots = heads.filter((h) => h.negotiatingSupplierId && (items.get(h.number)?.length ?? 0) > 1);
    const stored = await repo.valuesOf(
      this.db,
      lots.map((l) => l.id),
    );
    const priceVisible = seesReferencePrice(notice, member);
    const batches = [];
    for (const lot of lots) {
      const rows = items.get(lot.number) ?? [];
      const winnerId = lot.negotiatingSupplierId as string;
      const criterion = lot.dispensationForm ?? notice.dispensationForm ?? "LOWEST_PRICE";
      const bid = await repo.supplierBestBid(this.db, lot.id, winnerId, criterion);
      const current = new Map(
        stored
          .filter((s) => s.batchId === lot.id && s.supplierId === winnerId && s.bidId === bid?.id)
          .map((s) => [s.itemBatchId, s.unitPrice]),
      );
      const isWinner = await this.awards.isWinner(this.db, lot, member);
      batches.push({
        id: lot.id,
        number: lot.number,
        phase: lot.phase,
        criterion,
        isWinner,
        canRespecify:
          isWinner &&
          criterion !== "BIGGEST_DISCOUNT" &&
          this.mayRespecify(member, { notice, heads, status: scopeStatus(notice.status, heads) }, lot),
        winner: {
          anonymousSupplierIdentificationNumber:
            people.find((p) => p.supplierId === winnerId)?.anonymousNumber ?? null,
        },
        bestBid: bid ? { id: bid.id, unitPrice: bid.unitPrice, decimalsNumber: lot.decimalsNumber } : null,
        decimalsNumber: respecifyScale(rows),
        items: rows.map((r) =>
          maskReferencePrice(
            {
              id: r.id,
              number: r.number,
              item: r.item,
              productName: r.productName,
              quantity: Number(r.quantity),
              referencePrice: r.referencePrice,
              decimalsNumber: r.decimalsNumber,
              respecifiedValue: current.get(r.id) ?? null,
            },
            priceVisible,
          ),
        ),
      });
    }
    return { batches };
  }
}

/** Whether the member may see the notice's reference price (a secret one: its body only). */
const seesReferencePrice = (notice: engineRepo.EngineNotice, member: RoomMember) =>
  maySeeReferencePrice(notice, audienceOf(member.role) === "BODY");

const toItem = (r: repo.ItemRow): RespecifiableItem => ({
  id: r.id,
  item: r.item,
  referencePrice: r.referencePrice,
  decimalsNumber: r.decimalsNumber,
});
