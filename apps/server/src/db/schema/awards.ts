import { bigint, boolean, index, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { auctionBatches, auctionNotices } from "./notices";
import { supplierDocuments } from "./supplier-documents";
import { suppliers } from "./suppliers";
import { users } from "./users";

/** What a winner's lot document is (trading-room §3 "Document" kinds, §7 supplier calls). */
export type LotDocumentKind = "READJUSTED_PROPOSAL" | "QUALIFICATION_DOCUMENT" | "ELECTRONIC_AUCTION_PAYMENT";

/**
 * The documents the winner sends for a lot after bidding (award.service.ts): the readjusted
 * proposal, the qualification documents (from its library, or uploaded then) and the proof of
 * payment. Each points at a `supplier_documents` row; a new sending of a kind replaces the set in
 * force, the previous rows are kept with `is_current` false.
 */
export const lotSupplierDocuments = pgTable(
  "lot_supplier_documents",
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
    supplierDocumentId: uuid("supplier_document_id")
      .notNull()
      .references(() => supplierDocuments.id),
    kind: text("kind").notNull().$type<LotDocumentKind>(),
    isCurrent: boolean("is_current").notNull().default(true),
    sentByUserId: uuid("sent_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [index("lot_supplier_documents_batch_idx").on(t.batchId, t.supplierId, t.kind)],
);

/**
 * The reserve register (cadastro reserva, trading-room §6 CREATE_BACKLOG_BID; price registration,
 * Decreto 11.462/2023 art. 18): a bidder other than the winner
 * offers to supply the lot at the winner's price (`canGetCurrentBestBid`) or at its own best bid.
 * Kept apart from `bids` so it never takes part in a lot's ranking. One per supplier and lot.
 */
export const backlogBids = pgTable(
  "backlog_bids",
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
    unitPrice: bigint("unit_price", { mode: "number" }),
    percentDiscount: numeric("percent_discount", { precision: 9, scale: 4 }),
    canGetCurrentBestBid: boolean("can_get_current_best_bid").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [uniqueIndex("backlog_bids_batch_supplier_key").on(t.batchId, t.supplierId)],
);
