import type { z } from "@certame/domain";
import { ApiError } from "../../api/client";
import { propertiesToFieldErrors } from "../../ui/form-errors";

/** A domain schema's issues as form field errors: the first message of each field. */
export function issuesToFieldErrors(error: z.ZodError): Record<string, string> {
  return propertiesToFieldErrors(
    error.issues.map((issue) => ({
      property: issue.path.map(String).join("."),
      errorMessages: [issue.message],
    })),
  );
}

/** The field errors of a server 400 (properties), or null for any other failure. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (error instanceof ApiError && error.status === 400 && error.properties.length > 0)
    return propertiesToFieldErrors(error.properties);
  return null;
}

/** Moves the focus to the form's first field marked invalid (after the errors rendered). */
export function focusFirstInvalid(form: HTMLElement | null) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  });
}
