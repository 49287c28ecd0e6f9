import {
  allowsSeveralWinnersPerLot,
  areWinnersEditable,
  formatBRL,
  hasWinnerPrices,
  maxMaskedMoney,
  NO_WINNERS_STEP_MESSAGE,
  recordsWinnersByHand,
  sumScaled,
  WINNER_SUM_REMAINING_LABEL,
  WINNERS_NOT_EDITABLE_MESSAGE,
  type WinnerRow,
  winnerTotalPrice,
} from "@certame/domain";
import type { Db, Tx } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, conflict, notFound, VALIDATION_MESSAGE } from "../../http/errors";
import type { SessionUser } from "../auth/auth.service";
import { type NoticeRow, ownNotice } from "../lots/lot.policy";
import * as lots from "../lots/lot.repository";
import { toBatch } from "../lots/lot.service";
import * as repo from "./winner.repository";

type BuyerUser = SessionUser & { buyer: NonNullable<SessionUser["buyer"]> };

const supplierName = (s: { name: string | null; corporateName: string | null }) =>
  s.corporateName ?? s.name ?? "";

function toWinner(r: Awaited<ReturnType<typeof repo.listWinners>>[number]) {
  return {
    id: r.winner.id,
    batch: {
      ...r.batch,
      quantity: Number(r.batch.quantity),
      isProductBrandRequired: r.batch.isProductBrandRequired ? 1 : 0,
      product: r.product?.id ? r.product : null,
    },
    supplier: { ...r.supplier, displayName: supplierName(r.supplier) },
    brand: r.winner.brand,
    unitPrice: r.winner.unitPrice,
    totalPrice: r.winner.totalPrice,
    quantity: Number(r.winner.quantity),
    decimalsNumber: r.batch.decimalsNumber,
  };
}

export class WinnerService {
  constructor(private readonly db: Db) {}

  private view(notice: NoticeRow) {
    const modality = notice.modality;
    return {
      isEditable: areWinnersEditable(notice.status, modality),
      allowsSeveralWinnersPerLot: allowsSeveralWinnersPerLot(modality),
      hasPrices: hasWinnerPrices(modality),
    };
  }

  async list(user: BuyerUser, noticeId: string) {
    const notice = await ownNotice(this.db, user.buyer.id, noticeId);
    const rows = await repo.listWinners(this.db, noticeId);
    return { winners: rows.map(toWinner), ...this.view(notice) };
  }

  /** Locks the own notice and checks §4 "Winners step". */
  private async editableNotice(tx: Tx, user: BuyerUser, noticeId: string) {
    const notice = await ownNotice(tx, user.buyer.id, noticeId, true);
    const modality = notice.modality;
    if (!recordsWinnersByHand(modality)) throw conflict(NO_WINNERS_STEP_MESSAGE);
    if (!areWinnersEditable(notice.status, modality)) throw conflict(WINNERS_NOT_EDITABLE_MESSAGE);
    return notice;
  }

