import { type NoticeStatus, ROOM_MODALITIES } from "@certame/domain";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionBatches,
  auctionNotices,
  type BidKind,
  bids,
  type LotTimerKind,
  lotBidders,
  lotTimers,
  noticeDocuments,
  noticeParticipants,
  storedFiles,
  suppliers,
} from "../../db/schema";

export type LotRow = typeof auctionBatches.$inferSelect;
export type NoticeRow = typeof auctionNotices.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

/** The notice fields the engine reads. */
const noticeFields = {
  id: auctionNotices.id,
  status: auctionNotices.status,
  modality: auctionNotices.modality,
  subModality: auctionNotices.subModality,
  dispensationForm: auctionNotices.dispensationForm,
  closingKind: auctionNotices.closingKind,
  auctionLicensePhase: auctionNotices.auctionLicensePhase,
  bidDuration: auctionNotices.bidDuration,
  canApplyTiebreaker: auctionNotices.canApplyTiebreaker,
  isBidsAutomaticStart: auctionNotices.isBidsAutomaticStart,
  amountBidsAutomaticStart: auctionNotices.amountBidsAutomaticStart,
  buyerId: auctionNotices.buyerId,
  startDateTime: auctionNotices.startDateTime,
  shouldDiscloseReferencePrice: auctionNotices.shouldDiscloseReferencePrice,
  isReferencePriceDisclosed: auctionNotices.isReferencePriceDisclosed,
};
export type EngineNotice = { [K in keyof typeof noticeFields]: NoticeRow[K] };

/**
 * The lot's head row with its notice; `lock` takes the row lock that serialises every change of
 * the lot (DESIGN §5: "PostgreSQL serialises each lot").
 */
