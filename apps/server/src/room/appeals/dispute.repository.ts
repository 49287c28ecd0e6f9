// Reads and writes of the appeals (dispute.service.ts): rounds, intentions and their files.
import type { DisputeJudgmentStatus, LotPhase } from "@certame/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  type AppealDueType,
  appealRounds,
  auctionNotices,
  type DisputeDocumentKind,
  type DisputeStatus,
  disputeDocuments,
  disputes,
} from "../../db/schema";

export type RoundRow = typeof appealRounds.$inferSelect;
export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeDocumentRow = typeof disputeDocuments.$inferSelect;

/** The current (latest) appeal round of each lot that has one. */
export async function currentRounds(db: DbOrTx, batchIds: readonly string[]): Promise<Map<string, RoundRow>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([appealRounds.batchId])
    .from(appealRounds)
    .where(inArray(appealRounds.batchId, [...batchIds]))
    .orderBy(appealRounds.batchId, sql`${appealRounds.openedAt} DESC`, sql`${appealRounds.createdDate} DESC`);
  return new Map(rows.map((r) => [r.batchId, r]));
}

export async function insertRound(
  db: DbOrTx,
  values: {
    auctionNoticeId: string;
    batchId: string;
    interestPhase: LotPhase;
    openedAt: Date;
    interestEndsAt: Date;
  },
): Promise<RoundRow> {
  const [row] = await db.insert(appealRounds).values(values).returning();
  return row as RoundRow;
}

export async function updateRound(
  db: DbOrTx,
  id: string,
  values: {
    reasonsDueType?: AppealDueType;
    reasonsDueAt?: Date;
    counterArgumentsDueType?: AppealDueType | null;
    counterArgumentsDueAt?: Date | null;
  },
) {
  await db.update(appealRounds).set(values).where(eq(appealRounds.id, id));
}

/** The notice's minimum intention window in minutes (notices-and-accounts §3), null when unset. */
export async function interestMinimumOf(db: DbOrTx, noticeId: string): Promise<number | null> {
  const [row] = await db
    .select({ minutes: auctionNotices.disputeInterestManifestationMinimumDuration })
    .from(auctionNotices)
    .where(eq(auctionNotices.id, noticeId))
    .limit(1);
  return row?.minutes ?? null;
}

// ---- intentions ----

export function roundDisputes(db: DbOrTx, roundIds: readonly string[]): Promise<DisputeRow[]> {
  if (roundIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(disputes)
    .where(inArray(disputes.roundId, [...roundIds]))
    .orderBy(asc(disputes.createdDate));
}

export function findDisputes(db: DbOrTx, ids: readonly string[]): Promise<DisputeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(disputes)
    .where(inArray(disputes.id, [...ids]))
    .orderBy(asc(disputes.createdDate));
}

export function noticeDisputes(db: DbOrTx, noticeId: string): Promise<DisputeRow[]> {
  return db
    .select()
    .from(disputes)
    .where(eq(disputes.auctionNoticeId, noticeId))
    .orderBy(asc(disputes.createdDate));
}

export function insertDisputes(
  db: DbOrTx,
  values: {
    auctionNoticeId: string;
    batchId: string;
    roundId: string;
    supplierId: string;
    groupId: string | null;
    reason: string;
    manifestedByUserId: string;
  }[],
): Promise<DisputeRow[]> {
  return db.insert(disputes).values(values).returning();
}

export async function setDisputeStatus(
  db: DbOrTx,
  ids: readonly string[],
  values:
    | {
        status: Extract<DisputeStatus, "REFUSED">;
        refusalReason: string;
        refusedByUserId: string;
        refusedAt: Date;
      }
    | { status: Extract<DisputeStatus, "WAIVED">; waiverReason: string; waivedAt: Date },
) {
  if (ids.length === 0) return;
  await db
    .update(disputes)
    .set(values)
    .where(inArray(disputes.id, [...ids]));
}

export async function judgeDisputes(
  db: DbOrTx,
  ids: readonly string[],
  values: {
    judgmentStatus: DisputeJudgmentStatus;
    judgmentJustification: string;
    judgedByUserId: string;
    judgedAt: Date;
  },
) {
  if (ids.length === 0) return;
  await db
    .update(disputes)
    .set(values)
    .where(inArray(disputes.id, [...ids]));
}

// ---- files ----

/**
 * Adds a supplier's file of a kind to a round, replacing (isCurrent false) its earlier one; or a
 * judgement file (supplierId null), which replaces nothing.
 */
export async function addDocument(
  db: DbOrTx,
  values: {
    auctionNoticeId: string;
    batchId: string;
    roundId: string;
    disputeId: string | null;
    supplierId: string | null;
    kind: DisputeDocumentKind;
    fileId: string;
    name: string;
    uploadedByUserId: string;
  },
): Promise<{ row: DisputeDocumentRow; replaced: boolean }> {
  let replaced = false;
  if (values.supplierId) {
    const old = await db
      .update(disputeDocuments)
      .set({ isCurrent: false })
      .where(
        and(
          eq(disputeDocuments.roundId, values.roundId),
          eq(disputeDocuments.supplierId, values.supplierId),
          eq(disputeDocuments.kind, values.kind),
          eq(disputeDocuments.isCurrent, true),
        ),
      )
      .returning({ id: disputeDocuments.id });
    replaced = old.length > 0;
  }
  const [row] = await db.insert(disputeDocuments).values(values).returning();
  return { row: row as DisputeDocumentRow, replaced };
}

/** The current files of a notice's appeals, oldest first. */
export function noticeDocuments(db: DbOrTx, noticeId: string): Promise<DisputeDocumentRow[]> {
  return db
    .select()
    .from(disputeDocuments)
    .where(and(eq(disputeDocuments.auctionNoticeId, noticeId), eq(disputeDocuments.isCurrent, true)))
    .orderBy(asc(disputeDocuments.createdDate));
}

export async function findDocument(db: DbOrTx, id: string): Promise<DisputeDocumentRow | undefined> {
  const [row] = await db.select().from(disputeDocuments).where(eq(disputeDocuments.id, id)).limit(1);
  return row;
}

export function roundsByIds(db: DbOrTx, ids: readonly string[]): Promise<RoundRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(appealRounds)
    .where(inArray(appealRounds.id, [...ids]));
}

/**
 * The lot numbers where the supplier is a bidder: a live initial proposal in any row of the lot
 * (multi-item lots carry them on their item rows).
 */
export async function bidderLotNumbers(
  db: DbOrTx,
  noticeId: string,
  supplierId: string,
): Promise<Set<number>> {
  const rows = await db.execute<{ number: number }>(sql`
    SELECT DISTINCT r.number FROM auction_batches r
    JOIN bids b ON b.batch_id = r.id AND b.kind = 'INITIAL' AND NOT b.is_cancelled
    WHERE r.auction_notice_id = ${noticeId} AND b.supplier_id = ${supplierId}`);
  return new Set(rows.rows.map((r) => Number(r.number)));
}
