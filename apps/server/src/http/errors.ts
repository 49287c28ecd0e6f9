import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ZodError, type z } from "zod";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../db/availability";

export interface PropertyError {
  property: string;
  errorMessages: string[];
}

/** An error the client is meant to read: `{message}` or, for 400 validation, `{message, properties}` (DESIGN §2). */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly properties?: PropertyError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, properties?: PropertyError[]) =>
  new AppError(400, message, properties);
export const unauthorized = (message = "Sessão expirada ou inválida. Faça login novamente.") =>
  new AppError(401, message);
export const forbidden = (message = "Você não tem permissão para realizar esta ação.") =>
  new AppError(403, message);
export const notFound = (message = "Registro não encontrado.") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

export const VALIDATION_MESSAGE = "Dados inválidos. Verifique os campos destacados.";

export function zodToProperties(error: ZodError): PropertyError[] {
  const byPath = new Map<string, string[]>();
  for (const issue of error.issues) {
    const property = issue.path.map(String).join(".") || "body";
    const list = byPath.get(property) ?? [];
    list.push(issue.message);
    byPath.set(property, list);
  }
  return [...byPath].map(([property, errorMessages]) => ({ property, errorMessages }));
}

/** Validates a body with a domain schema; failure becomes the 400 `properties` shape. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw badRequest(VALIDATION_MESSAGE, zodToProperties(result.error));
  return result.data;
}

/** A file upload that did not arrive whole or well formed: the client's fault, never a 500. */
export const UPLOAD_INTERRUPTED_MESSAGE =
  "O envio do arquivo foi interrompido ou está malformado. Envie o arquivo novamente.";
export const uploadInterrupted = () =>
  badRequest(UPLOAD_INTERRUPTED_MESSAGE, [{ property: "file", errorMessages: [UPLOAD_INTERRUPTED_MESSAGE] }]);

// busboy's own errors carry no code: no boundary, a boundary too long or empty, a form cut short.
const MALFORMED_MULTIPART =
  /^(Multipart: |Unexpected end of (multipart data|form)|(Part|Preamble) terminated early|The needle cannot|Malformed part header)/;

/** The 4xx for an error of the multipart parser (@fastify/multipart, busboy); undefined for any other error. */
export function multipartError(error: unknown): AppError | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  switch (code) {
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError(415, "Envie o arquivo como formulário multipart, no campo file.");
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError(413, "O arquivo é maior que o permitido.");
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError(413, "O formulário tem campos demais.");
    case "FST_FILES_LIMIT":
      return badRequest("Envie um arquivo por vez.", [
        { property: "file", errorMessages: ["Um arquivo por vez."] },
      ]);
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
      return badRequest(VALIDATION_MESSAGE);
    case "FST_MP_PREMATURE_CLOSE":
      return uploadInterrupted();
  }
  return typeof message === "string" && MALFORMED_MULTIPART.test(message) ? uploadInterrupted() : undefined;
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body = error.properties
      ? { message: error.message, properties: error.properties }
      : { message: error.message };
    return reply.status(error.statusCode).send(body);
  }
  const upload = multipartError(error);
  if (upload) return errorHandler(upload, request, reply);
  if (error instanceof ZodError) {
    return reply.status(400).send({ message: VALIDATION_MESSAGE, properties: zodToProperties(error) });
  }
  const fe = error as FastifyError;
  if (fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return reply.status(415).send({ message: "Tipo de conteúdo não suportado." });
  }
  if (fe.code === "FST_ERR_CTP_INVALID_JSON_BODY" || fe.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return reply.status(400).send({ message: "Corpo da requisição inválido." });
  }
  if (fe.code === "FST_ERR_CTP_BODY_TOO_LARGE" || fe.statusCode === 413) {
    return reply.status(413).send({ message: "Conteúdo maior que o permitido." });
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return reply.status(fe.statusCode).send({ message: fe.message });
  }
  // The database gone (restart, failover): a clear 503 the client may retry, logged once per outage.
  if (isDatabaseUnavailable(error)) {
    request.server.dbMonitor?.report(error);
    return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  request.log.error({ err: error }, "erro inesperado");
  return reply.status(500).send({ message: "Houve um erro inesperado no servidor. Tente novamente." });
}
