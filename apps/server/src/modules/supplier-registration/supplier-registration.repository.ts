import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  registrationReviews,
  storedFiles,
  supplierDeclarations,
  supplierDocuments,
  suppliers,
  users,
} from "../../db/schema";

export type SupplierRow = typeof suppliers.$inferSelect;
type SupplierUpdate = Partial<typeof suppliers.$inferInsert>;

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, kind: users.kind, cpf: users.cpf })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findSupplier(db: DbOrTx, id: string) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row;
}

export async function findSupplierByUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.userId, userId)).limit(1);
  return row;
}

export async function findSupplierByDocument(db: DbOrTx, documentNumber: string) {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.documentNumber, documentNumber))
    .limit(1);
  return row;
}

/** The user's supplier row, locked for the rest of the transaction (one state change at a time). */
export async function lockSupplierOfUser(tx: Tx, userId: string) {
  const [row] = await tx.select().from(suppliers).where(eq(suppliers.userId, userId)).limit(1).for("update");
  return row;
}

/**
 * Claims a bidder a buyer registered ('Cadastro de licitante': no login, NONE): conditional on it
 * being still unclaimed, so of two parallel claims exactly one gets the row back.
 */
export async function claimBidder(tx: Tx, id: string, values: SupplierUpdate) {
  const [row] = await tx
    .update(suppliers)
    .set(values)
    .where(and(eq(suppliers.id, id), isNull(suppliers.userId), eq(suppliers.registrationStatus, "NONE")))
    .returning();
  return row;
}

/** Inserts unless the document (or this user) already has a row; undefined then. */
export async function insertSupplier(tx: Tx, values: typeof suppliers.$inferInsert) {
  const [row] = await tx.insert(suppliers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSupplier(tx: Tx, id: string, values: SupplierUpdate) {
  const [row] = await tx.update(suppliers).set(values).where(eq(suppliers.id, id)).returning();
  if (!row) throw new Error("supplier row vanished inside its own transaction");
  return row;
}

export async function listDeclarations(db: DbOrTx, supplierId: string) {
  return db
    .select()
    .from(supplierDeclarations)
    .where(eq(supplierDeclarations.supplierId, supplierId))
    .orderBy(supplierDeclarations.declarationId);
}

/**
 * Records an accepted declaration; accepting it again keeps the first acceptance unless the text
 * accepted then (its SHA-256) differs from the text accepted now.
 */
export async function acceptDeclaration(
  tx: Tx,
  values: {
    supplierId: string;
    declarationId: number;
    acceptedAt: Date;
    acceptedByUserId: string;
    textSha256: string;
  },
) {
  await tx
    .insert(supplierDeclarations)
    .values(values)
    .onConflictDoUpdate({
      target: [supplierDeclarations.supplierId, supplierDeclarations.declarationId],
      set: {
        acceptedAt: values.acceptedAt,
        acceptedByUserId: values.acceptedByUserId,
        textSha256: values.textSha256,
        updatedDate: values.acceptedAt,
      },
      setWhere: sql`${supplierDeclarations.textSha256} <> excluded.text_sha256`,
    });
}

/** The live signed membership terms of the supplier (kind MEMBERSHIP_TERMS), newest first. */
export async function listMembershipTerms(db: DbOrTx, supplierId: string) {
  return db
    .select({
      id: supplierDocuments.id,
      fileId: supplierDocuments.fileId,
      name: supplierDocuments.name,
      kind: supplierDocuments.kind,
      createdDate: supplierDocuments.createdDate,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      sha256: storedFiles.sha256,
    })
    .from(supplierDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .where(
      and(
        eq(supplierDocuments.supplierId, supplierId),
        eq(supplierDocuments.kind, "MEMBERSHIP_TERMS"),
        eq(supplierDocuments.isDeleted, false),
      ),
    )
    .orderBy(desc(supplierDocuments.createdDate), desc(supplierDocuments.id));
}

/** Retires the signed terms (a new one replaces them, or the data they name changed). */
export async function retireMembershipTerms(tx: Tx, supplierId: string, now: Date) {
  await tx
    .update(supplierDocuments)
    .set({ isDeleted: true, deletedDate: now, updatedDate: now })
    .where(
      and(
        eq(supplierDocuments.supplierId, supplierId),
        eq(supplierDocuments.kind, "MEMBERSHIP_TERMS"),
        eq(supplierDocuments.isDeleted, false),
      ),
    );
}

export async function insertMembershipTermsDocument(tx: Tx, values: typeof supplierDocuments.$inferInsert) {
  const [row] = await tx.insert(supplierDocuments).values(values).returning();
  if (!row) throw new Error("membership terms document not inserted");
  return row;
}

/** The open analysis (due time) and the latest rejection (its reason) of the supplier. */
export async function reviewsOf(db: DbOrTx, supplierId: string) {
  const rows = await db
    .select()
    .from(registrationReviews)
    .where(eq(registrationReviews.supplierId, supplierId))
    .orderBy(desc(registrationReviews.submittedAt));
  return {
    open: rows.find((r) => r.decision === null),
    rejected: rows.find((r) => r.decision === "REJECTED"),
  };
}
