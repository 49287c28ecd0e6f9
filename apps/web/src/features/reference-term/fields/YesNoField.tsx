import { Group, Radio } from "@mantine/core";
import { type FieldErrorProp, firstError } from "./errors";

export interface YesNoFieldProps {
  label: string;
  value?: boolean | null;
  onChange: (value: boolean) => void;
  error?: FieldErrorProp;
  required?: boolean;
}

/** A yes/no question (planning §2.10): radios 'Sim' / 'Não', the error under them, the label red on error. */
export function YesNoField({ label, value, onChange, error, required }: YesNoFieldProps) {
  const message = firstError(error);
  return (
    <Radio.Group
      label={label}
      value={value === true ? "true" : value === false ? "false" : ""}
      onChange={(next) => onChange(next === "true")}
      error={message}
      required={required}
      styles={message ? { label: { color: "var(--mantine-color-error)" } } : undefined}
    >
      <Group mt="xs" gap="lg">
        <Radio value="true" label="Sim" />
        <Radio value="false" label="Não" />
      </Group>
    </Radio.Group>
  );
}
