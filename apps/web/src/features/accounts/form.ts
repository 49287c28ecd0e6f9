import type { z } from "@certame/domain";
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

export { focusFirstInvalid, serverFieldErrors } from "../../ui/form-errors";
