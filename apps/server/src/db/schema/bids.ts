import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { auctionBatches, auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

/** How a bid came to be (docs/live-room.md BidView.kind). */
export type BidKind = "INITIAL" | "LIVE" | "AUTOMATIC" | "SEALED" | "TIEBREAK" | "NEGOTIATION";

/**
 * Bids of a lot (trading-room §3 "Bid"). The initial proposal (INITIAL, sent before the session,
 * one live row per supplier and lot row) and every room bid, on the lot's head row (item 1). The
 * compared value is unitPrice (scaled by 10^decimalsNumber) or, for BIGGEST_DISCOUNT, percentDiscount.
 * Rows are never deleted: a cancellation keeps the row with its reason (DESIGN §3).
 */
export const bids = pgTable(
  "bids",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    kind: text("kind").notNull().$type<BidKind>(),
    unitPrice: bigint("unit_price", { mode: "number" }),
    percentDiscount: numeric("percent_discount", { precision: 9, scale: 4 }),
    totalPrice: bigint("total_price", { mode: "number" }),
    quantity: numeric("quantity", { precision: 18, scale: 4 }),
    brand: text("brand"),
    /** The automatic-bid tool, chosen with the initial proposal (trading-room §5 "Automatic bids"). */
    canApplyAutomaticBid: boolean("can_apply_automatic_bid").notNull().default(false),
    finalPrice: bigint("final_price", { mode: "number" }),
    variationPrice: bigint("variation_price", { mode: "number" }),
    percentFinalDiscount: numeric("percent_final_discount", { precision: 9, scale: 4 }),
    percentVariation: numeric("percent_variation", { precision: 9, scale: 4 }),
    /** A sealed final bid stays hidden from everyone but its author until the sealed stage ends. */
    isRevealed: boolean("is_revealed").notNull().default(true),
    isCancelled: boolean("is_cancelled").notNull().default(false),
    cancellationReason: text("cancellation_reason"),
    cancelledByUserId: uuid("cancelled_by_user_id").references(() => users.id),
    cancelledAt: tstz("cancelled_at"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("bids_batch_created_idx").on(t.batchId, t.createdDate),
    index("bids_batch_supplier_idx").on(t.batchId, t.supplierId, t.createdDate),
    index("bids_notice_idx").on(t.auctionNoticeId),
    // The best live bid of a lot, by either value (bid transaction, DESIGN §6 bid path).
    index("bids_best_price_idx")
      .on(t.batchId, t.unitPrice, t.createdDate)
      .where(sql`NOT is_cancelled AND is_revealed`),
    index("bids_best_percent_idx")
      .on(t.batchId, t.percentDiscount, t.createdDate)
      .where(sql`NOT is_cancelled AND is_revealed`),
  ],
);

/**
 * A supplier's standing in one lot (head row): enabled/disabled and qualified/disqualified by the
 * auctioneer (trading-room §4 "Supplier toggles"), and the once-only deletion of its own bid.
 * No row means enabled, qualified, deletion unused.
 */
export const lotBidders = pgTable(
  "lot_bidders",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    isEnabled: boolean("is_enabled").notNull().default(true),
    isQualified: boolean("is_qualified").notNull().default(true),
    ownBidDeleted: boolean("own_bid_deleted").notNull().default(false),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.batchId, t.supplierId] })],
);

/**
 * What a timer does when it falls: a lot's bidding clock or tie call (domain LotTimer kinds), or
 * one of the notice's clocks — the proposal window opening and closing for every lot, and the
 * session start of an automatic-start notice — kept on the notice's first lot.
 */
export type LotTimerKind =
  | "BIDDING"
  | "TIEBREAKER_CALL"
  | "PROPOSALS_START"
  | "PROPOSALS_END"
  | "SESSION_START";
export const NOTICE_TIMER_KINDS: readonly LotTimerKind[] = [
  "PROPOSALS_START",
  "PROPOSALS_END",
  "SESSION_START",
];

/**
 * Deadlines as rows (DESIGN §5): claimed with FOR UPDATE SKIP LOCKED by whichever instance gets
 * there first, so a restart or a second instance loses none. One row per lot and kind.
 */
export const lotTimers = pgTable(
  "lot_timers",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().$type<LotTimerKind>(),
    dueAt: tstz("due_at").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("lot_timers_batch_kind_key").on(t.batchId, t.kind),
    index("lot_timers_due_idx").on(t.dueAt),
  ],
);
