import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { ENV } from "./run";
import { mailCaptureDir } from "./smtp-capture";

export interface CapturedMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
}

async function parse(file: string): Promise<CapturedMail> {
  const mail = await simpleParser(readFileSync(file));
  const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? "").toLowerCase()),
  );
  const text = mail.text ?? "";
  return {
    file,
    to,
    subject: mail.subject ?? "",
    text,
    html: typeof mail.html === "string" ? mail.html : "",
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
  };
}

/** Every message a platform sent so far, oldest first (support/smtp-capture.ts). */
export async function listMail(dataDir: string): Promise<CapturedMail[]> {
  const dir = mailCaptureDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".eml"));
  } catch {
    return [];
  }
  return Promise.all(names.sort().map((n) => parse(path.join(dir, n))));
}

/**
 * The newest message to `to` (and whose subject matches) that is not in `seen`, polling the capture
 * folder until it arrives: the platform sends after its transaction commits, a moment after the
 * answer the browser saw.
 */
export async function waitForMail(
  dataDir: string,
  filter: { to: string; subject?: RegExp | string; seen?: readonly CapturedMail[] },
  timeoutMs = 20_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set((filter.seen ?? []).map((m) => m.file));
  const wanted = filter.to.toLowerCase();
  for (;;) {
    const found = (await listMail(dataDir))
      .filter((m) => !seen.has(m.file) && m.to.includes(wanted))
      .filter((m) =>
        filter.subject === undefined
          ? true
          : typeof filter.subject === "string"
            ? m.subject.includes(filter.subject)
            : filter.subject.test(m.subject),
      )
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `nenhum e-mail para ${filter.to} (${String(filter.subject ?? "qualquer assunto")}) em ${timeoutMs} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The link of a mail that leads to `pathname` (e.g. /confirmar-email), with its token. */
export function linkTo(mail: CapturedMail, pathname: string): URL {
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === pathname);
  if (!link)
    throw new Error(`o e-mail "${mail.subject}" não tem link para ${pathname}: ${mail.links.join(", ")}`);
  return link;
}

/** The DATA_DIR of the suite's shared server (global-setup.ts), where its e-mails are captured. */
export function sharedDataDir(): string {
  const dir = process.env[ENV.dataDir];
  if (!dir) throw new Error(`${ENV.dataDir} não definido: o global setup não rodou`);
  return dir;
}
