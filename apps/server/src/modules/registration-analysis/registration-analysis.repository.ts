import type { RegistrationDecision } from "@certame/domain";
import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../../db/client";
import {
  buyerDocuments,
  buyerSecretaryOffices,
  buyerStaff,
  buyers,
  membershipSignatures,
  registrationReviews,
  storedFiles,
  supplierDeclarations,
  supplierDocuments,
  suppliers,
  users,
} from "../../db/schema";

/** The supplier document kind of the signed adhesion term (the supplier registration attaches it). */
export const SUPPLIER_MEMBERSHIP_TERMS_KIND = "MEMBERSHIP_TERMS";

const submitter = alias(users, "submitter");
const decider = alias(users, "decider");

/** Rejections of the same subject before this analysis (a correlated count). */
const previousRejections = sql<number>`(
  SELECT count(*)::int FROM registration_reviews earlier
  WHERE earlier.decision = 'REJECTED'
    AND earlier.submitted_at < ${registrationReviews.submittedAt}
    AND (earlier.buyer_id = ${registrationReviews.buyerId} OR earlier.supplier_id = ${registrationReviews.supplierId})
)`;

const listColumns = {
  id: registrationReviews.id,
  subjectKind: registrationReviews.subjectKind,
  buyerId: registrationReviews.buyerId,
  supplierId: registrationReviews.supplierId,
  submittedAt: registrationReviews.submittedAt,
  dueAt: registrationReviews.dueAt,
  decision: registrationReviews.decision,
  reason: registrationReviews.reason,
  decidedAt: registrationReviews.decidedAt,
  buyerName: buyers.corporateName,
  buyerCnpj: buyers.cnpj,
  supplierCorporateName: suppliers.corporateName,
  supplierName: suppliers.name,
  supplierTradeName: suppliers.tradeName,
  supplierDocument: suppliers.documentNumber,
  supplierCredentialKind: suppliers.credentialKind,
  submittedByName: submitter.name,
  submittedByEmail: submitter.email,
  decidedByName: decider.name,
  previousRejections,
};

function reviewsQuery(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(registrationReviews)
    .leftJoin(buyers, eq(buyers.id, registrationReviews.buyerId))
    .leftJoin(suppliers, eq(suppliers.id, registrationReviews.supplierId))
    .leftJoin(submitter, eq(submitter.id, registrationReviews.submittedByUserId))
    .leftJoin(decider, eq(decider.id, registrationReviews.decidedByUserId));
}

export type ReviewRow = Awaited<ReturnType<typeof findReview>> & object;

/** Open analyses oldest first (the console's queue), or decided ones newest first. */
export async function listReviews(db: DbOrTx, open: boolean, page: number, limit: number) {
  const where = open ? isNull(registrationReviews.decision) : isNotNull(registrationReviews.decision);
  const rows = await reviewsQuery(db)
    .where(where)
    .orderBy(
      ...(open
        ? [asc(registrationReviews.submittedAt), asc(registrationReviews.id)]
        : [desc(registrationReviews.decidedAt), desc(registrationReviews.id)]),
    )
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(registrationReviews)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findReview(db: DbOrTx, id: string) {
  const [row] = await reviewsQuery(db).where(eq(registrationReviews.id, id)).limit(1);
  return row;
}

/** The other analyses of the same subject, newest first (the history shown with an analysis). */
export function reviewHistory(
  db: DbOrTx,
  review: { id: string; buyerId: string | null; supplierId: string | null },
) {
  const subject = review.buyerId
    ? eq(registrationReviews.buyerId, review.buyerId)
    : eq(registrationReviews.supplierId, review.supplierId ?? "");
  return reviewsQuery(db)
    .where(and(subject, ne(registrationReviews.id, review.id)))
    .orderBy(desc(registrationReviews.submittedAt));
}

/**
 * Decides an open analysis: a conditional update, so of two staff deciding at once exactly one
 * changes the row (the other waits on the row lock, then finds the decision set and gets nothing).
 */
export async function decideReview(
  tx: Tx,
  id: string,
  decision: {
    decision: RegistrationDecision;
    reason: string | null;
    decidedByUserId: string;
    decidedAt: Date;
  },
) {
  const [row] = await tx
    .update(registrationReviews)
    .set({ ...decision, updatedDate: decision.decidedAt })
    .where(and(eq(registrationReviews.id, id), isNull(registrationReviews.decision)))
    .returning();
  return row;
}

export async function reviewExists(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: registrationReviews.id })
    .from(registrationReviews)
    .where(eq(registrationReviews.id, id))
    .limit(1);
  return Boolean(row);
}

/** Only a registration waiting for analysis is decided; false when the subject was not PENDING. */
export async function setBuyerStatus(tx: Tx, buyerId: string, status: "APPROVED" | "REJECTED", at: Date) {
  const rows = await tx
    .update(buyers)
    .set({ registrationStatus: status, updatedDate: at })
    .where(and(eq(buyers.id, buyerId), eq(buyers.registrationStatus, "PENDING")))
    .returning({ id: buyers.id });
  return rows.length === 1;
}

export async function setSupplierStatus(
  tx: Tx,
  supplierId: string,
  status: "APPROVED" | "REJECTED",
  at: Date,
) {
  const rows = await tx
    .update(suppliers)
    .set({ registrationStatus: status, updatedDate: at })
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.registrationStatus, "PENDING")))
    .returning({ id: suppliers.id });
  return rows.length === 1;
}

