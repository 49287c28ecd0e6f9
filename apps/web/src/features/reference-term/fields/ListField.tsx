import { Button, Group, NumberInput, Stack, Table, Text, Textarea, TextInput } from "@mantine/core";
import { type ReactNode, useId, useState } from "react";
import { ScrollTable } from "../../../ui/data-table/ScrollTable";
import { MaskedInput } from "../../../ui/inputs/MaskedInput";
import { MoneyInput } from "../../../ui/inputs/MoneyInput";
import { AppModal } from "../../../ui/modal/AppModal";
import { type FieldErrorProp, firstError } from "./errors";

/** The longest text of a reference-term field (planning §5 "Reference term": texts up to 5000 characters). */
export const TEXT_MAX_LENGTH = 5000;

export type ListFieldKind = "text" | "textarea" | "number" | "date" | "money" | "time";

export interface ListFieldInput {
  key: string;
  label: string;
  kind: ListFieldKind;
}

export interface ListFieldColumn<T> {
  header: string;
  render: (row: T, index: number) => ReactNode;
}

export interface ListFieldProps<T extends Record<string, unknown>> {
  title: string;
  addLabel: string;
  modalTitle: string;
  /** The modal's inputs: every one is required. */
  fields: readonly ListFieldInput[];
  columns: readonly ListFieldColumn<T>[];
  value: T[];
  onChange: (next: T[]) => void;
  error?: FieldErrorProp;
  /** The entry's sequence field: 'id' (default) or 'number' (planning §9: list length + 1, renumbered on delete). */
  numberKey?: "id" | "number";
  emptyText?: string;
}

type Draft = Record<string, string | number | null>;

const emptyDraft = (fields: readonly ListFieldInput[]): Draft =>
  Object.fromEntries(fields.map((f) => [f.key, f.kind === "number" || f.kind === "money" ? null : ""]));

const isFilled = (field: ListFieldInput, value: string | number | null | undefined): boolean => {
  if (value === null || value === undefined) return false;
  if (typeof value === "number") return Number.isFinite(value);
  if (field.kind === "time") return /^\d{2}:\d{2}$/.test(value);
  return value.trim() !== "";
};

/** Renumbers the entries 1..n in their sequence field (planning §9 "Reference term"). */
export function renumber<T extends Record<string, unknown>>(
  rows: readonly T[],
  numberKey: "id" | "number",
): T[] {
  return rows.map((row, index) => ({ ...row, [numberKey]: index + 1 }));
}

/**
 * A list of a reference-term chapter (planning §2.10, §5 "Lists and paragraphs"): a table of the
 * entries with 'Excluir' on each row, and an add button opening a modal where every field is
 * required ('Confirmar' stays disabled until all are filled). A new entry gets the list length + 1
 * as its id/number; the entries are renumbered on delete. Money is typed in R$ and kept in cents.
 */
export function ListField<T extends Record<string, unknown>>({
  title,
  addLabel,
  modalTitle,
  fields,
  columns,
  value,
  onChange,
  error,
  numberKey = "id",
  emptyText = "Nenhum item adicionado",
}: ListFieldProps<T>) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(fields));
  const titleId = useId();
  const errorId = useId();
  const message = firstError(error);
  const complete = fields.every((f) => isFilled(f, draft[f.key]));

  const open = () => {
    setDraft(emptyDraft(fields));
    setOpened(true);
  };
  const confirm = () => {
    if (!complete) return;
    const entry: Record<string, unknown> = { [numberKey]: value.length + 1 };
    for (const f of fields) {
      const v = draft[f.key];
      entry[f.key] = typeof v === "string" ? v.trim() : v;
    }
    onChange([...value, entry as T]);
    setOpened(false);
  };
  const remove = (index: number) =>
    onChange(
      renumber(
        value.filter((_, i) => i !== index),
        numberKey,
      ),
    );
  const set = (key: string, next: string | number | null) => setDraft((d) => ({ ...d, [key]: next }));

  return (
    <Stack gap="xs" aria-labelledby={titleId} role="group">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text id={titleId} fw={600} c={message ? "var(--mantine-color-error)" : undefined}>
          {title}
        </Text>
        <Button variant="light" size="xs" onClick={open} aria-describedby={message ? errorId : undefined}>
          {addLabel}
        </Button>
      </Group>
      <ScrollTable label={title} minWidth={Math.max(320, (columns.length + 1) * 120)} striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th>Excluir</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text size="sm" c="dimmed">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            value.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are numbered by position
              <Table.Tr key={index}>
                {columns.map((c) => (
                  <Table.Td key={c.header} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                    {c.render(row, index)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => remove(index)}
                    aria-label={`Excluir ${title} ${index + 1}`}
                  >
                    Excluir
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ScrollTable>
      {message && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {message}
        </Text>
      )}
      <AppModal opened={opened} onClose={() => setOpened(false)} title={modalTitle} size="lg">
        <Stack gap="sm">
          {fields.map((f) => (
            <ListInput key={f.key} field={f} value={draft[f.key] ?? null} onChange={(v) => set(f.key, v)} />
          ))}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancelar
            </Button>
            <Button onClick={confirm} disabled={!complete}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

function ListInput({
  field,
  value,
  onChange,
}: {
  field: ListFieldInput;
  value: string | number | null;
  onChange: (next: string | number | null) => void;
}) {
  const common = { label: field.label, required: true };
  switch (field.kind) {
    case "textarea":
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxLength={TEXT_MAX_LENGTH}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "number":
      return (
        <NumberInput
          {...common}
          value={typeof value === "number" ? value : ""}
          onChange={(next) => onChange(typeof next === "number" && Number.isFinite(next) ? next : null)}
          decimalSeparator=","
          thousandSeparator="."
          allowNegative={false}
          hideControls
        />
      );
    case "money":
      return (
        <MoneyInput
          {...common}
          value={typeof value === "number" ? value : null}
          onChange={(next) => onChange(next)}
        />
      );
    case "date":
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "time":
      return (
        <MaskedInput
          {...common}
          mask="time"
          label={`${field.label} (horário de Brasília)`}
          value={typeof value === "string" ? value : ""}
          onChange={(masked) => onChange(masked)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          maxLength={TEXT_MAX_LENGTH}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