  /**
   * Save ('Salvar': the table as a whole replaces the notice's winners) or add ('Vencedor': rows
   * added to the saved ones). Checked before writing: the lots are this notice's, the bidders exist,
   * prices and brands as §5 "Winners" asks, one winner per lot except accreditation and
   * pre-qualification.
   */
  async save(user: BuyerUser, noticeId: string, rows: WinnerRow[], mode: "replace" | "add") {
    await this.db.transaction(async (tx) => {
      const notice = await this.editableNotice(tx, user, noticeId);
      const modality = notice.modality;
      const offerKind = notice.offerKind;
      const prices = hasWinnerPrices(modality);
      const batches = new Map((await lots.batchRows(tx, noticeId)).map((b) => [b.id, b]));
      for (const r of rows) if (!batches.has(r.batch.id)) throw notFound("Lote não encontrado neste edital.");
      const known = await repo.existingSupplierIds(tx, [...new Set(rows.map((r) => r.supplier.id))]);
      const errors = new Map<string, string[]>();
      const add = (i: number, field: string, message: string) =>
        errors.set(`${i}.${field}`, [...(errors.get(`${i}.${field}`) ?? []), message]);

      const values: repo.WinnerInsert[] = rows.map((r, i) => {
        const batch = batches.get(r.batch.id) as lots.BatchRow;
        const d = batch.decimalsNumber;
        if (!known.has(r.supplier.id)) add(i, "supplier.id", "Licitante não encontrado");
        const quantity = r.quantity ?? batch.quantity;
        if (Number(quantity) > Number(batch.quantity))
          add(i, "quantity", `No máximo a quantidade do lote (${Number(batch.quantity)})`);
        let unitPrice = 0;
        let totalPrice = 0;
        if (prices) {
          unitPrice = r.unitPrice;
          if (unitPrice < 1) add(i, "unitPrice", "Informe o valor unitário");
          else if (unitPrice > maxMaskedMoney(d)) add(i, "unitPrice", "Valor acima de R$ 9.999.999");
          try {
            totalPrice = winnerTotalPrice(unitPrice, d, quantity, offerKind);
          } catch {
            add(i, "totalPrice", "Valor total acima do permitido");
          }
          if (r.totalPrice !== undefined && r.totalPrice !== totalPrice)
            add(i, "totalPrice", `O valor total deve ser ${formatBRL(totalPrice, d)}`);
          if (batch.isProductBrandRequired && !r.brand) add(i, "brand", "Informe a marca");
        }
        return {
          auctionNoticeId: noticeId,
          batchId: batch.id,
          supplierId: r.supplier.id,
          brand: r.brand || null,
          unitPrice,
          totalPrice,
          quantity: String(quantity),
          createdByUserId: user.id,
        };
      });

      // Uniqueness and the one-winner-per-lot rule, over the rows that will be stored.
      const kept = mode === "add" ? (await repo.listWinners(tx, noticeId)).map((w) => w.winner) : [];
      const pairs = new Set(kept.map((w) => `${w.batchId}/${w.supplierId}`));
      const several = allowsSeveralWinnersPerLot(modality);
      const byBatch = new Map<string, number>();
      const lotSupplier = new Map<number, string>();
      for (const w of kept) {
        byBatch.set(w.batchId, (byBatch.get(w.batchId) ?? 0) + 1);
        lotSupplier.set((batches.get(w.batchId) as lots.BatchRow).number, w.supplierId);
      }
      values.forEach((v, i) => {
        const key = `${v.batchId}/${v.supplierId}`;
        if (pairs.has(key)) add(i, "supplier.id", "Este licitante já é vencedor deste item");
        pairs.add(key);
        if (several) return;
        const number = (batches.get(v.batchId) as lots.BatchRow).number;
        if ((byBatch.get(v.batchId) ?? 0) >= 1) add(i, "batch.id", "Este lote aceita apenas um vencedor");
        byBatch.set(v.batchId, (byBatch.get(v.batchId) ?? 0) + 1);
        const other = lotSupplier.get(number);
        if (other && other !== v.supplierId)
          add(i, "supplier.id", `Todos os itens do lote ${number} devem ter o mesmo vencedor`);
        lotSupplier.set(number, v.supplierId);
      });
      if (errors.size)
        throw badRequest(
          VALIDATION_MESSAGE,
          [...errors].map(([property, errorMessages]) => ({ property, errorMessages })),
        );

      const removed = mode === "replace" ? await repo.deleteWinners(tx, noticeId) : 0;
      await repo.insertWinners(tx, values);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: mode === "replace" ? "WINNERS_SAVED" : "WINNERS_ADDED",
        actorUserId: user.id,
        payload: { saved: values.length, removed },
      });
    });
    return this.list(user, noticeId);
  }

  /** §4: deleting a winner removes every row with the same supplier and lot number. */
  async delete(user: BuyerUser, noticeId: string, bidIds: readonly string[]) {
    const removed = await this.db.transaction(async (tx) => {
      await this.editableNotice(tx, user, noticeId);
      const rows = (await repo.listWinners(tx, noticeId)).map((r) => ({
        ...r.winner,
        number: r.batch.number,
      }));
      const chosen = bidIds.map((id) => rows.find((r) => r.id === id));
      if (chosen.some((r) => !r)) throw notFound("Vencedor não encontrado.");
      const keys = new Set(chosen.map((r) => `${r?.supplierId}/${r?.number}`));
      const ids = rows.filter((r) => keys.has(`${r.supplierId}/${r.number}`)).map((r) => r.id);
      const count = await repo.deleteWinners(tx, noticeId, ids);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "WINNERS_DELETED",
        actorUserId: user.id,
        payload: { ids },
      });
      return count;
    });
    return { deleted: removed };
  }

  /**
   * 'Somatória dos Valores' (§2.7): total per supplier; the lot items without a winner are summed
   * under 'Restante' at their reference totals. Amounts are summed at the highest decimals used.
   */
  async sum(user: BuyerUser, noticeId: string) {
    await ownNotice(this.db, user.buyer.id, noticeId);
    const winners = await repo.listWinners(this.db, noticeId);
    const batches = await lots.batchRows(this.db, noticeId);
    const bySupplier = new Map<string, { name: string; amounts: { scaled: number; decimals: number }[] }>();
    for (const w of winners) {
      const entry = bySupplier.get(w.supplier.id) ?? { name: supplierName(w.supplier), amounts: [] };
      entry.amounts.push({ scaled: w.winner.totalPrice, decimals: w.batch.decimalsNumber });
      bySupplier.set(w.supplier.id, entry);
    }
    const won = new Set(winners.map((w) => w.batch.id));
    const remaining = batches
      .filter((b) => !won.has(b.id))
      .map((b) => ({ scaled: b.totalAmount, decimals: b.decimalsNumber }));
    const row = (
      supplierId: string | null,
      name: string,
      amounts: { scaled: number; decimals: number }[],
    ) => {
      const total = sumScaled(amounts, 2);
      return {
        supplierId,
        name,
        total: total.scaled,
        decimalsNumber: total.decimals,
        formatted: formatBRL(total.scaled, total.decimals),
      };
    };
    const rows = [...bySupplier]
      .map(([id, e]) => row(id, e.name, e.amounts))
      .sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
    rows.push(row(null, WINNER_SUM_REMAINING_LABEL, remaining));
    return { rows };
  }

  /** app/auction/getBatchesWithoutWinners: the lot items no winner covers yet. */
  async batchesWithoutWinners(user: BuyerUser, noticeId: string) {
    await ownNotice(this.db, user.buyer.id, noticeId);
    const won = new Set((await repo.listWinners(this.db, noticeId)).map((w) => w.batch.id));
    const rows = await lots.listBatches(this.db, noticeId);
    return { auctionBatches: rows.filter((r) => !won.has(r.batch.id)).map(toBatch) };
  }
}
