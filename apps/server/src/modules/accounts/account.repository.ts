import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTokens, sessions, suppliers, users } from "../../db/schema";
import type { AccountTokenPurpose } from "./account-tokens";

export type AccountUser = Pick<
  typeof users.$inferSelect,
  "id" | "name" | "email" | "cpf" | "isActive" | "emailConfirmedAt"
>;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  cpf: users.cpf,
  isActive: users.isActive,
  emailConfirmedAt: users.emailConfirmedAt,
};

/** Whether an e-mail (lower-cased) already names an account, in any letter case. */
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return Boolean(row);
}

/**
 * Whether a CPF already opens an account: a person's CPF, or the CPF of an individual supplier with
 * a login (the login reads both, auth.repository findUserByLogin, so neither may repeat).
 */
export async function cpfTaken(db: DbOrTx, cpf: string): Promise<boolean> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.cpf, cpf)).limit(1);
  if (person) return true;
  const [supplier] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.documentNumber, cpf), isNotNull(suppliers.userId)))
    .limit(1);
  return Boolean(supplier);
}

export async function insertUser(
  db: DbOrTx,
  values: {
    kind: "BUYER" | "SUPPLIER" | "REGULAR_CITIZEN";
    name: string;
    email: string;
    cpf: string;
    passwordHash: string;
  },
): Promise<AccountUser> {
  const [row] = await db
    .insert(users)
    .values({ ...values, emailConfirmedAt: null })
    .returning(userColumns);
  if (!row) throw new Error("insert users returned no row");
  return row;
}

/** The account of an e-mail (any letter case), locked until the transaction ends when `lock`. */
export async function findUserByEmail(
  db: DbOrTx,
  email: string,
  lock = false,
): Promise<AccountUser | undefined> {
  const query = db.select(userColumns).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** How many links of a purpose were issued to a user since `since`, read from their expiry and TTL. */
export async function countTokensIssuedSince(
  db: DbOrTx,
  input: { userId: string; purpose: AccountTokenPurpose; since: Date; ttlMs: number },
): Promise<number> {
  // Issued at = expires_at − TTL (account-tokens.ts), so the count follows the app's clock, not the
  // database's default created_date.
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        gt(accountTokens.expiresAt, new Date(input.since.getTime() + input.ttlMs)),
      ),
    );
  return row?.count ?? 0;
}

/** A link by its token's hash, with its account. */
export async function findToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: accountTokens.id,
      purpose: accountTokens.purpose,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      user: userColumns,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(eq(accountTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Spends a link if it is still unused and unexpired at `now`: a conditional update, so of two
 * parallel uses exactly one gets the row back.
 */
export async function spendToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}

/** Marks the e-mail confirmed (keeping an earlier confirmation's time). */
export async function confirmEmail(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})` })
    .where(eq(users.id, userId));
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Ends every session of a user (after a password change). */
export async function deleteSessionsOf(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
