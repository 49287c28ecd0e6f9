import {
  type AuctionBatchBulkUpdate,
  type AuctionBatchPayload,
  allowedBatchParticipations,
  areLotsEditable,
  areLotValuesEditable,
  type BatchItemParticipation,
  DEFAULT_PERCENT_VARIATION,
  floorMinimumVariationPercent,
  formatLotTotal,
  isReservedQuotaWithinLimit,
  LOT_VALUES_LOCKED_MESSAGE,
  LOTS_NOT_EDITABLE_MESSAGE,
  lotAmounts,
  maskReferencePrice,
  maySeeReferencePrice,
  type OfferKind,
  type ProcessParticipation,
  rescale,
  reservedQuotaMessage,
  toScaled,
  winnerTotalPrice,
} from "@certame/domain";
import { eq } from "drizzle-orm";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { auctionNotices, auctionWinners } from "../../db/schema";
import { appendEvent } from "../../events/event-log.repository";
import { readXlsx } from "../../files/spreadsheet";
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  type PropertyError,
  VALIDATION_MESSAGE,
} from "../../http/errors";
import type { SessionUser } from "../auth/auth.service";
import * as products from "../products/product.repository";
import { type NoticeRow, ownNotice } from "./lot.policy";
import * as repo from "./lot.repository";
import { LEGACY_LOT_FORMATS_MESSAGE, lotTemplate, readLotRows } from "./lot-spreadsheet";

const iso = (d: Date) => d.toISOString();
const flag01 = (v: boolean) => (v ? 1 : 0);

/** A lot item as the lots editor reads it (§3 "Auction batch"); the two flags are 0/1 as the spec has them. */
export function toBatch(r: Awaited<ReturnType<typeof repo.listBatches>>[number]) {
  const b = r.batch;
  return {
    id: b.id,
    number: b.number,
    item: b.item,
    product: r.product?.id ? r.product : null,
    quantity: Number(b.quantity),
    measurementUnit: r.measurementUnit?.code ? r.measurementUnit : null,
    referencePrice: b.referencePrice,
    unitReferencePrice: b.unitReferencePrice ?? b.referencePrice,
    minimumVariation: b.minimumVariation,
    percentMinimumVariation: Number(b.percentMinimumVariation),
    isProductBrandRequired: flag01(b.isProductBrandRequired),
    isSubcontractingIndicator: flag01(b.isSubcontractingIndicator),
    decimalsNumber: b.decimalsNumber,
    totalAmount: b.totalAmount,
    batchItemParticipation: b.batchItemParticipation,
    wideParticipationBatch: b.wideParticipationBatch,
    phase: b.phase,
    shouldAttachTechnicalDocuments: b.shouldAttachTechnicalDocuments,
    dispensationForm: b.dispensationForm,
    createdDate: iso(b.createdDate),
  };
}

/** One lot item in the state being validated: the stored rows with the payload applied. */
interface LotState {
  id?: string;
  /** Index in the payload (property paths `i.field`); rows not sent have none. */
  index?: number;
  number: number;
  item: number;
  productId: string;
  quantity: string;
  measurementUnitCode: string;
  unitReferencePrice: number;
  minimumVariation: number;
  percentMinimumVariation: number;
  isProductBrandRequired: boolean;
  isSubcontractingIndicator: boolean;
  decimalsNumber: number;
  batchItemParticipation: BatchItemParticipation;
  wideParticipationBatch: number | null;
  shouldAttachTechnicalDocuments: boolean;
}

