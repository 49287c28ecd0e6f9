import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { auctionBatches, bids, products, respecifiedItemValues } from "../../db/schema";

// SQL of the re-specified item values (respecify.service.ts): the item rows of a lot, the winner's
// best bid and the current split of each item.

export type RespecifiedRow = typeof respecifiedItemValues.$inferSelect;

/** Every item row of the notice's multi-item lots (item order), with its product name. */
export async function multiItemRows(db: DbOrTx, noticeId: string) {
  const rows = await db
    .select({
      id: auctionBatches.id,
      number: auctionBatches.number,
      item: auctionBatches.item,
      quantity: auctionBatches.quantity,
      referencePrice: auctionBatches.referencePrice,
      decimalsNumber: auctionBatches.decimalsNumber,
      productName: products.name,
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
  const byNumber = new Map<number, typeof rows>();
  for (const r of rows) byNumber.set(r.number, [...(byNumber.get(r.number) ?? []), r]);
  return byNumber;
}
export type ItemRow = NonNullable<ReturnType<Awaited<ReturnType<typeof multiItemRows>>["get"]>>[number];

/** The supplier's best live, revealed bid on the lot (the lot's order: price criteria; earlier first). */
export async function supplierBestBid(db: DbOrTx, batchId: string, supplierId: string, criterion: string) {
  const [row] = await db
    .select()
    .from(bids)
    .where(
      and(
        eq(bids.batchId, batchId),
        eq(bids.supplierId, supplierId),
        sql`NOT ${bids.isCancelled} AND ${bids.isRevealed} AND ${bids.unitPrice} IS NOT NULL`,
      ),
    )
    .orderBy(
      criterion === "BIGGEST_PRICE" ? desc(bids.unitPrice) : asc(bids.unitPrice),
      asc(bids.createdDate),
    )
    .limit(1);
  return row;
}

/** The current split rows of the given lots (head rows). */
export function valuesOf(db: DbOrTx, batchIds: readonly string[]) {
  if (batchIds.length === 0) return Promise.resolve([] as RespecifiedRow[]);
  return db.select().from(respecifiedItemValues).where(inArray(respecifiedItemValues.batchId, batchIds));
}

/** Replaces the lot's split with the new one (one row per item row). */
export async function replaceValues(
  tx: Tx,
  lot: { auctionNoticeId: string; batchId: string; supplierId: string; bidId: string; userId: string },
  values: readonly { batchId: string; unitPrice: number }[],
) {
  await tx.delete(respecifiedItemValues).where(eq(respecifiedItemValues.batchId, lot.batchId));
  return tx
    .insert(respecifiedItemValues)
    .values(
      values.map((v) => ({
        auctionNoticeId: lot.auctionNoticeId,
        batchId: lot.batchId,
        itemBatchId: v.batchId,
        supplierId: lot.supplierId,
        bidId: lot.bidId,
        unitPrice: v.unitPrice,
        createdByUserId: lot.userId,
      })),
    )
    .returning();
}
