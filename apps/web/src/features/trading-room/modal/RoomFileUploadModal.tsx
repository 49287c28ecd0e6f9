import { FileInput, Stack } from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { AppModal } from "../../../ui/modal/AppModal";
import { RoomModalActions } from "./RoomModalActions";

/** JPG, PNG or PDF (§5 room modals' files), unless a modal says otherwise. */
export const ROOM_FILE_TYPES = ".pdf,.jpg,.jpeg,.png";

export interface RoomFileField {
  label: string;
  placeholder?: string;
  required?: boolean;
  accept?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
}

export interface RoomFileUploadModalProps {
  title: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** The file field; null when this use of the modal takes no file. */
  file: RoomFileField | null;
  /** The fields above the file (lot line, scope, reason, notices). */
  children?: ReactNode;
  /** The fields below the file (the process file's description). */
  below?: ReactNode;
  confirmLabel?: string;
  colour?: string;
}

/**
 * The room's modal that sends a file (trading-room §2.6, §5): its fields, the file (uploaded by the
 * caller through useRoomAction.upload on confirm) and 'Cancelar' / confirm, busy while sending.
 */
export function RoomFileUploadModal({
  title,
  busy,
  onClose,
  onConfirm,
  file,
  children,
  below,
  confirmLabel,
  colour,
}: RoomFileUploadModalProps) {
  return (
    <AppModal opened onClose={onClose} title={title} size="md">
      <Stack gap="md">
        {children}
        {file && (
          <FileInput
            label={file.label}
            placeholder={file.placeholder}
            required={file.required}
            accept={file.accept ?? ROOM_FILE_TYPES}
            value={file.value}
            onChange={file.onChange}
            clearable
            leftSection={<IconFileUpload size={16} />}
            error={file.error}
          />
        )}
        {below}
        <RoomModalActions
          busy={busy}
          onClose={onClose}
          onConfirm={onConfirm}
          confirmLabel={confirmLabel}
          colour={colour}
        />
      </Stack>
    </AppModal>
  );
}
