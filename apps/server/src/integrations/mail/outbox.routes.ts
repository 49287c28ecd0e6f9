import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import { notFound } from "../../http/errors";
import { OUTBOX_INDEX, type OutboxEntry, outboxDir } from "./mailer";

/** The dev outbox exists where mail stays local and the server is not production. */
export const devOutboxEnabled = (config: Pick<Config, "appEnv" | "smtpUrl">) =>
  config.appEnv !== "production" && !config.smtpUrl;

const OUTBOX_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The outbox's messages, newest first (a missing folder is an empty outbox; a torn line is skipped). */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  let content: string;
  try {
    content = await readFile(path.join(dir, OUTBOX_INDEX), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries: OutboxEntry[] = [];
  for (const line of content.split("\n")) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as OutboxEntry);
    } catch {
      // A line cut short by a crash mid-append: the other messages are still listed.
    }
  }
  // Appended in order: the reverse is newest first, the date decides across instances.
  return entries.reverse().sort((a, b) => b.date.localeCompare(a.date));
}

/** The .eml of one outbox message, or null when there is none by that id. */
export async function readOutboxMessage(dir: string, id: string): Promise<Buffer | null> {
  if (!OUTBOX_ID.test(id)) return null;
  try {
    return await readFile(path.join(dir, `${id}.eml`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * `GET /api/dev/outbox` and `GET /api/dev/outbox/:id`: the messages the local outbox holds, for
 * platform staff (route rows 'staff'), only outside production and without SMTP_URL (otherwise the
 * paths do not exist). The list carries each message's text part for the dev page (/caixa-de-saida).
 */
export function registerDevOutbox(app: FastifyInstance, config: Config) {
  if (!devOutboxEnabled(config)) return;
  const dir = outboxDir(config);
  app.get("/api/dev/outbox", async () => {
    const entries = await listOutbox(dir);
    return entries.map(({ id, to, subject, date, text }) => ({ id, to, subject, date, text: text ?? "" }));
  });
  app.get<{ Params: { id: string } }>("/api/dev/outbox/:id", async (request, reply) => {
    const message = await readOutboxMessage(dir, request.params.id);
    if (!message) throw notFound("Mensagem não encontrada na caixa de saída.");
    return reply
      .type("message/rfc822")
      .header("content-disposition", `inline; filename="${request.params.id}.eml"`)
      .send(message);
  });
}
