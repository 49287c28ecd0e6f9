import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  auctionBatches,
  chatChannels,
  chatMembers,
  noticeParticipants,
  roomEntries,
  suppliers,
  users,
} from "../../db/schema";
import { appendEvent } from "../../events/event-log.repository";
import { findNotice, findNoticePeople } from "../../modules/notices/notice.repository";

/** The notice with the people that decide room roles (trading-room §6). */
export async function findRoomNotice(db: DbOrTx, id: string) {
  const found = await findNotice(db, id);
  if (!found) return undefined;
  const people = await findNoticePeople(db, id);
  return { ...found, people };
}

/** Head rows (item 1) of the notice's lots, with their phases, in lot order. */
export function findLotHeads(db: DbOrTx, noticeId: string) {
  return db
    .select({
      id: auctionBatches.id,
      number: auctionBatches.number,
      phase: auctionBatches.phase,
      subPhase: auctionBatches.subPhase,
    })
    .from(auctionBatches)
    .where(and(eq(auctionBatches.auctionNoticeId, noticeId), eq(auctionBatches.item, 1)))
    .orderBy(asc(auctionBatches.number));
}

export async function findBatch(db: DbOrTx, batchId: string) {
  const [row] = await db.select().from(auctionBatches).where(eq(auctionBatches.id, batchId)).limit(1);
  return row;
}

/** Creates the missing chat channel of every lot head row; returns channel id per lot. */
export async function ensureChannels(db: DbOrTx, noticeId: string): Promise<Map<string, string>> {
  await db.execute(sql`
    INSERT INTO chat_channels (auction_notice_id, batch_id)
    SELECT auction_notice_id, id FROM auction_batches WHERE auction_notice_id = ${noticeId} AND item = 1
    ON CONFLICT (batch_id) DO NOTHING`);
  const rows = await db
    .select({ id: chatChannels.id, batchId: chatChannels.batchId })
    .from(chatChannels)
    .where(eq(chatChannels.auctionNoticeId, noticeId));
  return new Map(rows.map((r) => [r.batchId, r.id]));
}

export async function findParticipant(db: DbOrTx, noticeId: string, supplierId: string) {
  const [row] = await db
    .select({ anonymousNumber: noticeParticipants.anonymousNumber })
    .from(noticeParticipants)
    .where(
      and(eq(noticeParticipants.auctionNoticeId, noticeId), eq(noticeParticipants.supplierId, supplierId)),
    )
    .limit(1);
  return row;
}

/**
 * The supplier's anonymous number in the notice, assigned on first entry: the next free number,
 * under the notice's event-log lock (appendEvent), logged with the supplier it stands for.
 */
export async function ensureParticipant(
  tx: Tx,
  noticeId: string,
  supplierId: string,
  actorUserId: string | null,
): Promise<number> {
  const existing = await findParticipant(tx, noticeId, supplierId);
  if (existing) return existing.anonymousNumber;
  // The same per-notice lock appendEvent takes (advisory locks are re-entrant in a session), so two
  // first entries never draw the same number.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${noticeId}, 0))`);
  const again = await findParticipant(tx, noticeId, supplierId);
  if (again) return again.anonymousNumber;
  const [max] = await tx
    .select({ n: sql<number>`coalesce(max(${noticeParticipants.anonymousNumber}), 0) + 1` })
    .from(noticeParticipants)
    .where(eq(noticeParticipants.auctionNoticeId, noticeId));
  const anonymousNumber = Number(max?.n ?? 1);
  await tx.insert(noticeParticipants).values({ auctionNoticeId: noticeId, supplierId, anonymousNumber });
  await appendEvent(tx, {
    auctionNoticeId: noticeId,
    eventType: "SUPPLIER_ANONYMOUS_NUMBER_ASSIGNED",
    actorUserId,
    payload: { supplierId, anonymousSupplierIdentificationNumber: anonymousNumber },
  });
  return anonymousNumber;
}

/** Participants with the names shown outside confidential phases. */
export function listParticipants(db: DbOrTx, noticeId: string) {
  return db
    .select({
      supplierId: noticeParticipants.supplierId,
      anonymousNumber: noticeParticipants.anonymousNumber,
      userId: suppliers.userId,
      corporateName: suppliers.corporateName,
      name: suppliers.name,
    })
    .from(noticeParticipants)
    .innerJoin(suppliers, eq(suppliers.id, noticeParticipants.supplierId))
    .where(eq(noticeParticipants.auctionNoticeId, noticeId))
    .orderBy(asc(noticeParticipants.anonymousNumber));
}

