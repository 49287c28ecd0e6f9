import type { AddressInfo } from "node:net";
import { computeCpfCheckDigits, formatCpf, passwordProblems } from "@certame/domain";
import { and, eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { accountTokens, users } from "../../db/schema";
import { SmtpMailer } from "../../integrations/mail/mailer";
import { EMAIL_NOT_CONFIRMED_MESSAGE } from "../auth/auth.service";
import { hashPassword } from "../auth/password";
import {
  ALREADY_CONFIRMED_MESSAGE,
  CPF_TAKEN_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LINK_EXPIRED_MESSAGES,
  LINK_INVALID_MESSAGE,
  LINK_REPLACED_MESSAGE,
  LINK_USED_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  RESEND_CONFIRMATION_MESSAGE,
} from "./account.service";
import { ACCOUNT_TOKEN_TTL_MS, issueAccountToken } from "./account-tokens";

/**
 * Issue 13 item 1: sign-up, e-mail confirmation and password reset/set through HTTP, against
 * PostgreSQL and a real SMTP server started here; every link is taken from the e-mail that arrived.
 */

const PUBLIC_URL = "https://certame.example.gov.br";
const PASSWORD = "Licita#2026";
const REFUSED = "recusado@example.com";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message; it refuses one recipient (550). */
async function startSmtpServer() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED)
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    clock: clock.now,
    publicUrl: PUBLIC_URL,
    mailer: new SmtpMailer(smtp.url, {
      from: "Certame <nao-responda@certame.example.gov.br>",
      clock: clock.now,
    }),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));

/** The `count`-th e-mail to `to` (1-based), polling: some are sent after the answer. */
async function waitForMail(to: string, count = 1): Promise<Mail> {
  for (let i = 0; i < 200; i++) {
    const mail = mailsTo(to)[count - 1];
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`nenhum ${count}º e-mail para ${to}`);
}

/** The token of the mail's link to `path` at PUBLIC_URL. */
function tokenOf(mail: Mail, path: string): string {
  const link = [...mail.text.matchAll(/https?:\/\/\S+/g)]
    .map((m) => new URL(m[0]))
    .find((u) => `${u.origin}${u.pathname}` === `${PUBLIC_URL}${path}`);
  const token = link?.searchParams.get("token");
  if (!token) throw new Error(`sem link para ${path} em: ${mail.text}`);
  return token;
}

let serial = 100_000_000;
/** A fresh valid CPF (computed check digits), masked as a person types it. */
function newCpf(): string {
  serial += 7_919;
  const base = String(serial);
  return formatCpf(`${base}${computeCpfCheckDigits(base)}`);
}

let people = 0;
function person(overrides: Record<string, unknown> = {}) {
  people += 1;
  return {
    name: `Pessoa ${people}`,
    cpf: newCpf(),
    email: `pessoa${people}@example.com`,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    kind: "REGULAR_CITIZEN",
    ...overrides,
  };
}

const login = (email: string, password = PASSWORD) =>
  t.post("/api/public/auth/login", { login: email, password });

async function userCount() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

async function tokensOf(email: string, purpose: "CONFIRM_EMAIL" | "RESET_PASSWORD") {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(users.email, email), eq(accountTokens.purpose, purpose)));
  return row?.n ?? 0;
}

/** Signs a person up and returns the token of the confirmation e-mail that arrived. */
async function signUp(body: ReturnType<typeof person>): Promise<string> {
  const res = await t.post("/api/public/auth/signUp", body);
  expect(res.statusCode, res.body).toBe(201);
  const mail = await waitForMail(String(body.email).trim().toLowerCase());
  expect(mail.subject).toBe("Confirme seu e-mail no Certame");
  return tokenOf(mail, "/confirmar-email");
}

