import { bigint, index, jsonb, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { timestamps, tstz } from "./columns";
import { auctionNotices } from "./notices";

/**
 * The OCDS releases published so far (issue 19 item 6): a release is written from the process as it
 * stands and its id carries a hash of its content, so each change is a new release; keeping every one
 * makes a record's history (OCDS records: "all releases about a contracting process"). Written by the
 * snapshot sweep after changes (ocds-history.worker.ts), never changed.
 */
export const ocdsReleases = pgTable(
  "ocds_releases",
  {
    /** The release id (ocid, tag and content hash). */
    id: text("id").primaryKey(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    /** The release's own date (ISO 8601 with the Brasília offset), as in the release. */
    releaseDate: text("release_date").notNull(),
    release: jsonb("release").notNull().$type<Record<string, unknown>>(),
    /** When the platform first published it. */
    recordedAt: tstz("recorded_at").notNull(),
    ...timestamps,
  },
  (t) => [index("ocds_releases_notice_idx").on(t.auctionNoticeId, t.recordedAt)],
);

/** How far the sweep has read the event log (one row): the id of the last event it no longer re-reads. */
export const ocdsSnapshotCursor = pgTable("ocds_snapshot_cursor", {
  id: smallint("id").primaryKey(),
  lastEventId: bigint("last_event_id", { mode: "number" }).notNull(),
  ...timestamps,
});
