import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loginAttempts } from "../../db/schema";

export type LoginKeyKind = "ACCOUNT" | "ADDRESS";

const byKey = (kind: LoginKeyKind, key: string) =>
  and(eq(loginAttempts.keyKind, kind), eq(loginAttempts.key, key));

/**
 * Counts one more attempt of a key in one atomic statement, so that parallel attempts each see their
 * own count. A locked key is left untouched; a window that has passed starts again at 1, and with it
 * the run of locks. Returns the row as it now stands.
 */
export async function countAttempt(db: DbOrTx, kind: LoginKeyKind, key: string, now: Date, windowMs: number) {
  const locked = sql`${loginAttempts.lockedUntil} > ${now}`;
  const passed = sql`${loginAttempts.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ keyKind: kind, key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: [loginAttempts.keyKind, loginAttempts.key],
      set: {
        failures: sql`CASE WHEN ${locked} THEN ${loginAttempts.failures} WHEN ${passed} THEN 1
          ELSE ${loginAttempts.failures} + 1 END`,
        lockCount: sql`CASE WHEN ${locked} THEN ${loginAttempts.lockCount} WHEN ${passed} THEN 0
          ELSE ${loginAttempts.lockCount} END`,
        windowStart: sql`CASE WHEN ${locked} THEN ${loginAttempts.windowStart} WHEN ${passed} THEN ${now}::timestamptz
          ELSE ${loginAttempts.windowStart} END`,
      },
    })
    .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
  return row;
}

/**
 * Locks a key that has reached `limit` attempts and is not locked yet: the n-th lock in a row lasts
 * `lockStepsMs[n-1]` (the last step once past the end), and the next window starts when it ends.
 * Returns the key's lock end when it is locked after the call (by this call or a parallel one).
 */
export async function lockIfReached(
  db: DbOrTx,
  kind: LoginKeyKind,
  key: string,
  now: Date,
  limit: number,
  lockStepsMs: readonly number[],
): Promise<Date | undefined> {
  const step = sql`(${sql.param([...lockStepsMs])}::bigint[])[least(${loginAttempts.lockCount} + 1, ${lockStepsMs.length})]`;
  const until = sql`${now}::timestamptz + ${step} * interval '1 millisecond'`;
  const [locked] = await db
    .update(loginAttempts)
    .set({
      lockedUntil: until,
      windowStart: until,
      failures: 0,
      lockCount: sql`${loginAttempts.lockCount} + 1`,
    })
    .where(
      and(
        byKey(kind, key),
        sql`${loginAttempts.failures} >= ${limit}`,
        sql`(${loginAttempts.lockedUntil} IS NULL OR ${loginAttempts.lockedUntil} <= ${now})`,
      ),
    )
    .returning({ lockedUntil: loginAttempts.lockedUntil });
  if (locked?.lockedUntil) return locked.lockedUntil;
  const [row] = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(byKey(kind, key), sql`${loginAttempts.lockedUntil} > ${now}`));
  return row?.lockedUntil ?? undefined;
}

/** Takes back one counted attempt (a success, or an attempt refused before its password was checked). */
export async function uncountAttempt(db: DbOrTx, kind: LoginKeyKind, key: string) {
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(byKey(kind, key));
}

/** Forgets a key altogether: its count and its run of locks. */
export async function resetKey(db: DbOrTx, kind: LoginKeyKind, key: string) {
  await db.delete(loginAttempts).where(byKey(kind, key));
}

/** Deletes a batch of rows whose window ended before `before` (they hold nothing any more). */
export async function deletePassedWindows(db: DbOrTx, before: Date, batch = 100) {
  await db.execute(sql`DELETE FROM ${loginAttempts} WHERE ctid IN (
    SELECT ctid FROM ${loginAttempts} WHERE ${loginAttempts.windowStart} <= ${before} LIMIT ${batch})`);
}
