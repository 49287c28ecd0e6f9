import type { ChallengeDecision, ClarificationKind, ClarificationStatus } from "@certame/domain";
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { storedFiles } from "./files";
import { auctionNotices } from "./notices";
import { users } from "./users";

/**
 * Clarification requests and challenges of a notice (Lei 14.133/2021 art. 164; issue 19 item 1), with
 * the body's answer. `answerDueAt` is 3 business days after `createdDate`, fixed when the request is
 * made; a challenge's answer carries its decision.
 */
export const noticeClarifications = pgTable(
  "notice_clarifications",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().$type<ClarificationKind>(),
    status: text("status").notNull().default("PENDING").$type<ClarificationStatus>(),
    requesterUserId: uuid("requester_user_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    fileId: uuid("file_id").references(() => storedFiles.id),
    answerDueAt: tstz("answer_due_at").notNull(),
    answer: text("answer"),
    decision: text("decision").$type<ChallengeDecision>(),
    answerFileId: uuid("answer_file_id").references(() => storedFiles.id),
    answeredAt: tstz("answered_at"),
    answeredByUserId: uuid("answered_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("notice_clarifications_notice_idx").on(t.auctionNoticeId, t.kind, t.createdDate),
    index("notice_clarifications_requester_idx").on(t.requesterUserId, t.createdDate),
    index("notice_clarifications_status_idx").on(t.status, t.answerDueAt),
    // The attachment download finds its request by either file.
    index("notice_clarifications_file_idx").on(t.fileId),
    index("notice_clarifications_answer_file_idx").on(t.answerFileId),
  ],
);
