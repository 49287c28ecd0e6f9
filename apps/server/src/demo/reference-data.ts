import { DEMAND_CATEGORIES, LAW_CLAUSES, LEGISLATIONS, MEASUREMENT_UNITS } from "@certame/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { demandCategories, lawClauses, legislations, measurementUnits } from "../db/schema";

/**
 * Reference lists every installation needs (not demo data): legislation, law clauses and
 * measurement units and the demand categories (planning §7 category/list) from packages/domain. Upserted by code, so a new release updates names.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(20260002)`);
    await tx
      .insert(legislations)
      .values(LEGISLATIONS.map((l) => ({ code: l.code, name: l.name })))
      .onConflictDoUpdate({ target: legislations.code, set: { name: sql`excluded.name` } });
    const ids = new Map((await tx.select().from(legislations)).map((l) => [l.code, l.id]));
    await tx
      .insert(lawClauses)
      .values(
        LAW_CLAUSES.map((c) => {
          const legislationId = ids.get(c.legislation);
          if (legislationId === undefined) throw new Error(`legislação ausente: ${c.legislation}`);
          return { code: c.code, legislationId, name: c.name };
        }),
      )
      .onConflictDoUpdate({
        target: lawClauses.code,
        set: { name: sql`excluded.name`, legislationId: sql`excluded.legislation_id` },
      });
    await tx
      .insert(measurementUnits)
      .values(MEASUREMENT_UNITS.map((u) => ({ code: u.code, description: u.description })))
      .onConflictDoUpdate({ target: measurementUnits.code, set: { description: sql`excluded.description` } });
    await tx
      .insert(demandCategories)
      .values(DEMAND_CATEGORIES.map((description) => ({ description })))
      .onConflictDoNothing({ target: demandCategories.description });
  });
}
