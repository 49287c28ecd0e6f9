import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auctionNotices, noticeDocuments, storedFiles } from "../../db/schema";

/** The live notice made from a process (auction_notices.process_id, issue 35), if any. */
export async function noticeIdOfProcess(db: DbOrTx, processId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: auctionNotices.id })
    .from(auctionNotices)
    .where(and(eq(auctionNotices.processId, processId), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  return row?.id;
}

/** A notice's live documents with what an archive of them needs (the bytes' key and SHA-256). */
export function noticeFiles(db: DbOrTx, noticeId: string) {
  return db
    .select({
      kind: noticeDocuments.kind,
      name: storedFiles.originalName,
      storageKey: storedFiles.storageKey,
      sha256: storedFiles.sha256,
      createdDate: noticeDocuments.createdDate,
    })
    .from(noticeDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
    .where(and(eq(noticeDocuments.auctionNoticeId, noticeId), eq(noticeDocuments.isDeleted, false)))
    .orderBy(asc(noticeDocuments.createdDate), asc(noticeDocuments.id));
}
