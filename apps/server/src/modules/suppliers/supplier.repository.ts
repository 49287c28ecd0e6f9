import type { SupplierCreateInput, SupplierListInput } from "@certame/domain";
import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { suppliers } from "../../db/schema";
import { searchTextContains } from "../../db/text-search";

export type SupplierRow = typeof suppliers.$inferSelect;

const SORT = {
  code: sql`${suppliers.code}`,
  createdDate: sql`${suppliers.createdDate}`,
  name: sql`lower(coalesce(${suppliers.corporateName}, ${suppliers.name}))`,
  documentNumber: sql`${suppliers.documentNumber}`,
} as const;

export async function listSuppliers(db: DbOrTx, q: SupplierListInput) {
  // The buyer's bidder picker lists suppliers it may name: bidders registered by buyers (NONE) and
  // suppliers whose own registration the platform approved — not a sign-up still being filled in.
  const conditions: SQL[] = [sql`${suppliers.registrationStatus} IN ('APPROVED', 'NONE')`];
  const term = q.searchParameters;
  if (term) {
    const digits = term.replace(/[\s.\-/]/g, "");
    const byText = searchTextContains(suppliers.searchText, term);
    conditions.push(
      /^[0-9A-Za-z]{3,14}$/.test(digits) && /\d/.test(digits)
        ? (or(byText, sql`${suppliers.documentNumber} LIKE ${`${digits.toUpperCase()}%`}`) as SQL)
        : byText,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const order = q.sortOrder ?? (q.orderByColumn === "createdDate" ? "DESC" : "ASC");
  const dir = order === "ASC" ? asc : desc;
  const rows = await db
    .select()
    .from(suppliers)
    .where(where)
    .orderBy(dir(SORT[q.orderByColumn]), dir(suppliers.code))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db.select({ n: count() }).from(suppliers).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findSupplierByDocument(db: DbOrTx, documentNumber: string) {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.documentNumber, documentNumber))
    .limit(1);
  return row;
}

/** Inserts unless the document exists; undefined on a duplicate (a concurrent insert included). */
export async function insertSupplier(
  db: DbOrTx,
  values: SupplierCreateInput & { registeredByUserId: string },
) {
  const [row] = await db
    .insert(suppliers)
    .values(values)
    .onConflictDoNothing({ target: suppliers.documentNumber })
    .returning();
  return row;
}
