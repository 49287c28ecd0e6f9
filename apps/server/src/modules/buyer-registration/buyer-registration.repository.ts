import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  buyerDocuments,
  buyerSecretaryOffices,
  buyerStaff,
  buyerStaffSecretaryOffices,
  buyers,
  registrationReviews,
  storedFiles,
  users,
} from "../../db/schema";

export type BuyerRow = typeof buyers.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function findBuyer(db: DbOrTx, id: string) {
  const [row] = await db.select().from(buyers).where(eq(buyers.id, id)).limit(1);
  return row;
}

/** The body row, locked until the transaction ends: one registration change at a time per body. */
export async function lockBuyer(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(buyers).where(eq(buyers.id, id)).for("update");
  return row;
}

/** The registrant's user row, locked: two saves of one user cannot create two bodies. */
export async function lockUser(tx: DbOrTx, id: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
}

export async function findBuyerByCnpj(db: DbOrTx, cnpj: string) {
  const [row] = await db.select({ id: buyers.id }).from(buyers).where(eq(buyers.cnpj, cnpj)).limit(1);
  return row;
}

export async function insertBuyer(tx: DbOrTx, values: typeof buyers.$inferInsert) {
  const [row] = await tx.insert(buyers).values(values).returning();
  if (!row) throw new Error("buyer not inserted");
  return row;
}

export async function updateBuyer(tx: DbOrTx, id: string, values: Partial<typeof buyers.$inferInsert>) {
  await tx.update(buyers).set(values).where(eq(buyers.id, id));
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByCpf(db: DbOrTx, cpf: string) {
  const [row] = await db.select().from(users).where(eq(users.cpf, cpf)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(tx: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error("user not inserted");
  return row;
}

export async function updateUser(tx: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  await tx.update(users).set(values).where(eq(users.id, id));
}

/**
 * The bodies a user belongs to: as staff, as a body's own account, as its competent authority or as
 * the responsible secretary of one of its secretariats.
 */
export async function bodiesOfUser(db: DbOrTx, userId: string): Promise<Set<string>> {
  const [staff, accounts, secretaries] = await Promise.all([
    db.select({ id: buyerStaff.buyerId }).from(buyerStaff).where(eq(buyerStaff.userId, userId)),
    db
      .select({ id: buyers.id })
      .from(buyers)
      .where(or(eq(buyers.userId, userId), eq(buyers.competentAuthorityUserId, userId))),
    db
      .select({ id: buyerSecretaryOffices.buyerId })
      .from(buyerSecretaryOffices)
      .where(eq(buyerSecretaryOffices.userId, userId)),
  ]);
  return new Set([...staff, ...accounts, ...secretaries].map((r) => r.id));
}

// Secretariats (§3 "Secretariat").

export async function findSecretaryOffices(db: DbOrTx, buyerId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(buyerSecretaryOffices)
    .where(and(eq(buyerSecretaryOffices.buyerId, buyerId), inArray(buyerSecretaryOffices.id, [...ids])));
}

export async function insertSecretaryOffice(tx: DbOrTx, values: typeof buyerSecretaryOffices.$inferInsert) {
  const [row] = await tx
    .insert(buyerSecretaryOffices)
    .values(values)
    .returning({ id: buyerSecretaryOffices.id });
  if (!row) throw new Error("secretary office not inserted");
  return row.id;
}

export async function updateSecretaryOffice(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof buyerSecretaryOffices.$inferInsert>,
) {
  await tx.update(buyerSecretaryOffices).set(values).where(eq(buyerSecretaryOffices.id, id));
}

export async function deleteSecretaryOffices(tx: DbOrTx, buyerId: string, ids: readonly string[]) {
  await tx
    .delete(buyerSecretaryOffices)
    .where(and(eq(buyerSecretaryOffices.buyerId, buyerId), inArray(buyerSecretaryOffices.id, [...ids])));
}

// Staff (§3 "Staff member").

export async function findStaff(db: DbOrTx, buyerId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(buyerStaff)
    .where(and(eq(buyerStaff.buyerId, buyerId), inArray(buyerStaff.id, [...ids])));
}

export async function findStaffByUser(db: DbOrTx, buyerId: string, userId: string) {
  const [row] = await db
    .select({ id: buyerStaff.id })
    .from(buyerStaff)
    .where(and(eq(buyerStaff.buyerId, buyerId), eq(buyerStaff.userId, userId)))
    .limit(1);
  return row;
}

export async function insertStaff(tx: DbOrTx, values: typeof buyerStaff.$inferInsert) {
  const [row] = await tx.insert(buyerStaff).values(values).returning({ id: buyerStaff.id });
  if (!row) throw new Error("staff not inserted");
  return row.id;
}

export async function updateStaff(tx: DbOrTx, id: string, values: Partial<typeof buyerStaff.$inferInsert>) {
  await tx.update(buyerStaff).set(values).where(eq(buyerStaff.id, id));
}

export async function deleteStaff(tx: DbOrTx, buyerId: string, ids: readonly string[]) {
  await tx.delete(buyerStaff).where(and(eq(buyerStaff.buyerId, buyerId), inArray(buyerStaff.id, [...ids])));
}

/** Replaces the secretariats a staff member serves. */
export async function setStaffSecretaryOffices(tx: DbOrTx, staffId: string, officeIds: readonly string[]) {
  await tx.delete(buyerStaffSecretaryOffices).where(eq(buyerStaffSecretaryOffices.staffId, staffId));
  if (officeIds.length > 0)
    await tx
      .insert(buyerStaffSecretaryOffices)
      .values(officeIds.map((secretaryOfficeId) => ({ staffId, secretaryOfficeId })));
}

/** Staff members of a body holding the AUCTIONEER role. */
export async function auctioneerIds(db: DbOrTx, buyerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: buyerStaff.id })
    .from(buyerStaff)
    .where(and(eq(buyerStaff.buyerId, buyerId), sql`'AUCTIONEER' = ANY(${buyerStaff.roles})`));
  return rows.map((r) => r.id);
}

export async function staffSecretaryOfficeLinks(db: DbOrTx, buyerId: string) {
  return db
    .select({
      staffId: buyerStaffSecretaryOffices.staffId,
      officeId: buyerStaffSecretaryOffices.secretaryOfficeId,
    })
    .from(buyerStaffSecretaryOffices)
    .innerJoin(buyerStaff, eq(buyerStaff.id, buyerStaffSecretaryOffices.staffId))
    .where(eq(buyerStaff.buyerId, buyerId));
}

// Documents (§3 Buyer documents[]) and the stored file behind each.

export async function insertStoredFile(tx: DbOrTx, values: typeof storedFiles.$inferInsert) {
  const [row] = await tx.insert(storedFiles).values(values).returning({ id: storedFiles.id });
  if (!row) throw new Error("stored file not inserted");
  return row.id;
}

export async function insertDocument(tx: DbOrTx, values: typeof buyerDocuments.$inferInsert) {
  const [row] = await tx.insert(buyerDocuments).values(values).returning({ id: buyerDocuments.id });
  if (!row) throw new Error("buyer document not inserted");
  return row.id;
}

export async function findDocument(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: buyerDocuments.id,
      buyerId: buyerDocuments.buyerId,
      name: buyerDocuments.name,
      kind: buyerDocuments.kind,
      fileId: storedFiles.id,
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(buyerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, buyerDocuments.fileId))
    .where(eq(buyerDocuments.id, id))
    .limit(1);
  return row;
}

