import { CPF_INVALID_MESSAGE, isValidCpf } from "../format/documents";
import { PASSWORD_MAX_LENGTH, passwordProblems } from "../registration/password-rule";
import { REQUIRED_MESSAGE } from "./lots.schema";
import { z } from "./zod";

/**
 * Sign-up and the one-time e-mail links (issue 13 item 1). The person chooses what they are: a
 * public body (BUYER), a supplier — company or individual, chosen later in the supplier registration
 * (SUPPLIER) — or a citizen (REGULAR_CITIZEN).
 */
export const ACCOUNT_KINDS = ["BUYER", "SUPPLIER", "REGULAR_CITIZEN"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  BUYER: "Órgão público",
  SUPPLIER: "Fornecedor (empresa ou pessoa física)",
  REGULAR_CITIZEN: "Cidadão",
};

export const EMAIL_INVALID_MESSAGE = "E-mail inválido";
export const CONFIRMATION_MISMATCH_MESSAGE = "Valores diferentes";

// A practical address check: one @, no spaces, a dot in the domain (RFC 5321 caps the length at 254).
// No address syntax (display names, groups, lists, quotes, comments): `x<me@evil.com>` or `a,b<c@d.e>`
// would be stored as one address while a mail library delivers to another.
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export const isValidEmail = (value: string) => value.length <= 254 && EMAIL_PATTERN.test(value);

const required = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max);

/** An e-mail as the accounts store it: trimmed and lower-cased. */
export const accountEmail = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .refine((v) => v === "" || isValidEmail(v), EMAIL_INVALID_MESSAGE)
  .transform((v) => v.toLowerCase());

// The password is never trimmed: every character typed counts.
const password = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH + 1);

const confirmation = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH + 1);

/**
 * The password checks run even when another field failed (zod skips a refinement after such
 * issues by default), so one answer names every problem of the form.
 */
const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

/** POST public/auth/signUp. */
export const signUpSchema = z
  .object({
    name: required(300),
    cpf: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, REQUIRED_MESSAGE)
      .max(20)
      .refine((v) => v === "" || isValidCpf(v), CPF_INVALID_MESSAGE)
      .transform((v) => v.replace(/\D/g, "")),
    email: accountEmail,
    password,
    passwordConfirmation: confirmation,
    kind: z.enum(ACCOUNT_KINDS, { error: REQUIRED_MESSAGE }),
  })
  .superRefine((s, ctx) => {
    if (typeof s.password !== "string" || s.password === "") return;
    const context = {
      email: typeof s.email === "string" ? s.email : undefined,
      cpf: typeof s.cpf === "string" ? s.cpf : undefined,
    };
    for (const message of passwordProblems(s.password, context))
      ctx.addIssue({ code: "custom", path: ["password"], message });
    if (typeof s.passwordConfirmation === "string" && s.passwordConfirmation !== s.password)
      ctx.addIssue({
        code: "custom",
        path: ["passwordConfirmation"],
        message: CONFIRMATION_MISMATCH_MESSAGE,
      });
  }, whenObject);
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A one-time link's token (confirmEmail, tokenStatus). */
export const accountTokenSchema = z.object({ token: required(200) });

/** resendConfirmation and requestPasswordReset: only an e-mail. */
export const accountEmailSchema = z.object({ email: accountEmail });

/**
 * POST public/auth/resetPassword (RESET_PASSWORD and SET_PASSWORD links). The rule is checked here
 * without the account's e-mail and CPF (the page does not know them); the server checks it again with them.
 */
export const resetPasswordSchema = z
  .object({ token: required(200), password, passwordConfirmation: confirmation })
  .superRefine((s, ctx) => {
    if (typeof s.password !== "string" || s.password === "") return;
    for (const message of passwordProblems(s.password))
      ctx.addIssue({ code: "custom", path: ["password"], message });
    if (typeof s.passwordConfirmation === "string" && s.passwordConfirmation !== s.password)
      ctx.addIssue({
        code: "custom",
        path: ["passwordConfirmation"],
        message: CONFIRMATION_MISMATCH_MESSAGE,
      });
  }, whenObject);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The state of a one-time link, as public/auth/tokenStatus answers it (no personal data). */
export const ACCOUNT_TOKEN_STATUSES = ["VALID", "EXPIRED", "USED", "INVALID"] as const;
export type AccountTokenStatus = (typeof ACCOUNT_TOKEN_STATUSES)[number];
export type AccountTokenPurpose = "CONFIRM_EMAIL" | "RESET_PASSWORD" | "SET_PASSWORD";
