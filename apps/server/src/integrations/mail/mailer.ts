import { randomUUID } from "node:crypto";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Clock } from "../../clock/clock";
import type { Config } from "../../config";

/** One message as the templates render it (templates.ts): always both a text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail integration (DESIGN §1 src/integrations): sends one message, resolves to its Message-ID. */
export interface Mailer {
  send(message: MailMessage): Promise<string>;
}

/** The message could not be handed over (SMTP server down, refusing, or silent past the timeouts). */
export class MailUnavailable extends Error {}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's mailer: SMTP at SMTP_URL, or the local outbox under DATA_DIR (createMailer). */
    mailer: Mailer;
  }
}

/** How long the SMTP client waits at each step before giving up (nodemailer's own defaults are minutes). */
export interface SmtpTimeouts {
  /** To open the TCP (or TLS) connection. */
  connectionTimeout: number;
  /** For the server's 220 greeting once connected. */
  greetingTimeout: number;
  /** Of silence on an open connection, at any later step. */
  socketTimeout: number;
}

export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

interface MailerOptions {
  /** The From header: config.mailFrom. */
  from: string;
  /** Date header of each message: the app's clock (DESIGN §5a). */
  clock: Clock;
}

/** The domain of Message-IDs: the host of the sender's address. */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "certame.local";
}

const newMessageId = (from: string, id: string = randomUUID()) => `<${id}@${messageIdDomain(from)}>`;

/** A header value on one line: a line break in a subject would start a new header. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** Real SMTP at SMTP_URL (smtp:// or smtps://, user and password in the URL), one connection per message. */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    smtpUrl: string,
    private readonly options: MailerOptions & { timeouts?: Partial<SmtpTimeouts> },
  ) {
    // Timeouts given here apply unless the URL itself sets them (e.g. ?socketTimeout=...).
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      ...SMTP_TIMEOUTS,
      ...options.timeouts,
    });
  }

  async send(message: MailMessage): Promise<string> {
    const messageId = newMessageId(this.options.from);
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: oneLine(message.subject),
        text: message.text,
        html: message.html,
        messageId,
        date: this.options.clock(),
      });
      return info.messageId ?? messageId;
    } catch (error) {
      const { code, timeoutType } = error as { code?: string; timeoutType?: string };
      const reason =
        code === "ETIMEDOUT"
          ? `o servidor SMTP não respondeu a tempo (${timeoutType ?? "timeout"})`
          : (error as Error).message;
      throw new MailUnavailable(`Falha ao enviar e-mail para ${message.to}: ${reason}`);
    }
  }
}

/** One line of the outbox index (`index.jsonl`): what the dev listing shows. */
export interface OutboxEntry {
  /** The file name, without `.eml`. */
  id: string;
  messageId: string;
  to: string;
  subject: string;
  /** ISO instant, from the app's clock. */
  date: string;
  /** The text part, so the dev page shows the message (and its links) without parsing the .eml. */
  text?: string;
}

export const OUTBOX_INDEX = "index.jsonl";

/**
 * Without SMTP_URL: each message becomes `<dir>/<id>.eml` (RFC 822, as nodemailer would send it) and a
 * line of `<dir>/index.jsonl`; a line is logged. Appending one JSON line per message keeps the index
 * whole when two instances share the folder (no read-modify-write).
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  });

  constructor(
    readonly dir: string,
    private readonly options: MailerOptions & { log: (line: string) => void },
  ) {}

  async send(message: MailMessage): Promise<string> {
    const id = randomUUID();
    const date = this.options.clock();
    const subject = oneLine(message.subject);
    const info = await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject,
      text: message.text,
      html: message.html,
      messageId: newMessageId(this.options.from, id),
      date,
    });
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${id}.eml`);
    await writeFile(file, info.message as Buffer);
    const entry: OutboxEntry = {
      id,
      messageId: info.messageId,
      to: message.to,
      subject,
      date: date.toISOString(),
      text: message.text,
    };
    await appendFile(path.join(this.dir, OUTBOX_INDEX), `${JSON.stringify(entry)}\n`);
    this.options.log(`e-mail para ${message.to} gravado na caixa de saída local: ${file} ("${subject}")`);
    return info.messageId;
  }
}

/** The outbox folder of a configuration. */
export const outboxDir = (config: Pick<Config, "dataDir">) => path.join(config.dataDir, "outbox");

/** SMTP when SMTP_URL is set; the local outbox otherwise (DESIGN §2). */
export function createMailer(
  config: Pick<Config, "smtpUrl" | "dataDir" | "mailFrom" | "appEnv">,
  options: { clock: Clock; log?: (line: string) => void; timeouts?: Partial<SmtpTimeouts> },
): Mailer {
  const base = { from: config.mailFrom, clock: options.clock };
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, { ...base, timeouts: options.timeouts });
  const log =
    options.log ?? (config.appEnv === "test" ? () => {} : (line: string) => console.log(`[certame] ${line}`));
  if (config.appEnv === "production")
    log(`SMTP_URL não definida: os e-mails ficam na caixa de saída local (${outboxDir(config)})`);
  return new OutboxMailer(outboxDir(config), { ...base, log });
}
