import { INITIAL_BIDS_TEXTS } from "@certame/domain";
import { Button, Checkbox, Group, Stack } from "@mantine/core";
import { useState } from "react";
import { AppModal } from "../../ui/modal/AppModal";
import { TERMS } from "./texts";

const T = INITIAL_BIDS_TEXTS;

/** §2.8 Terms: 'Confirme todos os termos para prosseguir'; every term must be checked; no close 'X'. */
export function TermsModal({
  opened,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [checked, setChecked] = useState<number[]>([]);
  const all = checked.length === TERMS.length;
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={T.termsTitle}
      size="xl"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack gap="sm">
        <Checkbox
          label={T.selectAll}
          checked={all}
          onChange={(e) => setChecked(e.currentTarget.checked ? TERMS.map((t) => t.id) : [])}
        />
        {TERMS.map((t) => (
          <Checkbox
            key={t.id}
            label={t.text}
            checked={checked.includes(t.id)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setChecked((c) => (on ? [...c, t.id] : c.filter((x) => x !== t.id)));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {T.back}
          </Button>
          <Button disabled={!all} onClick={onConfirm}>
            {T.confirm}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
