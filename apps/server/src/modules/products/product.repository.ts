import { PRODUCT_SIMILAR_LIMIT, PRODUCT_SIMILARITY_THRESHOLD, type ProductListInput } from "@certame/domain";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { cappedCount } from "../../db/capped-count";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema";
import { foldText, searchTextContains } from "../../db/text-search";

export type ProductRow = typeof products.$inferSelect;

/** A buyer sees its own products and the shared catalogue (buyer_id null), never deleted ones. */
export const visibleTo = (buyerId: string): SQL =>
  and(eq(products.isDeleted, false), or(eq(products.buyerId, buyerId), isNull(products.buyerId))) as SQL;

const SORT = {
  code: sql`${products.code}`,
  name: sql`lower(${products.name})`,
  technicalDescription: sql`lower(${products.technicalDescription})`,
  createdDate: sql`${products.createdDate}`,
} as const;

export async function listProducts(db: DbOrTx, buyerId: string, q: ProductListInput) {
  const conditions: SQL[] = [visibleTo(buyerId)];
  const term = q.searchParameters;
  if (term) {
    const byText = searchTextContains(products.searchText, term);
    conditions.push(/^\d{1,9}$/.test(term) ? (or(byText, eq(products.code, Number(term))) as SQL) : byText);
  }
  const where = and(...conditions);
  // createdDate lists the newest first unless told otherwise (§2.14: reloaded after an addition).
  const order = q.sortOrder ?? (q.orderByColumn === "createdDate" ? "DESC" : "ASC");
  const dir = order === "ASC" ? asc : desc;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(dir(SORT[q.orderByColumn]), dir(products.code))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, ...(await cappedCount(db, products, where)) };
}

export async function findVisibleProducts(db: DbOrTx, buyerId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(visibleTo(buyerId), inArray(products.id, [...ids])));
}

/** Products by id regardless of owner (deleted ones excluded), to tell 403 from 404. */
export async function findProducts(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(eq(products.isDeleted, false), inArray(products.id, [...ids])));
}

export async function insertProducts(db: DbOrTx, rows: (typeof products.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(products).values(rows).returning();
}

export async function updateProduct(
  db: DbOrTx,
  id: string,
  values: Pick<ProductRow, "name" | "technicalDescription" | "isBasicProductiveIncentive">,
) {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row;
}

export async function softDeleteProducts(db: DbOrTx, ids: readonly string[]) {
  await db
    .update(products)
    .set({ isDeleted: true })
    .where(inArray(products.id, [...ids]));
}

/** Visible products by exact (folded) name, for the lots import. */
export async function findVisibleByNames(db: DbOrTx, buyerId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(
      and(
        visibleTo(buyerId),
        inArray(
          sql`certame_fold(${products.name})`,
          names.map((n) => foldText(n.trim())),
        ),
      ),
    );
}

export async function findVisibleByCodes(db: DbOrTx, buyerId: string, codes: readonly number[]) {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(visibleTo(buyerId), inArray(products.code, [...codes])));
}

/**
 * Visible products whose name is near `name` (pg_trgm similarity() of the folded names, migration
 * 0002), the most similar first.
 */
export async function findSimilarByName(db: DbOrTx, buyerId: string, name: string) {
  const score = sql<number>`similarity(certame_fold(${products.name}), ${foldText(name.trim())})`;
  return db
    .select({ id: products.id, code: products.code, name: products.name, similarity: score })
    .from(products)
    .where(and(visibleTo(buyerId), sql`${score} >= ${PRODUCT_SIMILARITY_THRESHOLD}`))
    .orderBy(desc(score), asc(products.code))
    .limit(PRODUCT_SIMILAR_LIMIT);
}
