import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  budgets,
  demandFormalizationBatches,
  demandFormalizations,
  measurementUnits,
  products,
} from "../../db/schema";

// The SQL of the budget (planning §3 "Budget (quote)", §4 "Budget columns").

export type BudgetRow = typeof budgets.$inferSelect;
export type BudgetInsert = typeof budgets.$inferInsert;

/** The batches of a process's DFD, with product and unit, ordered by lot then item. */
export async function batchesOfProcess(db: DbOrTx, processId: string) {
  return db
    .select({
      id: demandFormalizationBatches.id,
      number: demandFormalizationBatches.number,
      item: demandFormalizationBatches.item,
      quantity: demandFormalizationBatches.quantity,
      priceMethod: demandFormalizationBatches.priceMethod,
      productId: products.id,
      productName: products.name,
      unitCode: measurementUnits.code,
      unitDescription: measurementUnits.description,
      description: demandFormalizations.description,
    })
    .from(demandFormalizationBatches)
    .innerJoin(
      demandFormalizations,
      eq(demandFormalizations.id, demandFormalizationBatches.demandFormalizationId),
    )
    .innerJoin(products, eq(products.id, demandFormalizationBatches.productId))
    .innerJoin(measurementUnits, eq(measurementUnits.code, demandFormalizationBatches.measurementUnitCode))
    .where(eq(demandFormalizations.processId, processId))
    .orderBy(asc(demandFormalizationBatches.number), asc(demandFormalizationBatches.item));
}

/** batch id → process id, for the given batches (unknown ids are absent). */
export async function processOfBatches(db: DbOrTx, batchIds: string[]) {
  if (!batchIds.length) return [];
  return db
    .select({ id: demandFormalizationBatches.id, processId: demandFormalizations.processId })
    .from(demandFormalizationBatches)
    .innerJoin(
      demandFormalizations,
      eq(demandFormalizations.id, demandFormalizationBatches.demandFormalizationId),
    )
    .where(inArray(demandFormalizationBatches.id, batchIds));
}

export async function budgetsOfBatches(db: DbOrTx, batchIds: string[]) {
  if (!batchIds.length) return [];
  return db
    .select()
    .from(budgets)
    .where(inArray(budgets.demandFormalizationBatchId, batchIds))
    .orderBy(asc(budgets.columnOrder));
}

export async function findBudgets(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(budgets).where(inArray(budgets.id, ids));
}

/** Two-step reorder: move the rows out of the way (column + 1e6) before they take their new columns. */
export async function parkBudgets(tx: Tx, ids: string[]) {
  if (ids.length)
    await tx
      .update(budgets)
      .set({ columnOrder: sql`${budgets.columnOrder} + 1000000` })
      .where(inArray(budgets.id, ids));
}

export async function updateBudget(tx: Tx, id: string, values: Partial<BudgetInsert>, at: Date) {
  await tx
    .update(budgets)
    .set({ ...values, updatedDate: at })
    .where(eq(budgets.id, id));
}

export async function upsertBudget(tx: Tx, values: BudgetInsert, at: Date) {
  await tx
    .insert(budgets)
    .values(values)
    .onConflictDoUpdate({
      target: [budgets.demandFormalizationBatchId, budgets.columnOrder],
      set: { ...values, updatedDate: at },
    });
}

export async function deleteBudgets(tx: Tx, ids: string[]) {
  if (ids.length) await tx.delete(budgets).where(inArray(budgets.id, ids));
}

export async function deleteColumn(tx: Tx, batchIds: string[], columnOrder: number) {
  if (batchIds.length)
    await tx
      .delete(budgets)
      .where(
        and(inArray(budgets.demandFormalizationBatchId, batchIds), eq(budgets.columnOrder, columnOrder)),
      );
}

export async function setPriceMethod(tx: Tx, batchId: string, priceMethod: string, at: Date) {
  await tx
    .update(demandFormalizationBatches)
    .set({ priceMethod: priceMethod as "AVERAGE", updatedDate: at })
    .where(eq(demandFormalizationBatches.id, batchId));
}
