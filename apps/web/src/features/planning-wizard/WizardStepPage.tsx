import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useDisabledReason } from "../../ui/disabled-reason/DisabledReason";
import { WIZARD_TEXTS as T } from "./wizard-model";

/**
 * One sub-step of a planning wizard (§2.4): its title, the 'Dica de preenchimento:' tip, its fields and
 * the save button — disabled while a required field is empty, absent when the document reads only.
 */
export function WizardStepPage({
  title,
  tip,
  saveLabel = T.saveAndNext,
  saveDisabled = false,
  saveDisabledReason = null,
  saving = false,
  readOnly = false,
  readOnlyReason = T.readOnlyDeleted,
  onSave,
  children,
}: {
  title: string;
  tip?: ReactNode;
  saveLabel?: string;
  saveDisabled?: boolean;
  /** Why the save is disabled (the fields still missing): shown by it and linked by aria-describedby. */
  saveDisabledReason?: string | null;
  saving?: boolean;
  readOnly?: boolean;
  readOnlyReason?: string;
  onSave?: () => void;
  children: ReactNode;
}) {
  const reason = useDisabledReason(saveDisabled ? saveDisabledReason : null);
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="section" aria-label={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly && !saveDisabled && !saving) onSave?.();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg" c="certame.9">
            {title}
          </Title>
          {tip && (
            <Text size="sm" c="dimmed">
              <Text span fw={600} inherit>
                {T.tipPrefix}
              </Text>{" "}
              {tip}
            </Text>
          )}
          {readOnly && (
            <Alert color="orange" variant="light" role="status">
              {readOnlyReason}
            </Alert>
          )}
          {children}
          {!readOnly && onSave && (
            <Group justify="flex-end">
              {reason.hint}
              <Button
                type="submit"
                disabled={saveDisabled}
                loading={saving}
                aria-describedby={reason.describedBy}
              >
                {saveLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
