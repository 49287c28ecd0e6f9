import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";

/**
 * Available single-participation credits (notices-and-accounts §4): Σ amount of CONFIRMED purchases
 * minus the count of USED rows — the domain's availableCredits, in SQL. Unpaid purchases count nothing.
 */
export async function availableCredits(db: DbOrTx, supplierId: string): Promise<number> {
  const rows = await db.execute<{ n: string | number | null }>(sql`
    SELECT coalesce(sum(CASE WHEN status = 'CONFIRMED' THEN amount WHEN status = 'USED' THEN -1 ELSE 0 END), 0) AS n
    FROM supplier_credits WHERE supplier_id = ${supplierId}`);
  return Number(rows.rows[0]?.n ?? 0);
}

/**
 * Consumes one participation for a process: a USED row naming the notice, written only while one is
 * available. The supplier's row is locked first, so two saves at once cannot spend the same credit;
 * undefined when none is left. Once per process: the unique index refuses a second USED row.
 */
export async function consumeCredit(
  tx: Tx,
  supplierId: string,
  noticeId: string,
): Promise<string | undefined> {
  await tx.execute(sql`SELECT 1 FROM suppliers WHERE id = ${supplierId} FOR UPDATE`);
  if ((await availableCredits(tx, supplierId)) < 1) return undefined;
  // The plan of the oldest confirmed purchase names the row in the history.
  const rows = await tx.execute<{ id: string }>(sql`
    INSERT INTO supplier_credits (supplier_id, credit_plan_id, amount, price, status, auction_notice_id)
    VALUES (
      ${supplierId},
      (SELECT credit_plan_id FROM supplier_credits WHERE supplier_id = ${supplierId} AND status = 'CONFIRMED'
       ORDER BY created_date, id LIMIT 1),
      1, 0, 'USED', ${noticeId}
    )
    RETURNING id`);
  return rows.rows[0]?.id;
}
