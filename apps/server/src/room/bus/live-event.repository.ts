import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import type { LiveNotice } from "./live-notice";

/** A live event as the outbox holds it: the ids-only notice and its sequence in the notice. */
export interface LiveEventRow {
  seq: number;
  notice: LiveNotice;
}

/**
 * Numbers the notices of one notice id and writes them, in the caller's transaction. The counter
 * row's lock is held to the commit, so sequences follow commit order within a notice; it is the
 * transaction's last lock (see recordLiveEvents), so it adds no deadlock. Returns the last sequence.
 */
export async function appendLiveEvents(
  tx: Tx,
  noticeId: string,
  notices: readonly LiveNotice[],
): Promise<number> {
  const k = notices.length;
  const result = await tx.execute<{ seq: number }>(sql`
    WITH s AS (
      INSERT INTO live_sequence (auction_notice_id, last_seq) VALUES (${noticeId}, ${k})
      ON CONFLICT (auction_notice_id) DO UPDATE SET last_seq = live_sequence.last_seq + ${k}
      RETURNING last_seq)
    INSERT INTO live_event (auction_notice_id, seq, notice)
    SELECT ${noticeId}, s.last_seq - ${k} + u.ord, u.notice
    FROM s, unnest(${sql.param(notices.map((n) => JSON.stringify(n)))}::jsonb[]) WITH ORDINALITY AS u(notice, ord)
    RETURNING seq`);
  return Math.max(...result.rows.map((r) => Number(r.seq)));
}

/**
 * Writes a transaction's live notices to the outbox and gives each its sequence (`q`). Called last
 * in the transaction, after every other lock it takes.
 */
export async function recordLiveEvents(tx: Tx, notices: readonly LiveNotice[]): Promise<void> {
  const byNotice = new Map<string, LiveNotice[]>();
  for (const notice of notices) {
    if (notice.t === "presence" || notice.t === "presenceQuery") continue;
    const list = byNotice.get(notice.n) ?? [];
    list.push(notice);
    byNotice.set(notice.n, list);
  }
  // Counters locked in one order, should a transaction ever touch two notices.
  for (const noticeId of [...byNotice.keys()].sort()) {
    const list = byNotice.get(noticeId) as LiveNotice[];
    const last = await appendLiveEvents(tx, noticeId, list);
    list.forEach((notice, i) => {
      notice.q = last - list.length + 1 + i;
    });
  }
}

/** The events of a notice after `after`, in order, at most `limit`. */
export async function liveEventsAfter(
  db: DbOrTx,
  noticeId: string,
  after: number,
  limit: number,
): Promise<LiveEventRow[]> {
  const result = await db.execute<{ seq: number; notice: LiveNotice }>(sql`
    SELECT seq, notice FROM live_event
    WHERE auction_notice_id = ${noticeId} AND seq > ${after}
    ORDER BY seq LIMIT ${limit}`);
  return result.rows.map((r) => ({ seq: Number(r.seq), notice: r.notice }));
}

/** The last sequence given per notice (0 for a notice without events). */
export async function lastLiveSeqs(db: DbOrTx, noticeIds: readonly string[]): Promise<Map<string, number>> {
  const seqs = new Map(noticeIds.map((id) => [id, 0]));
  if (noticeIds.length === 0) return seqs;
  const result = await db.execute<{ id: string; last: number }>(sql`
    SELECT auction_notice_id AS id, last_seq AS last FROM live_sequence
    WHERE auction_notice_id = ANY(${sql.param([...noticeIds])}::uuid[])`);
  for (const r of result.rows) seqs.set(r.id, Number(r.last));
  return seqs;
}

/** The oldest sequence the outbox still holds of a notice (null: none). */
export async function oldestLiveSeq(db: DbOrTx, noticeId: string): Promise<number | null> {
  const result = await db.execute<{ first: number | null }>(sql`
    SELECT min(seq) AS first FROM live_event WHERE auction_notice_id = ${noticeId}`);
  const first = result.rows[0]?.first;
  return first == null ? null : Number(first);
}

/** Deletes the events written before `before` (the counters stay: sequences never restart). */
export async function pruneLiveEvents(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM live_event WHERE created_at < ${before.toISOString()}::timestamptz`,
  );
  return result.rowCount ?? 0;
}
