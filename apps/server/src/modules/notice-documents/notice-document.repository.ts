import { and, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { auctionNotices, noticeDocuments, storedFiles } from "../../db/schema";

export async function insertStoredFile(tx: Tx, values: typeof storedFiles.$inferInsert) {
  const [row] = await tx.insert(storedFiles).values(values).returning();
  if (!row) throw new Error("falha ao registrar o arquivo");
  return row;
}

export async function insertNoticeDocument(tx: Tx, values: typeof noticeDocuments.$inferInsert) {
  const [row] = await tx.insert(noticeDocuments).values(values).returning();
  if (!row) throw new Error("falha ao registrar o documento");
  return row;
}

/** A live document with its file and its notice's owner and status. */
export async function findNoticeDocument(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: noticeDocuments.id,
      kind: noticeDocuments.kind,
      label: noticeDocuments.label,
      description: noticeDocuments.description,
      createdDate: noticeDocuments.createdDate,
      auctionNoticeId: noticeDocuments.auctionNoticeId,
      buyerId: auctionNotices.buyerId,
      status: auctionNotices.status,
      noticeNumber: auctionNotices.noticeNumber,
      storageKey: storedFiles.storageKey,
      name: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(noticeDocuments)
    .innerJoin(auctionNotices, eq(auctionNotices.id, noticeDocuments.auctionNoticeId))
    .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
    .where(
      and(
        eq(noticeDocuments.id, id),
        eq(noticeDocuments.isDeleted, false),
        eq(auctionNotices.isDeleted, false),
      ),
    )
    .limit(1);
  return row;
}

export async function softDeleteNoticeDocument(tx: Tx, id: string) {
  await tx.update(noticeDocuments).set({ isDeleted: true }).where(eq(noticeDocuments.id, id));
}
