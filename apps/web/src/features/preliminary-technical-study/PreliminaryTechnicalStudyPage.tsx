import {
  allowedSubModalities,
  ETP_MODALITIES,
  ETP_MODALITY_LABELS,
  ETP_NUMBER_MAX_LENGTH,
  ETP_SERVICE_KIND_LABELS,
  ETP_SERVICE_KINDS,
  ETP_STEP_LABELS,
  ETP_STEP_TIPS,
  ETP_SUB_MODALITY_LABELS,
  ETP_TEXT_MAX_LENGTH,
  ETP_TEXT_STEPS,
  type EtpStep,
  type EtpSubModality,
  type EtpTextStep,
  etpDescriptionSchema,
  etpFeasibilitySchema,
  etpSections,
  etpStepOrder,
  etpTextSchema,
  FEASIBILITY_STATEMENTS,
  isEtpTextStep,
  needsServiceKind,
  subModalityAfterModalityChange,
  VULNERABILITY_STATEMENT_KINDS,
  type VulnerabilityStatementKind,
} from "@certame/domain";
import {
  ActionIcon,
  Anchor,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { IconFileDownload, IconFileUpload, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { missingFieldsReason } from "../../ui/disabled-reason/DisabledReason";
import { propertiesToFieldErrors, serverFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import { demandKeys } from "../demand-formalization/api";
import {
  isFilled,
  PlanningWizard,
  processAdminPath,
  ResponsiblesStep,
  SecretariesStep,
  useProcessHeader,
  useWizardSteps,
  WIZARD_TEXTS,
  type WizardSection,
  WizardStepPage,
} from "../planning-wizard";
import { processKeys } from "../processes/api";
import {
  type EtpDocumentView,
  type EtpView,
  etpKeys,
  etpPdfUrl,
  readStudy,
  saveStudy,
  uploadEtpDocument,
} from "./api";
import { ETP_TEXTS as T } from "./texts";

// The Preliminary Technical Study wizard (planning §2.4 conventions, §2.6 screens, §4 "ETP dispensation"
// and "Modality → allowed sub-modalities (ETP)", §5 validation, §8 success text).

const ACCEPTED_FILES = "application/pdf,image/png,image/jpeg";

/** A step's field errors by the domain's schema (the server's own check), keyed by the first path segment. */
function schemaErrors(
  schema: { safeParse(input: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  payload: unknown,
): Record<string, string> {
  const issues = schema.safeParse(payload).error?.issues ?? [];
  return propertiesToFieldErrors(
    issues.map((issue) => ({ property: String(issue.path[0] ?? ""), errorMessages: [issue.message] })),
  );
}

/**
 * The fields a step's user has edited: a required field emptied says why on it (issue 33) while
 * 'Salvar' stays disabled (§5) — an untouched empty form shows no error yet.
 */
function useEdited() {
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const edit = (field: string) => setEdited((set) => (set.has(field) ? set : new Set(set).add(field)));
  return { edited, edit };
}

type SaveFn = (
  step: EtpStep,
  fields: Record<string, unknown>,
  people?: { secretaries?: string[]; responsible?: string[] },
) => Promise<void>;

/** /cadastrar/processos/:id/estudo-tecnico-preliminar */
export function PreliminaryTechnicalStudyPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const header = useProcessHeader(id);
  // The people are the process's, shared with the DFD and the risk map: read them afresh on each visit.
  const query = useQuery({
    queryKey: etpKeys.detail(id),
    queryFn: () => readStudy(id),
    refetchOnMount: "always",
  });
  const firstLoad = useRef(true);

  // §2.6: when the loaded study is dispensed, the user is sent to the process administration route.
  useEffect(() => {
    if (!query.data || !firstLoad.current) return;
    firstLoad.current = false;
    if (query.data.isRejectedFromTheProcess) navigate(processAdminPath(id), { replace: true });
  }, [query.data, id, navigate]);

  useEffect(() => {
    if (!query.isError) return;
    notifyApiError(query.error);
    navigate(processAdminPath(id), { replace: true });
  }, [query.isError, query.error, id, navigate]);

  if (!query.data || !header.process || (query.data.isRejectedFromTheProcess === true && firstLoad.current))
    return (
      <Center py="xl">
        <Loader aria-label={T.title} />
      </Center>
    );
  return <EtpWizard processId={id} study={query.data} readOnly={header.readOnly} />;
}

/** The description step's form, kept by the wizard: its dispensation answer shapes the menu. */
interface DescriptionForm {
  number: string;
  isRejectedFromTheProcess: boolean | null;
  modality: string | null;
  subModality: string | null;
  serviceKind: string | null;
  description: string;
  exemptionJustification: string;
}

const descriptionFormFrom = (study: EtpView): DescriptionForm => ({
  number: study.number ?? "",
  isRejectedFromTheProcess: study.isRejectedFromTheProcess,
  modality: study.modality,
  subModality: study.subModality,
  serviceKind: study.serviceKind,
  description: study.description ?? "",
  exemptionJustification: study.exemptionJustification ?? "",
});

/** What the description step sends: the text of its branch, the service kind only when asked. */
function descriptionPayload(form: DescriptionForm) {
  const dispensed = form.isRejectedFromTheProcess === true;
  return {
    number: form.number,
    isRejectedFromTheProcess: form.isRejectedFromTheProcess,
    modality: form.modality,
    subModality: form.subModality,
    serviceKind: needsServiceKind(form.subModality) ? form.serviceKind : null,
    description: dispensed ? null : form.description,
    exemptionJustification: dispensed ? form.exemptionJustification : null,
  };
}

/** §2.4: a sub-step shows its check when any of its fields holds data. */
function stepFilled(step: EtpStep, study: EtpView): boolean {
  switch (step) {
    case "DESCRIPTION":
      return isFilled(
        study.number,
        study.isRejectedFromTheProcess,
        study.modality,
        study.subModality,
        study.serviceKind,
        study.description,
        study.exemptionJustification,
      );
    case "SECRETARIES":
      return isFilled(study.process.secretaries);
    case "RESPONSIBLES":
      return isFilled(study.process.responsible);
    case "FEASIBILITY_DESCRIPTION":
      return isFilled(study.vulnerabilityStatementKind, study.feasibilityJustification);
    case "DOCUMENTS":
      return isFilled(study.documents);
    default:
      return isEtpTextStep(step) ? isFilled(study[ETP_TEXT_STEPS[step].field]) : false;
  }
}

function EtpWizard({ processId, study, readOnly }: { processId: string; study: EtpView; readOnly: boolean }) {
  const client = useQueryClient();
  const [description, setDescription] = useState<DescriptionForm>(() => descriptionFormFrom(study));
  const dispensed = description.isRejectedFromTheProcess === true;
  const order = etpStepOrder(dispensed);
  const steps = useWizardSteps(processId, order);
  const current = steps.current as EtpStep;
  const [saving, setSaving] = useState(false);
  // A save the server refused (400 with properties) puts its messages on the fields and the focus on
  // the first one; another step opens without them, an edited field drops its own.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { ref: stepRef, refused } = useFocusFirstInvalid<HTMLDivElement>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the errors belong to the step they were given on.
  useEffect(() => setServerErrors({}), [current]);
  const clearError = (field: string) =>
    setServerErrors((errors) => {
      if (!(field in errors)) return errors;
      const { [field]: _gone, ...rest } = errors;
      return rest;
    });
  const saveLabel = order.at(-1) === current ? WIZARD_TEXTS.saveAndFinish : WIZARD_TEXTS.saveAndNext;

  const save: SaveFn = async (step, fields, people) => {
    setSaving(true);
    try {
      const view = await saveStudy(processId, step, fields, people);
      client.setQueryData(etpKeys.detail(processId), view);
      // The DFD shows the same process (its people); its next read must not come from the cache.
      void client.invalidateQueries({ queryKey: demandKeys.detail(processId) });
      if (people) void client.invalidateQueries({ queryKey: processKeys.all });
      notifySuccess(T.saved);
      steps.next();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) {
        setServerErrors(fieldErrors);
        refused();
      }
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const sections: WizardSection[] = etpSections(dispensed).map((section) => ({
    label: section.label,
    steps: section.steps.map((key) => ({ key, label: ETP_STEP_LABELS[key], filled: stepFilled(key, study) })),
  }));

  const leftPanel = (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600} inherit>
          {WIZARD_TEXTS.processNumber}:
        </Text>{" "}
        {study.process.processNumber}
      </Text>
      <Button
        component="a"
        href={etpPdfUrl(processId)}
        download
        variant="light"
        size="xs"
        leftSection={<IconFileDownload size={16} />}
      >
        {T.downloadPdf}
      </Button>
    </Stack>
  );

  const common = { readOnly, saving, saveLabel, save, errors: serverErrors, onEdit: clearError };
  let page: ReactNode;
  if (current === "DESCRIPTION")
    page = <DescriptionStep {...common} form={description} onChange={setDescription} />;
  else if (current === "SECRETARIES")
    page = (
      <SecretariesStep
        selected={study.process.secretaries.map((s) => s.id)}
        readOnly={readOnly}
        saveLabel={saveLabel}
        title={ETP_STEP_LABELS.SECRETARIES}
        tip={ETP_STEP_TIPS.SECRETARIES}
        onSave={(ids) => save("SECRETARIES", {}, { secretaries: ids })}
      />
    );
  else if (current === "RESPONSIBLES")
    page = (
      <ResponsiblesStep
        selected={study.process.responsible.map((r) => r.id)}
        readOnly={readOnly}
        saveLabel={saveLabel}
        title={ETP_STEP_LABELS.RESPONSIBLES}
        tip={ETP_STEP_TIPS.RESPONSIBLES}
        onSave={(ids) => save("RESPONSIBLES", {}, { responsible: ids })}
      />
    );
  else if (current === "FEASIBILITY_DESCRIPTION")
    page = <FeasibilityStep key={current} {...common} study={study} />;
  else if (current === "DOCUMENTS") page = <DocumentsStep key={current} {...common} study={study} />;
  else if (isEtpTextStep(current)) page = <TextStep key={current} {...common} step={current} study={study} />;

  return (
    <PlanningWizard
      processId={processId}
      title={T.title}
      leftPanel={leftPanel}
      sections={sections}
      current={current}
      onSelect={steps.select}
    >
      <div ref={stepRef}>{page}</div>
    </PlanningWizard>
  );
}

interface StepProps {
  readOnly: boolean;
  saving: boolean;
  saveLabel: string;
  save: SaveFn;
  /** The server's refusal of this step's last save, by field. */
  errors: Readonly<Record<string, string>>;
  /** The user changed `field`: its refusal no longer applies. */
  onEdit: (field: string) => void;
}

/** A field's message: the server's refusal, else the domain's check once the user has edited it. */
function messageOf(
  field: string,
  server: Readonly<Record<string, string>>,
  client: Readonly<Record<string, string>>,
  edited: ReadonlySet<string>,
): string | undefined {
  return server[field] ?? (edited.has(field) ? client[field] : undefined);
}

function DescriptionStep({
  form,
  onChange,
  readOnly,
  saving,
  saveLabel,
  save,
  errors,
  onEdit,
}: StepProps & { form: DescriptionForm; onChange: (form: DescriptionForm) => void }) {
  const { edited, edit } = useEdited();
  /** The user's change of `field` (a modality change also resets what depends on it). */
  const set = (patch: Partial<DescriptionForm>, field = Object.keys(patch)[0] as string) => {
    edit(field);
    onEdit(field);
    onChange({ ...form, ...patch });
  };
  const payload = descriptionPayload(form);
  const clientErrors = schemaErrors(etpDescriptionSchema, payload);
  const valid = Object.keys(clientErrors).length === 0;
  const error = (field: keyof DescriptionForm) => messageOf(field, errors, clientErrors, edited);
  const labels: Record<string, string> = {
    number: T.number,
    isRejectedFromTheProcess: T.dispensed,
    modality: T.modality,
    subModality: T.subModality,
    serviceKind: T.serviceKind,
    description: T.needDescription,
    exemptionJustification: T.exemptionJustification,
  };
  const missing = Object.keys(clientErrors).map((field) => labels[field] ?? field);
  const dispensed = form.isRejectedFromTheProcess === true;
  const subModalities = allowedSubModalities(form.modality);
  const changeModality = (modality: string | null) => {
    const subModality = subModalityAfterModalityChange(modality, form.subModality);
    set({ modality, subModality, serviceKind: needsServiceKind(subModality) ? form.serviceKind : null });
  };
  return (
    <WizardStepPage
      title={ETP_STEP_LABELS.DESCRIPTION}
      tip={ETP_STEP_TIPS.DESCRIPTION}
      saveLabel={saveLabel}
      saveDisabled={!valid}
      saveDisabledReason={missingFieldsReason(missing)}
      saving={saving}
      readOnly={readOnly}
      onSave={() => void save("DESCRIPTION", payload)}
    >
      <TextInput
        label={T.number}
        required
        maxLength={ETP_NUMBER_MAX_LENGTH}
        value={form.number}
        readOnly={readOnly}
        error={error("number")}
        onChange={(e) => set({ number: e.currentTarget.value })}
      />
      <Radio.Group
        label={T.dispensed}
        required
        error={error("isRejectedFromTheProcess")}
        value={form.isRejectedFromTheProcess === null ? null : String(form.isRejectedFromTheProcess)}
        onChange={(v) => set({ isRejectedFromTheProcess: v === "true" })}
      >
        <Group gap="lg" mt={6}>
          <Radio value="true" label={T.yes} disabled={readOnly} />
          <Radio value="false" label={T.no} disabled={readOnly} />
        </Group>
      </Radio.Group>
      <Select
        label={T.modality}
        required
        placeholder={T.chooseModality}
        data={ETP_MODALITIES.map((m) => ({ value: m, label: ETP_MODALITY_LABELS[m] }))}
        value={form.modality}
        error={error("modality")}
        onChange={changeModality}
        readOnly={readOnly}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={T.subModality}
        required
        placeholder={form.modality ? T.chooseSubModality : T.subModalityFirst}
        data={subModalities.map((s) => ({ value: s, label: ETP_SUB_MODALITY_LABELS[s as EtpSubModality] }))}
        value={form.subModality}
        error={error("subModality")}
        onChange={(subModality) =>
          set({ subModality, serviceKind: needsServiceKind(subModality) ? form.serviceKind : null })
        }
        disabled={!form.modality}
        readOnly={readOnly}
        allowDeselect={false}
      />
      {needsServiceKind(form.subModality) && (
        <Radio.Group
          label={T.serviceKind}
          required
          value={form.serviceKind}
          error={error("serviceKind")}
          onChange={(serviceKind) => set({ serviceKind })}
        >
          <Stack gap={6} mt={6}>
            {ETP_SERVICE_KINDS.map((k) => (
              <Radio key={k} value={k} label={ETP_SERVICE_KIND_LABELS[k]} disabled={readOnly} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {dispensed ? (
        <>
          <Text size="sm" c="dimmed">
            {T.dispensedNote}
          </Text>
          <CountedTextarea
            label={T.exemptionJustification}
            required
            autosize
            minRows={5}
            maxLength={ETP_TEXT_MAX_LENGTH}
            value={form.exemptionJustification}
            error={error("exemptionJustification")}
            readOnly={readOnly}
            onChange={(exemptionJustification) => set({ exemptionJustification })}
          />
        </>
      ) : (
        <CountedTextarea
          label={T.needDescription}
          required
          autosize
          minRows={5}
          maxLength={ETP_TEXT_MAX_LENGTH}
          value={form.description}
          error={error("description")}
          readOnly={readOnly}
          onChange={(text) => set({ description: text })}
        />
      )}
    </WizardStepPage>
  );
}

/** §2.6 "Text-only sub-steps show a single text area" (required ones by §5). */
function TextStep({
  step,
  study,
  readOnly,
  saving,
  saveLabel,
  save,
  errors,
  onEdit,
}: StepProps & { step: EtpTextStep; study: EtpView }) {
  const { field, required } = ETP_TEXT_STEPS[step];
  const [text, setText] = useState(study[field] ?? "");
  const { edited, edit } = useEdited();
  const clientErrors = schemaErrors(etpTextSchema(step), { [field]: text });
  const invalid = Object.keys(clientErrors).length > 0;
  return (
    <WizardStepPage
      title={ETP_STEP_LABELS[step]}
      tip={ETP_STEP_TIPS[step]}
      saveLabel={saveLabel}
      saveDisabled={invalid}
      saveDisabledReason={missingFieldsReason([ETP_STEP_LABELS[step]])}
      saving={saving}
      readOnly={readOnly}
      onSave={() => void save(step, { [field]: text.trim() === "" ? null : text })}
    >
      <CountedTextarea
        label={ETP_STEP_LABELS[step]}
        required={required}
        autosize
        minRows={6}
        maxLength={ETP_TEXT_MAX_LENGTH}
        value={text}
        readOnly={readOnly}
        error={messageOf(field, errors, clientErrors, edited)}
        onChange={(value) => {
          edit(field);
          onEdit(field);
          setText(value);
        }}
      />
    </WizardStepPage>
  );
}

/** §2.6 feasibility: the three statements, then 'Justificativa'. */
function FeasibilityStep({
  study,
  readOnly,
  saving,
  saveLabel,
  save,
  errors,
  onEdit,
}: StepProps & { study: EtpView }) {
  const [kind, setKind] = useState<VulnerabilityStatementKind | null>(study.vulnerabilityStatementKind);
  const [justification, setJustification] = useState(study.feasibilityJustification ?? "");
  const { edited, edit } = useEdited();
  const clientErrors = schemaErrors(etpFeasibilitySchema, {
    vulnerabilityStatementKind: kind,
    feasibilityJustification: justification,
  });
  const invalid = Object.keys(clientErrors).length > 0;
  const error = (field: string) => messageOf(field, errors, clientErrors, edited);
  const labels: Record<string, string> = {
    vulnerabilityStatementKind: T.feasibility,
    feasibilityJustification: T.justification,
  };
  return (
    <WizardStepPage
      title={ETP_STEP_LABELS.FEASIBILITY_DESCRIPTION}
      tip={ETP_STEP_TIPS.FEASIBILITY_DESCRIPTION}
      saveLabel={saveLabel}
      saveDisabled={invalid}
      saveDisabledReason={missingFieldsReason(Object.keys(clientErrors).map((f) => labels[f] ?? f))}
      saving={saving}
      readOnly={readOnly}
      onSave={() =>
        void save("FEASIBILITY_DESCRIPTION", {
          vulnerabilityStatementKind: kind,
          feasibilityJustification: justification,
        })
      }
    >
      <Radio.Group
        label={T.feasibility}
        required
        value={kind}
        error={error("vulnerabilityStatementKind")}
        onChange={(v) => {
          onEdit("vulnerabilityStatementKind");
          setKind(v as VulnerabilityStatementKind);
        }}
      >
        <Stack gap="xs" mt={6}>
          {VULNERABILITY_STATEMENT_KINDS.map((k) => (
            <Radio key={k} value={k} label={FEASIBILITY_STATEMENTS[k]} disabled={readOnly} />
          ))}
        </Stack>
      </Radio.Group>
      <CountedTextarea
        label={T.justification}
        required
        autosize
        minRows={5}
        maxLength={ETP_TEXT_MAX_LENGTH}
        value={justification}
        readOnly={readOnly}
        error={error("feasibilityJustification")}
        onChange={(value) => {
          edit("feasibilityJustification");
          onEdit("feasibilityJustification");
          setJustification(value);
        }}
      />
    </WizardStepPage>
  );
}

/** §2.6 documents: a file attach control (upload, then the save keeps the file id) and 'Salvar e Finalizar'. */
function DocumentsStep({ study, readOnly, saving, saveLabel, save }: StepProps & { study: EtpView }) {
  const [documents, setDocuments] = useState<EtpDocumentView[]>(study.documents);
  const [uploading, setUploading] = useState(false);
  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadEtpDocument(file);
      setDocuments((list) => [
        ...list,
        { fileId: uploaded.id, name: uploaded.fileName ?? file.name, description: null },
      ]);
    } catch (error) {
      notifyApiError(error, T.uploadError);
    } finally {
      setUploading(false);
    }
  };
  const describe = (fileId: string, description: string) =>
    setDocuments((list) => list.map((d) => (d.fileId === fileId ? { ...d, description } : d)));
  return (
    <WizardStepPage
      title={ETP_STEP_LABELS.DOCUMENTS}
      tip={ETP_STEP_TIPS.DOCUMENTS}
      saveLabel={saveLabel}
      saveDisabled={uploading}
      saving={saving}
      readOnly={readOnly}
      onSave={() =>
        void save("DOCUMENTS", {
          documents: documents.map((d) => ({ fileId: d.fileId, description: d.description?.trim() || null })),
        })
      }
    >
      {!readOnly && (
        <Group gap="sm">
          <FileButton onChange={(file) => void attach(file)} accept={ACCEPTED_FILES} disabled={uploading}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                loading={uploading}
                leftSection={<IconFileUpload size={16} />}
              >
                {T.attach}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {uploading ? T.uploading : T.attachHint}
          </Text>
        </Group>
      )}
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noDocuments}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label={T.documents}>
            <Table.Tbody>
              {documents.map((d) => (
                <Table.Tr key={d.fileId}>
                  <Table.Td>
                    {d.url ? (
                      <Anchor href={d.url} download aria-label={T.download(d.name)} size="sm">
                        {d.name}
                      </Anchor>
                    ) : (
                      <Text size="sm">{d.name}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={T.documentDescription(d.name)}
                      placeholder={T.descriptionPlaceholder}
                      maxLength={500}
                      value={d.description ?? ""}
                      readOnly={readOnly}
                      onChange={(e) => describe(d.fileId, e.currentTarget.value)}
                    />
                  </Table.Td>
                  {!readOnly && (
                    <Table.Td w={48}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={T.remove(d.name)}
                        onClick={() => setDocuments((list) => list.filter((x) => x.fileId !== d.fileId))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </WizardStepPage>
  );
}
