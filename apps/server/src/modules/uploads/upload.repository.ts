import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { buyerStaff, buyers, storedFiles } from "../../db/schema";

/**
 * Of these stored files, the ids uploaded by the body: by the caller, the body's own account or one
 * of its staff. Another user's file (another body's, a supplier's) and an unknown id are not among
 * them. Each id at most once, in no particular order.
 */
export async function filesOfBody(
  db: DbOrTx,
  buyerId: string,
  userId: string,
  fileIds: string[],
): Promise<string[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, ids),
        or(
          eq(storedFiles.uploadedByUserId, userId),
          sql`${storedFiles.uploadedByUserId} IN (SELECT ${buyers.userId} FROM ${buyers} WHERE ${buyers.id} = ${buyerId})`,
          sql`${storedFiles.uploadedByUserId} IN (SELECT ${buyerStaff.userId} FROM ${buyerStaff} WHERE ${buyerStaff.buyerId} = ${buyerId})`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}
