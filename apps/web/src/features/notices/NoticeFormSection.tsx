import { Paper, Title } from "@mantine/core";
import type { Dispatch, ReactNode, SetStateAction } from "react";
import type { NoticeForm, NoticeFormField } from "./notice-form-model";

// What the sections of the notice form share (notices-and-accounts §2.5): the form, its setters and
// each field's lock, asterisk and error.

export interface NoticeFieldProps {
  disabled: boolean;
  withAsterisk: boolean;
  error: string | undefined;
  rightSection: ReactNode;
}

export interface NoticeFormSectionProps {
  form: NoticeForm;
  /** Sets one field and clears its server error. */
  set: <K extends NoticeFormField>(key: K, value: NoticeForm[K]) => void;
  setForm: Dispatch<SetStateAction<NoticeForm>>;
  fieldProps: (key: NoticeFormField) => NoticeFieldProps;
  /** The fields the modality shows. */
  shown: Set<NoticeFormField>;
  locked: Set<NoticeFormField>;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="md" fw={700} c="certame.8" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));
