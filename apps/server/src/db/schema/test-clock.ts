import { sql } from "drizzle-orm";
import { bigint, check, pgTable, smallint } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/**
 * TEST_CLOCK mode only (DESIGN §5a): how far the test clock runs ahead of the machine's time, so a
 * restarted server keeps the tests' time. One row at most; never written outside that mode.
 */
export const testClock = pgTable(
  "test_clock",
  {
    id: smallint("id").primaryKey().default(1),
    offsetMs: bigint("offset_ms", { mode: "number" }).notNull(),
    ...timestamps,
  },
  (t) => [check("test_clock_single_row", sql`${t.id} = 1`)],
);
