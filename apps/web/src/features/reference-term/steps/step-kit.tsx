import {
  MODALITY_LABELS,
  type Modality,
  REFERENCE_TERM_JUDGEMENT_CRITERIA,
  REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS,
  type ReferenceTermContext,
  type ReferenceTermJudgementCriterion,
  referenceTermGroup,
  type SubModalityGroup,
} from "@certame/domain";
import { Group, NumberInput, Radio, Select } from "@mantine/core";
import type { ReactNode } from "react";
import { MaskedInput } from "../../../ui/inputs/MaskedInput";

// Small pieces the forms of steps 4–10 share (planning §2.10): the context's sub-modality group and
// service kind, numeric and enumerated inputs, times in Brasília time. The yes/no, list and address
// fields are the feature's shared ones (../fields).

/** Which blocks of a step show: planning §2.10 and §5 by sub-modality group and service kind. */
export interface StepScope {
  group: SubModalityGroup | null;
  isGoods: boolean;
  isServices: boolean;
  isEngineering: boolean;
  /** A services sub-modality whose ETP says 'Serviços Com Dedicação Exclusiva de Mão de Obra'. */
  isServiceWithLabor: boolean;
  /** A services sub-modality whose ETP says 'Serviços Sem Dedicação Exclusiva de Mão de Obra'. */
  isServiceWithoutLabor: boolean;
}

export function stepScope(context: ReferenceTermContext): StepScope {
  const group = referenceTermGroup(context);
  const isServices = group === "SERVICES";
  return {
    group,
    isGoods: group === "GOODS",
    isServices,
    isEngineering: group === "ENGINEERING",
    isServiceWithLabor: isServices && context.serviceKind === "SERVICE_WITH_LABOR",
    isServiceWithoutLabor: isServices && context.serviceKind === "SERVICE_WITHOUT_LABOR",
  };
}

/**
 * A list entry type as a plain object type: the domain declares entries with interfaces, which carry
 * no implicit index signature, while the shared ListField takes rows of Record<string, unknown>.
 */
export type Row<T> = { [K in keyof T]: T[K] };

/** The patch function of a controlled form: merges the changed fields into the value. */
export function patcher<T extends object>(value: T, onChange: (next: T) => void) {
  return (changes: Partial<T>) => onChange({ ...value, ...changes });
}

/**
 * The error of an address list: its own ('Adicione no mínimo um endereço') or else the first error of
 * one of its addresses, which the domain keys '{list}.{index}.{field}' ('Endereço 2: Rua obrigatória').
 */
export function addressListError(errors: Record<string, string[]>, key: string): string | undefined {
  const own = errors[key]?.[0];
  if (own) return own;
  for (const [property, messages] of Object.entries(errors)) {
    const match = property.startsWith(`${key}.`) ? /^(\d+)\./.exec(property.slice(key.length + 1)) : null;
    const message = messages[0];
    if (match && message) return `Endereço ${Number(match[1]) + 1}: ${message}`;
  }
  return undefined;
}

/** §5: a field with an error shows its title in red. */
export function redLabel(error: ReactNode) {
  return error ? { label: { color: "var(--mantine-color-error)" } } : undefined;
}

/** The process modality, translated (step 8 'Modalidade'); '-' when unknown. */
export function modalityLabel(modality: string | null | undefined): string {
  if (!modality) return "-";
  return MODALITY_LABELS[modality as Modality] ?? modality;
}

/** A whole non-negative number (days, months): empty is null. */
export function CountField({
  label,
  value,
  onChange,
  error,
  required,
  decimalScale = 0,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (next: number | null) => void;
  error?: ReactNode;
  required?: boolean;
  decimalScale?: number;
}) {
  return (
    <NumberInput
      label={label}
      value={value ?? ""}
      onChange={(next) => onChange(typeof next === "number" && Number.isFinite(next) ? next : null)}
      error={error}
      styles={redLabel(error)}
      required={required}
      min={0}
      allowNegative={false}
      allowDecimal={decimalScale > 0}
      decimalScale={decimalScale}
      decimalSeparator=","
      thousandSeparator="."
      hideControls
    />
  );
}

/** A select over one of the domain's enumerations and its pt-BR label record. */
export function EnumSelect<K extends string>({
  label,
  values,
  labels,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  values: readonly K[];
  labels: Record<K, string>;
  value: K | null | undefined;
  onChange: (next: K | null) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  return (
    <Select
      label={label}
      placeholder="Selecione"
      data={values.map((v) => ({ value: v, label: labels[v] }))}
      value={value ?? null}
      onChange={(next) => onChange((next as K | null) ?? null)}
      error={error}
      styles={redLabel(error)}
      required={required}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A radio group over one of the domain's enumerations and its pt-BR label record. */
export function EnumRadio<K extends string>({
  label,
  values,
  labels,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  values: readonly K[];
  labels: Record<K, string>;
  value: K | null | undefined;
  onChange: (next: K) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  return (
    <Radio.Group
      label={label}
      value={value ?? ""}
      onChange={(next) => onChange(next as K)}
      error={error}
      styles={redLabel(error)}
      required={required}
    >
      <Group mt="xs" gap="lg">
        {values.map((v) => (
          <Radio key={v} value={v} label={labels[v]} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** A time of day 'hh:mm', labelled as Brasília time (planning §9 "Reference term"). */
export function TimeField({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (next: string | null) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  return (
    <MaskedInput
      mask="time"
      label={`${label} (horário de Brasília)`}
      value={value ?? ""}
      onChange={(masked) => onChange(masked === "" ? null : masked)}
      error={error}
      styles={redLabel(error)}
      required={required}
    />
  );
}

/** The radio 'Critério de Julgamento' of steps 8 and 9 (dispensationForm). */
export function JudgementCriterionField({
  value,
  onChange,
  error,
  required,
}: {
  value: ReferenceTermJudgementCriterion | null | undefined;
  onChange: (next: ReferenceTermJudgementCriterion) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  return (
    <EnumRadio
      label="Critério de Julgamento"
      values={REFERENCE_TERM_JUDGEMENT_CRITERIA}
      labels={REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
    />
  );
}
