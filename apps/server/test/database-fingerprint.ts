import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client";

/**
 * A digest of every table's rows: equal before and after a run of requests means none of them wrote
 * anything. A session's last-seen time moves on every authenticated call, refused or not, so the
 * sessions table counts by its ids only.
 */
export async function databaseFingerprint(db: Db): Promise<string> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = table_name === "sessions" ? "r.id::text" : "r::text";
    const result = await db.execute<{ digest: string | null }>(
      sql.raw(`select md5(string_agg(${rows}, '|' order by ${rows})) as digest from "${table_name}" r`),
    );
    parts.push(`${table_name}:${result.rows[0]?.digest ?? "-"}`);
  }
  return parts.join("\n");
}
