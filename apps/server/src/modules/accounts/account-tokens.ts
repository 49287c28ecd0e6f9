import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTokens } from "../../db/schema";
import { hashToken } from "../auth/auth.service";

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];

/**
 * How long each one-time link of an e-mail stays valid: confirming an e-mail 48 h, resetting a
 * password 1 h (a reset link is a key to the account), an invited staff user's first password 7 days.
 */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  CONFIRM_EMAIL: 48 * 3_600_000,
  RESET_PASSWORD: 3_600_000,
  SET_PASSWORD: 7 * 24 * 3_600_000,
};

/**
 * Issues a one-time link token for a user (only its SHA-256 is stored) and spends the user's earlier
 * unused tokens of the same purpose, so only the newest e-mail's link works. Call it inside the
 * transaction that creates or changes the account; send the e-mail after the commit.
 */
export async function issueAccountToken(
  tx: DbOrTx,
  input: { userId: string; purpose: AccountTokenPurpose; now: Date },
): Promise<{ token: string; expiresAt: Date; validForMs: number }> {
  await tx
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const token = randomBytes(32).toString("base64url");
  const validForMs = ACCOUNT_TOKEN_TTL_MS[input.purpose];
  const expiresAt = new Date(input.now.getTime() + validForMs);
  await tx.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return { token, expiresAt, validForMs };
}