function stateOf(row: repo.BatchRow): LotState {
  return {
    id: row.id,
    number: row.number,
    item: row.item,
    productId: row.productId ?? "",
    quantity: row.quantity,
    measurementUnitCode: row.measurementUnitCode ?? "",
    unitReferencePrice: row.unitReferencePrice ?? row.referencePrice,
    minimumVariation: row.minimumVariation,
    percentMinimumVariation: Number(row.percentMinimumVariation),
    isProductBrandRequired: row.isProductBrandRequired,
    isSubcontractingIndicator: row.isSubcontractingIndicator,
    decimalsNumber: row.decimalsNumber,
    batchItemParticipation: row.batchItemParticipation,
    wideParticipationBatch: row.wideParticipationBatch,
    shouldAttachTechnicalDocuments: row.shouldAttachTechnicalDocuments,
  };
}

const sameQuantity = (a: string, b: string) => Number(a) === Number(b);

/** Collects errors as `{property, errorMessages}`; lot-level errors go on a sent row of that lot. */
class Errors {
  private readonly map = new Map<string, string[]>();
  add(index: number | undefined, field: string, message: string) {
    const key = index === undefined ? "body" : `${index}.${field}`;
    const list = this.map.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    this.map.set(key, list);
  }
  get size() {
    return this.map.size;
  }
  first(): string | undefined {
    return [...this.map.values()][0]?.[0];
  }
  properties(): PropertyError[] {
    return [...this.map].map(([property, errorMessages]) => ({ property, errorMessages }));
  }
}

interface NoticeRules {
  processParticipation: ProcessParticipation;
  biggestDiscount: boolean;
  offerKind: OfferKind;
}

const rulesOf = (notice: NoticeRow): NoticeRules => ({
  processParticipation: notice.processParticipation,
  biggestDiscount: notice.dispensationForm === "BIGGEST_DISCOUNT",
  offerKind: notice.offerKind,
});

/**
 * Normalises and checks the whole set of lots of a notice (§4 "Lot editing", §5 "Lots", §9): items
 * of a lot copy item 1's participation and variation; participation follows the process
 * participation; items are numbered 1..n; a reserved quota links a wide-participation lot and takes
 * at most 25% of its quantity of the same product.
 */
