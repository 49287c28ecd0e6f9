import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { auctionNotices, directForumMessages, suppliers, users } from "../../db/schema";

// The message forum of a direct procedure (issue 19 item 2): its SQL.

export type ForumMessageRow = typeof directForumMessages.$inferSelect;

const withAuthor = {
  message: directForumMessages,
  userName: users.name,
  companyName: suppliers.corporateName,
};

/** A page of a notice's threads (its top-level messages), newest first, and how many there are. */
export async function listThreads(db: DbOrTx, noticeId: string, limit: number, offset: number) {
  const top = and(eq(directForumMessages.auctionNoticeId, noticeId), isNull(directForumMessages.parentId));
  const [rows, [total]] = await Promise.all([
    db
      .select(withAuthor)
      .from(directForumMessages)
      .innerJoin(users, eq(users.id, directForumMessages.authorUserId))
      .leftJoin(suppliers, eq(suppliers.id, directForumMessages.supplierId))
      .where(top)
      .orderBy(desc(directForumMessages.createdDate), desc(directForumMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(directForumMessages).where(top),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The replies to the given messages, oldest first. */
export async function listReplies(db: DbOrTx, parentIds: readonly string[]) {
  if (parentIds.length === 0) return [];
  return db
    .select(withAuthor)
    .from(directForumMessages)
    .innerJoin(users, eq(users.id, directForumMessages.authorUserId))
    .leftJoin(suppliers, eq(suppliers.id, directForumMessages.supplierId))
    .where(inArray(directForumMessages.parentId, [...parentIds]))
    .orderBy(directForumMessages.createdDate, directForumMessages.id);
}

export async function findMessage(db: DbOrTx, id: string) {
  const [row] = await db.select().from(directForumMessages).where(eq(directForumMessages.id, id)).limit(1);
  return row;
}

export async function insertMessage(db: DbOrTx, values: typeof directForumMessages.$inferInsert) {
  const [row] = await db.insert(directForumMessages).values(values).returning();
  if (!row) throw new Error("forum message not inserted");
  return row;
}

export async function findUserContact(db: DbOrTx, id: string) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row;
}

/** The notice's status, read under a share lock to the commit (a close waits for the message, or comes first). */
export async function lockNoticeStatus(tx: Tx, id: string) {
  const [row] = await tx
    .select({ status: auctionNotices.status })
    .from(auctionNotices)
    .where(eq(auctionNotices.id, id))
    .for("share")
    .limit(1);
  return row?.status;
}
