import type { DisputeJudgmentStatus, LotPhase } from "@certame/domain";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { storedFiles } from "./files";
import { auctionBatches, auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

/** FIXED (a date chosen in the next-phase modal) or LOOSE (the legal 3 business days), domain DueDateType. */
export type AppealDueType = "FIXED" | "LOOSE";
/** The intention's own state: standing, refused by the auctioneer, or waived by its author. */
export type DisputeStatus = "MANIFESTED" | "REFUSED" | "WAIVED";
export type DisputeDocumentKind = "DISPUTE" | "DISPUTE_COUNTER_ARGUMENT" | "DISPUTE_JUDGMENT";

/**
 * One appeal round of a lot (Lei 14.133/2021 art. 165): opened each time the lot enters an
 * interest-manifestation phase, with the intention window and then the reasons and
 * counter-arguments deadlines set by the moves into DISPUTE_RECEIVEMENT and
 * COUNTERARGUMENTS_RECEIVEMENT. A lot's current round is its latest.
 */
export const appealRounds = pgTable(
  "appeal_rounds",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    /** The interest-manifestation phase the round opened in. */
    interestPhase: text("interest_phase").notNull().$type<LotPhase>(),
    openedAt: tstz("opened_at").notNull(),
    interestEndsAt: tstz("interest_ends_at").notNull(),
    reasonsDueType: text("reasons_due_type").$type<AppealDueType>(),
    reasonsDueAt: tstz("reasons_due_at"),
    counterArgumentsDueType: text("counter_arguments_due_type").$type<AppealDueType>(),
    counterArgumentsDueAt: tstz("counter_arguments_due_at"),
    ...timestamps,
  },
  (t) => [index("appeal_rounds_batch_idx").on(t.batchId, t.openedAt)],
);

/**
 * Appeal intentions and their appeals (trading-room §3 "Dispute"): one per supplier in a lot's
 * round. A whole-notice manifestation ('Recurso único (Edital)') writes one row per lot, sharing
 * `groupId`. The judgement (APPROVED / DENIED) is kept on the row.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    roundId: uuid("round_id")
      .notNull()
      .references(() => appealRounds.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    /** Rows of one whole-notice manifestation share it; null for a single lot. */
    groupId: uuid("group_id"),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("MANIFESTED").$type<DisputeStatus>(),
    manifestedByUserId: uuid("manifested_by_user_id").references(() => users.id),
    refusalReason: text("refusal_reason"),
    refusedByUserId: uuid("refused_by_user_id").references(() => users.id),
    refusedAt: tstz("refused_at"),
    waiverReason: text("waiver_reason"),
    waivedAt: tstz("waived_at"),
    judgmentStatus: text("judgment_status").notNull().default("NOT_ANALYZED").$type<DisputeJudgmentStatus>(),
    judgmentJustification: text("judgment_justification"),
    judgedByUserId: uuid("judged_by_user_id").references(() => users.id),
    judgedAt: tstz("judged_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("disputes_round_supplier_key").on(t.roundId, t.supplierId),
    index("disputes_notice_idx").on(t.auctionNoticeId, t.createdDate),
    index("disputes_batch_idx").on(t.batchId),
    check("disputes_reason_length", sql`char_length(${t.reason}) <= 5000`),
    check("disputes_refusal_reason_length", sql`char_length(${t.refusalReason}) <= 5000`),
    check("disputes_waiver_reason_length", sql`char_length(${t.waiverReason}) <= 5000`),
    check("disputes_justification_length", sql`char_length(${t.judgmentJustification}) <= 5000`),
  ],
);

/**
 * Files of an appeal round: a supplier's appeal (DISPUTE, on its dispute), a bidder's
 * counter-argument (DISPUTE_COUNTER_ARGUMENT) and the judgement's file. A new file of the same
 * supplier and kind in the round replaces the previous one, which is kept with isCurrent false.
 */
export const disputeDocuments = pgTable(
  "dispute_documents",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    roundId: uuid("round_id")
      .notNull()
      .references(() => appealRounds.id, { onDelete: "cascade" }),
    disputeId: uuid("dispute_id").references(() => disputes.id, { onDelete: "cascade" }),
    /** The author supplier; null for the judgement's file. */
    supplierId: uuid("supplier_id").references(() => suppliers.id),
    kind: text("kind").notNull().$type<DisputeDocumentKind>(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    name: text("name").notNull(),
    isCurrent: boolean("is_current").notNull().default(true),
    uploadedByUserId: uuid("uploaded_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("dispute_documents_notice_idx").on(t.auctionNoticeId, t.createdDate),
    uniqueIndex("dispute_documents_current_key")
      .on(t.roundId, t.supplierId, t.kind)
      .where(sql`is_current AND supplier_id IS NOT NULL`),
  ],
);
