import { and, asc, eq, ilike, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { lawClauses, legislations, measurementUnits } from "../../db/schema";

export function listLegislations(db: DbOrTx, law?: string) {
  return db
    .select({ id: legislations.id, code: legislations.code, name: legislations.name })
    .from(legislations)
    .where(law ? or(ilike(legislations.name, `%${law}%`), ilike(legislations.code, `%${law}%`)) : undefined)
    .orderBy(asc(legislations.name));
}

export function findLegislationCode(db: DbOrTx, id: number) {
  return db
    .select({ code: legislations.code })
    .from(legislations)
    .where(eq(legislations.id, id))
    .then((rows) => rows[0]?.code);
}

/** The stored clauses among `codes` (the domain decides which codes a modality offers). */
export function listLawClausesByCodes(db: DbOrTx, codes: readonly string[], legislationId?: number) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: lawClauses.id,
      code: lawClauses.code,
      name: lawClauses.name,
      legislationId: lawClauses.legislationId,
    })
    .from(lawClauses)
    .where(
      and(
        inArray(lawClauses.code, [...codes]),
        legislationId ? eq(lawClauses.legislationId, legislationId) : undefined,
      ),
    )
    .orderBy(asc(lawClauses.id));
}

export function listMeasurementUnits(db: DbOrTx) {
  return db
    .select({ code: measurementUnits.code, description: measurementUnits.description })
    .from(measurementUnits)
    .orderBy(asc(measurementUnits.description));
}
