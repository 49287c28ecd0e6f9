import { Alert, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, serverMessageOr } from "../../api/client";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { notifyError, notifySuccess } from "../../ui/notify";
import { type PncpUnit, pncpKeys, savePncpUnit } from "./api";
import { PNCP_TEXTS } from "./texts";

const T = PNCP_TEXTS.unit;

/**
 * The body's unidade compradora in the PNCP (issue 34): while it is missing nothing goes to the
 * portal — the page says so, with the notices held — and the form records it, checked there first.
 */
export function PncpUnitSection({ unit, waiting }: { unit: PncpUnit | null; waiting: readonly string[] }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState(unit?.code ?? "");
  const [name, setName] = useState(unit?.name ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => savePncpUnit({ code, name }),
    onSuccess: async (answer) => {
      notifySuccess(T.saved(answer.queuedNotices));
      setEditing(false);
      setErrors({});
      await client.invalidateQueries({ queryKey: pncpKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.properties.length > 0)
        setErrors(propertiesToFieldErrors(error.properties));
      notifyError(T.saveError, serverMessageOr(error));
    },
  });
  const form = (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={T.code}
          required
          maxLength={20}
          value={code}
          error={errors.code}
          onChange={(e) => setCode(e.currentTarget.value)}
          style={{ flex: "0 1 200px" }}
        />
        <TextInput
          label={T.name}
          required
          maxLength={100}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: "1 1 260px" }}
        />
        <Button type="submit" loading={save.isPending}>
          {T.save}
        </Button>
        {unit && (
          <Button variant="default" onClick={() => setEditing(false)}>
            {T.cancel}
          </Button>
        )}
      </Group>
    </form>
  );
  if (!unit)
    return (
      <Alert color="yellow" variant="light" title={T.missingTitle}>
        <Stack gap="sm">
          <Text size="sm">{T.missing}</Text>
          {waiting.length > 0 && <Text size="sm">{T.waiting(waiting)}</Text>}
          {form}
        </Stack>
      </Alert>
    );
  return (
    <Paper withBorder p="sm" radius="md">
      {editing ? (
        form
      ) : (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {T.current}: <strong>{unit.code}</strong>
            {unit.name ? ` — ${unit.name}` : ""}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
            {T.change}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
