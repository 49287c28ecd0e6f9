import type { FastifyInstance } from "fastify";
import { badRequest, VALIDATION_MESSAGE } from "./errors";

export const NUL_CHARACTER_MESSAGE = "Contém um caractere inválido (U+0000).";
export const LONE_SURROGATE_MESSAGE = "Contém um caractere inválido (texto Unicode malformado).";

// A UTF-16 surrogate without its pair: JSON.parse lets '\ud800' through, PostgreSQL's text and jsonb refuse it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const invalidIn = (text: string) =>
  text.includes("\u0000") ? NUL_CHARACTER_MESSAGE : LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;

/**
 * The path and reason of the first string PostgreSQL would refuse in a parsed body (U+0000, or a lone
 * UTF-16 surrogate), or null. Such text must never reach a query: it is refused at the door, for every
 * route and for the live channel's events alike, naming the field.
 */
export function findInvalidText(
  value: unknown,
  path: string[] = [],
  depth = 0,
): { property: string; message: string } | null {
  const here = () => path.join(".") || "body";
  if (typeof value === "string") {
    const message = invalidIn(value);
    return message ? { property: here(), message } : null;
  }
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const keyMessage = invalidIn(key);
    if (keyMessage) return { property: [...path, "(chave)"].join("."), message: keyMessage };
    const found = findInvalidText(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function assertNoNulCharacter(value: unknown) {
  const found = findInvalidText(value);
  if (found !== null)
    throw badRequest(`${VALIDATION_MESSAGE} Campo ${found.property}: ${found.message}`, [
      { property: found.property, errorMessages: [found.message] },
    ]);
}

/** Refuses U+0000 and lone surrogates in the body, query string and route parameters of every request (issue 11). */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    assertNoNulCharacter(request.params);
    assertNoNulCharacter(request.query);
    assertNoNulCharacter(request.body);
  });
}
