import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ZodError, type z } from "zod";

export interface PropertyError {
  property: string;
  errorMessages: string[];
}

/** An error the client is meant to read: `{message}` or, for 400 validation, `{message, properties}` (DESIGN §2). */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 503,
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

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body = error.properties
      ? { message: error.message, properties: error.properties }
      : { message: error.message };
    return reply.status(error.statusCode).send(body);
  }
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
  request.log.error({ err: error }, "erro inesperado");
  return reply.status(500).send({ message: "Houve um erro inesperado no servidor. Tente novamente." });
}
