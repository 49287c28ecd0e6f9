import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { buyers } from "./buyers";
import { id, timestamps } from "./columns";

/** Product catalogue (notices-and-accounts §2.14); buyerId null = shared platform catalogue. */
export const products = pgTable(
  "products",
  {
    id: id(),
    code: serial("code").notNull(),
    buyerId: uuid("buyer_id").references(() => buyers.id),
    name: text("name").notNull(),
    technicalDescription: text("technical_description"),
    isBasicProductiveIncentive: boolean("is_basic_productive_incentive").notNull().default(false),
    isDeleted: boolean("is_deleted").notNull().default(false),
    /** Folded name + description, stored so a broad search counts its matches without folding each row. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`certame_fold(name || ' ' || coalesce(technical_description, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("products_code_key").on(t.code),
    index("products_buyer_idx").on(t.buyerId),
    index("products_search_text_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);
