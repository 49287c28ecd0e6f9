import type { FastifyReply } from "fastify";

/**
 * A file answer: the name in `x-suggested-filename` (spec §7, read by the client) and in
 * content-disposition (read by a browser that navigates to the url), both percent-encoded UTF-8.
 */
export function sendFile(
  reply: FastifyReply,
  name: string,
  contentType: string,
  body: Buffer | NodeJS.ReadableStream,
) {
  const encoded = encodeURIComponent(name);
  reply.header("content-type", contentType);
  reply.header("x-suggested-filename", encoded);
  reply.header("access-control-expose-headers", "x-suggested-filename, content-disposition");
  reply.header("content-disposition", `attachment; filename*=UTF-8''${encoded}`);
  return reply.send(body);
}

/** A file name without path separators or control characters, at most `max` characters. */
export function safeFileName(name: string, max = 120): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, "-")
    .replace(/\s+/g, " ")
    .trim();
  return (cleaned || "arquivo").slice(0, max);
}