/** Adds the user to every given channel; returns how many memberships were new. */
export async function joinChannels(
  db: DbOrTx,
  channelIds: readonly string[],
  userId: string,
): Promise<number> {
  if (channelIds.length === 0) return 0;
  const inserted = await db
    .insert(chatMembers)
    .values(channelIds.map((chatChannelId) => ({ chatChannelId, userId })))
    .onConflictDoNothing()
    .returning({ id: chatMembers.chatChannelId });
  return inserted.length;
}

/** Members of the notice's channels: user, kind, and the supplier behind a supplier user. */
export function listMembers(db: DbOrTx, channelIds: readonly string[]) {
  if (channelIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      chatChannelId: chatMembers.chatChannelId,
      userId: users.id,
      userName: users.name,
      kind: users.kind,
      supplierId: suppliers.id,
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .leftJoin(suppliers, eq(suppliers.userId, users.id))
    .where(inArray(chatMembers.chatChannelId, [...channelIds]))
    .orderBy(asc(chatMembers.createdDate));
}

/**
 * Per lot (head row), the anonymous numbers of its bidders: the suppliers with a live initial
 * proposal in any of its rows. Every lot is listed, an empty one too.
 */
export async function lotBidderNumbers(db: DbOrTx, noticeId: string) {
  const rows = await db.execute<{ batch_id: string; numbers: number[] | null }>(sql`
    SELECT h.id AS batch_id,
      (SELECT array_agg(DISTINCT p.anonymous_number ORDER BY p.anonymous_number)
         FROM auction_batches r
         JOIN bids b ON b.batch_id = r.id AND b.kind = 'INITIAL' AND NOT b.is_cancelled
         JOIN notice_participants p ON p.auction_notice_id = h.auction_notice_id AND p.supplier_id = b.supplier_id
        WHERE r.auction_notice_id = h.auction_notice_id AND r.number = h.number) AS numbers
    FROM auction_batches h
    WHERE h.auction_notice_id = ${noticeId} AND h.item = 1
    ORDER BY h.number`);
  return rows.rows.map((r) => ({ batchId: r.batch_id, numbers: (r.numbers ?? []).map(Number) }));
}

/**
 * The lots (of `batchIds`) with a standing appeal intention: one manifested in the lot's current
 * round and neither refused nor waived (judged ones still stand). The phase machine's
 * `appealsManifested`; here, with the room's state, since the lot read and the engine both ask it.
 */
export async function standingAppeals(db: DbOrTx, batchIds: readonly string[]): Promise<Set<string>> {
  if (batchIds.length === 0) return new Set();
  const rows = await db.execute<{ batch_id: string }>(sql`
    SELECT DISTINCT d.batch_id FROM disputes d
    WHERE d.batch_id = ANY(${sql.param([...batchIds])}::uuid[]) AND d.status = 'MANIFESTED'
      AND d.round_id = (SELECT r.id FROM appeal_rounds r WHERE r.batch_id = d.batch_id
        ORDER BY r.opened_at DESC, r.created_date DESC LIMIT 1)`);
  return new Set(rows.rows.map((r) => r.batch_id));
}

/** Records a signed-in user's entry in the room (the access report's rows). */
export async function insertRoomEntry(
  db: DbOrTx,
  entry: { noticeId: string; userId: string; role: string; supplierId: string | null; at: Date },
) {
  await db.insert(roomEntries).values({
    auctionNoticeId: entry.noticeId,
    userId: entry.userId,
    role: entry.role as typeof roomEntries.$inferInsert.role,
    supplierId: entry.supplierId,
    createdDate: entry.at,
    updatedDate: entry.at,
  });
}

/** The room's entries, oldest first, with who entered: the user and, for a supplier, its company. */
export function listRoomEntries(db: DbOrTx, noticeId: string) {
  return db
    .select({
      at: roomEntries.createdDate,
      role: roomEntries.role,
      userName: users.name,
      userEmail: users.email,
      supplierId: roomEntries.supplierId,
      supplierName: suppliers.corporateName,
      supplierPersonName: suppliers.name,
      supplierDocument: suppliers.documentNumber,
      anonymousNumber: noticeParticipants.anonymousNumber,
    })
    .from(roomEntries)
    .innerJoin(users, eq(users.id, roomEntries.userId))
    .leftJoin(suppliers, eq(suppliers.id, roomEntries.supplierId))
    .leftJoin(
      noticeParticipants,
      and(
        eq(noticeParticipants.auctionNoticeId, roomEntries.auctionNoticeId),
        eq(noticeParticipants.supplierId, roomEntries.supplierId),
      ),
    )
    .where(eq(roomEntries.auctionNoticeId, noticeId))
    .orderBy(asc(roomEntries.createdDate), asc(roomEntries.id));
}
