import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, type PropertyError } from "../api/client";

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

/** The field errors of a server 400 (properties), or null for any other failure. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (error instanceof ApiError && error.status === 400 && error.properties.length > 0)
    return propertiesToFieldErrors(error.properties);
  return null;
}

/** Moves the focus to the first field marked invalid inside `container` (after the errors rendered). */
export function focusFirstInvalid(container: HTMLElement | null) {
  requestAnimationFrame(() => {
    const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  });
}

/**
 * Every form's refused submit, one way (issue 33): the form's `ref`, and `refused()` to call once
 * its errors are set — the focus then goes to the first field marked invalid, so a screen reader
 * reads the field with its message (aria-describedby) and the sighted user sees where to start.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(ref.current);
  }, [attempt]);
  const refused = useCallback(() => setAttempt((n) => n + 1), []);
  return { ref, refused };
}
