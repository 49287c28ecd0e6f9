import { readFile } from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { loadConfig } from "../../config";
import { createMailer, MailUnavailable, OUTBOX_INDEX, OutboxMailer, SmtpMailer } from "./mailer";
import { devOutboxEnabled } from "./outbox.routes";
import { MAIL_FOOTER, renderMail } from "./templates";

/**
 * Issue 13 item 5: the mail integration against a real SMTP server started here (smtp-server, on a
 * free port), the outbox when there is no SMTP_URL, and the outbox's dev listing.
 */

const PUBLIC_URL = "https://certame.example.gov.br";
const SENT_AT = new Date("2026-03-10T12:34:56Z");
const clock = () => SENT_AT;
const DAY_MS = 86_400_000;

interface Received {
  from: string | undefined;
  to: string[];
  raw: Buffer;
}

/** A real SMTP server on 127.0.0.1 that accepts every message (no auth, no TLS) and keeps it. */
async function startSmtpServer(options: { refuseRecipient?: string } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuseRecipient) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom as SMTPServerAddress | false;
        received.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
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

/** A server that accepts the TCP connection and then never says a word (no SMTP greeting). */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The href of the message's only link button. */
const linkOf = (html: string) => /<a href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

describe("templates", () => {
  it("render every message in pt-BR, text and HTML, with the common layout and links to PUBLIC_URL", () => {
    const all = [
      renderMail("emailConfirmation", { name: "Ana", token: "t1", validForMs: DAY_MS }, PUBLIC_URL),
      renderMail("passwordReset", { name: "Ana", token: "t2", validForMs: 2 * 3_600_000 }, PUBLIC_URL),
      renderMail(
        "staffInvitation",
        { name: "Ana", buyerName: "Prefeitura de Vila Nova", token: "t3", validForMs: 7 * DAY_MS },
        PUBLIC_URL,
      ),
      renderMail(
        "registrationApproved",
        { name: "Ana", kind: "BUYER", entityName: "Prefeitura" },
        PUBLIC_URL,
      ),
      renderMail(
        "registrationRejected",
        { name: "Ana", kind: "SUPPLIER", entityName: "ACME Ltda", reason: "Contrato social ilegível." },
        PUBLIC_URL,
      ),
    ];
    expect(all.map((m) => m.subject)).toEqual([
      "Confirme seu e-mail no Certame",
      "Redefinição de senha do Certame",
      "Convite para acessar o Certame — Prefeitura de Vila Nova",
      "Cadastro aprovado no Certame",
      "Cadastro não aprovado no Certame",
    ]);
    for (const m of all) {
      expect(m.text).toContain(MAIL_FOOTER);
      expect(m.html).toContain(MAIL_FOOTER);
      expect(m.html).toContain('<html lang="pt-BR">');
      expect(m.text.startsWith("Certame\n")).toBe(true);
      const link = linkOf(m.html);
      expect(link?.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      expect(m.text).toContain(link);
    }
    expect(linkOf(all[0]?.html ?? "")).toBe(`${PUBLIC_URL}/confirmar-email?token=t1`);
    expect(linkOf(all[1]?.html ?? "")).toBe(`${PUBLIC_URL}/redefinir-senha?token=t2`);
    expect(linkOf(all[2]?.html ?? "")).toBe(`${PUBLIC_URL}/definir-senha?token=t3`);
    expect(all[0]?.text).toContain("Este link vale por 1 dia e só pode ser usado uma vez.");
    expect(all[1]?.text).toContain("Este link vale por 2 horas e só pode ser usado uma vez.");
    expect(all[4]?.text).toContain("> Contrato social ilegível.");
    expect(all[4]?.html).toContain("Contrato social ilegível.");
  });

  it("escape every value put into the HTML, keep a reason's line breaks, and keep a path prefix of PUBLIC_URL", () => {
    const m = renderMail(
      "registrationRejected",
      {
        name: '<script>alert("x")</script>',
        kind: "BUYER",
        entityName: "Órgão & Cia <b>",
        reason: "Linha 1\n<img src=x onerror=alert(1)>",
      },
      "https://exemplo.gov.br/certame/",
    );
    expect(m.html).not.toMatch(/<script|<img|<b>/);
    expect(m.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(m.html).toContain("Órgão &amp; Cia &lt;b&gt;");
    expect(m.html).toContain("Linha 1<br>&lt;img src=x onerror=alert(1)&gt;");
    expect(linkOf(m.html)).toBe("https://exemplo.gov.br/certame/cadastro-de-orgao");
    const invitation = renderMail(
      "staffInvitation",
      { name: "Ana", buyerName: "Órgão\r\nBcc: intruso@x.com", token: 'a"b&c', validForMs: DAY_MS },
      PUBLIC_URL,
    );
    expect(invitation.subject).toBe("Convite para acessar o Certame — Órgão Bcc: intruso@x.com");
    expect(linkOf(invitation.html)).toBe(`${PUBLIC_URL}/definir-senha?token=a%22b%26c`);
  });
});

describe("SmtpMailer against a real SMTP server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuseRecipient: "inexistente@example.com" });
  });
  afterAll(() => smtp.close());

  it("delivers the confirmation e-mail: To, pt-BR subject, text and HTML parts, the link to PUBLIC_URL with the token", async () => {
    const config = loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL, APP_ENV: "test" });
    const mailer = createMailer(config, { clock });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    const token = "tok_3f9a8c";
    const content = renderMail(
      "emailConfirmation",
      { name: "<script>alert(1)</script> Maria", token, validForMs: DAY_MS },
      config.publicUrl,
    );
    const messageId = await mailer.send({ to: "maria@example.com", ...content });

    expect(smtp.received).toHaveLength(1);
    const delivery = smtp.received[0] as Received;
    expect(delivery.to).toEqual(["maria@example.com"]);
    expect(delivery.from).toBe("nao-responda@certame.example.gov.br");
    const mail: ParsedMail = await simpleParser(delivery.raw);
    expect(mail.messageId).toBe(messageId);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([
      "maria@example.com",
    ]);
    expect(mail.from?.value).toEqual([{ name: "Certame", address: "nao-responda@certame.example.gov.br" }]);
    expect(mail.subject).toBe("Confirme seu e-mail no Certame");
    expect(mail.date?.toISOString()).toBe(SENT_AT.toISOString());

    const html = mail.html || "";
    const text = mail.text ?? "";
    expect(text).toContain("confirme seu endereço de e-mail:");
    expect(text).toContain(MAIL_FOOTER);
    expect(html).toContain(MAIL_FOOTER);
    // The link of each part: at PUBLIC_URL, carrying the token.
    const link = new URL(linkOf(html) ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/confirmar-email`);
    expect(link.searchParams.get("token")).toBe(token);
    expect(text).toContain(link.toString());
    // The injected name is text in the HTML part, never markup.
    expect(html).not.toContain("<script>");
    expect(html).toContain("Olá, &lt;script&gt;alert(1)&lt;/script&gt; Maria.");
    expect(text).toContain("Olá, <script>alert(1)</script> Maria.");
  });

  it("rejects with a clear error when the server refuses the recipient", async () => {
    const mailer = new SmtpMailer(smtp.url, { from: "Certame <nao-responda@certame.local>", clock });
    const content = renderMail("passwordReset", { name: "X", token: "t", validForMs: DAY_MS }, PUBLIC_URL);
    const sending = mailer.send({ to: "inexistente@example.com", ...content });
    await expect(sending).rejects.toBeInstanceOf(MailUnavailable);
    await expect(sending).rejects.toThrow(/Falha ao enviar e-mail para inexistente@example.com: .*550/);
  });
});

describe("SmtpMailer against a server that never answers", () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    silent = await startSilentServer();
  });
  afterAll(() => silent.close());

  it("gives up at the configured timeout with a clear error instead of hanging", async () => {
    const mailer = new SmtpMailer(silent.url, {
      from: "Certame <nao-responda@certame.local>",
      clock,
      // The greeting is what never comes; the idle-socket timer is set far beyond it.
      timeouts: { connectionTimeout: 300, greetingTimeout: 300, socketTimeout: 60_000 },
    });
    const content = renderMail("passwordReset", { name: "X", token: "t", validForMs: DAY_MS }, PUBLIC_URL);
    const sending = mailer.send({ to: "alguem@example.com", ...content });
    await expect(sending).rejects.toBeInstanceOf(MailUnavailable);
    await expect(sending).rejects.toThrow(
      "Falha ao enviar e-mail para alguem@example.com: o servidor SMTP não respondeu a tempo (GREETING_TIMEOUT)",
    );
  }, 5_000);
});

describe("createMailer and the dev outbox switch", () => {
  it("chooses SMTP with SMTP_URL and the local outbox without it; the dev outbox exists only outside production without SMTP", () => {
    const withSmtp = loadConfig({ SMTP_URL: "smtp://mail.example.com:587", APP_ENV: "test" });
    const withoutSmtp = loadConfig({ APP_ENV: "test", DATA_DIR: "/tmp/certame-x" });
    expect(createMailer(withSmtp, { clock })).toBeInstanceOf(SmtpMailer);
    const outbox = createMailer(withoutSmtp, { clock });
    expect(outbox).toBeInstanceOf(OutboxMailer);
    expect((outbox as OutboxMailer).dir).toBe(path.join("/tmp/certame-x", "outbox"));
    expect(devOutboxEnabled(withoutSmtp)).toBe(true);
    expect(devOutboxEnabled({ ...withoutSmtp, appEnv: "development" })).toBe(true);
    expect(devOutboxEnabled(withSmtp)).toBe(false);
    expect(devOutboxEnabled({ ...withoutSmtp, appEnv: "production" })).toBe(false);
    expect(loadConfig({ MAIL_FROM: "Prefeitura <licitacoes@vilanova.gov.br>" }).mailFrom).toBe(
      "Prefeitura <licitacoes@vilanova.gov.br>",
    );
    expect(() => loadConfig({ PUBLIC_URL: "certame sem esquema" })).toThrow(/PUBLIC_URL inválida/);
  });
});

describe("the local outbox and its dev listing", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login("admin@certame.local");
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("writes each message as a parseable .eml with a line of the index, and serves them to platform staff", async () => {
    expect(t.app.mailer).toBeInstanceOf(OutboxMailer);
    const publicUrl = "http://localhost:3000";
    const first = renderMail(
      "registrationRejected",
      { name: "Ana", kind: "BUYER", entityName: "Prefeitura <Teste>", reason: "Falta o termo assinado." },
      publicUrl,
    );
    const second = renderMail(
      "staffInvitation",
      { name: "Bruno", buyerName: "Prefeitura", token: "convite-123", validForMs: DAY_MS },
      publicUrl,
    );
    const firstId = await t.app.mailer.send({ to: "ana@example.com", ...first });
    const secondId = await t.app.mailer.send({ to: "bruno@example.com", ...second });

    // The files: one .eml per message and one index line each.
    const dir = path.join(t.dataDir, "outbox");
    const index = (await readFile(path.join(dir, OUTBOX_INDEX), "utf8")).trim().split("\n");
    expect(index.map((line) => JSON.parse(line).messageId)).toEqual([firstId, secondId]);
    const stored = await simpleParser(await readFile(path.join(dir, `${JSON.parse(index[0] ?? "").id}.eml`)));
    expect(stored.subject).toBe("Cadastro não aprovado no Certame");
    expect(stored.text).toContain("> Falta o termo assinado.");
    expect(stored.html || "").toContain("Prefeitura &lt;Teste&gt;");

    // The listing: newest first, for platform staff.
    const list = await get("/api/dev/outbox", admin);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: string; to: string; subject: string; date: string; text: string }[];
    expect(rows.map((r) => [r.to, r.subject])).toEqual([
      ["bruno@example.com", "Convite para acessar o Certame — Prefeitura"],
      ["ana@example.com", "Cadastro não aprovado no Certame"],
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["date", "id", "subject", "text", "to"]);
    // The text part rides along for the dev page, links included.
    expect(rows[1]?.text).toContain("> Falta o termo assinado.");

    // One message as RFC 822: the invitation's link to set a password.
    const one = await get(`/api/dev/outbox/${rows[0]?.id}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.headers["content-type"]).toMatch(/^message\/rfc822/);
    const mail = await simpleParser(one.rawPayload);
    expect(mail.messageId).toBe(secondId);
    expect(mail.subject).toBe("Convite para acessar o Certame — Prefeitura");
    const link = new URL(linkOf(mail.html || "") ?? "");
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/definir-senha");
    expect(link.searchParams.get("token")).toBe("convite-123");
    expect(mail.text).toContain(link.toString());

    expect((await get("/api/dev/outbox/00000000-0000-4000-8000-000000000000", admin)).statusCode).toBe(404);
    expect((await get("/api/dev/outbox/..%2F..%2Fetc%2Fpasswd", admin)).statusCode).toBe(404);
  });

  it("refuses anyone else: 403 to a signed-in user who is not platform staff, 401 without a session", async () => {
    const auctioneer = await t.login("pregoeiro@demo.gov.br");
    const supplier = await t.login("fornecedor1@demo.com.br");
    for (const url of ["/api/dev/outbox", "/api/dev/outbox/00000000-0000-4000-8000-000000000000"]) {
      for (const token of [auctioneer, supplier]) {
        const res = await get(url, token);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe("Ação disponível apenas para a equipe da plataforma.");
      }
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});
