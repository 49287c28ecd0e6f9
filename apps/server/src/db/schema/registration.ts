import type { RegistrationDecision, RegistrationSubjectKind } from "@certame/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { buyers } from "./buyers";
import { id, timestamps, tstz } from "./columns";
import { storedFiles } from "./files";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * One-time links sent by e-mail (issue 13): confirming an e-mail, resetting a password, an invited
 * staff user setting a first password. Only the SHA-256 of the token is stored; a link expires and
 * is spent by its first use (used_at), in the transaction that changes the account.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull().$type<"CONFIRM_EMAIL" | "RESET_PASSWORD" | "SET_PASSWORD">(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("account_tokens_token_hash_key").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    check("account_tokens_purpose", sql`${t.purpose} IN ('CONFIRM_EMAIL', 'RESET_PASSWORD', 'SET_PASSWORD')`),
  ],
);

/**
 * The staff analysis of a completed registration (notices-and-accounts §4 "Buyer registration"):
 * one row per completion; open while `decision` is null (at most one open row per subject). A
 * rejection keeps its reason here, and the next completion opens a new row with a new deadline.
 */
export const registrationReviews = pgTable(
  "registration_reviews",
  {
    id: id(),
    subjectKind: text("subject_kind").notNull().$type<RegistrationSubjectKind>(),
    buyerId: uuid("buyer_id").references(() => buyers.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "cascade" }),
    submittedByUserId: uuid("submitted_by_user_id").references(() => users.id),
    submittedAt: tstz("submitted_at").notNull(),
    /** registrationAnalysisDueAt(submittedAt): 24 business hours (domain). */
    dueAt: tstz("due_at").notNull(),
    decision: text("decision").$type<RegistrationDecision>(),
    reason: text("reason"),
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id),
    decidedAt: tstz("decided_at"),
    ...timestamps,
  },
  (t) => [
    index("registration_reviews_open_idx").on(t.submittedAt).where(sql`${t.decision} IS NULL`),
    uniqueIndex("registration_reviews_open_buyer_key").on(t.buyerId).where(sql`${t.decision} IS NULL`),
    uniqueIndex("registration_reviews_open_supplier_key").on(t.supplierId).where(sql`${t.decision} IS NULL`),
    index("registration_reviews_buyer_idx").on(t.buyerId),
    index("registration_reviews_supplier_idx").on(t.supplierId),
    check("registration_reviews_subject_kind", sql`${t.subjectKind} IN ('BUYER', 'SUPPLIER')`),
    check(
      "registration_reviews_subject",
      sql`(${t.subjectKind} = 'BUYER' AND ${t.buyerId} IS NOT NULL AND ${t.supplierId} IS NULL) OR (${t.subjectKind} = 'SUPPLIER' AND ${t.supplierId} IS NOT NULL AND ${t.buyerId} IS NULL)`,
    ),
    check(
      "registration_reviews_decision",
      sql`${t.decision} IS NULL OR ${t.decision} IN ('APPROVED', 'REJECTED')`,
    ),
    check(
      "registration_reviews_rejection_reason",
      sql`${t.decision} IS DISTINCT FROM 'REJECTED' OR char_length(coalesce(${t.reason}, '')) > 0`,
    ),
  ],
);

/** A public body's registration documents (§3 Buyer documents[]): the signed adhesion term and others. */
export const buyerDocuments = pgTable(
  "buyer_documents",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    /** MEMBERSHIP_TERMS (the signed adhesion term) or OTHER. */
    kind: text("kind").notNull().$type<"MEMBERSHIP_TERMS" | "OTHER">(),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [
    index("buyer_documents_buyer_idx").on(t.buyerId),
    check("buyer_documents_kind", sql`${t.kind} IN ('MEMBERSHIP_TERMS', 'OTHER')`),
  ],
);

/**
 * The signature of a membership (adhesion) term through a SignatureProvider (issue 13): the term
 * sent (its SHA-256), then the signed PDF received (its file and SHA-256, and whether it carries a
 * digital signature dictionary). The built-in provider 'upload' takes the signed PDF from the user.
 */
export const membershipSignatures = pgTable(
  "membership_signatures",
  {
    id: id(),
    subjectKind: text("subject_kind").notNull().$type<RegistrationSubjectKind>(),
    buyerId: uuid("buyer_id").references(() => buyers.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    status: text("status").notNull().$type<"REQUESTED" | "SIGNED">(),
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id),
    requestedAt: tstz("requested_at").notNull(),
    termsSha256: text("terms_sha256").notNull(),
    signedFileId: uuid("signed_file_id").references(() => storedFiles.id),
    signedSha256: text("signed_sha256"),
    hasDigitalSignature: boolean("has_digital_signature"),
    signedAt: tstz("signed_at"),
    ...timestamps,
  },
  (t) => [
    index("membership_signatures_buyer_idx").on(t.buyerId),
    index("membership_signatures_supplier_idx").on(t.supplierId),
    check("membership_signatures_status", sql`${t.status} IN ('REQUESTED', 'SIGNED')`),
  ],
);

/**
 * The seven supplier declarations (§2.12), one row per declaration accepted: which one, when, by
 * whom, and the SHA-256 of the exact text accepted (domain SUPPLIER_DECLARATIONS).
 */
export const supplierDeclarations = pgTable(
  "supplier_declarations",
  {
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    declarationId: integer("declaration_id").notNull(),
    acceptedAt: tstz("accepted_at").notNull(),
    acceptedByUserId: uuid("accepted_by_user_id").references(() => users.id),
    textSha256: text("text_sha256").notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.declarationId] }),
    check("supplier_declarations_id", sql`${t.declarationId} BETWEEN 1 AND 7`),
  ],
);
