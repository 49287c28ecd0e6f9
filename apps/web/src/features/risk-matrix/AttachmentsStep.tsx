import { RISK_TEXT_MAX_LENGTH, UPLOAD_ACCEPTED_EXTENSIONS } from "@certame/domain";
import { Anchor, Button, FileInput, Group, Stack, Table, Text } from "@mantine/core";
import { IconFileUpload, IconPaperclip } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { notifyError } from "../../ui/notify";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { WIZARD_TEXTS, WizardStepPage } from "../planning-wizard";
import { type RiskDocument, uploadAttachment } from "./api";
import { RISK_TEXTS as T } from "./texts";

/**
 * 'Anexos' (§2.7): a description and a file; each attached file joins the table (Descrição do documento;
 * Arquivo with 'Excluir'; 'Ver anexo', which opens it). 'Salvar e Finalizar' saves the list.
 */
export function AttachmentsStep({
  documents,
  readOnly,
  readOnlyReason,
  onSave,
}: {
  documents: RiskDocument[];
  readOnly: boolean;
  readOnlyReason?: string;
  onSave: (documents: RiskDocument[]) => Promise<void>;
}) {
  const [list, setList] = useState<RiskDocument[]>(documents);
  const signature = documents.map((d) => d.fileId + d.description).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the saved list
  useEffect(() => setList(documents), [signature]);
  const [description, setDescription] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  const attach = async () => {
    if (!file || !description.trim()) return;
    setUploading(true);
    try {
      const stored = await uploadAttachment(file);
      setList((l) => [
        ...l,
        { description: description.trim(), fileId: stored.id, name: stored.fileName, url: stored.url },
      ]);
      setDescription("");
      setFile(null);
    } catch {
      notifyError(undefined, T.uploadError);
    } finally {
      setUploading(false);
    }
  };
  const save = async () => {
    setSaving(true);
    try {
      await onSave(list);
    } finally {
      setSaving(false);
    }
  };

  return (
    <WizardStepPage
      title={T.attachments}
      tip={T.attachmentsTip}
      saveLabel={WIZARD_TEXTS.saveAndFinish}
      saving={saving}
      readOnly={readOnly}
      readOnlyReason={readOnlyReason}
      onSave={() => void save()}
    >
      <Stack gap="md">
        {!readOnly && (
          <Stack gap="sm">
            <CountedTextarea
              label={T.documentDescription}
              autosize
              minRows={2}
              value={description}
              onChange={setDescription}
              maxLength={RISK_TEXT_MAX_LENGTH}
            />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <FileInput
                label={T.file}
                placeholder={T.filePlaceholder}
                accept={UPLOAD_ACCEPTED_EXTENSIONS.join(",")}
                value={file}
                onChange={setFile}
                clearable
                leftSection={<IconFileUpload size={16} />}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button
                variant="light"
                leftSection={<IconPaperclip size={16} />}
                onClick={() => void attach()}
                loading={uploading}
                disabled={!file || !description.trim()}
              >
                {T.attach}
              </Button>
            </Group>
          </Stack>
        )}
        <ScrollTable label={T.attachmentsTable} minWidth={520} withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.documentDescription}</Table.Th>
              <Table.Th>{T.file}</Table.Th>
              <Table.Th>{T.viewAttachment}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="gray.7">
                    {EMPTY_TABLE_TEXT}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              list.map((d) => (
                <Table.Tr key={d.fileId}>
                  <Table.Td style={{ whiteSpace: "pre-wrap" }}>{d.description}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{d.name}</Text>
                      {!readOnly && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red.8"
                          aria-label={`${T.removeAttachment} ${d.name}`}
                          onClick={() => setList((l) => l.filter((x) => x.fileId !== d.fileId))}
                        >
                          {T.removeAttachment}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={d.url} target="_blank" rel="noopener" size="sm">
                      {T.viewAttachment}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </ScrollTable>
      </Stack>
    </WizardStepPage>
  );
}
