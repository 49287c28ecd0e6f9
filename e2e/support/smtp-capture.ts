import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** Where a platform's captured e-mails are written (one .eml per message), under its DATA_DIR. */
export const mailCaptureDir = (dataDir: string) => path.join(dataDir, "mail-capture");

/**
 * A real SMTP server on 127.0.0.1 that accepts every message and writes it, raw, into `dir`: the
 * platform under test sends through SMTP_URL exactly as in production, and the tests read what
 * arrived (support/mailbox.ts). The file is written whole before the SMTP answer, so a reader never
 * sees half a message.
 */
export async function startSmtpCapture(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(5, "0")}.eml`;
        try {
          // Renamed into place: the mailbox lists only *.eml, so it never reads a file being written.
          writeFileSync(path.join(dir, `${name}.tmp`), Buffer.concat(chunks));
          renameSync(path.join(dir, `${name}.tmp`), path.join(dir, name));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
