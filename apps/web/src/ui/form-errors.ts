import type { PropertyError } from "../api/client";

/** Server validation errors (HTTP 400 properties) as form field errors: the first message of each property. */
export function propertiesToFieldErrors(properties: readonly PropertyError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { property, errorMessages } of properties) {
    const first = errorMessages[0];
    if (first !== undefined && !(property in errors)) errors[property] = first;
  }
  return errors;
}

/**
 * A list of errors as text lines: the field label in upper case, ' - ', the first message
 * (notices-and-accounts §5). A property without a label shows its own name.
 */
export function formatErrorList(
  properties: readonly PropertyError[],
  labels: Readonly<Record<string, string>> = {},
): string[] {
  return properties.flatMap(({ property, errorMessages }) => {
    const first = errorMessages[0];
    if (first === undefined) return [];
    return [`${(labels[property] ?? property).toLocaleUpperCase("pt-BR")} - ${first}`];
  });
}
