import {
  CNPJ_LOOKUP_FAILED_MESSAGE,
  CNPJ_MASKED_LENGTH,
  CPF_MASKED_LENGTH,
  CREDENTIAL_KIND_LABELS,
  CREDENTIAL_KINDS,
  type CredentialKind,
  canCompleteRegistration,
  cnpjMessageFromServer,
  formatBrasiliaDateTime,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  supplierStartRegistrationSchema,
  validateCnpj,
  validateCpf,
} from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  FileInput,
  Group,
  List,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload, IconFileUpload, IconSignature } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { saveFile } from "../../api/files";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { SESSION_QUERY_KEY, useSession } from "../auth/session";
import {
  attachMembershipTerms,
  completeRegistration,
  downloadMembershipTerms,
  getCompanyInformation,
  readRegistration,
  requestMembershipTermsSignature,
  SUPPLIER_REGISTRATION_QUERY_KEY,
  type SupplierRegistration,
  saveDeclarations,
  startRegistration,
} from "./api";
import { SupplierDataForm } from "./SupplierDataForm";
import { SUPPLIER_REGISTRATION_TEXTS as T } from "./texts";

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** 'Pessoa jurídica' / 'Pessoa física' and the document; a CNPJ is looked up and fills the name, locked (§2.17). */
export function IdentificationForm({
  onStarted,
}: {
  onStarted: (registration: SupplierRegistration) => void;
}) {
  const [kind, setKind] = useState<CredentialKind | null>(null);
  const [documentNumber, setDocumentNumber] = useState("");
  const [name, setName] = useState("");
  const [corporateName, setCorporateName] = useState("");
  const [found, setFound] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const lookupFor = useRef<string | null>(null);
  const individual = kind === "INDIVIDUAL";

  const lookup = async (cnpj: string) => {
    lookupFor.current = cnpj;
    setLookingUp(true);
    try {
      const company = await getCompanyInformation(cnpj);
      if (lookupFor.current !== cnpj) return;
      setCorporateName(company.corporateName);
      setFound(Boolean(company.corporateName));
    } catch (error) {
      if (lookupFor.current !== cnpj) return;
      setFound(false);
      notifyError(
        undefined,
        error instanceof ApiError && error.hasServerMessage
          ? errorMessageOf(error)
          : CNPJ_LOOKUP_FAILED_MESSAGE,
      );
    } finally {
      if (lookupFor.current === cnpj) setLookingUp(false);
    }
  };

  const changeDocument = (masked: string) => {
    setErrors({});
    setDocumentNumber(masked);
    if (found) setCorporateName("");
    setFound(false);
    lookupFor.current = null;
    setLookingUp(false);
    if (!individual && masked.length === CNPJ_MASKED_LENGTH && isValidCnpj(masked)) void lookup(masked);
  };

  const payload = individual
    ? { credentialKind: kind, documentNumber, name: name.trim() || null }
    : { credentialKind: kind, documentNumber, corporateName: corporateName.trim() || null };
  const valid =
    supplierStartRegistrationSchema.safeParse(payload).success &&
    (individual ? name.trim() !== "" : corporateName.trim() !== "");
  const documentError =
    errors.documentNumber ||
    (individual
      ? documentNumber.length >= CPF_MASKED_LENGTH
        ? validateCpf(documentNumber)
        : null
      : documentNumber.length >= CNPJ_MASKED_LENGTH
        ? validateCnpj(documentNumber)
        : null);

  const submit = async () => {
    setSaving(true);
    try {
      const started = await startRegistration(payload as Parameters<typeof startRegistration>[0]);
      notifySuccess(T.started);
      onStarted(started);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0) {
        const fieldErrors = propertiesToFieldErrors(error.properties);
        if (fieldErrors.documentNumber)
          fieldErrors.documentNumber = cnpjMessageFromServer(fieldErrors.documentNumber);
        setErrors(fieldErrors);
      } else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label="Tipo de cadastro"
        withAsterisk
        value={kind ?? ""}
        onChange={(v) => {
          setKind(v as CredentialKind);
          setDocumentNumber("");
          setName("");
          setCorporateName("");
          setFound(false);
          setErrors({});
        }}
      >
        <Group gap="lg" mt={6}>
          {CREDENTIAL_KINDS.map((k) => (
            <Radio key={k} value={k} label={CREDENTIAL_KIND_LABELS[k]} />
          ))}
        </Group>
      </Radio.Group>
      {kind && (
        <MaskedInput
          key={kind}
          mask={individual ? "cpf" : "cnpj"}
          label={individual ? "CPF" : "CNPJ"}
          withAsterisk
          value={documentNumber}
          onChange={(masked) => changeDocument(masked)}
          error={documentError}
          rightSection={
            lookingUp ? <Loader role="progressbar" size="xs" aria-label="Consultando CNPJ" /> : undefined
          }
        />
      )}
      {kind && individual && (
        <TextInput
          label="Nome completo"
          withAsterisk
          maxLength={300}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
      )}
      {kind && !individual && (
        <TextInput
          label="Razão social"
          withAsterisk
          maxLength={300}
          value={corporateName}
          readOnly={found}
          description={found ? T.lookedUp : undefined}
          onChange={(e) => setCorporateName(e.currentTarget.value)}
          error={errors.corporateName}
        />
      )}
      <Group justify="flex-end">
        <Button disabled={!valid} loading={saving} onClick={() => void submit()}>
          {T.start}
        </Button>
      </Group>
    </Stack>
  );
}

