import { index, integer, jsonb, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { tstz } from "./columns";

/**
 * The live channel's outbox (DESIGN §5, issue 22): every live event of a notice, numbered per notice
 * in the transaction of the change it announces. The bus only rings a bell; each instance reads
 * the rows after the last sequence it delivered, so a lost NOTIFY, a Redis restart or an instance's
 * restart loses nothing. `notice` is the ids-only event (live-notice.ts), never a rendered frame:
 * each audience's frame is rendered from it as today. Pruned after LIVE_EVENT_RETENTION_HOURS.
 * No foreign key: the insert is on the bid path, and pruning owns the rows' life.
 */
export const liveEvents = pgTable(
  "live_event",
  {
    auctionNoticeId: uuid("auction_notice_id").notNull(),
    seq: integer("seq").notNull(),
    notice: jsonb("notice").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.auctionNoticeId, t.seq] }),
    index("live_event_created_idx").on(t.createdAt),
  ],
);

/** The last sequence given per notice; its row lock orders the notice's events by commit. */
export const liveSequences = pgTable("live_sequence", {
  auctionNoticeId: uuid("auction_notice_id").primaryKey(),
  lastSeq: integer("last_seq").notNull(),
});