function normalizeAndValidate(
  states: LotState[],
  rules: NoticeRules,
  errors: Errors,
  stored: Map<string, LotState>,
) {
  const byLot = new Map<number, LotState[]>();
  for (const s of states) byLot.set(s.number, [...(byLot.get(s.number) ?? []), s]);
  const lotIndex = (lot: LotState[]) =>
    lot.find((s) => s.index !== undefined && s.item === 1)?.index ??
    lot.find((s) => s.index !== undefined)?.index;
  const allowed = allowedBatchParticipations(rules.processParticipation);

  for (const [number, lot] of byLot) {
    lot.sort((a, b) => a.item - b.item);
    const seen = new Set<number>();
    for (const s of lot) {
      if (seen.has(s.item))
        errors.add(s.index ?? lotIndex(lot), "item", `O item ${s.item} do lote ${number} já existe`);
      seen.add(s.item);
    }
    if (lot.some((s, i) => s.item !== i + 1) && seen.size === lot.length)
      errors.add(
        lotIndex(lot),
        "item",
        `Os itens do lote ${number} devem ser numerados de 1 em diante, sem lacunas`,
      );
    const first = lot[0] as LotState;
    // Participation: forced by the process, or chosen on a single-item lot (§4).
    if (allowed.length === 1) first.batchItemParticipation = allowed[0] as BatchItemParticipation;
    else if (!allowed.includes(first.batchItemParticipation))
      errors.add(
        first.index ?? lotIndex(lot),
        "batchItemParticipation",
        "Participação não permitida para a participação do processo",
      );
    const before = first.id ? stored.get(first.id) : undefined;
    if (
      lot.length > 1 &&
      before &&
      before.batchItemParticipation !== first.batchItemParticipation &&
      allowed.length > 1
    )
      errors.add(
        first.index ?? lotIndex(lot),
        "batchItemParticipation",
        "A participação só pode ser alterada em lotes com um único item",
      );
    if (first.batchItemParticipation !== "DIFFERENTIATED") first.wideParticipationBatch = null;
    // Variation (§5: BIGGEST_DISCOUNT allows only a percent variation, floored at 0,01).
    first.percentMinimumVariation = floorMinimumVariationPercent(first.percentMinimumVariation);
    if (!rules.biggestDiscount && first.minimumVariation < 1)
      errors.add(first.index ?? lotIndex(lot), "minimumVariation", "Informe a variação mínima");
    for (const s of lot.slice(1)) {
      s.batchItemParticipation = first.batchItemParticipation;
      s.wideParticipationBatch = first.wideParticipationBatch;
      s.minimumVariation = first.minimumVariation;
      s.percentMinimumVariation = first.percentMinimumVariation;
    }
  }

  // Reserved quotas (LC 123/2006 art. 48 III; §9 "Reserved quota: up to 25%").
  for (const [number, lot] of byLot) {
    const first = lot[0] as LotState;
    if (first.batchItemParticipation !== "DIFFERENTIATED") continue;
    const at = first.index ?? lotIndex(lot);
    const wideNumber = first.wideParticipationBatch;
    const wide = wideNumber ? byLot.get(wideNumber) : undefined;
    if (!wideNumber) {
      errors.add(at, "wideParticipationBatch", "Informe o lote de ampla participação da cota reservada");
      continue;
    }
    if (wideNumber === number || !wide || wide[0]?.batchItemParticipation !== "WIDE_PARTICIPATION") {
      errors.add(
        at,
        "wideParticipationBatch",
        `O lote ${wideNumber} não é um lote de ampla participação deste edital`,
      );
      continue;
    }
    const sumBy = (items: LotState[]) => {
      const m = new Map<string, number>();
      for (const s of items) m.set(s.productId, (m.get(s.productId) ?? 0) + Number(s.quantity));
      return m;
    };
    const wideByProduct = sumBy(wide);
    for (const [productId, quota] of sumBy(lot)) {
      const wideQuantity = wideByProduct.get(productId);
      if (wideQuantity === undefined)
        errors.add(
          at,
          "wideParticipationBatch",
          `O lote ${wideNumber} não tem o produto desta cota reservada`,
        );
      else if (!isReservedQuotaWithinLimit(quota, wideQuantity))
        // On the quota when it was sent, else on the wide lot whose quantity shrank.
        errors.add(at ?? lotIndex(wide), "quantity", reservedQuotaMessage(wideNumber));
    }
  }
}

/** Money and totals of a state (§3): scaled by 10^decimals, the total unit × quantity. */
function amountsOf(s: LotState, offerKind: OfferKind) {
  return lotAmounts(s.unitReferencePrice, s.decimalsNumber, s.quantity, offerKind);
}

const columnsOf = (s: LotState, offerKind: OfferKind) => ({
  number: s.number,
  item: s.item,
  productId: s.productId,
  quantity: s.quantity,
  measurementUnitCode: s.measurementUnitCode,
  unitReferencePrice: s.unitReferencePrice,
  ...amountsOf(s, offerKind),
  minimumVariation: s.minimumVariation,
  percentMinimumVariation: s.percentMinimumVariation.toFixed(2),
  isProductBrandRequired: s.isProductBrandRequired,
  isSubcontractingIndicator: s.isSubcontractingIndicator,
  decimalsNumber: s.decimalsNumber,
  batchItemParticipation: s.batchItemParticipation,
  wideParticipationBatch: s.wideParticipationBatch,
  shouldAttachTechnicalDocuments: s.shouldAttachTechnicalDocuments,
});

