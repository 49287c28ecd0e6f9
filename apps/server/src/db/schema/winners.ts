import { bigint, index, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { auctionBatches, auctionNotices } from "./notices";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * Winners recorded by hand (notices-and-accounts §2.7, §3 "Winner row"): formalization notices and
 * the results of in-person ones. Money is scaled by the lot's 10^decimalsNumber.
 */
export const auctionWinners = pgTable(
  "auction_winners",
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
    brand: text("brand"),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull().default(0),
    totalPrice: bigint("total_price", { mode: "number" }).notNull().default(0),
    quantity: numeric("quantity", { precision: 18, scale: 4 }).notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("auction_winners_notice_idx").on(t.auctionNoticeId),
    uniqueIndex("auction_winners_batch_supplier_key").on(t.batchId, t.supplierId),
  ],
);