export async function findLot(db: DbOrTx, batchId: string, lock = false) {
  const q = db
    .select({ lot: auctionBatches, notice: noticeFields })
    .from(auctionBatches)
    .innerJoin(auctionNotices, eq(auctionNotices.id, auctionBatches.auctionNoticeId))
    .where(and(eq(auctionBatches.id, batchId), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  const [row] = lock ? await q.for("update", { of: auctionBatches }) : await q;
  return row;
}

/** Head rows of a notice in lot order; `lock` locks them all (phase moves over several lots). */
export async function findLotHeads(db: DbOrTx, noticeId: string, lock = false) {
  const q = db
    .select()
    .from(auctionBatches)
    .where(and(eq(auctionBatches.auctionNoticeId, noticeId), eq(auctionBatches.item, 1)))
    .orderBy(asc(auctionBatches.number));
  return lock ? q.for("update") : q;
}

export async function findEngineNotice(db: DbOrTx, noticeId: string): Promise<EngineNotice | undefined> {
  const [row] = await db
    .select(noticeFields)
    .from(auctionNotices)
    .where(and(eq(auctionNotices.id, noticeId), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  return row;
}

export async function updateLot(db: DbOrTx, batchId: string, values: Partial<LotRow>) {
  await db.update(auctionBatches).set(values).where(eq(auctionBatches.id, batchId));
}

/** Notice status (PUBLISHED → ONGOING when a lot starts, trading-room §4). */
export async function setNoticeStatus(db: DbOrTx, noticeId: string, from: NoticeStatus, to: NoticeStatus) {
  await db
    .update(auctionNotices)
    .set({ status: to })
    .where(and(eq(auctionNotices.id, noticeId), eq(auctionNotices.status, from)));
}

// ---- bids ----

const live = sql`NOT ${bids.isCancelled} AND ${bids.isRevealed}`;

/** The best live, revealed bid (lower price, higher discount or higher price; earlier first). */
export async function bestBid(db: DbOrTx, batchId: string, criterion: string): Promise<BidRow | undefined> {
  const order =
    criterion === "BIGGEST_DISCOUNT"
      ? [desc(bids.percentDiscount), asc(bids.createdDate)]
      : criterion === "BIGGEST_PRICE"
        ? [desc(bids.unitPrice), asc(bids.createdDate)]
        : [asc(bids.unitPrice), asc(bids.createdDate)];
  const valueColumn = criterion === "BIGGEST_DISCOUNT" ? bids.percentDiscount : bids.unitPrice;
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.batchId, batchId), live, sql`${valueColumn} IS NOT NULL`))
    .orderBy(...order)
    .limit(1);
  return row;
}

/**
 * The best live, revealed bid of each lot (DISTINCT ON per lot), one query per criterion present:
 * the room state of a notice with 1,000 lots reads them at once.
 */
export async function bestBidsOf(
  db: DbOrTx,
  lots: readonly { batchId: string; criterion: string }[],
): Promise<Map<string, BidRow>> {
  const out = new Map<string, BidRow>();
  const byCriterion = new Map<string, string[]>();
  for (const l of lots) byCriterion.set(l.criterion, [...(byCriterion.get(l.criterion) ?? []), l.batchId]);
  for (const [criterion, ids] of byCriterion) {
    const value = criterion === "BIGGEST_DISCOUNT" ? bids.percentDiscount : bids.unitPrice;
    const direction =
      criterion === "BIGGEST_DISCOUNT" || criterion === "BIGGEST_PRICE" ? sql`DESC` : sql`ASC`;
    const rows = await db
      .selectDistinctOn([bids.batchId])
      .from(bids)
      .where(and(inArray(bids.batchId, ids), live, sql`${value} IS NOT NULL`))
      .orderBy(bids.batchId, sql`${value} ${direction}`, asc(bids.createdDate));
    for (const row of rows) out.set(row.batchId, row);
  }
  return out;
}

/** Every bid of one supplier in a notice, for its own best per lot. */
export function supplierBidsInNotice(db: DbOrTx, noticeId: string, supplierId: string) {
  return db
    .select()
    .from(bids)
    .where(and(eq(bids.auctionNoticeId, noticeId), eq(bids.supplierId, supplierId)))
    .orderBy(asc(bids.createdDate));
}

/** Every bid of one supplier in the lot (its own sealed ones included), oldest first. */
export function supplierBids(db: DbOrTx, batchId: string, supplierId: string) {
  return db
    .select()
    .from(bids)
    .where(and(eq(bids.batchId, batchId), eq(bids.supplierId, supplierId)))
    .orderBy(asc(bids.createdDate));
}

/** Every bid of the lot, oldest first (phase changes, lists). */
export function lotBids(db: DbOrTx, batchId: string) {
  return db.select().from(bids).where(eq(bids.batchId, batchId)).orderBy(asc(bids.createdDate));
}

export async function findBid(db: DbOrTx, bidId: string) {
  const [row] = await db.select().from(bids).where(eq(bids.id, bidId)).limit(1);
  return row;
}

/** A room bid as the engine writes it (the other columns keep their defaults). */
export interface NewBid {
  id: string;
  auctionNoticeId: string;
  batchId: string;
  supplierId: string;
  kind: BidKind;
  unitPrice: number | null;
  percentDiscount: string | null;
  totalPrice: number | null;
  quantity: string | null;
  isRevealed: boolean;
  createdByUserId: string | null;
  createdDate: Date;
}

/**
 * Writes a batch of room bids and returns their rows in the same order. One array parameter per
 * column (unnest), whatever the number of bids: a multi-row VALUES list made the driver build and the
 * server parse one parameter per cell, the largest cost of a big batch after the fan-out.
 */
export async function insertBids(db: DbOrTx, values: NewBid[]): Promise<BidRow[]> {
  if (values.length === 0) return [];
  const col = (pick: (v: NewBid) => unknown) => sql.param(values.map(pick));
  await db.execute(sql`
    INSERT INTO bids (id, auction_notice_id, batch_id, supplier_id, kind, unit_price, percent_discount,
      total_price, quantity, is_revealed, created_by_user_id, created_date)
    SELECT * FROM unnest(${col((v) => v.id)}::uuid[], ${col((v) => v.auctionNoticeId)}::uuid[],
      ${col((v) => v.batchId)}::uuid[], ${col((v) => v.supplierId)}::uuid[], ${col((v) => v.kind)}::text[],
      ${col((v) => v.unitPrice)}::bigint[], ${col((v) => v.percentDiscount)}::numeric[],
      ${col((v) => v.totalPrice)}::bigint[], ${col((v) => v.quantity)}::numeric[],
      ${col((v) => v.isRevealed)}::boolean[], ${col((v) => v.createdByUserId)}::uuid[],
      ${col((v) => v.createdDate.toISOString())}::timestamptz[])`);
  const rows = await db
    .select()
    .from(bids)
    .where(sql`${bids.id} = ANY(${sql.param(values.map((v) => v.id))}::uuid[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return values.map((v) => byId.get(v.id) as BidRow);
}

/**
 * Every bid of the given suppliers in the lot and of the suppliers that chose the automatic-bid
 * tool there (their live initial proposal says so), oldest first: one read for a batch of bids.
 */
export function bidsOfSuppliersAndAutomatic(db: DbOrTx, batchId: string, supplierIds: readonly string[]) {
  return db
    .select()
    .from(bids)
    .where(
      and(
        eq(bids.batchId, batchId),
        sql`(${bids.supplierId} = ANY(${sql.param([...supplierIds])}::uuid[]) OR ${bids.supplierId} IN (
          SELECT a.supplier_id FROM bids a WHERE a.batch_id = ${batchId} AND a.kind = 'INITIAL'
            AND a.can_apply_automatic_bid AND NOT a.is_cancelled))`,
      ),
    )
    .orderBy(asc(bids.createdDate));
}

export async function cancelBid(
  db: DbOrTx,
  bidId: string,
  values: { reason: string | null; userId: string | null; at: Date },
): Promise<BidRow> {
  const [row] = await db
    .update(bids)
    .set({
      isCancelled: true,
      cancellationReason: values.reason,
      cancelledByUserId: values.userId,
      cancelledAt: values.at,
    })
    .where(eq(bids.id, bidId))
    .returning();
  return row as BidRow;
}

export async function revealSealedBids(db: DbOrTx, batchId: string) {
  return db
    .update(bids)
    .set({ isRevealed: true })
    .where(and(eq(bids.batchId, batchId), eq(bids.kind, "SEALED"), eq(bids.isRevealed, false)))
    .returning({ id: bids.id });
}

// ---- bidders of a lot ----

export async function lotBidder(db: DbOrTx, batchId: string, supplierId: string) {
  const [row] = await db
    .select()
    .from(lotBidders)
    .where(and(eq(lotBidders.batchId, batchId), eq(lotBidders.supplierId, supplierId)))
    .limit(1);
  return row;
}

export function lotBidderRows(db: DbOrTx, batchId: string) {
  return db.select().from(lotBidders).where(eq(lotBidders.batchId, batchId));
}

export function lotBidderRowsOf(db: DbOrTx, batchIds: readonly string[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(lotBidders)
    .where(inArray(lotBidders.batchId, [...batchIds]));
}

export async function markOwnBidDeleted(db: DbOrTx, batchId: string, supplierId: string) {
  await db
    .insert(lotBidders)
    .values({ batchId, supplierId, ownBidDeleted: true })
    .onConflictDoUpdate({
      target: [lotBidders.batchId, lotBidders.supplierId],
      set: { ownBidDeleted: true },
    });
}

/**
 * The notice's participants with what the engine and the views need: anonymous number, the ME/EPP
 * benefit (declared in the proposal and registered as such) and the names shown outside
 * confidential phases.
 */
export function participants(db: DbOrTx, noticeId: string) {
  return db
    .select({
      supplierId: noticeParticipants.supplierId,
      anonymousNumber: noticeParticipants.anonymousNumber,
      hasSmallCompanyDeclaration: noticeParticipants.hasSmallCompanyDeclaration,
      isSmallBusiness: suppliers.isSmallBusiness,
      userId: suppliers.userId,
      corporateName: suppliers.corporateName,
      name: suppliers.name,
    })
    .from(noticeParticipants)
    .innerJoin(suppliers, eq(suppliers.id, noticeParticipants.supplierId))
    .where(eq(noticeParticipants.auctionNoticeId, noticeId));
}

// ---- timers ----

/** Sets (or moves) the lot's timer of a kind. */
export async function setTimer(
  db: DbOrTx,
  noticeId: string,
  batchId: string,
  kind: LotTimerKind,
  dueAt: Date,
) {
  await db
    .insert(lotTimers)
    .values({ auctionNoticeId: noticeId, batchId, kind, dueAt })
    .onConflictDoUpdate({ target: [lotTimers.batchId, lotTimers.kind], set: { dueAt } });
}

export async function clearTimers(db: DbOrTx, batchIds: readonly string[], kinds?: readonly LotTimerKind[]) {
  if (batchIds.length === 0) return;
  await db
    .delete(lotTimers)
    .where(
      and(inArray(lotTimers.batchId, [...batchIds]), kinds ? inArray(lotTimers.kind, [...kinds]) : undefined),
    );
}

/** The earliest timer due now, not locked (the caller locks its lot, then claims it). */
export async function peekDueTimer(tx: Tx, now: Date) {
  const [row] = await tx
    .select()
    .from(lotTimers)
    .where(lte(lotTimers.dueAt, now))
    .orderBy(asc(lotTimers.dueAt))
    .limit(1);
  return row;
}

/**
 * Claims a due timer (DESIGN §5): the row stays locked by this transaction and is skipped by every
 * other instance until it ends; undefined when another instance holds it or it is no longer due.
 */
export async function claimTimer(tx: Tx, id: string, now: Date) {
  const [row] = await tx
    .select()
    .from(lotTimers)
    .where(and(eq(lotTimers.id, id), lte(lotTimers.dueAt, now)))
    .for("update", { skipLocked: true });
  return row;
}

export async function deleteTimer(db: DbOrTx, id: string) {
  await db.delete(lotTimers).where(eq(lotTimers.id, id));
}

/**
 * Arms the notices' clocks (DESIGN §5 timer rows): the proposal window opens (NOT_STARTED →
 * OPEN_FOR_OFFERS) and closes (→ CLOSED_FOR_OFFERS) at the notice's proposal dates, and an
 * automatic-start notice starts its bidding at the session start. Only clocks with lots still
 * waiting for them are armed; an existing row is moved to the notice's current date (republish).
 * Without a notice id, every published notice (start-up).
 */
export async function armNoticeClocks(db: DbOrTx, noticeId?: string) {
  const only = noticeId ? sql`AND n.id = ${noticeId}` : sql``;
  await db.execute(sql`
    WITH anchor AS (
      SELECT DISTINCT ON (n.id) n.id AS notice_id, b.id AS batch_id, n.proposals_start_date_time,
        n.proposals_end_date_time, n.start_date_time, n.is_bids_automatic_start
      FROM auction_notices n JOIN auction_batches b ON b.auction_notice_id = n.id AND b.item = 1
      WHERE n.status IN ('PUBLISHED', 'ONGOING') AND NOT n.is_deleted ${only}
        AND n.modality IN (${sql.join(
          ROOM_MODALITIES.map((m) => sql`${m}`),
          sql`, `,
        )})
      ORDER BY n.id, b.number
    ), wanted AS (
      SELECT a.notice_id, a.batch_id, 'PROPOSALS_START' AS kind, a.proposals_start_date_time AS due_at FROM anchor a
      WHERE a.proposals_start_date_time IS NOT NULL AND EXISTS (SELECT 1 FROM auction_batches x
        WHERE x.auction_notice_id = a.notice_id AND x.item = 1 AND x.phase = 'NOT_STARTED')
      UNION ALL
      SELECT a.notice_id, a.batch_id, 'PROPOSALS_END', a.proposals_end_date_time FROM anchor a
      WHERE a.proposals_end_date_time IS NOT NULL AND EXISTS (SELECT 1 FROM auction_batches x
        WHERE x.auction_notice_id = a.notice_id AND x.item = 1 AND x.phase IN ('NOT_STARTED', 'OPEN_FOR_OFFERS'))
      UNION ALL
      SELECT a.notice_id, a.batch_id, 'SESSION_START', a.start_date_time FROM anchor a
      WHERE a.is_bids_automatic_start AND a.start_date_time IS NOT NULL AND EXISTS (SELECT 1 FROM auction_batches x
        WHERE x.auction_notice_id = a.notice_id AND x.item = 1
          AND x.phase IN ('NOT_STARTED', 'OPEN_FOR_OFFERS', 'CLOSED_FOR_OFFERS', 'PUBLIC_SESSION'))
    )
    INSERT INTO lot_timers (auction_notice_id, batch_id, kind, due_at)
    SELECT notice_id, batch_id, kind, due_at FROM wanted
    ON CONFLICT (batch_id, kind) DO UPDATE SET due_at = excluded.due_at`);
}

/** The earliest pending deadline, to arm the local wake-up. */
export async function nextTimerDue(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: lotTimers.dueAt })
    .from(lotTimers)
    .orderBy(asc(lotTimers.dueAt))
    .limit(1);
  return row?.dueAt ?? null;
}

// ---- process and lot control (control.service.ts) ----

/**
 * The notice row, locked. Process-level changes lock the lot heads first (findLotHeads with lock,
 * the order every engine change follows), then this row.
 */
export async function lockNotice(tx: Tx, noticeId: string): Promise<NoticeRow | undefined> {
  const [row] = await tx
    .select()
    .from(auctionNotices)
    .where(and(eq(auctionNotices.id, noticeId), eq(auctionNotices.isDeleted, false)))
    .limit(1)
    .for("update");
  return row;
}

export async function updateNotice(db: DbOrTx, noticeId: string, values: Partial<NoticeRow>) {
  await db.update(auctionNotices).set(values).where(eq(auctionNotices.id, noticeId));
}

/** An uploaded file (the upload call's `id`), for the documents attached to control actions. */
export async function findStoredFile(db: DbOrTx, fileId: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
  return row;
}

/** Registers an uploaded file among the notice's files (kind OTHER), so it is published with them. */
export async function insertNoticeFile(
  db: DbOrTx,
  values: { auctionNoticeId: string; fileId: string; label: string; description: string },
) {
  const [row] = await db
    .insert(noticeDocuments)
    .values({ ...values, kind: "OTHER" })
    .returning({ id: noticeDocuments.id });
  return row as { id: string };
}

/** The lots (among `batchIds`) where the supplier has a live initial proposal. */
export async function lotsWithProposal(
  db: DbOrTx,
  batchIds: readonly string[],
  supplierId: string,
): Promise<Set<string>> {
  if (batchIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ batchId: bids.batchId })
    .from(bids)
    .where(
      and(
        inArray(bids.batchId, [...batchIds]),
        eq(bids.supplierId, supplierId),
        eq(bids.kind, "INITIAL"),
        eq(bids.isCancelled, false),
      ),
    );
  return new Set(rows.map((r) => r.batchId));
}

/** The supplier's flags in the given lots (no row: enabled and qualified). */
export async function supplierLotFlags(db: DbOrTx, batchIds: readonly string[], supplierId: string) {
  if (batchIds.length === 0) return new Map<string, { isEnabled: boolean; isQualified: boolean }>();
  const rows = await db
    .select({
      batchId: lotBidders.batchId,
      isEnabled: lotBidders.isEnabled,
      isQualified: lotBidders.isQualified,
    })
    .from(lotBidders)
    .where(and(inArray(lotBidders.batchId, [...batchIds]), eq(lotBidders.supplierId, supplierId)));
  return new Map(rows.map((r) => [r.batchId, { isEnabled: r.isEnabled, isQualified: r.isQualified }]));
}

/** Sets isEnabled or isQualified of a supplier in each lot (the row is created when missing). */
export async function setSupplierLotFlag(
  db: DbOrTx,
  batchIds: readonly string[],
  supplierId: string,
  values: { isEnabled: boolean } | { isQualified: boolean },
) {
  if (batchIds.length === 0) return;
  await db
    .insert(lotBidders)
    .values(batchIds.map((batchId) => ({ batchId, supplierId, ...values })))
    .onConflictDoUpdate({ target: [lotBidders.batchId, lotBidders.supplierId], set: values });
}
