import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auctionNotices } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";

export type NoticeRow = typeof auctionNotices.$inferSelect;

export const NOTICE_NOT_FOUND_MESSAGE = "Edital não encontrado.";
export const OTHER_BODY_MESSAGE = "Você só pode alterar os processos do seu órgão.";

/**
 * The notice a buyer works on (lots, winners): 404 when it does not exist or was deleted, 403 when
 * it belongs to another body. With `lock` the row is locked for the transaction, which serialises
 * every change to the notice's lots and winners and keeps its status from moving meanwhile.
 */
export async function ownNotice(
  db: DbOrTx,
  buyerId: string,
  noticeId: string,
  lock = false,
): Promise<NoticeRow> {
  const query = db
    .select()
    .from(auctionNotices)
    .where(and(eq(auctionNotices.id, noticeId), eq(auctionNotices.isDeleted, false)))
    .limit(1);
  const [notice] = lock ? await query.for("update") : await query;
  if (!notice) throw notFound(NOTICE_NOT_FOUND_MESSAGE);
  if (notice.buyerId !== buyerId) throw forbidden(OTHER_BODY_MESSAGE);
  return notice;
}