export class LotService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  private async transaction<T>(fn: (tx: Tx) => Promise<T>) {
    return this.db.transaction(fn);
  }

  /**
   * List: the notice's own body at any status; others only once it is no longer a draft, and without
   * a secret reference price (maySeeReferencePrice: the prices and the total are null).
   */
  async list(user: SessionUser, noticeId: string, page?: { page: number; limit: number }) {
    const { notice, isNoticeBody } = await this.readableNotice(user, noticeId);
    const priceVisible = maySeeReferencePrice(notice, isNoticeBody);
    const rows = await repo.listBatches(this.db, noticeId);
    const all = rows.map(toBatch);
    const auctionBatches = (page ? all.slice((page.page - 1) * page.limit, page.page * page.limit) : all).map(
      (b) => maskReferencePrice(b, priceVisible),
    );
    return {
      auctionBatches,
      total: all.length,
      ...(page ? { limitResult: page.limit } : {}),
      totalAmount: priceVisible
        ? formatLotTotal(all.map((b) => ({ scaled: b.totalAmount, decimals: b.decimalsNumber })))
        : null,
      isEditable: areLotsEditable(notice.status),
      areValuesEditable: areLotValuesEditable(this.editingView(notice), this.clock()),
    };
  }

  private async readableNotice(user: SessionUser, noticeId: string) {
    if (user.kind === "BUYER" && user.buyer) {
      try {
        return { notice: await ownNotice(this.db, user.buyer.id, noticeId), isNoticeBody: true };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 403) throw error;
      }
    }
    const [n] = await this.db.select().from(auctionNotices).where(eq(auctionNotices.id, noticeId)).limit(1);
    if (!n || n.isDeleted || n.status === "PENDING") throw notFound("Edital não encontrado.");
    return { notice: n, isNoticeBody: false };
  }

  private editingView(notice: NoticeRow) {
    return {
      status: notice.status,
      modality: notice.modality,
      proposalsEndDateTime: notice.proposalsEndDateTime,
    };
  }

  /** Locks the buyer's own notice and checks §4's editability; `values` also needs the row values editable. */
  private async editableNotice(tx: Tx, buyerId: string, noticeId: string, values: boolean) {
    const notice = await ownNotice(tx, buyerId, noticeId, true);
    if (!areLotsEditable(notice.status)) throw conflict(LOTS_NOT_EDITABLE_MESSAGE);
    const valuesEditable = areLotValuesEditable(this.editingView(notice), this.clock());
    if (values && !valuesEditable) throw conflict(LOT_VALUES_LOCKED_MESSAGE);
    return { notice, valuesEditable };
  }

  /** Create or update (§7 "Create or update the lots of notice {id}"): the array is applied as a whole, or not at all. */
  async save(
    user: SessionUser & { buyer: NonNullable<SessionUser["buyer"]> },
    noticeId: string,
    payload: AuctionBatchPayload[],
  ) {
    await this.transaction(async (tx) => {
      const { notice, valuesEditable } = await this.editableNotice(tx, user.buyer.id, noticeId, false);
      const result = await this.applyInTx(tx, notice, payload, valuesEditable, user.buyer.id);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "LOTS_SAVED",
        actorUserId: user.id,
        payload: result,
      });
    });
    return this.list(user, noticeId);
  }

  /** Applies a payload to the stored lots inside a transaction; throws 400/404/409 before writing anything. */
  async applyInTx(
    tx: Tx,
    notice: NoticeRow,
    payload: AuctionBatchPayload[],
    valuesEditable: boolean,
    buyerId: string,
  ) {
    const rules = rulesOf(notice);
    const storedRows = await repo.batchRows(tx, notice.id);
    const stored = new Map(storedRows.map((r) => [r.id, stateOf(r)]));
    const errors = new Errors();
    const next = new Map<string, LotState>(storedRows.map((r) => [r.id, stateOf(r)]));
    const created: LotState[] = [];
    const sentIds = new Set<string>();

    payload.forEach((p, index) => {
      if (p.id) {
        if (!stored.has(p.id)) throw notFound("Lote não encontrado.");
        if (sentIds.has(p.id)) errors.add(index, "id", "Lote repetido na lista");
        sentIds.add(p.id);
      }
      const base = p.id ? (stored.get(p.id) as LotState) : undefined;
      const state: LotState = {
        id: p.id,
        index,
        number: p.number,
        item: p.item,
        productId: p.product.id,
        quantity: p.quantity,
        measurementUnitCode: p.measurementUnit.code,
        unitReferencePrice: p.referencePrice,
        minimumVariation: p.minimumVariation ?? base?.minimumVariation ?? 10 ** p.decimalsNumber,
        percentMinimumVariation:
          p.percentMinimumVariation ?? base?.percentMinimumVariation ?? DEFAULT_PERCENT_VARIATION,
        isProductBrandRequired: p.isProductBrandRequired,
        isSubcontractingIndicator: p.isSubcontractingIndicator,
        decimalsNumber: p.decimalsNumber,
        batchItemParticipation: p.batchItemParticipation,
        wideParticipationBatch: p.wideParticipationBatch ?? null,
        shouldAttachTechnicalDocuments: p.shouldAttachTechnicalDocuments,
      };
      if (!valuesEditable) {
        const changed =
          !base ||
          base.productId !== state.productId ||
          !sameQuantity(base.quantity, state.quantity) ||
          base.measurementUnitCode !== state.measurementUnitCode ||
          base.unitReferencePrice !== state.unitReferencePrice;
        if (changed) throw conflict(LOT_VALUES_LOCKED_MESSAGE);
      }
      if (p.id) next.set(p.id, state);
      else created.push(state);
    });

    // References: products the buyer may use, existing measurement units.
    const productIds = [...new Set(payload.map((p) => p.product.id))];
    const visible = new Set((await products.findVisibleProducts(tx, buyerId, productIds)).map((p) => p.id));
    const units = await repo.existingUnitCodes(tx, [...new Set(payload.map((p) => p.measurementUnit.code))]);
    payload.forEach((p, i) => {
      if (!visible.has(p.product.id)) errors.add(i, "product.id", "Produto não encontrado no catálogo");
      if (!units.has(p.measurementUnit.code))
        errors.add(i, "measurementUnit.code", "Unidade de medida não encontrada");
    });

    const states = [...next.values(), ...created];
    normalizeAndValidate(states, rules, errors, stored);
    for (const s of states) {
      try {
        amountsOf(s, rules.offerKind);
      } catch {
        errors.add(s.index, "quantity", "Valor total acima do permitido");
      }
    }
    if (errors.size) throw badRequest(VALIDATION_MESSAGE, errors.properties());

    // Write: changed rows move out of the way first so (number, item) never collides midway.
    const changed = [...next.values()].filter((s) => {
      const before = storedRows.find((r) => r.id === s.id) as repo.BatchRow;
      const cols = columnsOf(s, rules.offerKind);
      return (Object.keys(cols) as (keyof typeof cols)[]).some((k) => {
        const a = cols[k];
        const b = before[k as keyof repo.BatchRow];
        if (k === "quantity" || k === "percentMinimumVariation") return Number(a) !== Number(b);
        return String(a ?? "") !== String(b ?? "");
      });
    });
    const moved = changed.filter((s) => {
      const before = stored.get(s.id as string) as LotState;
      return before.number !== s.number || before.item !== s.item;
    });
    for (const [k, s] of moved.entries())
      await repo.updateBatch(tx, s.id as string, { number: -(k + 1), item: 1 });
    for (const s of changed) {
      await repo.updateBatch(tx, s.id as string, columnsOf(s, rules.offerKind));
      await this.rescaleWinners(tx, s, stored.get(s.id as string) as LotState, rules.offerKind);
    }
    const inserted = await repo.insertBatches(
      tx,
      created.map((s) => ({ auctionNoticeId: notice.id, ...columnsOf(s, rules.offerKind) })),
    );
    return { created: inserted.map((r) => r.id), updated: changed.map((s) => s.id as string) };
  }

  /** Winners of a lot whose decimals changed follow it (same value, new scale). */
  private async rescaleWinners(tx: Tx, s: LotState, before: LotState, offerKind: OfferKind) {
    if (before.decimalsNumber === s.decimalsNumber || !s.id) return;
    const rows = await tx.select().from(auctionWinners).where(eq(auctionWinners.batchId, s.id));
    for (const w of rows) {
      const unitPrice = rescale(w.unitPrice, before.decimalsNumber, s.decimalsNumber);
      await tx
        .update(auctionWinners)
        .set({ unitPrice, totalPrice: winnerTotalPrice(unitPrice, s.decimalsNumber, w.quantity, offerKind) })
        .where(eq(auctionWinners.id, w.id));
    }
  }

  /** Delete one lot item (§4 'Excluir'); the later items of its lot move up one. */
  async delete(user: SessionUser & { buyer: NonNullable<SessionUser["buyer"]> }, batchId: string) {
    const batch = await repo.findBatch(this.db, batchId);
    if (!batch) throw notFound("Lote não encontrado.");
    await this.transaction(async (tx) => {
      const { notice } = await this.editableNotice(tx, user.buyer.id, batch.auctionNoticeId, true);
      const rules = rulesOf(notice);
      const rows = await repo.batchRows(tx, notice.id);
      const target = rows.find((r) => r.id === batchId);
      if (!target) throw notFound("Lote não encontrado.");
      const rest = rows.filter((r) => r.id !== batchId).map(stateOf);
      for (const s of rest) if (s.number === target.number && s.item > target.item) s.item -= 1;
      const errors = new Errors();
      normalizeAndValidate(rest, rules, errors, new Map());
      if (errors.size) throw conflict(`Não é possível excluir este lote: ${errors.first()}.`);
      await repo.deleteBatches(tx, notice.id, [batchId]);
      for (const s of rest)
        if (s.number === target.number && s.item >= target.item)
          await repo.updateBatch(tx, s.id as string, { item: s.item });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: "LOT_DELETED",
        actorUserId: user.id,
        payload: { batchId, number: target.number, item: target.item },
      });
    });
    return {};
  }

  /** 'Excluir todos'. */
  async deleteAll(user: SessionUser & { buyer: NonNullable<SessionUser["buyer"]> }, noticeId: string) {
    const deleted = await this.transaction(async (tx) => {
      await this.editableNotice(tx, user.buyer.id, noticeId, true);
      const rows = await repo.deleteBatches(tx, noticeId);
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "LOTS_DELETED",
        actorUserId: user.id,
        payload: { count: rows.length },
      });
      return rows.length;
    });
    return { deleted };
  }

  /** The global toggles of §2.6, applied to every lot: brand, decimals (rescaling money) or variation. */
  async bulkUpdate(
    user: SessionUser & { buyer: NonNullable<SessionUser["buyer"]> },
    input: AuctionBatchBulkUpdate,
  ) {
    const noticeId = input.auctionNoticeId;
    await this.transaction(async (tx) => {
      const { notice } = await this.editableNotice(
        tx,
        user.buyer.id,
        noticeId,
        input.decimalsNumber !== undefined,
      );
      const rules = rulesOf(notice);
      const rows = await repo.batchRows(tx, noticeId);
      let change: Record<string, unknown>;
      if (input.isProductBrandRequired !== undefined) {
        change = { isProductBrandRequired: input.isProductBrandRequired };
        for (const r of rows)
          await repo.updateBatch(tx, r.id, { isProductBrandRequired: input.isProductBrandRequired });
      } else if (input.decimalsNumber !== undefined) {
        const to = input.decimalsNumber;
        change = { decimalsNumber: to };
        for (const r of rows) {
          if (r.decimalsNumber === to) continue;
          const before = stateOf(r);
          const s: LotState = {
            ...before,
            decimalsNumber: to,
            unitReferencePrice: rescale(before.unitReferencePrice, before.decimalsNumber, to),
            minimumVariation: Math.max(1, rescale(before.minimumVariation, before.decimalsNumber, to)),
          };
          await repo.updateBatch(tx, r.id, columnsOf(s, rules.offerKind));
          await this.rescaleWinners(tx, s, before, rules.offerKind);
        }
      } else {
        const variation = input.variation as NonNullable<AuctionBatchBulkUpdate["variation"]>;
        change = { variation };
        // §5: BIGGEST_DISCOUNT notices allow only a percent variation, and only they allow one.
        if (rules.biggestDiscount !== (variation.kind === "PERCENTAGE"))
          throw badRequest(VALIDATION_MESSAGE, [
            {
              property: "variation.kind",
              errorMessages: [
                rules.biggestDiscount
                  ? "Editais de maior desconto aceitam apenas variação em %"
                  : "Variação em % apenas para editais de maior desconto",
              ],
            },
          ]);
        if (variation.kind === "PERCENTAGE") {
          if (variation.value > 100)
            throw badRequest(VALIDATION_MESSAGE, [
              { property: "variation.value", errorMessages: ["No máximo 100%"] },
            ]);
          const percent = floorMinimumVariationPercent(toScaled(variation.value, 2) / 100);
          for (const r of rows)
            await repo.updateBatch(tx, r.id, { percentMinimumVariation: percent.toFixed(2) });
        } else {
          for (const r of rows) {
            const scaled = toScaled(variation.value, r.decimalsNumber);
            if (scaled < 1)
              throw badRequest(VALIDATION_MESSAGE, [
                {
                  property: "variation.value",
                  errorMessages: ["Informe uma variação mínima maior que zero"],
                },
              ]);
            await repo.updateBatch(tx, r.id, { minimumVariation: scaled });
          }
        }
        await repo.setNoticeVariationKind(tx, noticeId, variation.kind);
      }
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "LOTS_BULK_UPDATED",
        actorUserId: user.id,
        payload: { ...change, count: rows.length },
      });
    });
    return this.list(user, noticeId);
  }

  /** Import the lots spreadsheet (.xlsx by its bytes; the legacy formats are refused with 415). */
  async import(
    user: SessionUser & { buyer: NonNullable<SessionUser["buyer"]> },
    noticeId: string,
    bytes: Buffer,
  ) {
    const workbook = await readXlsx(bytes).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 415)
        throw new AppError(415, LEGACY_LOT_FORMATS_MESSAGE);
      throw error;
    });
    const created = await this.transaction(async (tx) => {
      const { notice } = await this.editableNotice(tx, user.buyer.id, noticeId, true);
      const existing = await repo.batchRows(tx, noticeId);
      const offset = existing.reduce((max, r) => Math.max(max, r.number), 0);
      const { payloads, rowNumbers } = await readLotRows(tx, workbook, user.buyer.id, offset);
      let result: Awaited<ReturnType<LotService["applyInTx"]>>;
      try {
        result = await this.applyInTx(tx, notice, payloads, true, user.buyer.id);
      } catch (error) {
        // Payload positions become spreadsheet rows.
        if (error instanceof AppError && error.properties)
          throw badRequest(
            error.message,
            error.properties.map((p) => {
              const [index, ...rest] = p.property.split(".");
              const row = rowNumbers[Number(index)];
              return { ...p, property: row === undefined ? p.property : `linha ${row}.${rest.join(".")}` };
            }),
          );
        throw error;
      }
      await appendEvent(tx, {
        auctionNoticeId: noticeId,
        eventType: "LOTS_IMPORTED",
        actorUserId: user.id,
        payload: { created: result.created },
      });
      return result.created.length;
    });
    return { ...(await this.list(user, noticeId)), imported: created };
  }

  /** The lots template: the buyer's own notice only. */
  async template(user: SessionUser & { buyer: NonNullable<SessionUser["buyer"]> }, noticeId: string) {
    const notice = await ownNotice(this.db, user.buyer.id, noticeId);
    return { workbook: await lotTemplate(this.db), noticeNumber: notice.noticeNumber };
  }
}
