import {
  formatBrasiliaDateTime,
  SIGNED_DOCUMENT_MAX_BYTES,
  type SignableDocumentKind,
} from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Loader,
  PasswordInput,
  Radio,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconPrinter, IconSignature } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/client";
import { useDisabledReason } from "../../ui/disabled-reason/DisabledReason";
import { serverFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { AppModal } from "../../ui/modal/AppModal";
import { errorMessageOf, notifySuccess } from "../../ui/notify";
import { STATUS_TEXT } from "../../ui/status-colors";
import {
  type DocumentSignature,
  type DocumentSignatures,
  type ProcessDetail,
  type ProcessStep,
  processKeys,
  readDocumentSignatures,
  signatureKeys,
  signDocument,
  signedPdfUrl,
  uploadSignedDocument,
} from "./api";
import { PROCESS_TEXTS as T } from "./texts";

const S = T.sign;

/** 'Assinaturas' (§2.3): 'Nenhuma', or the count and the signers, each stale one marked. */
export function signaturesCell(signatures: readonly DocumentSignature[]): string | null {
  if (signatures.length === 0) return null;
  return T.signatures.list(
    signatures.length,
    signatures.map((s) => (s.stale ? T.signatures.staleName(s.signerName) : s.signerName)),
  );
}

/**
 * A signable step's 'Assinar o Documento' and 'Imprimir pdf assinado' (planning §2.3; issue 35 item
 * 3): the modal signs the document's current version; the print (the PDF and its manifest) is offered
 * only once the document has a signature. A signature recorded is announced (aria-live) and the
 * step re-read, so its 'Assinaturas' column shows it.
 */
export function SignatureActions({
  process,
  step,
  kind,
  disabledReason = null,
}: {
  process: ProcessDetail;
  step: ProcessStep;
  kind: SignableDocumentKind;
  /** Why signing cannot happen yet (no notice for the edital), shown beside the button. */
  disabledReason?: string | null;
}) {
  const [opened, setOpened] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const client = useQueryClient();
  const blocked = useDisabledReason(process.isDeleted ? S.deletedReason : disabledReason);
  const signed = (answer: DocumentSignatures) => {
    setOpened(false);
    const message = S.signed(step.label);
    setAnnouncement(message);
    notifySuccess(message);
    client.setQueryData(signatureKeys.document(process.id, kind), answer);
    void client.invalidateQueries({ queryKey: processKeys.detail(process.id) });
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSignature size={14} aria-hidden />}
        aria-label={`${S.button} ${step.label}`}
        disabled={Boolean(blocked.describedBy)}
        aria-describedby={blocked.describedBy}
        onClick={() => setOpened(true)}
      >
        {S.button}
      </Button>
      {step.signatures.length > 0 && (
        <Button
          size="xs"
          variant="default"
          component="a"
          href={signedPdfUrl(process.id, kind)}
          download
          leftSection={<IconPrinter size={14} aria-hidden />}
          aria-label={`${S.print} ${step.label}`}
        >
          {S.print}
        </Button>
      )}
      {blocked.hint}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={`${S.title} — ${step.label}`}>
        {opened && (
          <SignDocumentForm
            processId={process.id}
            kind={kind}
            label={step.label}
            onSigned={signed}
            onCancel={() => setOpened(false)}
          />
        )}
      </AppModal>
    </>
  );
}

type Method = "PLATFORM" | "UPLOADED";

