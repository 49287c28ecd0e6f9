import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest, multipartError, uploadInterrupted } from "../http/errors";
import { assertNoNulCharacter } from "../http/input-guard";
import { UPLOAD_MAX_BYTES } from "./sniff";

/** A client that sends no byte of its upload for this long is answered 400 (a stalled upload). */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

declare module "fastify" {
  interface FastifyInstance {
    /** The idle timeout of uploads on this instance (tests shorten it); UPLOAD_IDLE_TIMEOUT_MS by default. */
    uploadIdleTimeoutMs?: number;
  }
}

export interface UploadOptions<T> {
  /** The route's own words for a file too large (413), and for a request that is not a form (415). */
  message: string;
  notMultipartMessage?: string;
  /** UPLOAD_MAX_BYTES (30 MB) unless the route allows less. */
  maxBytes?: number;
  /** Consumes the `file` part (into storage or memory); must reject when the stream fails. */
  read: (file: Readable) => Promise<T>;
  /** Undoes what `read` kept (a stored temporary file) when the upload fails after it. */
  discard?: (file: T) => Promise<unknown>;
}

export interface Upload<T> {
  filename: string;
  file: T;
  /** The text fields sent with the file, in any order around it. */
  fields: Record<string, string>;
}

/**
 * The one way a route receives a file (issue 11): one multipart part named `file` with the size
 * limit, and the text fields around it. Whatever goes wrong — no boundary, a body cut short, a
 * client that goes away or stops sending, a file too large — the call settles with a 4xx in the
 * shared error shape and what `read` kept is discarded; only a server fault (disk) stays a 500.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  options: UploadOptions<T>,
): Promise<Upload<T>> {
  if (!request.isMultipart()) throw new AppError(415, options.notMultipartMessage ?? options.message);
  const fields: Record<string, string> = {};
  let upload: Upload<T> | undefined;
  let stalled: Error | undefined;
  let reading: Readable | undefined;
  let giveUp: (error: Error) => void = () => {};
  const stall = new Promise<never>((_, reject) => {
    giveUp = reject;
  });

  const parts = (async () => {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes ?? UPLOAD_MAX_BYTES } })) {
      if (stalled) throw stalled;
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || upload) {
        part.file.resume(); // another file part: read past it
        continue;
      }
      reading = part.file;
      const file = await options.read(part.file);
      reading = undefined;
      upload = { filename: part.filename, file, fields };
      if (stalled) throw stalled;
      if (part.file.truncated) throw new AppError(413, options.message);
    }
  })();
  // Set after `parts` has piped the request into the parser, so that no byte is read before it.
  const client = watchClient(request, request.server.uploadIdleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS, () => {
    stalled = uploadInterrupted();
    // A file being read fails its `read` (which removes its temporary file); else stop waiting.
    if (reading) reading.destroy(stalled);
    else giveUp(stalled);
  });
  try {
    await Promise.race([parts, stall]);
  } catch (error) {
    parts.catch(() => {}); // after a stall, the parser settles when the connection closes
    if (upload) await options.discard?.(upload.file);
    throw uploadError(error, request, options.message);
  } finally {
    client.stop();
  }
  if (!upload)
    throw badRequest("Nenhum arquivo enviado.", [{ property: "file", errorMessages: ["Obrigatório"] }]);
  try {
    assertNoNulCharacter(fields); // the JSON bodies' guard (http/input-guard.ts), for the form's fields
  } catch (error) {
    await options.discard?.(upload.file);
    throw error;
  }
  return upload;
}

/** Reads the file into memory (spreadsheets, notice files): what `read` gives to small files. */
export async function toBuffer(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function uploadError(error: unknown, request: FastifyRequest, message: string) {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError(413, message);
  const known = multipartError(error);
  if (known) return known;
  // The client went away mid-upload: its stream broke, not the server.
  if (request.raw.aborted || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE")
    return uploadInterrupted();
  return error;
}

/**
 * Calls `onGone` once if the connection closes before the body has been read — even before the
 * parser was attached (a client gone while its session was checked), which the parser would wait
 * on forever — or if the body stops arriving for `ms`.
 */
function watchClient(request: FastifyRequest, ms: number, onGone: () => void) {
  const raw = request.raw;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    raw.off("data", restart);
    raw.off("end", stop);
    raw.off("close", gone);
  };
  function gone() {
    if (stopped) return;
    stop();
    onGone();
  }
  function restart() {
    clearTimeout(timer);
    timer = setTimeout(gone, ms);
  }
  if (raw.readableEnded) return { stop };
  if (raw.destroyed) {
    process.nextTick(gone);
    return { stop };
  }
  raw.once("end", stop);
  raw.once("close", gone);
  // Still arriving (a whole body waiting in the buffer cannot stall).
  if (raw.complete !== true) {
    raw.on("data", restart);
    restart();
  }
  return { stop };
}