/** The seven declarations of §2.12, each a checkbox with its text; the server stores when each was accepted. */
export function DeclarationsForm({
  registration,
  onSaved,
}: {
  registration: SupplierRegistration;
  onSaved: (registration: SupplierRegistration) => void;
}) {
  const [checked, setChecked] = useState<Set<number>>(
    () => new Set(registration.declarations.filter((d) => d.accepted).map((d) => d.id)),
  );
  const [saving, setSaving] = useState(false);
  const readOnly = registration.registrationStatus === "PENDING";
  const newlyChecked = [...checked].filter(
    (id) => !registration.declarations.find((d) => d.id === id)?.accepted,
  );

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveDeclarations([...checked].sort((a, b) => a - b));
      notifySuccess(T.declarationsSaved);
      onSaved(saved);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      {registration.declarations.map((d) => (
        <Checkbox
          key={d.id}
          label={d.text}
          description={
            d.accepted && d.acceptedAt ? `Aceita em ${formatBrasiliaDateTime(d.acceptedAt)}` : undefined
          }
          checked={checked.has(d.id)}
          disabled={readOnly || d.accepted}
          // An accepted declaration stays readable: a disabled label's faded text fails contrast (WCAG 1.4.3).
          styles={{
            label: { color: "var(--mantine-color-text)" },
            description: { color: "var(--mantine-color-dark-6)" },
          }}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setChecked((s) => {
              const next = new Set(s);
              if (on) next.add(d.id);
              else next.delete(d.id);
              return next;
            });
          }}
        />
      ))}
      {!readOnly && (
        <Group justify="flex-end">
          <Button disabled={newlyChecked.length === 0} loading={saving} onClick={() => void save()}>
            {T.saveDeclarations}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The membership term: download it, request the digital signature, attach the signed PDF. */
export function MembershipTermsForm({
  registration,
  onSaved,
}: {
  registration: SupplierRegistration;
  onSaved: (registration: SupplierRegistration) => void;
}) {
  const [busy, setBusy] = useState<"download" | "request" | "attach" | null>(null);
  const [instructions, setInstructions] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const may = canCompleteRegistration(registration.registrationStatus);
  const dataMissing = registration.pendingRequirements.some(
    (p) => p.property !== "declarations" && p.property !== "membershipTerms",
  );
  const term = registration.documents[0];
  const signature = registration.membershipSignature;

  const run = async (what: "download" | "request", action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const attach = async (file: File | null) => {
    if (!file) return;
    setFileError(null);
    setBusy("attach");
    try {
      const saved = await attachMembershipTerms(file);
      notifySuccess(T.termsAttached);
      onSaved(saved);
    } catch (error) {
      const first =
        error instanceof ApiError
          ? error.properties.find((p) => p.property === "file")?.errorMessages[0]
          : undefined;
      if (first) setFileError(first);
      notifyApiError(error, "Erro ao enviar");
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{T.termsIntro}</Text>
      {dataMissing && may && (
        <Alert color="yellow" variant="light">
          Salve os dados cadastrais completos antes de assinar o termo: ele é gerado com esses dados.
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={busy === "download"}
          onClick={() => void run("download", async () => saveFile(await downloadMembershipTerms()))}
        >
          {T.downloadTerms}
        </Button>
        {may && (
          <Button
            variant="default"
            leftSection={<IconSignature size={16} />}
            loading={busy === "request"}
            disabled={dataMissing}
            onClick={() =>
              void run("request", async () => {
                const answer = await requestMembershipTermsSignature();
                setInstructions(answer.instructions);
                notifySuccess(T.signatureRequested);
              })
            }
          >
            {T.requestSignature}
          </Button>
        )}
      </Group>
      <div aria-live="polite">
        {instructions && (
          <Alert color="blue" variant="light" title={T.signatureRequested}>
            {instructions}
          </Alert>
        )}
      </div>
      {may && (
        <FileInput
          label={T.attachTerms}
          accept="application/pdf"
          description="Selecione o PDF assinado"
          leftSection={<IconFileUpload size={16} />}
          disabled={dataMissing || busy === "attach"}
          value={null}
          onChange={(file) => void attach(file)}
          error={fileError}
          clearable={false}
        />
      )}
      <div aria-live="polite">
        {term ? (
          <Stack gap={2}>
            <Text size="sm">
              {T.termsAttachedAt}:{" "}
              <Anchor href={term.url} target="_blank" rel="noopener" underline="always">
                {term.name}
              </Anchor>{" "}
              ({formatBrasiliaDateTime(term.createdDate)})
            </Text>
            {signature?.status === "SIGNED" && (
              <Text size="sm" c="dimmed">
                {signature.hasDigitalSignature ? T.digitalSignatureFound : T.noDigitalSignature}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Nenhum termo assinado anexado.
          </Text>
        )}
      </div>
    </Stack>
  );
}

/** What the registration status means for the supplier now (PENDING with the due time; REJECTED with the reason). */
function StatusBanner({ registration }: { registration: SupplierRegistration }) {
  const ref = useRef<HTMLDivElement>(null);
  const status = registration.registrationStatus;
  const previous = useRef(status);
  useEffect(() => {
    // A completion moves the reader to the answer (focus kept on the page, not lost with the button).
    if (previous.current !== status && status === "PENDING") ref.current?.focus();
    previous.current = status;
  }, [status]);
  return (
    <div aria-live="polite" ref={ref} tabIndex={-1}>
      {status === "PENDING" && (
        <Alert color="blue" title={T.pending}>
          {T.pendingText(
            registration.analysisDueAt ? formatBrasiliaDateTime(registration.analysisDueAt) : "—",
          )}
        </Alert>
      )}
      {status === "REJECTED" && (
        <Alert color="red" title={T.rejected}>
          <Text size="sm">{T.rejectedText}</Text>
          <Text size="sm" fw={600} mt={4}>
            {registration.rejectionReason}
          </Text>
        </Alert>
      )}
      {status === "APPROVED" && (
        <Alert color="teal" title={T.approved}>
          {T.approvedText}
        </Alert>
      )}
    </div>
  );
}

/** The finishing step: what is still missing, and 'Salvar e finalizar cadastro'. */
export function FinishForm({
  registration,
  onCompleted,
}: {
  registration: SupplierRegistration;
  onCompleted: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const may = canCompleteRegistration(registration.registrationStatus);
  const missing = registration.pendingRequirements;
  const labels = [...new Set(missing.map((p) => T.missingLabels[p.property] ?? T.missingData))];

  const complete = async () => {
    setSaving(true);
    try {
      await completeRegistration();
      notifySuccess(T.completed);
      onCompleted();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  if (!may) return null;
  return (
    <Stack gap="sm">
      {labels.length > 0 && (
        <div>
          <Text size="sm">{T.missing}</Text>
          <List size="sm">
            {labels.map((l) => (
              <List.Item key={l}>{l}</List.Item>
            ))}
          </List>
        </div>
      )}
      <Group justify="flex-end">
        <Button disabled={missing.length > 0} loading={saving} onClick={() => void complete()}>
          {T.finishButton}
        </Button>
      </Group>
    </Stack>
  );
}

/** /cadastro-de-fornecedor: the supplier's own registration (notices-and-accounts §2.12). */
export function SupplierRegistrationPage() {
  const { user } = useSession();
  const client = useQueryClient();
  const started = Boolean(user?.supplier);
  const query = useQuery({
    queryKey: SUPPLIER_REGISTRATION_QUERY_KEY,
    queryFn: readRegistration,
    enabled: started,
  });
  const update = (registration: SupplierRegistration) =>
    client.setQueryData(SUPPLIER_REGISTRATION_QUERY_KEY, registration);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: SUPPLIER_REGISTRATION_QUERY_KEY });
    await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };

  const head = <PageTitle title={T.title} description={T.description} />;
  if (user && user.kind !== "SUPPLIER")
    return (
      <>
        {head}
        <Alert color="yellow">{T.notSupplier}</Alert>
      </>
    );
  if (!started)
    return (
      <Stack gap="lg">
        {head}
        <Section title={T.identification} id="cadastro-identificacao">
          <IdentificationForm
            onStarted={(registration) => {
              update(registration);
              void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
            }}
          />
        </Section>
      </Stack>
    );
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  if (query.isError || !query.data)
    return (
      <>
        {head}
        <Alert color="red">{errorMessageOf(query.error)}</Alert>
      </>
    );
  const registration = query.data;
  const individual = registration.credentialKind === "INDIVIDUAL";

  return (
    <Stack gap="lg">
      {head}
      <StatusBanner registration={registration} />
      <Section title={T.identification} id="cadastro-identificacao">
        <Text size="sm">
          {CREDENTIAL_KIND_LABELS[registration.credentialKind]} — {individual ? "CPF" : "CNPJ"}{" "}
          <strong>
            {individual ? formatCpf(registration.documentNumber) : formatCnpj(registration.documentNumber)}
          </strong>
        </Text>
      </Section>
      <Section title={T.companyData} id="cadastro-dados">
        <SupplierDataForm
          registration={registration}
          lookupOnLoad={registration.email === null}
          onSaved={update}
        />
      </Section>
      <Section title={T.declarations} id="cadastro-declaracoes">
        <DeclarationsForm
          key={registration.declarations.map((d) => d.acceptedAt).join()}
          registration={registration}
          onSaved={update}
        />
      </Section>
      <Section title={T.membershipTerms} id="cadastro-termo">
        <MembershipTermsForm registration={registration} onSaved={update} />
      </Section>
      {canCompleteRegistration(registration.registrationStatus) && (
        <Section title={T.finish} id="cadastro-finalizacao">
          <FinishForm registration={registration} onCompleted={() => void refresh()} />
        </Section>
      )}
    </Stack>
  );
}
