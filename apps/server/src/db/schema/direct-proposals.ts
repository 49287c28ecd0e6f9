import type {
  DirectAppealDecision,
  DirectAppealStatus,
  DirectProposalKind,
  DirectProposalStatus,
} from "@certame/domain";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { storedFiles } from "./files";
import { auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * A supplier's proposal in a direct procedure (issue 19 item 2; domain direct-proposals.ts): the signed
 * proposal, the accreditation's initial or updated values, or the pre-qualification files, as one
 * PDF the supplier uploaded, and the body's decision with its reason. One pending proposal of a kind
 * per supplier: sending again before the analysis replaces its file.
 */
export const directProposals = pgTable(
  "direct_proposals",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    kind: text("kind").notNull().$type<DirectProposalKind>(),
    status: text("status").notNull().default("PENDING").$type<DirectProposalStatus>(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    fileName: text("file_name").notNull(),
    description: text("description").notNull().default(""),
    sentByUserId: uuid("sent_by_user_id").references(() => users.id),
    sentAt: tstz("sent_at").notNull(),
    reason: text("reason"),
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id),
    decidedAt: tstz("decided_at"),
    ...timestamps,
  },
  (t) => [
    index("direct_proposals_notice_idx").on(t.auctionNoticeId, t.sentAt),
    // A supplier's participations ('Meus editais').
    index("direct_proposals_supplier_idx").on(t.supplierId, t.auctionNoticeId),
    uniqueIndex("direct_proposals_pending_key")
      .on(t.auctionNoticeId, t.supplierId, t.kind)
      .where(sql`status = 'PENDING'`),
    check("direct_proposals_reason_length", sql`char_length(${t.reason}) <= 2000`),
    check("direct_proposals_description_length", sql`char_length(${t.description}) <= 500`),
  ],
);

/**
 * An appeal against the approval or the rejection of a direct procedure's proposal (Lei 14.133/2021
 * art. 165; domain direct-appeals.ts): the appellant's reasons, the other party's counter-arguments
 * (when the proposal is another supplier's) and the body's judgement, which may reverse the decision.
 */
export const directAppeals = pgTable(
  "direct_appeals",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => directProposals.id, { onDelete: "cascade" }),
    /** The decision appealed against, as it stood when the appeal was filed. */
    appealedStatus: text("appealed_status").notNull().$type<"APPROVED" | "REJECTED">(),
    appealedDecidedAt: tstz("appealed_decided_at").notNull(),
    appellantSupplierId: uuid("appellant_supplier_id")
      .notNull()
      .references(() => suppliers.id),
    appellantUserId: uuid("appellant_user_id")
      .notNull()
      .references(() => users.id),
    /** The supplier whose proposal is appealed against when it is not the appellant (it may answer). */
    counterpartSupplierId: uuid("counterpart_supplier_id").references(() => suppliers.id),
    text: text("text").notNull(),
    fileId: uuid("file_id").references(() => storedFiles.id),
    filedAt: tstz("filed_at").notNull(),
    counterDueAt: tstz("counter_due_at").notNull(),
    counterArgument: text("counter_argument"),
    counterFileId: uuid("counter_file_id").references(() => storedFiles.id),
    counterArgumentAt: tstz("counter_argument_at"),
    counterUserId: uuid("counter_user_id").references(() => users.id),
    decisionDueAt: tstz("decision_due_at").notNull(),
    status: text("status").notNull().default("PENDING").$type<DirectAppealStatus>(),
    decision: text("decision").$type<DirectAppealDecision>(),
    reasoning: text("reasoning"),
    decisionFileId: uuid("decision_file_id").references(() => storedFiles.id),
    judgedAt: tstz("judged_at"),
    judgedByUserId: uuid("judged_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("direct_appeals_notice_idx").on(t.auctionNoticeId, t.filedAt),
    // One appeal per supplier against a decision (a decision reversed on appeal is a new one).
    uniqueIndex("direct_appeals_once_key").on(t.proposalId, t.appellantSupplierId, t.appealedDecidedAt),
    index("direct_appeals_file_idx").on(t.fileId),
    index("direct_appeals_counter_file_idx").on(t.counterFileId),
    index("direct_appeals_decision_file_idx").on(t.decisionFileId),
    check("direct_appeals_text_length", sql`char_length(${t.text}) <= 5000`),
    check("direct_appeals_counter_length", sql`char_length(${t.counterArgument}) <= 5000`),
    check("direct_appeals_reasoning_length", sql`char_length(${t.reasoning}) <= 5000`),
  ],
);
