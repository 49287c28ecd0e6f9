import type { NoticeStatus } from "@certame/domain";
import { and, asc, desc, eq, gte, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionNoticeDocumentClasses,
  auctionNotices,
  documentClasses,
  noticeParticipants,
  storedFiles,
  supplierDocuments,
  suppliers,
} from "../../db/schema";

/** Notice statuses in which a process still runs, so its required documents must stay available. */
export const RUNNING_NOTICE_STATUSES: NoticeStatus[] = [
  "PUBLISHED",
  "ONGOING",
  "SUSPENDED",
  "SUSPENDED_INDEFINITELY",
];

const documentColumns = {
  id: supplierDocuments.id,
  supplierId: supplierDocuments.supplierId,
  fileId: supplierDocuments.fileId,
  name: supplierDocuments.name,
  description: supplierDocuments.description,
  kind: supplierDocuments.kind,
  documentClass: supplierDocuments.documentClass,
  otherDocumentClassId: supplierDocuments.otherDocumentClassId,
  otherDocumentClassName: documentClasses.className,
  sentDatetime: supplierDocuments.sentDatetime,
  createdDate: supplierDocuments.createdDate,
  mimeType: storedFiles.mimeType,
  sizeBytes: storedFiles.sizeBytes,
};
export async function findStoredFile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

/** A buyer's 'other document class' that a notice past its draft requires (so suppliers may know it). */
export async function findPublishedDocumentClass(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: documentClasses.id, className: documentClasses.className })
    .from(documentClasses)
    .innerJoin(
      auctionNoticeDocumentClasses,
      eq(auctionNoticeDocumentClasses.documentClassId, documentClasses.id),
    )
    .innerJoin(auctionNotices, eq(auctionNotices.id, auctionNoticeDocumentClasses.auctionNoticeId))
    .where(
      and(
        eq(documentClasses.id, id),
        ne(auctionNotices.status, "PENDING"),
        eq(auctionNotices.isDeleted, false),
      ),
    )
    .limit(1);
  return row;
}

export async function insertDocuments(tx: Tx, rows: (typeof supplierDocuments.$inferInsert)[]) {
  return tx.insert(supplierDocuments).values(rows).returning({ id: supplierDocuments.id });
}

export interface ListFilter {
  ids?: string[];
  kinds?: readonly string[];
  since?: Date | null;
  orderByColumn?: "name" | "createdDate" | "sentDatetime";
  sortOrder?: "ASC" | "DESC";
}

/** The supplier's live documents with their file's type and size and their buyer class's name. */
export async function listDocuments(db: DbOrTx, supplierId: string, filter: ListFilter = {}) {
  const where: SQL[] = [eq(supplierDocuments.supplierId, supplierId), eq(supplierDocuments.isDeleted, false)];
  if (filter.ids) where.push(inArray(supplierDocuments.id, filter.ids));
  if (filter.kinds) where.push(inArray(supplierDocuments.kind, [...filter.kinds]));
  if (filter.since) where.push(gte(supplierDocuments.createdDate, filter.since));
  const column = {
    name: sql`lower(${supplierDocuments.name})`,
    createdDate: supplierDocuments.createdDate,
    sentDatetime: supplierDocuments.sentDatetime,
  }[filter.orderByColumn ?? "createdDate"];
  const direction = filter.sortOrder === "ASC" ? asc : desc;
  return db
    .select(documentColumns)
    .from(supplierDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .leftJoin(documentClasses, eq(documentClasses.id, supplierDocuments.otherDocumentClassId))
    .where(and(...where))
    .orderBy(
      filter.orderByColumn === "sentDatetime"
        ? sql`${supplierDocuments.sentDatetime} ${sql.raw(filter.sortOrder === "ASC" ? "ASC" : "DESC")} NULLS LAST`
        : direction(column),
      direction(supplierDocuments.createdDate),
      asc(supplierDocuments.id),
    );
}
export type SupplierDocumentRow = Awaited<ReturnType<typeof listDocuments>>[number];

export async function findDocument(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(supplierDocuments)
    .where(and(eq(supplierDocuments.id, id), eq(supplierDocuments.isDeleted, false)))
    .limit(1);
  return row;
}

/** Serialises the supplier's library changes (two deletions cannot both take the last file of an item). */
export async function lockSupplier(tx: Tx, supplierId: string) {
  await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId)).for("update");
}

