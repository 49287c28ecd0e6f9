import { formatBrasiliaDateTime, SIGNED_REFERENCE_TERM_MAX_BYTES } from "@certame/domain";
import { Alert, Button, Code, FileInput, Group, Stack, Text } from "@mantine/core";
import { IconFileTypeDocx, IconFileTypePdf, IconPrinter, IconSignature } from "@tabler/icons-react";
import { useState } from "react";
import { saveFile } from "../../api/files";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import {
  downloadReferenceTermPdf,
  downloadReferenceTermWord,
  downloadSignedReferenceTerm,
  type ReferenceTermSignatureView,
  type ReferenceTermView,
  uploadSignedReferenceTerm,
} from "./api";
import { REFERENCE_TERM_TEXTS } from "./texts";

const T = REFERENCE_TERM_TEXTS.actions;
const S = REFERENCE_TERM_TEXTS.signature;

export interface DocumentActionsProps {
  processId: string;
  signature: ReferenceTermSignatureView | null;
  /** Called after a signed PDF was recorded, with the term's read view the server answered. */
  onSigned: (view: ReferenceTermView | undefined) => Promise<unknown> | undefined;
}

type Busy = "word" | "pdf" | "print" | null;

/** The document's actions (planning §2.10): Word and PDF downloads, printing and the signed-PDF upload. */
export function DocumentActions({ processId, signature, onSigned }: DocumentActionsProps) {
  const [busy, setBusy] = useState<Busy>(null);
  const [signing, setSigning] = useState(false);

  const download = async (kind: "word" | "pdf") => {
    setBusy(kind);
    try {
      saveFile(
        await (kind === "word" ? downloadReferenceTermWord(processId) : downloadReferenceTermPdf(processId)),
      );
    } catch (error) {
      notifyApiError(error, T.downloadError);
    } finally {
      setBusy(null);
    }
  };

  // The browser's print dialog runs on the PDF, opened in a new tab (opened at once so that the
  // click still counts as the user's gesture for popup blockers).
  const print = async () => {
    const tab = window.open("", "_blank");
    setBusy("print");
    try {
      const file = await downloadReferenceTermPdf(processId);
      const url = URL.createObjectURL(file.data);
      if (tab) tab.location.href = url;
      else window.open(url, "_blank");
    } catch (error) {
      tab?.close();
      notifyApiError(error, T.downloadError);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconFileTypeDocx size={16} aria-hidden />}
          loading={busy === "word"}
          onClick={() => void download("word")}
        >
          {T.word}
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={busy === "pdf"}
          onClick={() => void download("pdf")}
        >
          {T.pdf}
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={16} aria-hidden />}
          loading={busy === "print"}
          onClick={() => void print()}
        >
          {T.print}
        </Button>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconSignature size={16} aria-hidden />}
          onClick={() => setSigning(true)}
        >
          {T.sign}
        </Button>
      </Group>
      {signature?.stale && (
        <Alert color="yellow" mt="xs" role="status">
          {S.stale}
        </Alert>
      )}
      <AppModal opened={signing} onClose={() => setSigning(false)} title={S.title} size="lg">
        {signing && (
          <SignatureForm
            processId={processId}
            signature={signature}
            onSigned={onSigned}
            onClose={() => setSigning(false)}
          />
        )}
      </AppModal>
    </>
  );
}

function SignatureForm({
  processId,
  signature,
  onSigned,
  onClose,
}: {
  processId: string;
  signature: ReferenceTermSignatureView | null;
  onSigned: (view: ReferenceTermView | undefined) => Promise<unknown> | undefined;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const choose = (next: File | null) => {
    setFile(next);
    if (!next) return setError(null);
    const isPdf = next.type === "application/pdf" || next.name.toLowerCase().endsWith(".pdf");
    setError(!isPdf ? S.notPdf : next.size > SIGNED_REFERENCE_TERM_MAX_BYTES ? S.tooLarge : null);
  };

  const send = async () => {
    if (!file || error) return;
    setSending(true);
    try {
      await onSigned(await uploadSignedReferenceTerm(processId, file));
      setFile(null);
      notifySuccess(S.sent);
    } catch (failure) {
      notifyApiError(failure, S.sendError);
    } finally {
      setSending(false);
    }
  };

  const downloadSigned = async () => {
    if (!signature) return;
    try {
      saveFile(await downloadSignedReferenceTerm(processId, signature.fileName));
    } catch (failure) {
      notifyApiError(failure, T.downloadError);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{S.intro}</Text>
      <FileInput
        label={S.file}
        accept="application/pdf"
        clearable
        value={file}
        onChange={choose}
        error={error}
        placeholder="Selecione o arquivo"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {S.close}
        </Button>
        <Button onClick={() => void send()} disabled={!file || Boolean(error)} loading={sending}>
          {S.send}
        </Button>
      </Group>
      {signature ? (
        <Stack gap={4} data-testid="signature-record">
          {signature.stale && (
            <Alert color="yellow" role="status">
              {S.stale}
            </Alert>
          )}
          <Text size="sm">
            <strong>{S.signedSha}:</strong>{" "}
            <Code style={{ wordBreak: "break-all" }}>{signature.signedSha256}</Code>
          </Text>
          <Text size="sm">
            <strong>{S.issuedSha}:</strong>{" "}
            <Code style={{ wordBreak: "break-all" }}>{signature.issuedSha256}</Code>
          </Text>
          <Text size="sm">
            <strong>{S.signedAt}:</strong> {formatBrasiliaDateTime(signature.signedAt)}
          </Text>
          {signature.hasDigitalSignature !== undefined && (
            <Text size="sm">
              <strong>{S.digital}:</strong> {signature.hasDigitalSignature ? "Sim" : "Não"}
            </Text>
          )}
          {signature.signedBy && (
            <Text size="sm">
              <strong>{S.signedBy}:</strong> {signature.signedBy}
            </Text>
          )}
          <Group>
            <Button variant="subtle" size="xs" onClick={() => void downloadSigned()}>
              {S.download} ({signature.fileName})
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {S.none}
        </Text>
      )}
    </Stack>
  );
}
