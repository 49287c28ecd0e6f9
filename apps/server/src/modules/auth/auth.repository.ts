import { and, eq, gt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { buyerStaff, buyers, sessions, suppliers, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

/** How a login is read: its lower-cased e-mail form and, with 11 or 14 digits, a CPF/CNPJ too. */
export function parseLogin(login: string) {
  const digits = login.replace(/\D/g, "");
  return {
    email: login.trim().toLowerCase(),
    digits,
    byDocument: digits.length === 11 || digits.length === 14,
  };
}

/** Finds an active user by e-mail, by a person's CPF, or by a supplier's CPF/CNPJ. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const { email, digits, byDocument } = parseLogin(login);
  const [row] = await db
    .select({ user: users })
    .from(users)
    .leftJoin(suppliers, eq(suppliers.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        byDocument
          ? or(eq(users.email, email), eq(users.cpf, digits), eq(suppliers.documentNumber, digits))
          : eq(users.email, email),
      ),
    )
    .limit(1);
  return row?.user;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string | null },
) {
  await db.insert(sessions).values(values);
}

/**
 * Which of these token hashes still open a live session of an active user — one read for a whole
 * batch of room bids, inside its transaction (AuctionEngine.placeBatch). It does not touch
 * last-seen times: a read takes no row locks, so batches of different lots never wait on each other.
 */
export async function liveSessionHashes(db: DbOrTx, tokenHashes: readonly string[], now: Date) {
  if (tokenHashes.length === 0) return new Set<string>();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = ANY(${sql.param([...new Set(tokenHashes)])}::text[])`,
        gt(sessions.expiresAt, now),
        eq(users.isActive, true),
      ),
    );
  return new Set(rows.map((r) => r.tokenHash));
}

/** The live session of a token hash, touching its last-seen time. */
export async function findActiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id, userId: sessions.userId });
  return row;
}

export async function deleteSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * The buyer a buyer-kind user acts for: their staff membership first, then the body's own account
 * or its competent authority.
 */
export async function findBuyerMembership(db: DbOrTx, userId: string) {
  const [staff] = await db
    .select({ buyerId: buyerStaff.buyerId, staffId: buyerStaff.id, roles: buyerStaff.roles })
    .from(buyerStaff)
    .where(eq(buyerStaff.userId, userId))
    .orderBy(buyerStaff.createdDate)
    .limit(1);
  const [buyer] = await db
    .select({
      id: buyers.id,
      corporateName: buyers.corporateName,
      userId: buyers.userId,
      competentAuthorityUserId: buyers.competentAuthorityUserId,
      registrationStatus: buyers.registrationStatus,
      state: buyers.state,
    })
    .from(buyers)
    .where(
      staff
        ? eq(buyers.id, staff.buyerId)
        : or(eq(buyers.userId, userId), eq(buyers.competentAuthorityUserId, userId)),
    )
    .limit(1);
  if (!buyer) return undefined;
  return { buyer, staffId: staff?.staffId ?? null, roles: staff?.roles ?? [] };
}

export async function findSupplierByUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.userId, userId)).limit(1);
  return row;
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now}`);
}
