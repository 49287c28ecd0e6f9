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
    ...timestamps,
  },
  (t) => [uniqueIndex("products_code_key").on(t.code), index("products_buyer_idx").on(t.buyerId)],
);
