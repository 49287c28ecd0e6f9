import type { FastifyInstance } from "fastify";
import { badRequest, VALIDATION_MESSAGE } from "./errors";

export const NUL_CHARACTER_MESSAGE = "Contém um caractere inválido (U+0000).";

/**
 * The path of the first string holding U+0000 in a parsed body, or null. PostgreSQL refuses that
 * character in text and jsonb, so it must never reach a query: it is refused at the door, for
 * every route and for the live channel's events alike, naming the field.
 */
export function findNulCharacter(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "body" : null;
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "")].join(".") || "body";
    const found = findNulCharacter(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function assertNoNulCharacter(value: unknown) {
  const property = findNulCharacter(value);
  if (property !== null)
    throw badRequest(`${VALIDATION_MESSAGE} Campo ${property}: ${NUL_CHARACTER_MESSAGE}`, [
      { property, errorMessages: [NUL_CHARACTER_MESSAGE] },
    ]);
}

/** Refuses U+0000 in the body, query string and route parameters of every request (issue 11). */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    assertNoNulCharacter(request.params);
    assertNoNulCharacter(request.query);
    assertNoNulCharacter(request.body);
  });
}
