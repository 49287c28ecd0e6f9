import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  demandCategories,
  demandFormalizationBatches,
  demandFormalizationCategories,
  demandFormalizations,
  measurementUnits,
  processResponsibles,
  processSecretaries,
  products,
} from "../../db/schema";

export type DemandFormalizationRow = typeof demandFormalizations.$inferSelect;
export type DemandBatchInsert = typeof demandFormalizationBatches.$inferInsert;

export function allCategories(db: DbOrTx) {
  return db.select().from(demandCategories).orderBy(asc(demandCategories.description));
}

export async function existingCategoryIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: demandCategories.id })
    .from(demandCategories)
    .where(inArray(demandCategories.id, [...ids]));
  return rows.map((r) => r.id);
}

export async function findByProcess(db: DbOrTx, processId: string) {
  const [row] = await db
    .select()
    .from(demandFormalizations)
    .where(eq(demandFormalizations.processId, processId));
  return row;
}

export async function findById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(demandFormalizations).where(eq(demandFormalizations.id, id));
  return row;
}

/** The document of a process, created empty by its first save. */
export async function ensureForProcess(tx: Tx, processId: string): Promise<DemandFormalizationRow> {
  await tx.insert(demandFormalizations).values({ processId }).onConflictDoNothing();
  return (await findByProcess(tx, processId)) as DemandFormalizationRow;
}

export async function updateDocument(
  tx: Tx,
  id: string,
  values: Partial<typeof demandFormalizations.$inferInsert>,
  at: Date,
) {
  await tx
    .update(demandFormalizations)
    .set({ ...values, updatedDate: at })
    .where(eq(demandFormalizations.id, id));
}

export async function categoriesOf(db: DbOrTx, demandFormalizationId: string) {
  return db
    .select({ id: demandCategories.id, description: demandCategories.description })
    .from(demandFormalizationCategories)
    .innerJoin(demandCategories, eq(demandCategories.id, demandFormalizationCategories.categoryId))
    .where(eq(demandFormalizationCategories.demandFormalizationId, demandFormalizationId))
    .orderBy(asc(demandCategories.description));
}

export async function setCategories(tx: Tx, demandFormalizationId: string, ids: readonly number[]) {
  await tx
    .delete(demandFormalizationCategories)
    .where(eq(demandFormalizationCategories.demandFormalizationId, demandFormalizationId));
  if (ids.length)
    await tx
      .insert(demandFormalizationCategories)
      .values([...new Set(ids)].map((categoryId) => ({ demandFormalizationId, categoryId })));
}

/** The lot/item lines with their product and unit, lot by lot, item by item. */
export function batchesOf(db: DbOrTx, demandFormalizationId: string) {
  return db
    .select({
      id: demandFormalizationBatches.id,
      number: demandFormalizationBatches.number,
      item: demandFormalizationBatches.item,
      quantity: demandFormalizationBatches.quantity,
      measurementUnit: { code: measurementUnits.code, description: measurementUnits.description },
      product: {
        id: products.id,
        code: products.code,
        name: products.name,
        technicalDescription: products.technicalDescription,
      },
    })
    .from(demandFormalizationBatches)
    .innerJoin(products, eq(products.id, demandFormalizationBatches.productId))
    .innerJoin(measurementUnits, eq(measurementUnits.code, demandFormalizationBatches.measurementUnitCode))
    .where(eq(demandFormalizationBatches.demandFormalizationId, demandFormalizationId))
    .orderBy(asc(demandFormalizationBatches.number), asc(demandFormalizationBatches.item));
}

export async function findBatch(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(demandFormalizationBatches)
    .where(eq(demandFormalizationBatches.id, id));
  return row;
}

export async function batchIdsOf(db: DbOrTx, demandFormalizationId: string) {
  const rows = await db
    .select({ id: demandFormalizationBatches.id })
    .from(demandFormalizationBatches)
    .where(eq(demandFormalizationBatches.demandFormalizationId, demandFormalizationId));
  return rows.map((r) => r.id);
}

export async function lastLotNumber(db: DbOrTx, demandFormalizationId: string) {
  const [row] = await db
    .select({ n: max(demandFormalizationBatches.number) })
    .from(demandFormalizationBatches)
    .where(eq(demandFormalizationBatches.demandFormalizationId, demandFormalizationId));
  return row?.n ?? 0;
}

export async function insertBatches(tx: Tx, rows: DemandBatchInsert[]) {
  if (rows.length) await tx.insert(demandFormalizationBatches).values(rows);
}

export async function updateBatch(tx: Tx, id: string, values: Partial<DemandBatchInsert>, at: Date) {
  await tx
    .update(demandFormalizationBatches)
    .set({ ...values, updatedDate: at })
    .where(eq(demandFormalizationBatches.id, id));
}

export async function deleteBatch(tx: Tx, id: string) {
  await tx.delete(demandFormalizationBatches).where(eq(demandFormalizationBatches.id, id));
}

/** What the step status reads: the document's row and how many lines, areas and people it has. */
export async function completenessCounts(db: DbOrTx, processId: string, demandFormalizationId: string) {
  const [[batches], [secretaries], [responsible]] = await Promise.all([
    db
      .select({ n: count() })
      .from(demandFormalizationBatches)
      .where(eq(demandFormalizationBatches.demandFormalizationId, demandFormalizationId)),
    db.select({ n: count() }).from(processSecretaries).where(eq(processSecretaries.processId, processId)),
    db.select({ n: count() }).from(processResponsibles).where(eq(processResponsibles.processId, processId)),
  ]);
  return { batches: batches?.n ?? 0, secretaries: secretaries?.n ?? 0, responsible: responsible?.n ?? 0 };
}

/** A lot/item already taken in the document (another line than `exceptId`). */
export async function lotItemTaken(
  db: DbOrTx,
  demandFormalizationId: string,
  number: number,
  item: number,
  exceptId?: string,
) {
  const [row] = await db
    .select({ id: demandFormalizationBatches.id })
    .from(demandFormalizationBatches)
    .where(
      and(
        eq(demandFormalizationBatches.demandFormalizationId, demandFormalizationId),
        eq(demandFormalizationBatches.number, number),
        eq(demandFormalizationBatches.item, item),
        exceptId ? sql`${demandFormalizationBatches.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}