export async function deleteDocument(tx: DbOrTx, id: string) {
  await tx.delete(buyerDocuments).where(eq(buyerDocuments.id, id));
}

export function listDocuments(db: DbOrTx, buyerId: string) {
  return db
    .select({
      id: buyerDocuments.id,
      name: buyerDocuments.name,
      kind: buyerDocuments.kind,
      sha256: storedFiles.sha256,
      size: storedFiles.sizeBytes,
      createdDate: buyerDocuments.createdDate,
    })
    .from(buyerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, buyerDocuments.fileId))
    .where(eq(buyerDocuments.buyerId, buyerId))
    .orderBy(asc(buyerDocuments.createdDate));
}

/** Retires the body's signed terms (the stored files stay, as every upload does). */
export async function deleteMembershipTerms(tx: DbOrTx, buyerId: string) {
  await tx
    .delete(buyerDocuments)
    .where(and(eq(buyerDocuments.buyerId, buyerId), eq(buyerDocuments.kind, "MEMBERSHIP_TERMS")));
}

export async function countMembershipTerms(db: DbOrTx, buyerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(buyerDocuments)
    .where(and(eq(buyerDocuments.buyerId, buyerId), eq(buyerDocuments.kind, "MEMBERSHIP_TERMS")));
  return row?.n ?? 0;
}

// Analyses (registration_reviews).

/** Whether the body was ever completed (an analysis was opened for it). */
export async function wasEverCompleted(db: DbOrTx, buyerId: string) {
  const [row] = await db
    .select({ id: registrationReviews.id })
    .from(registrationReviews)
    .where(eq(registrationReviews.buyerId, buyerId))
    .limit(1);
  return Boolean(row);
}

export async function openReview(db: DbOrTx, buyerId: string) {
  const [row] = await db
    .select({
      id: registrationReviews.id,
      submittedAt: registrationReviews.submittedAt,
      dueAt: registrationReviews.dueAt,
    })
    .from(registrationReviews)
    .where(and(eq(registrationReviews.buyerId, buyerId), isNull(registrationReviews.decision)))
    .limit(1);
  return row;
}

export async function latestDecidedReview(db: DbOrTx, buyerId: string) {
  const [row] = await db
    .select({
      decision: registrationReviews.decision,
      reason: registrationReviews.reason,
      decidedAt: registrationReviews.decidedAt,
    })
    .from(registrationReviews)
    .where(and(eq(registrationReviews.buyerId, buyerId), isNotNull(registrationReviews.decision)))
    .orderBy(desc(registrationReviews.decidedAt))
    .limit(1);
  return row;
}

/** Whether another body than `buyerId` has this CNPJ. */
export async function cnpjTakenByOther(db: DbOrTx, cnpj: string, buyerId: string) {
  const [row] = await db
    .select({ id: buyers.id })
    .from(buyers)
    .where(and(eq(buyers.cnpj, cnpj), ne(buyers.id, buyerId)))
    .limit(1);
  return Boolean(row);
}
