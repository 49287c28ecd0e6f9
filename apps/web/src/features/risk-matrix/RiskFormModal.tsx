import {
  IMPACT_LABELS,
  IMPACTS,
  PROBABILITIES,
  PROBABILITY_LABELS,
  RISK_ALLOCATION_LABELS,
  RISK_ALLOCATIONS,
  RISK_LEVEL_LABELS,
  RISK_PHASE_LABELS,
  RISK_PHASES,
  RISK_TEXT_MAX_LENGTH,
  type RiskAllocation,
  type RiskImpact,
  type RiskPhase,
  type RiskProbability,
  riskLevel,
  riskScore,
} from "@certame/domain";
import { Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { ApiError, serverMessageOr } from "../../api/client";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { missingFieldsReason, useDisabledReason } from "../../ui/disabled-reason/DisabledReason";
import { propertiesToFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import { type Risk, type RiskFields, saveRisk } from "./api";
import { RISK_TEXTS as T } from "./texts";

interface Draft {
  description: string;
  cause: string;
  phase: RiskPhase | null;
  allocation: RiskAllocation | null;
  probability: RiskProbability | null;
  impact: RiskImpact | null;
  disclose: boolean | null;
  possibleImpacts: string;
  preventiveActions: string;
  contingencyActions: string;
}

const EMPTY: Draft = {
  description: "",
  cause: "",
  phase: null,
  allocation: null,
  probability: null,
  impact: null,
  disclose: null,
  possibleImpacts: "",
  preventiveActions: "",
  contingencyActions: "",
};

const draftOf = (risk: Risk | null): Draft => (risk ? { ...risk } : EMPTY);
const filled = (value: string | boolean | null) =>
  typeof value === "string" ? value.trim() !== "" : value !== null;

const FIRST_PAGE = [
  "description",
  "cause",
  "phase",
  "allocation",
  "probability",
  "impact",
  "disclose",
] as const;
const SECOND_PAGE = ["possibleImpacts", "preventiveActions", "contingencyActions"] as const;

/** The fields of a page still empty (§5 "Risk": every field is required), in the page's order. */
const missingOf = (d: Draft, fields: readonly (keyof Draft)[]) => fields.filter((f) => !filled(d[f]));

/** Page 1 complete: every field of §5 "Risk" on it. */
export const firstPageComplete = (d: Draft) => missingOf(d, FIRST_PAGE).length === 0;

const complete = (d: Draft): d is Draft & RiskFields =>
  firstPageComplete(d) && missingOf(d, SECOND_PAGE).length === 0;

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * 'Adicionar Risco' (§2.7): two pages switched with 'Avançar' / 'Voltar' — the risk and its scales with
 * the computed 'Nível', then the impacts and actions with 'Salvar'. Every field is required (§5).
 */
export function RiskFormModal({
  processId,
  opened,
  risk,
  onClose,
  onSaved,
}: {
  processId: string;
  opened: boolean;
  /** The risk being edited, or null for a new one. */
  risk: Risk | null;
  onClose: () => void;
  onSaved: (risk: Risk) => Promise<void> | void;
}) {
  const [draft, setDraft] = useState<Draft>(draftOf(risk));
  const [page, setPage] = useState<1 | 2>(1);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: formRef, refused } = useFocusFirstInvalid<HTMLDivElement>();
  useEffect(() => {
    if (!opened) return;
    setDraft(draftOf(risk));
    setPage(1);
    setErrors({});
  }, [opened, risk]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // 'Avançar' and 'Salvar' stay disabled until their page is complete (§5): each says what is missing.
  const missing = missingOf(draft, page === 1 ? FIRST_PAGE : SECOND_PAGE).map((f) => T.fields[f]);
  const reason = useDisabledReason(missingFieldsReason(missing));
  const level =
    draft.probability && draft.impact
      ? `${RISK_LEVEL_LABELS[riskLevel(draft.probability, draft.impact)]} (${riskScore(draft.probability, draft.impact)})`
      : "";

  const save = async () => {
    if (!complete(draft)) return;
    setSaving(true);
    try {
      const saved = await saveRisk(processId, {
        ...(risk ? { id: risk.id } : {}),
        description: draft.description.trim(),
        cause: draft.cause.trim(),
        phase: draft.phase,
        allocation: draft.allocation,
        probability: draft.probability,
        impact: draft.impact,
        disclose: draft.disclose,
        possibleImpacts: draft.possibleImpacts.trim(),
        preventiveActions: draft.preventiveActions.trim(),
        contingencyActions: draft.contingencyActions.trim(),
      });
      notifySuccess(T.riskSaved);
      await onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length) {
        const fieldErrors = propertiesToFieldErrors(error.properties);
        setErrors(fieldErrors);
        const first = error.properties[0];
        const label = first ? (T.fields as Record<string, string>)[first.property] : undefined;
        notifyError(label ? `Erro: ${label}` : undefined, first?.errorMessages[0] ?? error.message);
        if (FIRST_PAGE.some((f) => f in fieldErrors)) setPage(1);
        refused();
      } else notifyError(undefined, serverMessageOr(error));
    } finally {
      setSaving(false);
    }
  };

  const text = (
    key: "description" | "cause" | "possibleImpacts" | "preventiveActions" | "contingencyActions",
  ) => (
    <CountedTextarea
      label={T.fields[key]}
      required
      autosize
      minRows={2}
      maxRows={8}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      maxLength={RISK_TEXT_MAX_LENGTH}
      error={errors[key]}
    />
  );

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={risk ? T.riskModalEditTitle : T.riskModalTitle}
      size="xl"
    >
      <Stack gap="md" ref={formRef}>
        <Text size="sm" c="gray.7" aria-live="polite">
          {T.pageOf(page)}
        </Text>
        {page === 1 ? (
          <>
            {text("description")}
            {text("cause")}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={T.fields.phase}
                required
                data={options(RISK_PHASES, RISK_PHASE_LABELS)}
                value={draft.phase}
                onChange={(v) => set("phase", v as RiskPhase | null)}
                error={errors.phase}
                allowDeselect={false}
              />
              <Select
                label={T.fields.allocation}
                required
                data={options(RISK_ALLOCATIONS, RISK_ALLOCATION_LABELS)}
                value={draft.allocation}
                onChange={(v) => set("allocation", v as RiskAllocation | null)}
                error={errors.allocation}
                allowDeselect={false}
              />
              <Select
                label={T.fields.probability}
                required
                data={options(PROBABILITIES, PROBABILITY_LABELS)}
                value={draft.probability}
                onChange={(v) => set("probability", v as RiskProbability | null)}
                error={errors.probability}
                allowDeselect={false}
              />
              <Select
                label={T.fields.impact}
                required
                data={options(IMPACTS, IMPACT_LABELS)}
                value={draft.impact}
                onChange={(v) => set("impact", v as RiskImpact | null)}
                error={errors.impact}
                allowDeselect={false}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Radio.Group
                label={T.fields.disclose}
                required
                value={draft.disclose === null ? "" : draft.disclose ? "yes" : "no"}
                onChange={(v) => set("disclose", v === "yes")}
                error={errors.disclose}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="yes" label={T.yes} />
                  <Radio value="no" label={T.no} />
                </Group>
              </Radio.Group>
              <TextInput label={T.fields.level} value={level} readOnly placeholder="-" />
            </SimpleGrid>
            {reason.hint}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {T.cancel}
              </Button>
              <Button
                onClick={() => setPage(2)}
                disabled={!firstPageComplete(draft)}
                aria-describedby={reason.describedBy}
              >
                {T.advance}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {text("possibleImpacts")}
            {text("preventiveActions")}
            {text("contingencyActions")}
            {reason.hint}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setPage(1)} disabled={saving}>
                {T.back}
              </Button>
              <Button
                onClick={() => void save()}
                loading={saving}
                disabled={!complete(draft)}
                aria-describedby={reason.describedBy}
              >
                {T.save}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </AppModal>
  );
}
