import { bigint, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bids } from "./bids";
import { id, timestamps } from "./columns";
import { auctionBatches, auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * The winner's split of its winning bid into item values (trading-room §2.3 'Reespecificar valores
 * dos itens', §3 batchBestBid.respecifiedValue; respecify.service.ts). One row per item row of a
 * multi-item lot, replaced by each new split; `bid_id` is the bid split, so a later bid or another
 * winner leaves the row stale (it is then not shown). The history is the event log.
 */
export const respecifiedItemValues = pgTable(
  "respecified_item_values",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    /** The lot's head row (item 1), where its bids are. */
    batchId: uuid("batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    /** The item row the value is for. */
    itemBatchId: uuid("item_batch_id")
      .notNull()
      .references(() => auctionBatches.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    bidId: uuid("bid_id")
      .notNull()
      .references(() => bids.id),
    /** Scaled by 10^the item row's decimalsNumber. */
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [uniqueIndex("respecified_item_values_item_key").on(t.itemBatchId)],
);
