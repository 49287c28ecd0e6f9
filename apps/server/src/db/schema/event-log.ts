import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tstz } from "./columns";
import { auctionNotices } from "./notices";
import { users } from "./users";

/**
 * Append-only record of every state change of a notice (DESIGN §3). Each entry's hash covers the
 * previous entry's hash of the same notice, so a session's record can be verified and replayed.
 */
export const eventLog = pgTable(
  "event_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id),
    seq: integer("seq").notNull(),
    eventType: text("event_type").notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id),
    payload: jsonb("payload").notNull(),
    occurredAt: tstz("occurred_at").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    uniqueIndex("event_log_notice_seq_key").on(t.auctionNoticeId, t.seq),
    index("event_log_occurred_idx").on(t.occurredAt),
  ],
);