/** Live documents of one item: the same kind, filed under the same buyer class (or none). */
export async function countItemDocuments(
  tx: Tx,
  supplierId: string,
  kind: string,
  otherDocumentClassId: string | null,
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(supplierDocuments)
    .where(
      and(
        eq(supplierDocuments.supplierId, supplierId),
        eq(supplierDocuments.isDeleted, false),
        eq(supplierDocuments.kind, kind),
        otherDocumentClassId
          ? eq(supplierDocuments.otherDocumentClassId, otherDocumentClassId)
          : isNull(supplierDocuments.otherDocumentClassId),
      ),
    );
  return row?.n ?? 0;
}

export async function softDeleteDocument(tx: Tx, id: string, now: Date) {
  await tx
    .update(supplierDocuments)
    .set({ isDeleted: true, deletedDate: now, updatedDate: now })
    .where(eq(supplierDocuments.id, id));
}

export interface Requirements {
  kinds: string[];
  classes: { id: string; className: string }[];
}

/**
 * What the running notices this supplier takes part in require (notices with
 * canIndicateQualificationDocument: their qualificationDocumentRequired kinds and their buyer classes).
 */
export async function requirementsOfSupplier(db: DbOrTx, supplierId: string): Promise<Requirements> {
  const running = and(
    eq(noticeParticipants.supplierId, supplierId),
    eq(auctionNotices.canIndicateQualificationDocument, true),
    eq(auctionNotices.isDeleted, false),
    inArray(auctionNotices.status, RUNNING_NOTICE_STATUSES),
  );
  const kinds = await db
    .selectDistinct({
      kind: sql<string>`jsonb_array_elements_text(${auctionNotices.qualificationDocumentRequired})`,
    })
    .from(noticeParticipants)
    .innerJoin(auctionNotices, eq(auctionNotices.id, noticeParticipants.auctionNoticeId))
    .where(running);
  const classes = await db
    .selectDistinct({ id: documentClasses.id, className: documentClasses.className })
    .from(noticeParticipants)
    .innerJoin(auctionNotices, eq(auctionNotices.id, noticeParticipants.auctionNoticeId))
    .innerJoin(
      auctionNoticeDocumentClasses,
      eq(auctionNoticeDocumentClasses.auctionNoticeId, auctionNotices.id),
    )
    .innerJoin(documentClasses, eq(documentClasses.id, auctionNoticeDocumentClasses.documentClassId))
    .where(running);
  return { kinds: kinds.map((k) => k.kind), classes };
}

/** A notice a supplier may see (past its draft) with what it requires. */
export async function requirementsOfNotice(db: DbOrTx, noticeId: string) {
  const [notice] = await db
    .select({
      id: auctionNotices.id,
      status: auctionNotices.status,
      canIndicateQualificationDocument: auctionNotices.canIndicateQualificationDocument,
      qualificationDocumentRequired: auctionNotices.qualificationDocumentRequired,
    })
    .from(auctionNotices)
    .where(
      and(
        eq(auctionNotices.id, noticeId),
        eq(auctionNotices.isDeleted, false),
        ne(auctionNotices.status, "PENDING"),
      ),
    )
    .limit(1);
  if (!notice) return undefined;
  const classes = await db
    .select({ id: documentClasses.id, className: documentClasses.className })
    .from(auctionNoticeDocumentClasses)
    .innerJoin(documentClasses, eq(documentClasses.id, auctionNoticeDocumentClasses.documentClassId))
    .where(eq(auctionNoticeDocumentClasses.auctionNoticeId, noticeId))
    .orderBy(asc(documentClasses.className));
  return { notice, classes };
}