describe("sign-up and e-mail confirmation", () => {
  it("signs up, e-mails a confirmation link, refuses login until it is followed, then logs in", async () => {
    const body = person({ email: "  Ana.Souza@Example.COM ", kind: "BUYER", name: "Ana Souza" });
    const token = await signUp(body);
    const [stored] = await t.db.select().from(users).where(eq(users.email, "ana.souza@example.com"));
    expect(stored).toMatchObject({
      name: "Ana Souza",
      kind: "BUYER",
      cpf: String(body.cpf).replace(/\D/g, ""),
      emailConfirmedAt: null,
      isActive: true,
    });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);

    expect((await t.post("/api/public/auth/tokenStatus", { token })).json()).toEqual({
      status: "VALID",
      purpose: "CONFIRM_EMAIL",
    });
    // The right password on an unconfirmed account: 403 with the reason; a wrong one says nothing more.
    const early = await login("ana.souza@example.com");
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: EMAIL_NOT_CONFIRMED_MESSAGE });
    expect((await login("ana.souza@example.com", "Errada#2026")).statusCode).toBe(401);

    const confirmed = await t.post("/api/public/auth/confirmEmail", { token });
    expect(confirmed.statusCode).toBe(200);
    expect(typeof confirmed.json().message).toBe("string");
    const ok = await login("ana.souza@example.com");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      name: "Ana Souza",
      kind: "BUYER",
      email: "ana.souza@example.com",
    });
    expect(ok.json().user.buyer).toBeUndefined();
    // The CPF logs in too (auth.repository reads users.cpf).
    expect((await login(String(body.cpf).replace(/\D/g, ""))).statusCode).toBe(200);

    // Single use: the link is spent.
    const again = await t.post("/api/public/auth/confirmEmail", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().properties).toEqual([
      { property: "token", errorMessages: [ALREADY_CONFIRMED_MESSAGE] },
    ]);
    expect((await t.post("/api/public/auth/tokenStatus", { token })).json()).toEqual({
      status: "USED",
      purpose: "CONFIRM_EMAIL",
    });
  });

  it("refuses an expired link (48 h by the app's clock), and a resend replaces it with a working one", async () => {
    const body = person();
    const token = await signUp(body);
    clock.advance(ACCOUNT_TOKEN_TTL_MS.CONFIRM_EMAIL);
    const expired = await t.post("/api/public/auth/confirmEmail", { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().properties).toEqual([
      { property: "token", errorMessages: [LINK_EXPIRED_MESSAGES.CONFIRM_EMAIL] },
    ]);
    expect((await t.post("/api/public/auth/tokenStatus", { token })).json().status).toBe("EXPIRED");

    const resend = await t.post("/api/public/auth/resendConfirmation", { email: body.email });
    expect(resend.json()).toEqual({ message: RESEND_CONFIRMATION_MESSAGE });
    const fresh = tokenOf(await waitForMail(String(body.email), 2), "/confirmar-email");
    expect(fresh).not.toBe(token);
    const replaced = await t.post("/api/public/auth/confirmEmail", { token });
    expect(replaced.json().properties[0].errorMessages).toEqual([LINK_REPLACED_MESSAGE]);
    expect((await t.post("/api/public/auth/confirmEmail", { token: fresh })).statusCode).toBe(200);
    expect((await login(String(body.email))).statusCode).toBe(200);
  });

  it("answers an unknown token 400 'Link inválido.' and its status INVALID, without personal data", async () => {
    const res = await t.post("/api/public/auth/confirmEmail", { token: "nao-existe" });
    expect(res.statusCode).toBe(400);
    expect(res.json().properties).toEqual([{ property: "token", errorMessages: [LINK_INVALID_MESSAGE] }]);
    expect((await t.post("/api/public/auth/tokenStatus", { token: "nao-existe" })).json()).toEqual({
      status: "INVALID",
    });
  });

  it("confirms exactly once when the same link is followed twice at the same moment", async () => {
    const body = person();
    const token = await signUp(body);
    const answers = await Promise.all([
      t.post("/api/public/auth/confirmEmail", { token }),
      t.post("/api/public/auth/confirmEmail", { token }),
      t.post("/api/public/auth/confirmEmail", { token }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect(refused.json().properties).toEqual([
        { property: "token", errorMessages: [ALREADY_CONFIRMED_MESSAGE] },
      ]);
  });

  it("refuses a duplicate e-mail (any letter case) or CPF naming the field, and writes nothing", async () => {
    const before = await userCount();
    const email = await t.post(
      "/api/public/auth/signUp",
      person({ email: "CIDADAO@demo.com.br", cpf: newCpf() }),
    );
    expect(email.statusCode).toBe(400);
    expect(email.json().properties).toEqual([{ property: "email", errorMessages: [EMAIL_TAKEN_MESSAGE] }]);
    // The demo auctioneer's CPF.
    const cpf = await t.post("/api/public/auth/signUp", person({ cpf: "123.456.789-09" }));
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json().properties).toEqual([{ property: "cpf", errorMessages: [CPF_TAKEN_MESSAGE] }]);
    const both = await t.post(
      "/api/public/auth/signUp",
      person({ email: "pregoeiro@demo.gov.br", cpf: "12345678909" }),
    );
    expect(both.json().properties.map((p: { property: string }) => p.property)).toEqual(["email", "cpf"]);
    expect(await userCount()).toBe(before);
  });

  it("answers two simultaneous sign-ups with one e-mail 201 and 400 'E-mail já cadastrado', never 500", async () => {
    const email = "corrida@example.com";
    const answers = await Promise.all([
      t.post("/api/public/auth/signUp", person({ email })),
      t.post("/api/public/auth/signUp", person({ email })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.statusCode === 400);
    expect(refused?.json().properties).toEqual([{ property: "email", errorMessages: [EMAIL_TAKEN_MESSAGE] }]);
    const cpf = newCpf();
    const sameCpf = await Promise.all([
      t.post("/api/public/auth/signUp", person({ cpf })),
      t.post("/api/public/auth/signUp", person({ cpf })),
    ]);
    expect(sameCpf.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(sameCpf.find((a) => a.statusCode === 400)?.json().properties).toEqual([
      { property: "cpf", errorMessages: [CPF_TAKEN_MESSAGE] },
    ]);
  });

  it("refuses a CPF with a wrong check digit, a bad e-mail, a missing name or kind, and names each field", async () => {
    const before = await userCount();
    const res = await t.post("/api/public/auth/signUp", {
      name: "  ",
      cpf: "529.982.247-24",
      email: "sem-arroba.example.com",
      password: PASSWORD,
      passwordConfirmation: "Outra#2026",
      kind: "ADMIN",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().properties).toEqual([
      { property: "name", errorMessages: ["Campo obrigatório"] },
      { property: "cpf", errorMessages: ["CPF inválido"] },
      { property: "email", errorMessages: ["E-mail inválido"] },
      { property: "kind", errorMessages: ["Campo obrigatório"] },
      { property: "passwordConfirmation", errorMessages: ["Valores diferentes"] },
    ]);
    expect(await userCount()).toBe(before);
  });

  it("refuses a weak password listing every problem of the rule, including the e-mail and the CPF", async () => {
    const weak = await t.post(
      "/api/public/auth/signUp",
      person({ password: "abc", passwordConfirmation: "abc" }),
    );
    expect(weak.statusCode).toBe(400);
    const expected = passwordProblems("abc");
    expect(expected.length).toBe(4);
    expect(weak.json().properties).toEqual([{ property: "password", errorMessages: expected }]);

    const cpf = newCpf();
    const mine = `Xy#${cpf.replace(/\D/g, "")}`;
    const withCpf = await t.post(
      "/api/public/auth/signUp",
      person({ cpf, password: mine, passwordConfirmation: mine }),
    );
    expect(withCpf.json().properties).toEqual([
      { property: "password", errorMessages: ["A senha não pode conter o seu CPF."] },
    ]);
    const withEmail = await t.post(
      "/api/public/auth/signUp",
      person({
        email: "joaquim@example.com",
        password: "Joaquim#2026",
        passwordConfirmation: "Joaquim#2026",
      }),
    );
    expect(withEmail.json().properties).toEqual([
      { property: "password", errorMessages: ["A senha não pode conter o seu e-mail."] },
    ]);
  });

  it("answers sign-up 201 when the e-mail cannot be sent after the commit; the person asks again later", async () => {
    const res = await t.post("/api/public/auth/signUp", person({ email: REFUSED }));
    expect(res.statusCode).toBe(201);
    expect(mailsTo(REFUSED)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.email, REFUSED));
    expect(row?.emailConfirmedAt).toBeNull();
    expect(await tokensOf(REFUSED, "CONFIRM_EMAIL")).toBe(1);
  });
});

describe("requests by e-mail (no enumeration, one per minute)", () => {
  it("answers an unknown e-mail exactly as a known one and sends nothing", async () => {
    const body = person();
    await signUp(body);
    const known = await t.post("/api/public/auth/resendConfirmation", { email: body.email });
    clock.advance(60_000);
    const unknown = await t.post("/api/public/auth/resendConfirmation", { email: "ninguem@example.com" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const reset = await t.post("/api/public/auth/requestPasswordReset", { email: "ninguem@example.com" });
    const resetKnown = await t.post("/api/public/auth/requestPasswordReset", { email: body.email });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(resetKnown.json()).toEqual(reset.json());
    // The known account's reset e-mail arrives; by then the unknown one's would have too.
    await waitForMail(String(body.email), 2);
    expect(mailsTo("ninguem@example.com")).toEqual([]);
  });

  it("sends no confirmation to a confirmed account and no reset to an inactive one", async () => {
    const before = smtp.received.length;
    const confirmed = await t.post("/api/public/auth/resendConfirmation", { email: "cidadao@demo.com.br" });
    expect(confirmed.json()).toEqual({ message: RESEND_CONFIRMATION_MESSAGE });
    expect(await tokensOf("cidadao@demo.com.br", "CONFIRM_EMAIL")).toBe(0);
    const body = person();
    await signUp(body);
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, String(body.email)));
    clock.advance(60_000);
    await t.post("/api/public/auth/requestPasswordReset", { email: body.email });
    expect(await tokensOf(String(body.email), "RESET_PASSWORD")).toBe(0);
    expect(smtp.received.length).toBe(before + 1);
  });

  it("sends at most one e-mail per account and purpose in 60 s by the app's clock", async () => {
    const email = "fornecedor2@demo.com.br";
    const answers = await Promise.all([
      t.post("/api/public/auth/requestPasswordReset", { email }),
      t.post("/api/public/auth/requestPasswordReset", { email }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    clock.advance(59_000);
    await t.post("/api/public/auth/requestPasswordReset", { email: email.toUpperCase() });
    expect(await tokensOf(email, "RESET_PASSWORD")).toBe(1);
    await waitForMail(email, 1);
    clock.advance(1_000);
    await t.post("/api/public/auth/requestPasswordReset", { email });
    expect(await tokensOf(email, "RESET_PASSWORD")).toBe(2);
    const second = await waitForMail(email, 2);
    expect(mailsTo(email)).toHaveLength(2);
    // The newer link replaces the older one.
    const older = tokenOf(mailsTo(email)[0] as Mail, "/redefinir-senha");
    expect((await t.post("/api/public/auth/tokenStatus", { token: older })).json().status).toBe("USED");
    expect(
      (await t.post("/api/public/auth/tokenStatus", { token: tokenOf(second, "/redefinir-senha") })).json(),
    ).toEqual({
      status: "VALID",
      purpose: "RESET_PASSWORD",
    });
  });
});

describe("password reset and first password", () => {
  it("resets the password by the e-mailed link: rule with the account's data, sessions ended, old password refused, link spent", async () => {
    const email = "cidadao@demo.com.br";
    const session = await t.login(email);
    expect((await t.post("/api/app/auth/me", {}, session)).statusCode).toBe(200);
    clock.advance(60_000);
    const requested = await t.post("/api/public/auth/requestPasswordReset", {
      email: " Cidadao@Demo.com.br ",
    });
    expect(requested.statusCode).toBe(200);
    const mail = await waitForMail(email);
    expect(mail.subject).toBe("Redefinição de senha do Certame");
    const token = tokenOf(mail, "/redefinir-senha");
    expect((await t.post("/api/public/auth/tokenStatus", { token })).json()).toEqual({
      status: "VALID",
      purpose: "RESET_PASSWORD",
    });

    // The rule knows the account's e-mail (the page does not): refused, and the link stays valid.
    const weak = await t.post("/api/public/auth/resetPassword", {
      token,
      password: "Cidadao#2026",
      passwordConfirmation: "Cidadao#2026",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().properties).toEqual([
      { property: "password", errorMessages: ["A senha não pode conter o seu e-mail."] },
    ]);
    const mismatch = await t.post("/api/public/auth/resetPassword", {
      token,
      password: "Nova#Senha2026",
      passwordConfirmation: "Nova#Senha2025",
    });
    expect(mismatch.json().properties).toEqual([
      { property: "passwordConfirmation", errorMessages: ["Valores diferentes"] },
    ]);
    expect((await t.post("/api/public/auth/tokenStatus", { token })).json().status).toBe("VALID");

    const reset = await t.post("/api/public/auth/resetPassword", {
      token,
      password: "Nova#Senha2026",
      passwordConfirmation: "Nova#Senha2026",
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.post("/api/app/auth/me", {}, session)).statusCode).toBe(401);
    expect((await login(email, "Demo@2026")).statusCode).toBe(401);
    expect((await login(email, "Nova#Senha2026")).statusCode).toBe(200);

    const reused = await t.post("/api/public/auth/resetPassword", {
      token,
      password: "Outra#Senha2026",
      passwordConfirmation: "Outra#Senha2026",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().properties).toEqual([{ property: "token", errorMessages: [LINK_USED_MESSAGE] }]);
    expect((await login(email, "Nova#Senha2026")).statusCode).toBe(200);
  });

  it("refuses a reset link past its hour", async () => {
    const email = "fornecedor3@demo.com.br";
    clock.advance(60_000);
    await t.post("/api/public/auth/requestPasswordReset", { email });
    const token = tokenOf(await waitForMail(email), "/redefinir-senha");
    clock.advance(ACCOUNT_TOKEN_TTL_MS.RESET_PASSWORD);
    const res = await t.post("/api/public/auth/resetPassword", {
      token,
      password: "Nova#Senha2026",
      passwordConfirmation: "Nova#Senha2026",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().properties).toEqual([
      { property: "token", errorMessages: [LINK_EXPIRED_MESSAGES.RESET_PASSWORD] },
    ]);
    expect((await login(email, "Demo@2026")).statusCode).toBe(200);
  });

  it("sets an invited staff user's first password by a SET_PASSWORD link, which also confirms the e-mail", async () => {
    const email = "convidada@example.gov.br";
    const [user] = await t.db
      .insert(users)
      .values({ email, name: "Convidada", kind: "BUYER", passwordHash: await hashPassword("Aleatoria#99x") })
      .returning({ id: users.id });
    const { token } = await issueAccountToken(t.db, {
      userId: user?.id as string,
      purpose: "SET_PASSWORD",
      now: clock.now(),
    });
    expect((await t.post("/api/public/auth/tokenStatus", { token })).json()).toEqual({
      status: "VALID",
      purpose: "SET_PASSWORD",
    });
    // A link of another purpose does not confirm an e-mail.
    const wrong = await t.post("/api/public/auth/confirmEmail", { token });
    expect(wrong.json().properties).toEqual([{ property: "token", errorMessages: [LINK_INVALID_MESSAGE] }]);
    const set = await t.post("/api/public/auth/resetPassword", {
      token,
      password: "Primeira#2026",
      passwordConfirmation: "Primeira#2026",
    });
    expect(set.statusCode).toBe(200);
    const ok = await login(email, "Primeira#2026");
    expect(ok.statusCode).toBe(200);
    // And a confirmation link cannot set a password.
    const body = person();
    const confirmToken = await signUp(body);
    const viaConfirm = await t.post("/api/public/auth/resetPassword", {
      token: confirmToken,
      password: "Primeira#2026",
      passwordConfirmation: "Primeira#2026",
    });
    expect(viaConfirm.json().properties).toEqual([
      { property: "token", errorMessages: [LINK_INVALID_MESSAGE] },
    ]);
  });
});
