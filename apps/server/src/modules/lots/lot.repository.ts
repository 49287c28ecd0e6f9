import type { VariationKind } from "@certame/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auctionBatches, auctionNotices, measurementUnits, products } from "../../db/schema";

export type BatchRow = typeof auctionBatches.$inferSelect;
export type BatchInsert = typeof auctionBatches.$inferInsert;

export async function listBatches(db: DbOrTx, noticeId: string) {
  return db
    .select({
      batch: auctionBatches,
      product: {
        id: products.id,
        code: products.code,
        name: products.name,
        technicalDescription: products.technicalDescription,
      },
      measurementUnit: { code: measurementUnits.code, description: measurementUnits.description },
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .leftJoin(measurementUnits, eq(measurementUnits.code, auctionBatches.measurementUnitCode))
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
}

export async function batchRows(db: DbOrTx, noticeId: string): Promise<BatchRow[]> {
  return db
    .select()
    .from(auctionBatches)
    .where(eq(auctionBatches.auctionNoticeId, noticeId))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
}

export async function findBatch(db: DbOrTx, batchId: string) {
  const [row] = await db.select().from(auctionBatches).where(eq(auctionBatches.id, batchId)).limit(1);
  return row;
}

export async function existingUnitCodes(db: DbOrTx, codes: readonly string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = await db
    .select({ code: measurementUnits.code })
    .from(measurementUnits)
    .where(inArray(measurementUnits.code, [...codes]));
  return new Set(rows.map((r) => r.code));
}

export async function allUnits(db: DbOrTx) {
  return db.select().from(measurementUnits).orderBy(asc(measurementUnits.code));
}

export async function insertBatches(db: DbOrTx, rows: BatchInsert[]) {
  if (rows.length === 0) return [];
  return db.insert(auctionBatches).values(rows).returning({ id: auctionBatches.id });
}

export async function updateBatch(db: DbOrTx, id: string, values: Partial<BatchInsert>) {
  await db.update(auctionBatches).set(values).where(eq(auctionBatches.id, id));
}

export async function deleteBatches(db: DbOrTx, noticeId: string, ids?: readonly string[]) {
  const where = ids
    ? and(eq(auctionBatches.auctionNoticeId, noticeId), inArray(auctionBatches.id, [...ids]))
    : eq(auctionBatches.auctionNoticeId, noticeId);
  return db.delete(auctionBatches).where(where).returning({ id: auctionBatches.id });
}

export async function setNoticeVariationKind(db: DbOrTx, noticeId: string, variationKind: VariationKind) {
  await db.update(auctionNotices).set({ variationKind }).where(eq(auctionNotices.id, noticeId));
}
