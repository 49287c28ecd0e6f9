/** The first message of a field's errors, or undefined when the field has none. */
export function fieldError(errors: Record<string, string[]>, key: string): string | undefined {
  return errors[key]?.[0];
}

/** A field error as given to the shared fields: one message or a list of them. */
export type FieldErrorProp = string | readonly string[] | null | undefined;

/** The first message of a field error prop. */
export function firstError(error: FieldErrorProp): string | undefined {
  if (error === null || error === undefined) return undefined;
  if (typeof error === "string") return error || undefined;
  return error[0];
}
