import { DOCUMENT_DESCRIPTION_MAX_LENGTH, UPLOAD_ACCEPTED_EXTENSIONS } from "@certame/domain";
import { Button, FileInput, Group, Stack, Text } from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import { useState } from "react";
import { serverMessageOr } from "../../api/client";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import { attachSupplierDocument, type SupplierDocument, UploadFailed } from "./api";
import { canSaveAttachment, isAcceptableUpload } from "./file-names";
import { SUPPLIER_DOCUMENT_TEXTS as T } from "./texts";

/** The item a file is attached to: a kind, or OTHER under a buyer's class. */
export interface AttachTarget {
  kind: string;
  kindName: string;
  className: string;
  documentClassId: string | null;
}

const UPLOAD_ERROR_DURATION = 6000;

/** Upload + description (≤ 400, counted) for one item of the library (§2.13). */
export function AttachDocumentModal({
  target,
  onClose,
  onAttached,
}: {
  target: AttachTarget | null;
  onClose: () => void;
  onAttached: (document: SupplierDocument) => Promise<void> | void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [saving, setSaving] = useState(false);

  const close = () => {
    setFile(null);
    setDescription("");
    onClose();
  };

  const uploadError = () =>
    notifyError(T.uploadErrorTitle, T.uploadErrorText, { duration: UPLOAD_ERROR_DURATION });

  const save = async () => {
    if (!target || !file) return;
    if (!isAcceptableUpload(file)) {
      uploadError();
      return;
    }
    setSaving(true);
    try {
      const created = await attachSupplierDocument({
        file,
        kind: target.kind,
        description: description.trim(),
        documentClassId: target.documentClassId,
      });
      notifySuccess(T.attached);
      close();
      await onAttached(created);
    } catch (error) {
      if (error instanceof UploadFailed) uploadError();
      else notifyError(T.attachErrorTitle, serverMessageOr(error, T.attachErrorText));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal opened={target !== null} onClose={close} title={T.attachButton} size="lg">
      {target && (
        <Stack gap="md">
          <div>
            <Text size="xs" c="dimmed">
              {target.className}
            </Text>
            <Text fw={600}>{target.kindName}</Text>
          </div>
          <FileInput
            label={T.fileLabel}
            placeholder={T.filePlaceholder}
            accept={UPLOAD_ACCEPTED_EXTENSIONS.join(",")}
            value={file}
            onChange={setFile}
            clearable
            leftSection={<IconFileUpload size={16} />}
            description="Tamanho máximo: 30 MB. Formatos: JPG, PNG e PDF."
          />
          <CountedTextarea
            label={T.descriptionLabel}
            placeholder={T.descriptionPlaceholder}
            value={description}
            onChange={setDescription}
            maxLength={DOCUMENT_DESCRIPTION_MAX_LENGTH}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancelar
            </Button>
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={!canSaveAttachment(file, description)}
            >
              {T.saveAttachment}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
