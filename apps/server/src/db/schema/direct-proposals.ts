import type { DirectProposalKind, DirectProposalStatus } from "@certame/domain";
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
    uniqueIndex("direct_proposals_pending_key")
      .on(t.auctionNoticeId, t.supplierId, t.kind)
      .where(sql`status = 'PENDING'`),
    check("direct_proposals_reason_length", sql`char_length(${t.reason}) <= 2000`),
    check("direct_proposals_description_length", sql`char_length(${t.description}) <= 500`),
  ],
);
