import {
  civilDateField,
  DEMAND_FORMALIZATION_SECTIONS,
  type DemandFormalizationStep,
  demandPriorityIssue,
  PURCHASE_PRIORITIES,
  PURCHASE_PRIORITY_LABELS,
  type PurchasePriority,
  TEXT_MAX_LENGTH,
} from "@certame/domain";
import {
  Anchor,
  Button,
  Center,
  Group,
  List,
  Loader,
  MultiSelect,
  Radio,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useParams } from "react-router";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import {
  isFilled,
  PlanningWizard,
  ResponsiblesStep,
  SecretariesStep,
  useProcessHeader,
  useWizardSteps,
  WIZARD_TEXTS,
  WizardStepPage,
} from "../planning-wizard";
import { processKeys } from "../processes/api";
import {
  type DemandFormalization,
  type DemandSave,
  demandKeys,
  dfdPdfUrl,
  listDemandCategories,
  readDemand,
  saveDemand,
} from "./api";
import { LotsStep } from "./LotsStep";
import { DFD_TEXTS as T } from "./texts";

const ORDER = DEMAND_FORMALIZATION_SECTIONS.flatMap((s) => s.steps.map((step) => step.key));
const LABEL = Object.fromEntries(
  DEMAND_FORMALIZATION_SECTIONS.flatMap((s) => s.steps.map((step) => [step.key, step.label])),
) as Record<DemandFormalizationStep, string>;

const brDate = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "");

/** §2.4: the sub-step's check, from the fields it holds. */
function filled(step: DemandFormalizationStep, d: DemandFormalization): boolean {
  switch (step) {
    case "EXPECTED_DATE":
      return isFilled(d.expectedCompletionDateTime, d.hiringPlanProcessNumber);
    case "DESCRIPTION":
      return isFilled(d.categories, d.description);
    case "PURCHASE_PRIORITY":
      return isFilled(d.priority, d.priorityJustification);
    case "JUSTIFICATION_HIRING":
      return isFilled(d.needOfHiringJustification);
    case "DEPENDENCIES":
      return isFilled(d.demandFormalizationBinding);
    case "MATERIALS_AND_SERVICES":
      return isFilled(d.batches);
    case "SECRETARIES":
      return isFilled(d.process.secretaries);
    case "RESPONSIBLE":
      return isFilled(d.process.responsible);
  }
}

/** A text sub-step's area with its counter (§9: 5000 characters). */
function TextField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  readOnly: boolean;
}) {
  return (
    <CountedTextarea
      label={props.label}
      withAsterisk={props.required}
      value={props.value}
      onChange={props.onChange}
      maxLength={TEXT_MAX_LENGTH}
      autosize
      minRows={5}
      readOnly={props.readOnly}
    />
  );
}

