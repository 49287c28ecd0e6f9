import { Button, Group } from "@mantine/core";

export const ROOM_MODAL_TEXTS = { cancel: "Cancelar", confirm: "Confirmar" };

export interface RoomModalActionsProps {
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
  colour?: string;
  disabled?: boolean;
  gap?: string;
}

/** A room modal's 'Cancelar' (disabled while busy) and confirm button (loading while busy). */
export function RoomModalActions({
  busy,
  onClose,
  onConfirm,
  confirmLabel = ROOM_MODAL_TEXTS.confirm,
  colour,
  disabled,
  gap,
}: RoomModalActionsProps) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onClose} disabled={busy}>
        {ROOM_MODAL_TEXTS.cancel}
      </Button>
      <Button color={colour} loading={busy} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
