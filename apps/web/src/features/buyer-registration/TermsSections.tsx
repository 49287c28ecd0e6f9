import { formatBrasiliaDateTime } from "@certame/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload, IconFileUpload, IconSignature, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { saveFile } from "../../api/files";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import {
  attachMembershipTerms,
  type BuyerRegistrationView,
  completeRegistration,
  deleteBuyerDocument,
  downloadMembershipTerms,
  requestMembershipTermsSignature,
} from "./api";
import { hasMembershipTerms } from "./buyer-form-model";
import { BUYER_REGISTRATION_TEXTS as T } from "./texts";

const MAX_BYTES = 30 * 1024 * 1024;

/** The light alert's tinted title reads under 4.5:1 on its tint (axe color-contrast): dark text instead. */
export const READABLE_TITLE = { title: { color: "var(--mantine-color-gray-9)" } };

/** 'Assinatura do Termo' (§2.11 section 3): the notarised path (download) or the digital signature request. */
export function SignatureSection({
  view,
  onHandled,
}: {
  view: BuyerRegistrationView;
  onHandled: () => Promise<unknown>;
}) {
  const [downloading, setDownloading] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [instructions, setInstructions] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadMembershipTerms());
      await onHandled();
    } catch (error) {
      notifyError(
        T.downloadFailedTitle,
        error instanceof ApiError && error.hasServerMessage ? error.message : T.downloadFailedText,
      );
    } finally {
      setDownloading(false);
    }
  };
  const request = async () => {
    setRequesting(true);
    try {
      const answer = await requestMembershipTermsSignature();
      setInstructions(answer.instructions);
      notifySuccess(T.signatureRequested);
      await onHandled();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setRequesting(false);
    }
  };

  const signature = view.membershipSignature;
  return (
    <Stack gap="md">
      <Text size="sm">{T.signatureIntro}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs" h="100%" justify="space-between">
            <Title order={3} fz="sm">
              {T.notarisedTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {T.notarisedText}
            </Text>
            <Button
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void download()}
            >
              {T.download}
            </Button>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs" h="100%" justify="space-between">
            <Title order={3} fz="sm">
              {T.digitalTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {T.digitalText}
            </Text>
            <Button
              variant="light"
              leftSection={<IconSignature size={16} />}
              loading={requesting}
              onClick={() => void request()}
            >
              {T.requestSignature}
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>
      <div role="status" aria-live="polite">
        {(instructions || signature?.status === "REQUESTED") && (
          <Alert color="blue" variant="light" title={T.signatureRequested} styles={READABLE_TITLE}>
            {instructions ??
              "Assine o termo com um certificado digital ICP-Brasil e anexe o PDF assinado na etapa seguinte."}
          </Alert>
        )}
      </div>
    </Stack>
  );
}

/** 'Anexar Termo de Adesão' (§2.11 section 4): the body's documents and the upload of the signed term. */
export function AttachSection({
  view,
  onChanged,
}: {
  view: BuyerRegistrationView;
  onChanged: () => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!file) return;
    if (file.size > MAX_BYTES || !/\.pdf$/i.test(file.name)) {
      notifyError(T.uploadErrorTitle, T.uploadErrorText);
      return;
    }
    setSending(true);
    try {
      await attachMembershipTerms(file);
      notifySuccess(T.attached);
      setFile(null);
      await onChanged();
    } catch (error) {
      notifyError(
        T.uploadErrorTitle,
        error instanceof ApiError && error.hasServerMessage ? error.message : T.uploadErrorText,
      );
    } finally {
      setSending(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteBuyerDocument(removing.id);
      notifySuccess(T.documentRemoved);
      setRemoving(null);
      await onChanged();
    } catch (error) {
      notifyApiError(error, "Erro ao excluir");
    } finally {
      setBusy(false);
    }
  };

  const signature = view.membershipSignature;
  return (
    <Stack gap="md">
      {!hasMembershipTerms(view) && (
        <Alert color="yellow" variant="light">
          {T.attachNote}
        </Alert>
      )}
      <Stack
        gap={6}
        component="ul"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
        aria-label="Documentos do órgão"
      >
        {view.documents.length === 0 ? (
          <Text component="li" size="sm" c="dimmed">
            {T.emptyTable}
          </Text>
        ) : (
          view.documents.map((d) => (
            <Group component="li" key={d.id} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor
                href={d.url}
                target="_blank"
                rel="noopener"
                size="sm"
                style={{ overflowWrap: "anywhere" }}
              >
                {d.name}
              </Anchor>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                aria-label={`${T.remove} ${d.name}`}
                onClick={() => setRemoving({ id: d.id, name: d.name })}
              >
                {T.remove}
              </Button>
            </Group>
          ))
        )}
      </Stack>
      {signature?.status === "SIGNED" && (
        <Badge color={signature.hasDigitalSignature ? "teal" : "gray"} variant="light" c="gray.9" tt="none">
          {signature.hasDigitalSignature ? T.digitalSignature : T.noDigitalSignature}
        </Badge>
      )}
      <Group align="flex-end" gap="sm">
        <FileInput
          label={T.attachLabel}
          accept="application/pdf,.pdf"
          value={file}
          onChange={setFile}
          clearable
          style={{ flex: "1 1 240px" }}
        />
        <Button
          leftSection={<IconFileUpload size={16} />}
          disabled={!file}
          loading={sending}
          onClick={() => void send()}
        >
          {T.attachButton}
        </Button>
      </Group>
      <ConfirmModal
        opened={removing !== null}
        title={T.confirmRemoveTitle}
        confirmLabel={T.remove}
        color="red"
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        {removing ? `Excluir o documento ${removing.name}?` : ""}
      </ConfirmModal>
    </Stack>
  );
}

/** 'Finalização' (§2.11 section 5): 'Salvar e finalizar cadastro'. */
export function FinishSection({ onFinished }: { onFinished: () => Promise<unknown> }) {
  const [saving, setSaving] = useState(false);
  const finish = async () => {
    setSaving(true);
    try {
      const answer = await completeRegistration();
      notifySuccess(`${T.finished}. ${T.pendingText(formatBrasiliaDateTime(answer.analysisDueAt))}`);
      await onFinished();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">{T.finishText}</Text>
      <Group justify="flex-end">
        <Button loading={saving} onClick={() => void finish()}>
          {T.finish}
        </Button>
      </Group>
    </Stack>
  );
}