/** The sub-steps whose fields are the document's own (all but the lots and the people). */
function FieldsStep({
  step,
  doc,
  readOnly,
  onSave,
}: {
  step: DemandFormalizationStep;
  doc: DemandFormalization;
  readOnly: boolean;
  onSave: (body: Omit<DemandSave, "process">) => Promise<void>;
}) {
  const categories = useQuery({
    queryKey: ["demand-formalization", "categories"],
    queryFn: listDemandCategories,
  });
  const [date, setDate] = useState(brDate(doc.expectedCompletionDateTime));
  const [plan, setPlan] = useState(doc.hiringPlanProcessNumber ?? "");
  const [categoryIds, setCategoryIds] = useState(doc.categories.map((c) => String(c.id)));
  const [description, setDescription] = useState(doc.description ?? "");
  const [priority, setPriority] = useState<PurchasePriority | null>(doc.priority);
  const [priorityJustification, setPriorityJustification] = useState(doc.priorityJustification ?? "");
  const [hiring, setHiring] = useState(doc.needOfHiringJustification ?? "");
  const [binding, setBinding] = useState(doc.demandFormalizationBinding);
  const [linkInput, setLinkInput] = useState("");
  const [saving, setSaving] = useState(false);

  const submit = async (body: Omit<DemandSave, "process">) => {
    setSaving(true);
    try {
      await onSave(body);
    } finally {
      setSaving(false);
    }
  };
  const page = (props: {
    tip: ReactNode;
    disabled: boolean;
    body: () => Omit<DemandSave, "process">;
    children: ReactNode;
  }) => (
    <WizardStepPage
      title={LABEL[step]}
      tip={props.tip}
      saveDisabled={props.disabled}
      saving={saving}
      readOnly={readOnly}
      onSave={() => void submit(props.body())}
    >
      {props.children}
    </WizardStepPage>
  );
  const parsedDate = civilDateField.safeParse(date);
  const validDate = parsedDate.success;
  // A complete date the calendar refuses says why on its field (an incomplete one is still being typed).
  const dateError =
    !validDate && date.replace(/\D/g, "").length === 8 ? parsedDate.error?.issues[0]?.message : undefined;

  switch (step) {
    case "EXPECTED_DATE":
      return page({
        tip: T.expectedDateTip,
        disabled: !validDate,
        body: () => ({ expectedCompletionDateTime: date, hiringPlanProcessNumber: plan.trim() || null }),
        children: (
          <Stack gap="sm">
            <MaskedInput
              mask="date"
              label={T.expectedDate}
              withAsterisk
              placeholder="DD/MM/AAAA"
              value={date}
              onChange={setDate}
              error={dateError}
              readOnly={readOnly}
              maw={260}
            />
            <TextInput
              label={T.hiringPlan}
              value={plan}
              maxLength={60}
              onChange={(e) => setPlan(e.currentTarget.value)}
              readOnly={readOnly}
              maw={360}
            />
          </Stack>
        ),
      });
    case "DESCRIPTION":
      return page({
        tip: T.descriptionTip,
        disabled: categoryIds.length === 0 || !description.trim(),
        body: () => ({ categories: categoryIds.map((id) => ({ id: Number(id) })), description }),
        children: (
          <Stack gap="sm">
            <MultiSelect
              label={T.categories}
              withAsterisk
              searchable
              data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.description }))}
              value={categoryIds}
              onChange={setCategoryIds}
              readOnly={readOnly}
              comboboxProps={{ withinPortal: true }}
            />
            <TextField
              label={T.description}
              required
              value={description}
              onChange={setDescription}
              readOnly={readOnly}
            />
          </Stack>
        ),
      });
    case "PURCHASE_PRIORITY":
      return page({
        tip: T.priorityTip,
        disabled: !priority || demandPriorityIssue({ priority, priorityJustification }) !== null,
        body: () => ({
          priority: priority as PurchasePriority,
          priorityJustification: priorityJustification.trim() || null,
        }),
        children: (
          <Stack gap="sm">
            <Radio.Group
              label={T.priority}
              withAsterisk
              value={priority ?? ""}
              onChange={(v) => setPriority(v as PurchasePriority)}
            >
              <Group mt="xs">
                {PURCHASE_PRIORITIES.map((p) => (
                  <Radio key={p} value={p} label={PURCHASE_PRIORITY_LABELS[p]} disabled={readOnly} />
                ))}
              </Group>
            </Radio.Group>
            <TextField
              label={T.priorityJustification}
              required={priority === "HIGH"}
              value={priorityJustification}
              onChange={setPriorityJustification}
              readOnly={readOnly}
            />
          </Stack>
        ),
      });
    case "JUSTIFICATION_HIRING":
      return page({
        tip: T.hiringJustificationTip,
        disabled: !hiring.trim(),
        body: () => ({ needOfHiringJustification: hiring }),
        children: (
          <TextField
            label={T.hiringJustification}
            required
            value={hiring}
            onChange={setHiring}
            readOnly={readOnly}
          />
        ),
      });
    default: {
      const add = () => {
        const value = linkInput.trim();
        if (value && !binding.includes(value)) setBinding([...binding, value]);
        setLinkInput("");
      };
      return page({
        tip: T.dependenciesTip,
        disabled: false,
        body: () => ({ demandFormalizationBinding: binding }),
        children: (
          <Stack gap="sm">
            {!readOnly && (
              <TextInput
                label={T.dependencyInput}
                value={linkInput}
                maxLength={60}
                onChange={(e) => setLinkInput(e.currentTarget.value)}
                onKeyDown={(e) => {
                  // Enter adds (§2.5) instead of submitting the step.
                  if (e.key === "Enter") {
                    e.preventDefault();
                    add();
                  }
                }}
                inputContainer={(input) => (
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                    <Button variant="light" onClick={add}>
                      {T.add}
                    </Button>
                  </Group>
                )}
              />
            )}
            <Text size="sm" fw={600}>
              {T.linked}
            </Text>
            {binding.length === 0 ? (
              <Text size="sm" c="dimmed">
                {T.noLinked}
              </Text>
            ) : (
              <List spacing={4} aria-live="polite">
                {binding.map((b) => (
                  <List.Item key={b}>
                    <Group gap="xs">
                      <Text size="sm">{b}</Text>
                      {!readOnly && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={`${T.remove} ${b}`}
                          onClick={() => setBinding(binding.filter((x) => x !== b))}
                        >
                          {T.remove}
                        </Button>
                      )}
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ),
      });
    }
  }
}

/** /cadastrar/processos/:id/formalizacao-de-demanda (planning §2.5). */
export function DemandFormalizationPage() {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const header = useProcessHeader(id);
  // Read afresh on every visit: the ETP shares the process's areas and responsibles with this document.
  const query = useQuery({
    queryKey: demandKeys.detail(id),
    queryFn: () => readDemand(id),
    enabled: Boolean(header.process),
    refetchOnMount: "always",
  });
  const steps = useWizardSteps(id, ORDER);
  const doc = query.data;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: demandKeys.detail(id) });
    await client.invalidateQueries({ queryKey: processKeys.detail(id) });
    await client.invalidateQueries({ queryKey: processKeys.list });
  };
  const save = async (body: Omit<DemandSave, "process">, people: DemandSave["process"] = { id }) => {
    try {
      const saved = await saveDemand({ ...body, process: { ...people, id } });
      client.setQueryData(demandKeys.detail(id), saved);
      void refresh();
      notifySuccess(T.saved);
      steps.next();
    } catch (error) {
      notifyApiError(error);
    }
  };
  // The lines need the document: an empty save creates it the first time.
  const ensureDocument = async () => {
    const saved = await saveDemand({ process: { id } });
    client.setQueryData(demandKeys.detail(id), saved);
    return saved.id as string;
  };

  if (!header.process || !doc)
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  const current = steps.current as DemandFormalizationStep;
  const sections = DEMAND_FORMALIZATION_SECTIONS.map((s) => ({
    label: s.label,
    steps: s.steps.map((step) => ({ key: step.key, label: step.label, filled: filled(step.key, doc) })),
  }));
  const leftPanel = (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {WIZARD_TEXTS.processNumber}
      </Text>
      <Text fw={600}>{header.process.processNumber}</Text>
      <Anchor href={dfdPdfUrl(id)} size="sm" download>
        <Group gap={4} wrap="nowrap">
          <IconFileTypePdf size={16} aria-hidden />
          {T.pdf}
        </Group>
      </Anchor>
    </Stack>
  );
  let body: ReactNode;
  if (current === "MATERIALS_AND_SERVICES")
    body = (
      <LotsStep
        processId={id}
        demandFormalizationId={doc.id}
        ensureDocument={ensureDocument}
        batches={doc.batches}
        readOnly={header.lotsReadOnly}
        onChanged={refresh}
        onNext={steps.next}
      />
    );
  else if (current === "SECRETARIES")
    body = (
      <SecretariesStep
        selected={doc.process.secretaries.map((s) => s.id)}
        readOnly={header.readOnly}
        onSave={(ids) => save({}, { id, secretaries: ids.map((s) => ({ id: s })) })}
      />
    );
  else if (current === "RESPONSIBLE")
    body = (
      <ResponsiblesStep
        selected={doc.process.responsible.map((r) => r.id)}
        readOnly={header.readOnly}
        saveLabel={WIZARD_TEXTS.saveAndFinish}
        onSave={(ids) => save({}, { id, responsible: ids.map((r) => ({ id: r })) })}
      />
    );
  else
    body = (
      <FieldsStep
        key={`${current}-${doc.updatedDate}`}
        step={current}
        doc={doc}
        readOnly={header.readOnly}
        onSave={(b) => save(b)}
      />
    );

  return (
    <PlanningWizard
      processId={id}
      title={T.title}
      menuTitle={T.menuTitle}
      leftPanel={leftPanel}
      sections={sections}
      current={current}
      onSelect={steps.select}
    >
      {body}
    </PlanningWizard>
  );
}
