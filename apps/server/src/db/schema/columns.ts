import { timestamp, uuid } from "drizzle-orm/pg-core";

// Every table carries these (DESIGN §3).
export const id = () => uuid("id").primaryKey().defaultRandom();
export const timestamps = {
  createdDate: timestamp("created_date", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedDate: timestamp("updated_date", { withTimezone: true, precision: 3 })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
export const tstz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
