import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamps, tstz } from "./columns";

/**
 * Login throttling (docs/decisions.md "Login throttling"): one row per account key (SHA-256 of the
 * normalised login, known or not) and per client address. Kept in PostgreSQL so that the limit holds
 * across server instances and restarts. A row whose window has passed means nothing and may be deleted.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    keyKind: text("key_kind").notNull().$type<"ACCOUNT" | "ADDRESS">(),
    key: text("key").notNull(),
    /** Attempts of the current window not refunded by a success (an attempt counts from its start). */
    failures: integer("failures").notNull().default(0),
    windowStart: tstz("window_start").notNull(),
    lockedUntil: tstz("locked_until"),
    /** Locks in a row so far: the next one lasts twice as long, up to the cap. */
    lockCount: integer("lock_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.keyKind, t.key] }),
    index("login_attempts_window_start_idx").on(t.windowStart),
    check("login_attempts_key_kind", sql`${t.keyKind} IN ('ACCOUNT', 'ADDRESS')`),
  ],
);
