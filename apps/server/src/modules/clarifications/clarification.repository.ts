import type { ClarificationKind, ClarificationStatus } from "@certame/domain";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionNoticeStaff,
  auctionNotices,
  buyerStaff,
  buyers,
  noticeClarifications,
  storedFiles,
  users,
} from "../../db/schema";

export type ClarificationRow = typeof noticeClarifications.$inferSelect;

/** What the clarifications read of a notice (never a deleted one). */
export async function findNotice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: auctionNotices.id,
      buyerId: auctionNotices.buyerId,
      buyerName: buyers.corporateName,
      status: auctionNotices.status,
      modality: auctionNotices.modality,
      noticeNumber: auctionNotices.noticeNumber,
      processNumber: auctionNotices.processNumber,
      objectOfInterest: auctionNotices.objectOfInterest,
      startDateTime: auctionNotices.startDateTime,
      clarificationEndDateTime: auctionNotices.clarificationEndDateTime,
      createdByUserId: auctionNotices.createdByUserId,
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .where(and(eq(auctionNotices.id, id), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  return row;
}
export type ClarificationNotice = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

export async function insertClarification(tx: Tx, values: typeof noticeClarifications.$inferInsert) {
  const [row] = await tx.insert(noticeClarifications).values(values).returning();
  if (!row) throw new Error("falha ao registrar o pedido");
  return row;
}

/** The request, locked for its answer. */
export async function lockClarification(tx: Tx, id: string): Promise<ClarificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(noticeClarifications)
    .where(eq(noticeClarifications.id, id))
    .for("update")
    .limit(1);
  return row;
}

export async function findClarification(db: DbOrTx, id: string): Promise<ClarificationRow | undefined> {
  const [row] = await db.select().from(noticeClarifications).where(eq(noticeClarifications.id, id)).limit(1);
  return row;
}

export async function updateClarification(
  tx: Tx,
  id: string,
  values: Partial<typeof noticeClarifications.$inferInsert>,
): Promise<ClarificationRow> {
  const [row] = await tx
    .update(noticeClarifications)
    .set(values)
    .where(eq(noticeClarifications.id, id))
    .returning();
  if (!row) throw new Error("falha ao registrar a resposta");
  return row;
}

const requester = alias(users, "requester");

/** A notice's requests of one kind, oldest first, with the requester's name. */
export function listOfNotice(db: DbOrTx, noticeId: string, kind: ClarificationKind) {
  return db
    .select({ row: noticeClarifications, requesterName: requester.name })
    .from(noticeClarifications)
    .innerJoin(requester, eq(requester.id, noticeClarifications.requesterUserId))
    .where(and(eq(noticeClarifications.auctionNoticeId, noticeId), eq(noticeClarifications.kind, kind)))
    .orderBy(noticeClarifications.createdDate, noticeClarifications.id);
}

export interface MineFilter {
  /** The body whose notices' requests are listed (a buyer), or … */
  buyerId?: string;
  /** … the requester whose own requests are listed (a supplier or citizen). */
  requesterUserId?: string;
  kind?: ClarificationKind | null;
  status?: ClarificationStatus | null;
  limit: number;
  offset: number;
}

/** The /esclarecimentos list: pending first by due date, then the answered, newest first. */
export async function listMine(db: DbOrTx, filter: MineFilter) {
  const where: SQL[] = [eq(auctionNotices.isDeleted, false)];
  if (filter.buyerId) where.push(eq(auctionNotices.buyerId, filter.buyerId));
  if (filter.requesterUserId) where.push(eq(noticeClarifications.requesterUserId, filter.requesterUserId));
  if (filter.kind) where.push(eq(noticeClarifications.kind, filter.kind));
  if (filter.status) where.push(eq(noticeClarifications.status, filter.status));
  const condition = and(...where);
  const rows = await db
    .select({
      row: noticeClarifications,
      requesterName: requester.name,
      noticeNumber: auctionNotices.noticeNumber,
      objectOfInterest: auctionNotices.objectOfInterest,
      buyerName: buyers.corporateName,
    })
    .from(noticeClarifications)
    .innerJoin(auctionNotices, eq(auctionNotices.id, noticeClarifications.auctionNoticeId))
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .innerJoin(requester, eq(requester.id, noticeClarifications.requesterUserId))
    .where(condition)
    .orderBy(
      sql`CASE WHEN ${noticeClarifications.status} = 'PENDING' THEN 0 ELSE 1 END`,
      sql`CASE WHEN ${noticeClarifications.status} = 'PENDING' THEN ${noticeClarifications.answerDueAt} END`,
      desc(noticeClarifications.createdDate),
      noticeClarifications.id,
    )
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ n: count() })
    .from(noticeClarifications)
    .innerJoin(auctionNotices, eq(auctionNotices.id, noticeClarifications.auctionNoticeId))
    .where(condition);
  return { rows, total: total?.n ?? 0 };
}

/** Who is told of a new request: the notice's auctioneers, or else the user who created the notice. */
export async function noticeRecipients(
  db: DbOrTx,
  notice: Pick<ClarificationNotice, "id" | "createdByUserId">,
) {
  const auctioneers = await db
    .select({ name: users.name, email: users.email })
    .from(auctionNoticeStaff)
    .innerJoin(buyerStaff, eq(buyerStaff.id, auctionNoticeStaff.staffId))
    .innerJoin(users, eq(users.id, buyerStaff.userId))
    .where(
      and(eq(auctionNoticeStaff.auctionNoticeId, notice.id), eq(auctionNoticeStaff.assignment, "AUCTIONEER")),
    );
  if (auctioneers.length > 0 || !notice.createdByUserId) return auctioneers;
  return db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, notice.createdByUserId));
}

export async function userContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findStoredFile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

export async function findStoredFiles(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: storedFiles.id, originalName: storedFiles.originalName })
    .from(storedFiles)
    .where(inArray(storedFiles.id, ids));
}

/** The request holding this stored file (as its attachment or its answer's). */
export async function clarificationOfFile(db: DbOrTx, fileId: string): Promise<ClarificationRow | undefined> {
  const [row] = await db
    .select()
    .from(noticeClarifications)
    .where(
      sql`${noticeClarifications.fileId} = ${fileId} OR ${noticeClarifications.answerFileId} = ${fileId}`,
    )
    .limit(1);
  return row;
}
