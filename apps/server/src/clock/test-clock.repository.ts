import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { testClock } from "../db/schema";

/** The stored offset of the test clock (0 when it never moved). */
export async function readOffset(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ offsetMs: testClock.offsetMs }).from(testClock).where(eq(testClock.id, 1));
  return row?.offsetMs ?? 0;
}

export async function saveOffset(db: DbOrTx, offsetMs: number): Promise<void> {
  await db
    .insert(testClock)
    .values({ id: 1, offsetMs })
    .onConflictDoUpdate({ target: testClock.id, set: { offsetMs } });
}
