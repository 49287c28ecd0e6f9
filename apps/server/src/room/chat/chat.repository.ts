import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { chatChannels, chatMessages, users } from "../../db/schema";

export type ChatMessageInsert = typeof chatMessages.$inferInsert;

export async function findChannel(db: DbOrTx, id: string) {
  const [row] = await db.select().from(chatChannels).where(eq(chatChannels.id, id)).limit(1);
  return row;
}

/**
 * A created date that keeps a channel's messages in the order they were written: now(), or 1 ms
 * after the channel's last message when that is not earlier — messages written in one transaction
 * share now(), and the chat reads by (createdDate, id) with random ids (issue 12: the tie call's
 * line came before the phase line it follows).
 */
export const createdAfterChannelLast = (chatChannelId: string): SQL<Date> =>
  sql<Date>`greatest(now(), (select max(m.created_date) + interval '1 millisecond' from chat_messages m where m.chat_channel_id = ${chatChannelId}))`;

export async function insertMessages(
  db: DbOrTx,
  rows: (Omit<ChatMessageInsert, "createdDate"> & { createdDate?: Date | SQL<Date> })[],
) {
  return db.insert(chatMessages).values(rows).returning({
    id: chatMessages.id,
    chatChannelId: chatMessages.chatChannelId,
    batchId: chatMessages.batchId,
    createdDate: chatMessages.createdDate,
  });
}

const messageColumns = {
  message: chatMessages,
  senderName: users.name,
  senderKind: users.kind,
};

export type ChatMessageRow = Awaited<ReturnType<typeof findMessagesByIds>>[number];

export function findMessagesByIds(db: DbOrTx, ids: readonly string[]) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(inArray(chatMessages.id, [...ids]))
    .orderBy(asc(chatMessages.createdDate), asc(chatMessages.id));
}

export function findMessagesByGroup(db: DbOrTx, groupId: string) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.groupId, groupId))
    .orderBy(asc(chatMessages.createdDate), asc(chatMessages.id));
}

/**
 * A page of a channel's messages, newest first, strictly older than the cursor (date, then id for
 * messages of the same millisecond).
 */
export function findChannelPage(
  db: DbOrTx,
  channelId: string,
  cursor: { date: Date; id?: string } | undefined,
  limit: number,
) {
  const older = cursor
    ? cursor.id
      ? or(
          lt(chatMessages.createdDate, cursor.date),
          and(eq(chatMessages.createdDate, cursor.date), lt(chatMessages.id, cursor.id)),
        )
      : lt(chatMessages.createdDate, cursor.date)
    : undefined;
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.chatChannelId, channelId), older))
    .orderBy(desc(chatMessages.createdDate), desc(chatMessages.id))
    .limit(limit);
}
