import type { PncpJobKind, PncpJobStatus } from "@certame/domain";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { auctionNotices } from "./notices";

/**
 * The publication queue to the national portal (issue 19 item 5): one row per call to make. The
 * worker claims due rows with FOR UPDATE SKIP LOCKED, holds them by moving nextAttemptAt past a lease
 * while it calls the portal, and records the outcome; a restart finds the rows where they were left.
 */
export const pncpPublicationJobs = pgTable(
  "pncp_publication_jobs",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().$type<PncpJobKind>(),
    status: text("status").notNull().default("PENDING").$type<PncpJobStatus>(),
    /** DOCUMENT: the notice document; RESULT: the lot item (batch) whose winner is sent. */
    target: jsonb("target").$type<{ documentId?: string; batchId?: string }>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull(),
    lastError: text("last_error"),
    /**
     * PURCHASE and ITEMS once DONE: the items as the portal then holds them (6.3.1 itensCompra,
     * 6.3.10/6.3.11), so a later ITEMS job sends only what was added or changed since.
     */
    sentItems: jsonb("sent_items").$type<object[]>(),
    /** What the portal answered (its address of the record) once DONE. */
    portalUri: text("portal_uri"),
    doneAt: tstz("done_at"),
    /** Order of the notice's jobs: a later one waits until the earlier ones are DONE. */
    seq: integer("seq").generatedAlwaysAsIdentity(),
    ...timestamps,
  },
  (t) => [
    index("pncp_jobs_due_idx").on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index("pncp_jobs_notice_idx").on(t.auctionNoticeId, t.seq),
  ],
);

/** What the default publisher (no PNCP credentials: `npm start`) would have sent, as the mail outbox. */
export const pncpOutbox = pgTable("pncp_outbox", {
  id: id(),
  method: text("method").notNull(),
  path: text("path").notNull(),
  headers: jsonb("headers").$type<Record<string, string>>().notNull(),
  body: jsonb("body"),
  /** Multipart files: part name, file name, type and size (the bytes stay in file storage). */
  files: jsonb("files").$type<{ part: string; name: string; type: string; size: number }[]>(),
  ...timestamps,
});
