import { Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { AppModal } from "./AppModal";

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question in the platform's modal: the text, 'Cancelar' and the confirming button. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancelar",
  color,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="lg">
        {typeof children === "string" ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
