import {
  type AccountTokenStatus,
  passwordProblems,
  type ResetPasswordInput,
  type SignUpInput,
} from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { badRequest, type PropertyError, VALIDATION_MESSAGE } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { type MailTemplate, type MailTemplateData, renderMail } from "../../integrations/mail/templates";
import { hashToken } from "../auth/auth.service";
import { hashPassword } from "../auth/password";
import * as repo from "./account.repository";
import { ACCOUNT_TOKEN_TTL_MS, type AccountTokenPurpose, issueAccountToken } from "./account-tokens";

export const EMAIL_TAKEN_MESSAGE = "E-mail já cadastrado";
export const CPF_TAKEN_MESSAGE = "CPF já cadastrado";
export const SIGNED_UP_MESSAGE =
  "Cadastro realizado. Enviamos um link de confirmação para o seu e-mail: abra-o para ativar o acesso.";
export const EMAIL_CONFIRMED_MESSAGE = "E-mail confirmado. Você já pode entrar com seu e-mail e senha.";
export const PASSWORD_CHANGED_MESSAGE = "Senha definida. Entre com seu e-mail e a nova senha.";
/** The answers to a request by e-mail: the same whether or not the account exists (no enumeration). */
export const RESEND_CONFIRMATION_MESSAGE =
  "Se este e-mail tiver um cadastro ainda não confirmado, enviaremos um novo link de confirmação em instantes.";
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  "Se este e-mail tiver um cadastro ativo, enviaremos um link para redefinir a senha em instantes.";

export const LINK_INVALID_MESSAGE = "Link inválido.";
export const LINK_USED_MESSAGE = "Este link já foi usado.";
export const LINK_EXPIRED_MESSAGES: Record<AccountTokenPurpose, string> = {
  CONFIRM_EMAIL: "Link expirado. Peça um novo e-mail de confirmação.",
  RESET_PASSWORD: "Link expirado. Peça uma nova redefinição de senha.",
  SET_PASSWORD: "Link expirado. Peça ao órgão um novo convite.",
};
/** An e-mail confirmation link spent by a newer one (issueAccountToken) before being used. */
export const LINK_REPLACED_MESSAGE =
  "Este link foi substituído por um e-mail mais recente. Use o link do último e-mail ou peça um novo.";
/** Confirming again an e-mail already confirmed: nothing to do but log in. */
export const ALREADY_CONFIRMED_MESSAGE =
  "Este link já foi usado e o seu e-mail já está confirmado. Entre com sua senha.";

/** One e-mail per account, purpose and minute: resends cannot flood a mailbox. */
export const RESEND_INTERVAL_MS = 60_000;

const PASSWORD_PURPOSES: readonly AccountTokenPurpose[] = ["RESET_PASSWORD", "SET_PASSWORD"];

type Log = { error(object: unknown, message?: string): void };

const tokenError = (message: string) =>
  badRequest(message, [{ property: "token", errorMessages: [message] }]);

