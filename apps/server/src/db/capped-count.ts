import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/**
 * How far a list's total is counted exactly (issue 18). Past it the pager says "mais de 10.000": a
 * count of 80,000 matching rows on every page cost more than the page itself.
 */
export const LIST_COUNT_CAP = 10_000;

export interface ListTotal {
  /** The rows matching, or LIST_COUNT_CAP when there are more. */
  total: number;
  /** There are more than `total` rows. */
  totalIsLowerBound: boolean;
}

/**
 * Counts the rows of `table` (with `join`, e.g. `INNER JOIN buyers ON …`) matching `where`, reading
 * at most LIST_COUNT_CAP + 1 of them.
 */
export async function cappedCount(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  join: SQL = sql``,
): Promise<ListTotal> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n
    FROM (SELECT 1 FROM ${table} ${join} ${where ? sql`WHERE ${where}` : sql``} LIMIT ${LIST_COUNT_CAP + 1}) AS matching`);
  const n = Number(result.rows[0]?.n ?? 0);
  return n > LIST_COUNT_CAP
    ? { total: LIST_COUNT_CAP, totalIsLowerBound: true }
    : { total: n, totalIsLowerBound: false };
}
