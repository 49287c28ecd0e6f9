import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auctionBatches, auctionWinners, products, suppliers } from "../../db/schema";

export type WinnerInsert = typeof auctionWinners.$inferInsert;

export async function listWinners(db: DbOrTx, noticeId: string) {
  return db
    .select({
      winner: auctionWinners,
      batch: {
        id: auctionBatches.id,
        number: auctionBatches.number,
        item: auctionBatches.item,
        quantity: auctionBatches.quantity,
        referencePrice: auctionBatches.referencePrice,
        totalAmount: auctionBatches.totalAmount,
        decimalsNumber: auctionBatches.decimalsNumber,
        isProductBrandRequired: auctionBatches.isProductBrandRequired,
      },
      product: { id: products.id, name: products.name },
      supplier: {
        id: suppliers.id,
        name: suppliers.name,
        corporateName: suppliers.corporateName,
        documentNumber: suppliers.documentNumber,
        credentialKind: suppliers.credentialKind,
        isSmallBusiness: suppliers.isSmallBusiness,
      },
    })
    .from(auctionWinners)
    .innerJoin(auctionBatches, eq(auctionBatches.id, auctionWinners.batchId))
    .innerJoin(suppliers, eq(suppliers.id, auctionWinners.supplierId))
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .where(eq(auctionWinners.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item), asc(auctionWinners.createdDate));
}

export async function existingSupplierIds(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(inArray(suppliers.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function insertWinners(db: DbOrTx, rows: WinnerInsert[]) {
  if (rows.length === 0) return;
  await db.insert(auctionWinners).values(rows);
}

export async function deleteWinners(db: DbOrTx, noticeId: string, ids?: readonly string[]) {
  const where = ids
    ? and(eq(auctionWinners.auctionNoticeId, noticeId), inArray(auctionWinners.id, [...ids]))
    : eq(auctionWinners.auctionNoticeId, noticeId);
  const rows = await db.delete(auctionWinners).where(where).returning({ id: auctionWinners.id });
  return rows.length;
}
