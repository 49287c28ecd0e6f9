import { createHash, randomBytes } from "node:crypto";
import {
  EMAIL_NOT_CONFIRMED_MESSAGE,
  type RegistrationStatus,
  type StaffRole,
  type SupplierRegistrationStatus,
  type UserKind,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { forbidden, unauthorized } from "../../http/errors";
import * as repo from "./auth.repository";
import { LoginThrottle } from "./login-throttle.service";
import { hashPassword, verifyPassword } from "./password";

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const WRONG_CREDENTIALS = "Login ou senha inválidos.";
export { EMAIL_NOT_CONFIRMED_MESSAGE };

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  kind: UserKind;
  buyer?: {
    id: string;
    corporateName: string;
    staffId: string | null;
    staffRoles: StaffRole[];
    isCompetentAuthority: boolean;
    isBuyerAccount: boolean;
    /** The body's registration (issue 13): only APPROVED bodies publish. */
    registrationStatus: RegistrationStatus;
    /** The body's address state (UF): the price search's default state filter (planning §2.9). */
    state: string | null;
  };
  supplier?: {
    id: string;
    name: string;
    credentialKind: "LEGAL_PERSON" | "INDIVIDUAL";
    documentNumber: string;
    isSmallBusiness: boolean;
    subscriptionEndDate: string | null;
    /** The supplier's registration (issue 13): only APPROVED suppliers send proposals and bid. */
    registrationStatus: SupplierRegistrationStatus;
  };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

// Verified when the login is unknown, so an unknown login costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
};

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    private readonly throttle = new LoginThrottle(db, clock),
  ) {}

  /**
   * Checks a login from a client address. Throttled (429, LoginThrottledError) before anything is
   * looked up, for a known and an unknown login alike, so that neither the answer nor its time tells
   * whether the account exists.
   */
  async login(login: string, password: string, userAgent: string | null, address: string) {
    const ticket = await this.throttle.begin(login, address);
    const user = await repo.findUserByLogin(this.db, login);
    const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
    if (!user || !ok) {
      await this.throttle.failed(ticket);
      throw unauthorized(WRONG_CREDENTIALS);
    }
    await this.throttle.succeeded(ticket);
    // Only after the password check: without the password, the answer says nothing of the account.
    if (!user.emailConfirmedAt) throw forbidden(EMAIL_NOT_CONFIRMED_MESSAGE);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(this.clock().getTime() + SESSION_TTL_MS);
    await repo.insertSession(this.db, { userId: user.id, tokenHash: hashToken(token), expiresAt, userAgent });
    return { token, expiresAt, user: await this.describe(user.id) };
  }

  /**
   * The signed-in user's password typed again (the re-authentication of the platform's simple
   * electronic signature, Lei 14.063/2020 art. 4 I; issue 35 item 3). Throttled as a login of that
   * account from that address (429 once locked), so a session cannot be used to guess the password.
   */
  async confirmPassword(userId: string, password: string, address: string): Promise<boolean> {
    const user = await repo.findUserById(this.db, userId);
    const ticket = await this.throttle.begin(user?.email ?? userId, address);
    const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
    if (user?.isActive && ok) {
      await this.throttle.succeeded(ticket);
      return true;
    }
    await this.throttle.failed(ticket);
    return false;
  }

  async logout(token: string) {
    await repo.deleteSession(this.db, hashToken(token));
  }

  /** The user behind a bearer token, or undefined when the session is unknown or expired. */
  async authenticate(token: string): Promise<SessionUser | undefined> {
    const session = await repo.findActiveSession(this.db, hashToken(token), this.clock());
    if (!session) return undefined;
    return this.describe(session.userId);
  }

  async describe(userId: string): Promise<SessionUser> {
    const user = await repo.findUserById(this.db, userId);
    if (!user?.isActive) throw unauthorized();
    const out: SessionUser = { id: user.id, name: user.name, email: user.email, kind: user.kind };
    if (user.kind === "BUYER") {
      const m = await repo.findBuyerMembership(this.db, user.id);
      if (m) {
        out.buyer = {
          id: m.buyer.id,
          corporateName: m.buyer.corporateName,
          staffId: m.staffId,
          staffRoles: m.roles,
          isCompetentAuthority: m.buyer.competentAuthorityUserId === user.id,
          isBuyerAccount: m.buyer.userId === user.id,
          registrationStatus: m.buyer.registrationStatus,
          state: m.buyer.state,
        };
      }
    }
    if (user.kind === "SUPPLIER") {
      const s = await repo.findSupplierByUser(this.db, user.id);
      if (s) {
        out.supplier = {
          id: s.id,
          name: s.corporateName ?? s.name ?? "",
          credentialKind: s.credentialKind,
          documentNumber: s.documentNumber,
          isSmallBusiness: s.isSmallBusiness,
          subscriptionEndDate: s.subscriptionEndDate?.toISOString() ?? null,
          registrationStatus: s.registrationStatus,
        };
      }
    }
    return out;
  }
}
