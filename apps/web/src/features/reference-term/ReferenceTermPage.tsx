import {
  type CustomParagraph,
  type FieldError,
  formatBRL,
  formatDocumentDate,
  isChapterVisible,
  nextChapterCode,
  normalizeReferenceTermChapter,
  REFERENCE_TERM_CHAPTERS,
  type ReferenceTermBatch,
  type ReferenceTermChapter,
  type ReferenceTermChapterCode,
  type ReferenceTermData,
  type ReferenceTermDocumentInput,
  validateReferenceTermChapter,
} from "@certame/domain";
import {
  Accordion,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, type FormEvent, useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { readOwnBuyer } from "../buyer-registration/api";
import { BUYER_REGISTRATION_KEY } from "../buyer-registration/useBuyerRegistration";
import { demandKeys, readDemand } from "../demand-formalization/api";
import { processAdminPath } from "../planning-wizard";
import { processKeys } from "../processes/api";
import {
  getReferenceTermTemplate,
  type ReferenceTermView,
  readReferenceTerm,
  referenceTermKeys,
  saveReferenceTerm,
} from "./api";
import { CustomParagraphsSection } from "./CustomParagraphsSection";
import { DocumentActions } from "./DocumentActions";
import { DocumentPreview } from "./DocumentPreview";
import classes from "./ReferenceTermPage.module.css";
import type { StepFormProps } from "./step-props";
import { AssuranceStep } from "./steps/AssuranceStep";
import { BudgetAdequacyStep, type BudgetSecretariat } from "./steps/BudgetAdequacyStep";
import { ContractingJustificationStep } from "./steps/ContractingJustificationStep";
import { ContractingRequirementsStep } from "./steps/ContractingRequirementsStep";
import { ContractManagementStep } from "./steps/ContractManagementStep";
import { EstimatedValueStep } from "./steps/EstimatedValueStep";
import { GeneralConditionsStep } from "./steps/GeneralConditionsStep";
import { MeasurementPaymentStep } from "./steps/MeasurementPaymentStep";
import { ObjectExecutionStep } from "./steps/ObjectExecutionStep";
import { SupplierSelectionStep } from "./steps/SupplierSelectionStep";
import { REFERENCE_TERM_STEP_LABELS, REFERENCE_TERM_TEXTS as T } from "./texts";

type Code = ReferenceTermChapterCode;
/** A chapter's form data as edited (the domain's chapter type, with its custom paragraphs). */
type ChapterDraft = Record<string, unknown> & { customParagraphs?: CustomParagraph[] | null };
type Errors = Record<string, string[]>;
// biome-ignore lint/suspicious/noExplicitAny: each chapter's form has its own data type, chosen by code
type AnyStepForm = ComponentType<StepFormProps<any> & { secretariats?: BudgetSecretariat[] }>;

/** The chapter forms of reading B (planning §2.10): steps 1–3 here, 4–10 in ./steps. */
const STEP_FORMS: Record<Code, AnyStepForm> = {
  GENERAL_CONTRACTING_CONDITIONS: GeneralConditionsStep,
  CONTRACTING_JUSTIFICATION: ContractingJustificationStep,
  CONTRACTING_REQUIREMENTS: ContractingRequirementsStep,
  OBJECT_EXECUTION_MODEL: ObjectExecutionStep,
  ASSURANCE_TECHNICAL_ASSISTENCE: AssuranceStep,
  CONTRACT_MANAGEMENT_MODEL: ContractManagementStep,
  MEASUREMENT_PAYMENT_CRITERIA: MeasurementPaymentStep,
  CRITERIA_SUPPLIER_SELECTION: SupplierSelectionStep,
  ESTIMATED_VALUE_CONTRACT: EstimatedValueStep,
  BUDGET_ADEQUACY: BudgetAdequacyStep,
};

const dataOf = (data: ReferenceTermData, chapter: ReferenceTermChapter): ChapterDraft =>
  ((data as Record<string, unknown>)[chapter.dataKey] as ChapterDraft | null | undefined) ?? {};

/** Field errors by property, every message kept (planning §5; server 400 properties alike). */
export function errorsByProperty(list: readonly FieldError[]): Errors {
  const errors: Errors = {};
  for (const { property, errorMessages } of list)
    errors[property] = [...(errors[property] ?? []), ...errorMessages];
  return errors;
}

/** The first chapter's form starts from the process's lots and the demand's description (§3, §4). */
function initialDraft(view: ReferenceTermView, chapter: ReferenceTermChapter): ChapterDraft {
  const saved = dataOf(view.data, chapter);
  if (chapter.code !== "GENERAL_CONTRACTING_CONDITIONS") return saved;
  const objectOfInterest =
    (saved.objectOfInterest as string | null | undefined) || view.header.object || null;
  const batchList = (saved.batchList as ReferenceTermBatch[] | null | undefined)?.length
    ? saved.batchList
    : view.lots;
  return { ...saved, objectOfInterest, batchList };
}

/** Error keys that name no field of the draft, with the field they belong to (the domain's step 3 rule). */
const ERROR_KEY_FIELDS: Record<string, string> = {
  inspectionStartDateTime: "inspectionStartDate",
  inspectionEndDateTime: "inspectionEndDate",
};

/**
 * Drops the errors of the fields that changed, so that a corrected field clears at once. An error's
 * key names a field or a path under it ('executionObjectAddresses.0.street',
 * 'sampleDeliveryAddress.postalCode'): it goes when the field its path starts with changed.
 */
export function clearChanged(errors: Errors, previous: ChapterDraft, next: ChapterDraft): Errors {
  let changed = false;
  const kept: Errors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const root = key.split(".")[0] ?? key;
    const field = ERROR_KEY_FIELDS[root] ?? root;
    if (previous[key] !== next[key] || previous[field] !== next[field]) changed = true;
    else kept[key] = messages;
  }
  return changed ? kept : errors;
}

