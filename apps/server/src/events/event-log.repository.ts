import { createHash } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client";
import { eventLog } from "../db/schema";

export const GENESIS_HASH = "0".repeat(64);

export interface NewEvent {
  auctionNoticeId: string;
  eventType: string;
  actorUserId: string | null;
  payload: Record<string, unknown>;
}

/** Canonical JSON (sorted keys) so the hash does not depend on key order. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

export function entryHash(prevHash: string, e: NewEvent & { seq: number; occurredAt: Date }): string {
  return createHash("sha256")
    .update(prevHash)
    .update(
      canonical({
        auctionNoticeId: e.auctionNoticeId,
        seq: e.seq,
        eventType: e.eventType,
        actorUserId: e.actorUserId,
        payload: e.payload,
        occurredAt: e.occurredAt.toISOString(),
      }),
    )
    .digest("hex");
}

/**
 * Appends an entry inside the caller's transaction. A transaction-scoped advisory lock per notice
 * serialises writers so the chain never forks.
 */
export async function appendEvent(tx: Tx, event: NewEvent): Promise<{ seq: number; hash: string }> {
  const [last] = await appendEvents(tx, event.auctionNoticeId, [event]);
  return last as { seq: number; hash: string };
}

/** Appends several entries of one notice, chained in order, with one lock and one insert. */
export async function appendEvents(
  tx: Tx,
  auctionNoticeId: string,
  events: readonly Omit<NewEvent, "auctionNoticeId">[],
): Promise<{ seq: number; hash: string }[]> {
  if (events.length === 0) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${auctionNoticeId}, 0))`);
  const [last] = await tx
    .select({ seq: eventLog.seq, hash: eventLog.hash })
    .from(eventLog)
    .where(eq(eventLog.auctionNoticeId, auctionNoticeId))
    .orderBy(desc(eventLog.seq))
    .limit(1);
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  const occurredAt = new Date();
  const rows = events.map((e) => {
    seq += 1;
    const entry = { ...e, auctionNoticeId, seq, occurredAt };
    const hash = entryHash(prevHash, entry);
    const row = { ...entry, prevHash, hash };
    prevHash = hash;
    return row;
  });
  // One array parameter per column (unnest), so a batch of 200 bids' entries costs what one does to
  // build and parse; a multi-row VALUES list took one parameter per cell.
  const col = (pick: (r: (typeof rows)[number]) => unknown) => sql.param(rows.map(pick));
  await tx.execute(sql`
    INSERT INTO event_log (auction_notice_id, seq, event_type, actor_user_id, payload, occurred_at, prev_hash, hash)
    SELECT * FROM unnest(${col((r) => r.auctionNoticeId)}::uuid[], ${col((r) => r.seq)}::integer[],
      ${col((r) => r.eventType)}::text[], ${col((r) => r.actorUserId)}::uuid[],
      ${col((r) => JSON.stringify(r.payload))}::jsonb[], ${col((r) => r.occurredAt.toISOString())}::timestamptz[],
      ${col((r) => r.prevHash)}::text[], ${col((r) => r.hash)}::text[])`);
  return rows.map((r) => ({ seq: r.seq, hash: r.hash }));
}

export async function listEvents(db: DbOrTx, auctionNoticeId: string) {
  return db
    .select()
    .from(eventLog)
    .where(eq(eventLog.auctionNoticeId, auctionNoticeId))
    .orderBy(asc(eventLog.seq));
}

/** Recomputes the chain; returns the first broken sequence number, or null when intact. */
export async function verifyChain(db: DbOrTx, auctionNoticeId: string): Promise<number | null> {
  let prev = GENESIS_HASH;
  for (const e of await listEvents(db, auctionNoticeId)) {
    const expected = entryHash(prev, {
      auctionNoticeId: e.auctionNoticeId,
      eventType: e.eventType,
      actorUserId: e.actorUserId,
      payload: e.payload as Record<string, unknown>,
      seq: e.seq,
      occurredAt: e.occurredAt,
    });
    if (e.prevHash !== prev || e.hash !== expected) return e.seq;
    prev = e.hash;
  }
  return null;
}
