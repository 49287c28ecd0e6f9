import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  auctionNotices,
  backlogBids,
  initialProposals,
  type LotDocumentKind,
  lotSupplierDocuments,
  storedFiles,
  supplierDocuments,
} from "../../db/schema";

// SQL of the winner's documents after bidding (award.service.ts): the lot_supplier_documents links
// and the library rows they point at.

export type LotDocumentRow = typeof lotSupplierDocuments.$inferSelect;

/** A lot document with the library row and the stored file it points at. */
export interface LotDocumentRead {
  id: string;
  auctionNoticeId: string;
  batchId: string;
  supplierId: string;
  supplierDocumentId: string;
  kind: LotDocumentKind;
  isCurrent: boolean;
  createdDate: Date;
  name: string;
  description: string;
  documentKind: string;
  fileId: string;
}

const readColumns = {
  id: lotSupplierDocuments.id,
  auctionNoticeId: lotSupplierDocuments.auctionNoticeId,
  batchId: lotSupplierDocuments.batchId,
  supplierId: lotSupplierDocuments.supplierId,
  supplierDocumentId: lotSupplierDocuments.supplierDocumentId,
  kind: lotSupplierDocuments.kind,
  isCurrent: lotSupplierDocuments.isCurrent,
  createdDate: lotSupplierDocuments.createdDate,
  name: supplierDocuments.name,
  description: supplierDocuments.description,
  documentKind: supplierDocuments.kind,
  fileId: supplierDocuments.fileId,
};

/** The current documents of a kind a supplier sent for a lot. */
export function currentDocuments(db: DbOrTx, batchId: string, supplierId: string, kind: LotDocumentKind) {
  return db
    .select(readColumns)
    .from(lotSupplierDocuments)
    .innerJoin(supplierDocuments, eq(supplierDocuments.id, lotSupplierDocuments.supplierDocumentId))
    .where(
      and(
        eq(lotSupplierDocuments.batchId, batchId),
        eq(lotSupplierDocuments.supplierId, supplierId),
        eq(lotSupplierDocuments.kind, kind),
        eq(lotSupplierDocuments.isCurrent, true),
      ),
    )
    .orderBy(asc(lotSupplierDocuments.createdDate), asc(supplierDocuments.name));
}

/** Every current document of a notice's lots (the list call filters what the viewer may see). */
export function noticeDocuments(db: DbOrTx, noticeId: string, batchId?: string | null) {
  return db
    .select(readColumns)
    .from(lotSupplierDocuments)
    .innerJoin(supplierDocuments, eq(supplierDocuments.id, lotSupplierDocuments.supplierDocumentId))
    .where(
      and(
        eq(lotSupplierDocuments.auctionNoticeId, noticeId),
        eq(lotSupplierDocuments.isCurrent, true),
        batchId ? eq(lotSupplierDocuments.batchId, batchId) : undefined,
      ),
    )
    .orderBy(asc(lotSupplierDocuments.createdDate), asc(supplierDocuments.name));
}

export async function findDocument(db: DbOrTx, id: string): Promise<LotDocumentRead | undefined> {
  const [row] = await db
    .select(readColumns)
    .from(lotSupplierDocuments)
    .innerJoin(supplierDocuments, eq(supplierDocuments.id, lotSupplierDocuments.supplierDocumentId))
    .where(eq(lotSupplierDocuments.id, id))
    .limit(1);
  return row;
}

/** Replaces the current set of a kind: the previous rows stay, no longer current. */
export async function replaceDocuments(
  tx: DbOrTx,
  key: { auctionNoticeId: string; batchId: string; supplierId: string; kind: LotDocumentKind },
  supplierDocumentIds: readonly string[],
  sentByUserId: string,
): Promise<LotDocumentRow[]> {
  await tx
    .update(lotSupplierDocuments)
    .set({ isCurrent: false })
    .where(
      and(
        eq(lotSupplierDocuments.batchId, key.batchId),
        eq(lotSupplierDocuments.supplierId, key.supplierId),
        eq(lotSupplierDocuments.kind, key.kind),
        eq(lotSupplierDocuments.isCurrent, true),
      ),
    );
  if (supplierDocumentIds.length === 0) return [];
  return tx
    .insert(lotSupplierDocuments)
    .values(supplierDocumentIds.map((supplierDocumentId) => ({ ...key, supplierDocumentId, sentByUserId })))
    .returning();
}

/** Library rows of the supplier by id (deleted ones included: the caller refuses them). */
export function libraryDocuments(db: DbOrTx, supplierId: string, ids: readonly string[]) {
  return db
    .select()
    .from(supplierDocuments)
    .where(and(eq(supplierDocuments.supplierId, supplierId), inArray(supplierDocuments.id, [...ids])));
}

/** New library rows for files sent from the room (the readjusted proposal, the proof of payment). */
export function insertLibraryDocuments(tx: DbOrTx, values: (typeof supplierDocuments.$inferInsert)[]) {
  return tx.insert(supplierDocuments).values(values).returning();
}

/** Marks library documents as first sent to a process (the library keeps a sent document). */
export async function markSent(tx: DbOrTx, ids: readonly string[], at: Date) {
  if (ids.length === 0) return;
  await tx
    .update(supplierDocuments)
    .set({ sentDatetime: at, updatedDate: at })
    .where(and(inArray(supplierDocuments.id, [...ids]), isNull(supplierDocuments.sentDatetime)));
}

export async function findStoredFile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

/** The notice's regional/local preference flag (canApplyRegionalPreference). */
export async function canApplyRegionalPreference(db: DbOrTx, noticeId: string): Promise<boolean> {
  const [row] = await db
    .select({ flag: auctionNotices.canApplyRegionalPreference })
    .from(auctionNotices)
    .where(eq(auctionNotices.id, noticeId))
    .limit(1);
  return row?.flag === true;
}

/** Suppliers that declared regional/local preference with their initial proposal. */
export async function regionalDeclarants(db: DbOrTx, noticeId: string): Promise<Set<string>> {
  const rows = await db
    .select({ supplierId: initialProposals.supplierId })
    .from(initialProposals)
    .where(
      and(
        eq(initialProposals.auctionNoticeId, noticeId),
        eq(initialProposals.hasRegionalPreferenceDeclaration, true),
      ),
    );
  return new Set(rows.map((r) => r.supplierId));
}

export type BacklogBidRow = typeof backlogBids.$inferSelect;

export async function findBacklogBid(db: DbOrTx, batchId: string, supplierId: string) {
  const [row] = await db
    .select()
    .from(backlogBids)
    .where(and(eq(backlogBids.batchId, batchId), eq(backlogBids.supplierId, supplierId)))
    .limit(1);
  return row;
}

export async function insertBacklogBid(db: DbOrTx, values: typeof backlogBids.$inferInsert) {
  const [row] = await db.insert(backlogBids).values(values).returning();
  return row as BacklogBidRow;
}

/** The reserve register of a lot, oldest first (the bid table lists it, trading-room §4). */
export function lotBacklogBids(db: DbOrTx, batchId: string): Promise<BacklogBidRow[]> {
  return db
    .select()
    .from(backlogBids)
    .where(eq(backlogBids.batchId, batchId))
    .orderBy(backlogBids.createdDate);
}

export function findBacklogBidById(db: DbOrTx, id: string) {
  return db.select().from(backlogBids).where(eq(backlogBids.id, id)).limit(1);
}