/**
 * The reference term editor (planning §2.10, route /cadastrar/processos/{id}/termo-de-referencia):
 * the process's general data, the ten chapter forms of reading B in a step manager, the custom
 * paragraphs of each chapter, the live preview, and the Word/PDF/print/signature actions.
 */
export function ReferenceTermPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: referenceTermKeys.read(id), queryFn: () => readReferenceTerm(id) });

  // §8 "Reference term": a load failure says so and goes back.
  useEffect(() => {
    if (!query.isError) return;
    notifyError(T.errorTitle, T.loadError);
    navigate(processAdminPath(id), { replace: true });
  }, [query.isError, id, navigate]);

  return (
    <Box maw={1440} mx="auto" w="100%">
      <PageTitle title={T.title} />
      {query.data ? (
        <Editor processId={id} view={query.data} />
      ) : (
        <Center py="xl">
          <Loader role="progressbar" aria-label={T.title} />
        </Center>
      )}
    </Box>
  );
}

function Editor({ processId, view }: { processId: string; view: ReferenceTermView }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const chapters = useMemo(
    () => REFERENCE_TERM_CHAPTERS.filter((c) => isChapterVisible(c.code, view.context)),
    [view.context],
  );
  const [drafts, setDrafts] = useState<Record<string, ChapterDraft>>(() =>
    Object.fromEntries(REFERENCE_TERM_CHAPTERS.map((c) => [c.code, initialDraft(view, c)])),
  );
  const [errors, setErrors] = useState<Record<string, Errors>>({});
  // §2.10: one step open at a time, the first on load.
  const [open, setOpen] = useState<Code | null>(chapters[0]?.code ?? null);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const { ref: pageRef, refused } = useFocusFirstInvalid<HTMLDivElement>();
  const template = useQuery({
    queryKey: referenceTermKeys.template,
    queryFn: getReferenceTermTemplate,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const secretariats = useProcessSecretariats(processId, open === "BUDGET_ADEQUACY");

  const openChapter = chapters.find((c) => c.code === open) ?? null;
  const step1 = drafts.GENERAL_CONTRACTING_CONDITIONS;
  const liveLots = (step1?.batchList as ReferenceTermBatch[] | null | undefined) ?? view.lots;

  const previewInput: ReferenceTermDocumentInput = useMemo(
    () => ({
      header: view.header,
      context: view.context,
      data: openChapter
        ? ({ ...view.data, [openChapter.dataKey]: drafts[openChapter.code] } as ReferenceTermData)
        : view.data,
      lots: open === "GENERAL_CONTRACTING_CONDITIONS" ? liveLots : view.lots,
    }),
    [view, openChapter, drafts, open, liveLots],
  );

  const change = (code: Code, next: ChapterDraft) => {
    const previous = drafts[code] ?? {};
    setDrafts((d) => ({ ...d, [code]: next }));
    setErrors((e) => (e[code] ? { ...e, [code]: clearChanged(e[code], previous, next) } : e));
  };

  const statusOf = (code: Code) => view.chapters.find((c) => c.code === code)?.status ?? "PENDING";

  const back = (chapter: ReferenceTermChapter) => {
    const index = chapters.findIndex((c) => c.code === chapter.code);
    if (index <= 0) navigate(processAdminPath(processId));
    else setOpen(chapters[index - 1]?.code ?? null);
  };

  const save = async (chapter: ReferenceTermChapter) => {
    const data = drafts[chapter.code] ?? {};
    // The domain's rules first (§5): errors under the fields, nothing sent.
    const invalid = validateReferenceTermChapter(chapter.code, data as never, view.context);
    if (invalid.length > 0) {
      setErrors((e) => ({ ...e, [chapter.code]: errorsByProperty(invalid) }));
      setAnnouncement(T.fixErrors);
      refused();
      return;
    }
    setSaving(true);
    try {
      const saved = await saveReferenceTerm({
        process: { id: processId },
        chapterCode: chapter.code,
        step: nextChapterCode(chapter.code),
        data: normalizeReferenceTermChapter(chapter.code, data as never) as object,
      });
      client.setQueryData(referenceTermKeys.read(processId), saved);
      void client.invalidateQueries({ queryKey: processKeys.detail(processId) });
      setDrafts((d) => ({ ...d, [chapter.code]: initialDraft(saved, chapter) }));
      setErrors((e) => ({ ...e, [chapter.code]: {} }));
      notifySuccess(T.saved);
      setAnnouncement(T.saved);
      // §2.10: the saved step closes and the next visible one opens; after the last, the administration.
      const index = chapters.findIndex((c) => c.code === chapter.code);
      const next = chapters[index + 1];
      if (next) setOpen(next.code);
      else navigate(processAdminPath(processId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0) {
        setErrors((e) => ({ ...e, [chapter.code]: errorsByProperty(error.properties) }));
        refused();
      }
      notifyError(T.errorTitle, T.saveError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" ref={pageRef}>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ProcessHeader view={view} />
      <DocumentActions
        processId={processId}
        signature={view.signature}
        onSigned={async (signed) => {
          if (signed) client.setQueryData(referenceTermKeys.read(processId), signed);
          else await client.invalidateQueries({ queryKey: referenceTermKeys.read(processId) });
          void client.invalidateQueries({ queryKey: processKeys.detail(processId) });
        }}
      />
      <div className={classes.layout}>
        <Stack gap="sm" miw={0}>
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              {T.steps}
            </Title>
            <Group gap="xs" miw={180} style={{ flex: "0 1 260px" }}>
              <Text size="sm" fw={600} id="tr-progress-label">
                {T.progress}: {view.progress}%
              </Text>
              {/* Mantine puts the progressbar role on the inner section, which takes aria-label only. */}
              <Progress value={view.progress} aria-label={T.progress} style={{ flex: 1 }} />
            </Group>
          </Group>
          <Accordion
            value={open}
            onChange={(value) => setOpen(value as Code | null)}
            variant="separated"
            chevronPosition="right"
          >
            {chapters.map((chapter) => {
              const status = statusOf(chapter.code);
              const Form = STEP_FORMS[chapter.code];
              const draft = drafts[chapter.code] ?? {};
              const chapterErrors = errors[chapter.code] ?? {};
              return (
                <Accordion.Item key={chapter.code} value={chapter.code}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Box miw={0}>
                        <Text
                          fw={600}
                        >{`${chapter.number} - ${REFERENCE_TERM_STEP_LABELS[chapter.code]}`}</Text>
                        <Text size="xs" c="dimmed">
                          {T.stepSubtitle}
                        </Text>
                      </Box>
                      <Badge
                        variant="light"
                        color={status === "SIGNED" ? "teal" : status === "COMPLETED" ? "green" : "gray"}
                        style={{ flexShrink: 0 }}
                      >
                        {T.status[status] ?? status}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {open === chapter.code && (
                      <form
                        noValidate
                        aria-labelledby={`tr-form-title-${chapter.code}`}
                        onSubmit={(event: FormEvent) => {
                          event.preventDefault();
                          void save(chapter);
                        }}
                      >
                        <Stack gap="lg">
                          {/* §2.10 reading B: the open form is headed by its form title. */}
                          <Title order={3} size="h5" id={`tr-form-title-${chapter.code}`}>
                            {chapter.title}
                          </Title>
                          <Form
                            value={draft}
                            onChange={(next: ChapterDraft) => change(chapter.code, next)}
                            errors={chapterErrors}
                            context={view.context}
                            lots={chapter.code === "GENERAL_CONTRACTING_CONDITIONS" ? liveLots : view.lots}
                            {...(chapter.code === "BUDGET_ADEQUACY" ? { secretariats } : {})}
                          />
                          <CustomParagraphsSection
                            chapterCode={chapter.code}
                            value={draft.customParagraphs ?? []}
                            onChange={(customParagraphs) =>
                              change(chapter.code, { ...draft, customParagraphs })
                            }
                          />
                          <Group justify="space-between">
                            <Button variant="default" onClick={() => back(chapter)} disabled={saving}>
                              {T.back}
                            </Button>
                            <Button type="submit" loading={saving}>
                              {T.saveAndNext}
                            </Button>
                          </Group>
                        </Stack>
                      </form>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </Stack>
        {/* At 1440 the preview scrolls on its own (sticky): focusable, so that the keyboard scrolls it too. */}
        <Box className={classes.preview} role="group" aria-labelledby="tr-preview-title" tabIndex={0}>
          <DocumentPreview
            template={template.data}
            loading={template.isPending}
            failed={template.isError}
            input={previewInput}
          />
        </Box>
      </div>
    </Stack>
  );
}

const dash = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "-");

/** 'Dados Gerais do Processo' (planning §2.10): label/value pairs, two columns on wide screens. */
function ProcessHeader({ view }: { view: ReferenceTermView }) {
  const h = view.header;
  const L = T.headerLabels;
  const rows: [string, string][] = [
    [L.processNumber, dash(h.processNumber)],
    [L.object, dash(h.object)],
    [L.modality, dash(h.modalityLabel)],
    [L.subModality, dash(h.subModalityLabel)],
    [L.processDate, formatDocumentDate(h.processDate)],
    [L.buyer, dash(h.buyerName)],
    [L.agent, dash(h.agentName)],
    [L.totalValue, typeof h.totalValueCents === "number" ? formatBRL(h.totalValueCents, 2) : "-"],
    [L.averageRisk, h.averageRisk === null || h.averageRisk === undefined ? "-" : String(h.averageRisk)],
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tr-header-title">
      <Title order={2} size="h4" id="tr-header-title" mb="sm">
        {T.header}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="xs" m={0}>
        {rows.map(([label, value]) => (
          <Box key={label} miw={0}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {label}
            </Text>
            <Text component="dd" m={0} style={{ wordBreak: "break-word" }}>
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * Step 10's 'Unidades responsáveis': the process's secretariats (demand formalization) with the
 * body's CNPJ and responsible secretary. Fetched only while step 10 is open.
 */
function useProcessSecretariats(processId: string, enabled: boolean): BudgetSecretariat[] {
  const demand = useQuery({
    queryKey: demandKeys.detail(processId),
    queryFn: () => readDemand(processId),
    enabled,
  });
  const body = useQuery({
    queryKey: [...BUYER_REGISTRATION_KEY, "planning"],
    queryFn: readOwnBuyer,
    enabled,
  });
  return useMemo(() => {
    const offices = body.data?.secretaries ?? [];
    return (demand.data?.process.secretaries ?? []).map((s) => {
      const office = offices.find((o) => o.id === s.id);
      return {
        id: s.id,
        name: s.name,
        cnpj: office?.cnpj ?? null,
        responsibleName: office?.user?.name ?? null,
      };
    });
  }, [demand.data, body.data]);
}
