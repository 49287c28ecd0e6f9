import type { ForumAuthorKind } from "@certame/domain";
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * The message forum of a direct procedure (issue 19 item 2; domain notice/direct-forum.ts): a
 * supplier's or a citizen's message, a notice of the body, or the body's reply to a message
 * (`parentId`, one level only). The author's kind is fixed when it writes; a supplier's message keeps
 * its supplier, whose company name it shows.
 */
export const directForumMessages = pgTable(
  "direct_forum_messages",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => directForumMessages.id, {
      onDelete: "cascade",
    }),
    authorUserId: uuid("author_user_id")
      .notNull()
      .references(() => users.id),
    authorKind: text("author_kind").notNull().$type<ForumAuthorKind>(),
    supplierId: uuid("supplier_id").references(() => suppliers.id),
    text: text("text").notNull(),
    ...timestamps,
  },
  (t) => [
    // The threads of a notice, newest first, and each thread's replies.
    index("direct_forum_messages_threads_idx")
      .on(t.auctionNoticeId, t.createdDate)
      .where(sql`parent_id IS NULL`),
    index("direct_forum_messages_parent_idx").on(t.parentId, t.createdDate),
    check("direct_forum_messages_text_length", sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
    check("direct_forum_messages_author_kind", sql`${t.authorKind} IN ('BODY', 'SUPPLIER', 'CITIZEN')`),
  ],
);
