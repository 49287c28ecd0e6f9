import { Text } from "@mantine/core";
import { useId } from "react";
import { missingFieldsText } from "../texts";

/**
 * Why a submit is disabled (issue 33): a form that keeps its submit disabled until complete has no
 * refused state to announce, so the button itself says what is missing — a visible hint next to it,
 * named by the button's `aria-describedby` (a screen reader reads it with the disabled button).
 * `reason` null: nothing is missing, no hint and no description.
 */
export function useDisabledReason(reason: string | null) {
  const id = useId();
  return {
    describedBy: reason ? id : undefined,
    hint: reason ? (
      <Text id={id} size="sm" c="dimmed">
        {reason}
      </Text>
    ) : null,
  };
}

/** The reason of a form that lacks the fields labelled `labels` (null when none lacks). */
export const missingFieldsReason = (labels: readonly string[]): string | null =>
  labels.length > 0 ? missingFieldsText(labels) : null;