/** The modal's form: the version signed, the method, the password or the signed PDF, and the signatures. */
export function SignDocumentForm({
  processId,
  kind,
  label,
  onSigned,
  onCancel,
}: {
  processId: string;
  kind: SignableDocumentKind;
  label: string;
  onSigned: (answer: DocumentSignatures) => void;
  onCancel: () => void;
}) {
  const current = useQuery({
    queryKey: signatureKeys.document(processId, kind),
    queryFn: () => readDocumentSignatures(processId, kind),
  });
  const [method, setMethod] = useState<Method>("PLATFORM");
  const [password, setPassword] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ password?: string; file?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { ref, refused } = useFocusFirstInvalid();

  const choose = (next: File | null) => {
    setFile(next);
    setErrors((e) => ({ ...e, file: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const version = current.data?.documentSha256;
    if (!version || sending) return;
    setRefusal(null);
    // The fields first, on the client: nothing is sent while one is missing.
    const missing: typeof errors = {};
    if (method === "PLATFORM" && password === "") missing.password = S.passwordRequired;
    if (method === "UPLOADED") {
      if (!file) missing.file = S.fileRequired;
      else if (!/\.pdf$/i.test(file.name) || file.size === 0 || file.size > SIGNED_DOCUMENT_MAX_BYTES)
        missing.file = S.notPdf;
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return refused();
    setSending(true);
    try {
      const answer =
        method === "PLATFORM"
          ? await signDocument({ processId, kind, documentSha256: version, password })
          : await uploadSignedDocument({ processId, kind, documentSha256: version }, file as File);
      setPassword("");
      onSigned(answer);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (fields && (fields.password || fields.file)) {
        setErrors({ password: fields.password, file: fields.file });
        refused();
      } else {
        // A version that changed meanwhile, a second signature, a file refused as a whole: said
        // above the buttons, and the version re-read (a stale one is replaced by the current).
        setRefusal(errorMessageOf(failure));
        if (failure instanceof ApiError && failure.status === 409) void current.refetch();
      }
    } finally {
      setSending(false);
    }
  };

  if (current.isPending)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={S.version} />
      </Group>
    );
  if (current.isError)
    return (
      <Alert color="red" role="alert">
        {S.loadError} {errorMessageOf(current.error)}
      </Alert>
    );
  const data = current.data;
  return (
    <form ref={ref} onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{S.intro(label)}</Text>
        <Text size="sm">
          <strong>{S.version}:</strong>{" "}
          <Code style={{ wordBreak: "break-all" }} data-testid="document-sha256">
            {data.documentSha256}
          </Code>
        </Text>
        <Radio.Group
          label={S.method}
          value={method}
          onChange={(value) => {
            setMethod(value as Method);
            setErrors({});
            setRefusal(null);
          }}
        >
          <Stack gap={6} mt={6}>
            <Radio value="PLATFORM" label={S.platform} />
            <Radio value="UPLOADED" label={S.upload} />
          </Stack>
        </Radio.Group>
        {method === "PLATFORM" ? (
          <PasswordInput
            label={S.password}
            description={S.platformHelp}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ "aria-label": S.togglePassword }}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
            error={errors.password}
            // PasswordInput does not mark its field invalid itself.
            aria-invalid={Boolean(errors.password)}
            required
          />
        ) : (
          <FileInput
            label={S.file}
            description={S.uploadHelp}
            accept="application/pdf"
            clearable
            value={file}
            onChange={choose}
            error={errors.file}
            placeholder={S.filePlaceholder}
            required
          />
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {S.cancel}
          </Button>
          <Button type="submit" loading={sending} leftSection={<IconSignature size={16} aria-hidden />}>
            {S.submit}
          </Button>
        </Group>
        <SignatureList signatures={data.signatures} />
      </Stack>
    </form>
  );
}

/** The signatures recorded, each with its signer, profile, instant, method and state. */
function SignatureList({ signatures }: { signatures: readonly DocumentSignature[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {S.recorded}
      </Text>
      {signatures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {S.none}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {signatures.map((s) => (
            <List.Item key={s.id}>
              <Text size="sm" span>
                {s.signerName} ({s.signerCpf}) — {s.signerRole} — {formatBrasiliaDateTime(s.signedAt)} —{" "}
                {s.methodLabel}{" "}
              </Text>
              <Text size="sm" span fw={600} c={s.stale ? STATUS_TEXT.yellow : STATUS_TEXT.teal}>
                ({s.stale ? S.stale : S.current})
              </Text>
              {s.signedFile && (
                <>
                  {" "}
                  <Anchor size="sm" href={s.signedFile.url} download underline="always">
                    {S.signedFile(s.signedFile.name)}
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
