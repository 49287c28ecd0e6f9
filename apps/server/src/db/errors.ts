/**
 * The constraint of a PostgreSQL unique violation (23505), looked for in the driver's error and in
 * drizzle's wrappers around it; "" when the driver names none, undefined for any other error.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === "23505") return e.constraint ?? "";
  }
  return undefined;
}

/** The constraint of a PostgreSQL foreign-key violation (23503): a row still named elsewhere. */
export function foreignKeyViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === "23503") return e.constraint ?? "";
  }
  return undefined;
}