/** Who is e-mailed the decision: the body's own account (else whoever completed it), the supplier's user. */
export async function recipientOf(
  db: DbOrTx,
  review: { buyerId: string | null; supplierId: string | null; submittedByUserId: string | null },
) {
  let userId: string | null = null;
  if (review.buyerId) {
    const [b] = await db.select({ userId: buyers.userId }).from(buyers).where(eq(buyers.id, review.buyerId));
    userId = b?.userId ?? null;
  } else if (review.supplierId) {
    const [s] = await db
      .select({ userId: suppliers.userId })
      .from(suppliers)
      .where(eq(suppliers.id, review.supplierId));
    userId = s?.userId ?? null;
  }
  userId ??= review.submittedByUserId;
  if (!userId) return undefined;
  const [u] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u;
}

// ---- The registration as the analyst reads it -------------------------------------------------

const authority = alias(users, "authority");

export async function buyerRegistration(db: DbOrTx, buyerId: string) {
  const [buyer] = await db
    .select({
      buyer: buyers,
      authorityName: authority.name,
      authorityEmail: authority.email,
      authorityCpf: authority.cpf,
      accountName: users.name,
      accountEmail: users.email,
    })
    .from(buyers)
    .leftJoin(authority, eq(authority.id, buyers.competentAuthorityUserId))
    .leftJoin(users, eq(users.id, buyers.userId))
    .where(eq(buyers.id, buyerId));
  if (!buyer) return undefined;
  const offices = await db
    .select({
      id: buyerSecretaryOffices.id,
      name: buyerSecretaryOffices.name,
      cnpj: buyerSecretaryOffices.cnpj,
    })
    .from(buyerSecretaryOffices)
    .where(eq(buyerSecretaryOffices.buyerId, buyerId))
    .orderBy(asc(buyerSecretaryOffices.name));
  const staff = await db
    .select({
      id: buyerStaff.id,
      name: users.name,
      email: users.email,
      cpf: users.cpf,
      roles: buyerStaff.roles,
      department: buyerStaff.department,
      internalPosition: buyerStaff.internalPosition,
    })
    .from(buyerStaff)
    .innerJoin(users, eq(users.id, buyerStaff.userId))
    .where(eq(buyerStaff.buyerId, buyerId))
    .orderBy(asc(users.name));
  const documents = await db
    .select({
      id: buyerDocuments.id,
      name: buyerDocuments.name,
      kind: buyerDocuments.kind,
      fileId: buyerDocuments.fileId,
      sha256: storedFiles.sha256,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      createdDate: buyerDocuments.createdDate,
    })
    .from(buyerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, buyerDocuments.fileId))
    .where(eq(buyerDocuments.buyerId, buyerId))
    .orderBy(asc(buyerDocuments.createdDate));
  const signature = await latestSignature(db, { buyerId });
  return { ...buyer, offices, staff, documents, signature };
}

export async function supplierRegistration(db: DbOrTx, supplierId: string) {
  const [supplier] = await db
    .select({ supplier: suppliers, accountName: users.name, accountEmail: users.email })
    .from(suppliers)
    .leftJoin(users, eq(users.id, suppliers.userId))
    .where(eq(suppliers.id, supplierId));
  if (!supplier) return undefined;
  const declarations = await db
    .select({
      declarationId: supplierDeclarations.declarationId,
      acceptedAt: supplierDeclarations.acceptedAt,
    })
    .from(supplierDeclarations)
    .where(eq(supplierDeclarations.supplierId, supplierId))
    .orderBy(asc(supplierDeclarations.declarationId));
  const documents = await db
    .select({
      id: supplierDocuments.id,
      name: supplierDocuments.name,
      kind: supplierDocuments.kind,
      fileId: supplierDocuments.fileId,
      sha256: storedFiles.sha256,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      createdDate: supplierDocuments.createdDate,
    })
    .from(supplierDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, supplierDocuments.fileId))
    .where(
      and(
        eq(supplierDocuments.supplierId, supplierId),
        eq(supplierDocuments.kind, SUPPLIER_MEMBERSHIP_TERMS_KIND),
        eq(supplierDocuments.isDeleted, false),
      ),
    )
    .orderBy(asc(supplierDocuments.createdDate));
  const signature = await latestSignature(db, { supplierId });
  return { ...supplier, declarations, documents, signature };
}

async function latestSignature(db: DbOrTx, subject: { buyerId?: string; supplierId?: string }) {
  const [row] = await db
    .select()
    .from(membershipSignatures)
    .where(
      subject.buyerId
        ? eq(membershipSignatures.buyerId, subject.buyerId)
        : eq(membershipSignatures.supplierId, subject.supplierId ?? ""),
    )
    .orderBy(desc(membershipSignatures.requestedAt))
    .limit(1);
  return row;
}

/**
 * A stored file that belongs to a registration: a body's document, a supplier's membership term,
 * or a signed term received by the signature provider. Any other file is not the console's to serve.
 */
export async function registrationFile(db: DbOrTx, fileId: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, fileId),
        or(
          sql`EXISTS (SELECT 1 FROM ${buyerDocuments} WHERE ${buyerDocuments.fileId} = ${storedFiles.id})`,
          sql`EXISTS (SELECT 1 FROM ${supplierDocuments} WHERE ${supplierDocuments.fileId} = ${storedFiles.id} AND ${supplierDocuments.kind} = ${SUPPLIER_MEMBERSHIP_TERMS_KIND} AND NOT ${supplierDocuments.isDeleted})`,
          sql`EXISTS (SELECT 1 FROM ${membershipSignatures} WHERE ${membershipSignatures.signedFileId} = ${storedFiles.id})`,
        ),
      ),
    )
    .limit(1);
  return row;
}

// ---- The gates: only approved bodies publish and only approved suppliers bid ------------------

export async function buyerRegistrationStatus(db: DbOrTx, buyerId: string) {
  const [row] = await db
    .select({ status: buyers.registrationStatus })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  return row?.status;
}
