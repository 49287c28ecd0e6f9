import { createHash } from "node:crypto";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { parseLogin } from "./auth.repository";
import * as repo from "./login-throttle.repository";

const MINUTE = 60_000;
/** Password checks allowed per window before a lock: few per account, more per address (shared NAT). */
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
export const WINDOW_MS = 15 * MINUTE;
/** The n-th lock in a row lasts the n-th step (then the last one): always temporary. */
export const LOCK_STEPS_MS = [1, 2, 4, 8, 15].map((m) => m * MINUTE);

export const throttledMessage = (minutes: number) =>
  `Muitas tentativas de login sem sucesso. Tente novamente em ${minutes} minuto(s).`;

/** 429 for a login refused without checking its password; the route sends `Retry-After`. */
export class LoginThrottledError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super(429, throttledMessage(Math.max(1, Math.ceil(waitMs / MINUTE))));
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/**
 * The account key: the login as findUserByLogin reads it (a document's digits, else the lower-cased
 * e-mail), whether or not it exists, so that a throttled answer says nothing about the account.
 * Only its SHA-256 is stored (a password typed in the login field stays out of the table).
 */
export function accountKey(login: string): string {
  const { email, digits, byDocument } = parseLogin(login);
  return createHash("sha256")
    .update(byDocument ? digits : email)
    .digest("hex");
}

export interface LoginTicket {
  account: string;
  address: string;
}

/**
 * Login throttling (docs/decisions.md "Login throttling"). Every attempt is counted before its
 * password is checked (parallel attempts cannot slip past the limit) and a success takes its count
 * back, so only failures accumulate; reaching the limit locks the key for a growing, bounded time.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Counts an attempt for the address and the account, or throws 429 when either is locked. */
  async begin(login: string, address: string): Promise<LoginTicket> {
    const ticket = { account: accountKey(login), address };
    await this.count("ADDRESS", address, ADDRESS_LIMIT);
    try {
      await this.count("ACCOUNT", ticket.account, ACCOUNT_LIMIT);
    } catch (error) {
      // Refused before any password check: not a guess from this address.
      await repo.uncountAttempt(this.db, "ADDRESS", address);
      throw error;
    }
    return ticket;
  }

  /** A wrong password (or unknown login): lock whichever key has reached its limit. */
  async failed(ticket: LoginTicket) {
    const now = this.clock();
    await repo.lockIfReached(this.db, "ADDRESS", ticket.address, now, ADDRESS_LIMIT, LOCK_STEPS_MS);
    await repo.lockIfReached(this.db, "ACCOUNT", ticket.account, now, ACCOUNT_LIMIT, LOCK_STEPS_MS);
    await repo.deletePassedWindows(this.db, new Date(now.getTime() - WINDOW_MS));
  }

  /** A success clears the account; the address only gets this attempt back (its failures stay). */
  async succeeded(ticket: LoginTicket) {
    await repo.resetKey(this.db, "ACCOUNT", ticket.account);
    await repo.uncountAttempt(this.db, "ADDRESS", ticket.address);
  }

  private async count(kind: repo.LoginKeyKind, key: string, limit: number) {
    const now = this.clock();
    const row = await repo.countAttempt(this.db, kind, key, now, WINDOW_MS);
    let lockedUntil = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
    // More attempts than the limit without a lock yet: parallel ones still being checked. Lock now.
    if (!lockedUntil && row && row.failures > limit) {
      lockedUntil = await repo.lockIfReached(this.db, kind, key, now, limit, LOCK_STEPS_MS);
    }
    if (lockedUntil) throw new LoginThrottledError(lockedUntil.getTime() - now.getTime());
  }
}
