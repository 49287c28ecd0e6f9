import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

export const legislations = pgTable(
  "legislations",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("legislations_code_key").on(t.code)],
);

/** A legal basis (artigo/inciso) of a law; which modalities offer it is a domain rule (lawClausesFor). */
export const lawClauses = pgTable(
  "law_clauses",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    legislationId: integer("legislation_id")
      .notNull()
      .references(() => legislations.id),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("law_clauses_code_key").on(t.code),
    index("law_clauses_legislation_idx").on(t.legislationId),
  ],
);

export const measurementUnits = pgTable("measurement_units", {
  code: text("code").primaryKey(),
  description: text("description").notNull(),
  ...timestamps,
});