/**
 * Sign-up, e-mail confirmation and password reset/set (issue 13 item 1). Each state change is one
 * transaction; its e-mail is sent after the commit, and a mail failure is logged, never answered 5xx
 * (the person can ask for the e-mail again).
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: Log = { error: () => {} },
  ) {}

  async signUp(input: SignUpInput) {
    const taken: PropertyError[] = [];
    if (await repo.emailTaken(this.db, input.email))
      taken.push({ property: "email", errorMessages: [EMAIL_TAKEN_MESSAGE] });
    if (await repo.cpfTaken(this.db, input.cpf))
      taken.push({ property: "cpf", errorMessages: [CPF_TAKEN_MESSAGE] });
    if (taken.length > 0) throw badRequest(VALIDATION_MESSAGE, taken);
    const passwordHash = await hashPassword(input.password);
    const now = this.clock();
    let issued: { token: string; validForMs: number };
    try {
      issued = await this.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          kind: input.kind,
          name: input.name,
          email: input.email,
          cpf: input.cpf,
          passwordHash,
        });
        return issueAccountToken(tx, { userId: user.id, purpose: "CONFIRM_EMAIL", now });
      });
    } catch (error) {
      // Two sign-ups with the same e-mail or CPF at once: the loser gets the same 400 as above.
      const constraint = uniqueViolation(error);
      if (constraint === "users_email_key")
        throw badRequest(VALIDATION_MESSAGE, [{ property: "email", errorMessages: [EMAIL_TAKEN_MESSAGE] }]);
      if (constraint === "users_cpf_key")
        throw badRequest(VALIDATION_MESSAGE, [{ property: "cpf", errorMessages: [CPF_TAKEN_MESSAGE] }]);
      throw error;
    }
    await this.send(input.email, "emailConfirmation", { name: input.name, ...issued });
    return { message: SIGNED_UP_MESSAGE };
  }

  /** The state of a link, for the page to show before its form; nothing about the account. */
  async tokenStatus(token: string): Promise<{ status: AccountTokenStatus; purpose?: AccountTokenPurpose }> {
    const row = await repo.findToken(this.db, hashToken(token));
    if (!row?.user.isActive) return { status: "INVALID" };
    if (row.usedAt) return { status: "USED", purpose: row.purpose };
    if (row.expiresAt.getTime() <= this.clock().getTime()) return { status: "EXPIRED", purpose: row.purpose };
    return { status: "VALID", purpose: row.purpose };
  }

  async confirmEmail(token: string) {
    const row = await repo.findToken(this.db, hashToken(token));
    if (row?.purpose !== "CONFIRM_EMAIL" || !row.user.isActive) throw tokenError(LINK_INVALID_MESSAGE);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      if (!(await repo.spendToken(tx, row.id, now))) throw this.spentError(row, now);
      await repo.confirmEmail(tx, row.user.id, now);
    });
    return { message: EMAIL_CONFIRMED_MESSAGE };
  }

  async resendConfirmation(email: string) {
    await this.issueByEmail(email, "CONFIRM_EMAIL", "emailConfirmation", (u) => u.emailConfirmedAt === null);
    return { message: RESEND_CONFIRMATION_MESSAGE };
  }

  async requestPasswordReset(email: string) {
    await this.issueByEmail(email, "RESET_PASSWORD", "passwordReset", () => true);
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  /**
   * A new password through a RESET_PASSWORD or SET_PASSWORD link: the rule is checked with the
   * account's e-mail and CPF, every session of the account ends, and the e-mail counts as confirmed
   * (the link arrived in that mailbox).
   */
  async resetPassword(input: ResetPasswordInput) {
    const row = await repo.findToken(this.db, hashToken(input.token));
    if (!row || !PASSWORD_PURPOSES.includes(row.purpose) || !row.user.isActive)
      throw tokenError(LINK_INVALID_MESSAGE);
    const now = this.clock();
    if (row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw this.spentError(row, now);
    const problems = passwordProblems(input.password, {
      email: row.user.email,
      cpf: row.user.cpf ?? undefined,
    });
    if (problems.length > 0)
      throw badRequest(VALIDATION_MESSAGE, [{ property: "password", errorMessages: problems }]);
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      if (!(await repo.spendToken(tx, row.id, now))) throw this.spentError(row, now);
      await repo.setPassword(tx, row.user.id, passwordHash);
      await repo.confirmEmail(tx, row.user.id, now);
      await repo.deleteSessionsOf(tx, row.user.id);
    });
    return { message: PASSWORD_CHANGED_MESSAGE };
  }

  /** Why a link cannot be spent now: expired, or used (by an earlier or a parallel request). */
  private spentError(row: NonNullable<Awaited<ReturnType<typeof repo.findToken>>>, now: Date) {
    if (!row.usedAt && row.expiresAt.getTime() <= now.getTime())
      return tokenError(LINK_EXPIRED_MESSAGES[row.purpose]);
    // A confirmation link spent while unused when read was spent by a parallel confirmation; one
    // spent before, on an account still unconfirmed, was replaced by a newer e-mail.
    if (row.purpose === "CONFIRM_EMAIL")
      return tokenError(
        row.user.emailConfirmedAt || !row.usedAt ? ALREADY_CONFIRMED_MESSAGE : LINK_REPLACED_MESSAGE,
      );
    return tokenError(LINK_USED_MESSAGE);
  }

  /**
   * Issues a link to the active account of an e-mail when `wanted` holds and none of this purpose
   * went out in the last minute. The e-mail is sent without waiting for it, so the answer takes the
   * same time whether or not a message goes out.
   */
  private async issueByEmail(
    email: string,
    purpose: "CONFIRM_EMAIL" | "RESET_PASSWORD",
    template: "emailConfirmation" | "passwordReset",
    wanted: (user: repo.AccountUser) => boolean,
  ) {
    const now = this.clock();
    const issued = await this.db.transaction(async (tx) => {
      // The row lock orders parallel requests for one account, so the minute's limit holds.
      const user = await repo.findUserByEmail(tx, email, true);
      if (!user?.isActive || !wanted(user)) return undefined;
      const recent = await repo.countTokensIssuedSince(tx, {
        userId: user.id,
        purpose,
        since: new Date(now.getTime() - RESEND_INTERVAL_MS),
        ttlMs: ACCOUNT_TOKEN_TTL_MS[purpose],
      });
      if (recent > 0) return undefined;
      return { user, ...(await issueAccountToken(tx, { userId: user.id, purpose, now })) };
    });
    if (issued)
      void this.send(issued.user.email, template, {
        name: issued.user.name,
        token: issued.token,
        validForMs: issued.validForMs,
      });
  }

  /** Sends after the commit; a failure is logged (the person can ask again), never thrown. */
  private async send<K extends MailTemplate>(to: string, template: K, data: MailTemplateData[K]) {
    try {
      await this.mailer.send({ to, ...renderMail(template, data, this.publicUrl) });
    } catch (error) {
      this.log.error({ err: error, template }, "falha ao enviar e-mail de conta");
    }
  }
}
