import {
  MODALITIES,
  MODALITY_LABELS,
  type Modality,
  NOTICE_LIMITS,
  SUB_MODALITIES_BY_MODALITY,
  SUB_MODALITY_LABELS,
  type SubModality,
} from "@certame/domain";
import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { EMPTY_SELECT_TEXT } from "../../ui/texts";
import { type NoticeFormSectionProps, options, Section } from "./NoticeFormSection";
import { changeModality } from "./notice-form-model";

/** 'Identificação do processo': modality, numbers, year, agreement, object. */
export function NoticeIdentificationSection({
  form,
  set,
  setForm,
  fieldProps,
  shown,
}: NoticeFormSectionProps) {
  return (
    <Section title="Identificação do processo">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Select
          label="Modalidade"
          data={MODALITIES.map((m) => ({ value: m, label: MODALITY_LABELS[m] }))}
          value={form.modality}
          onChange={(v) => v && setForm((f) => changeModality(f, v as Modality))}
          allowDeselect={false}
          searchable
          nothingFoundMessage={EMPTY_SELECT_TEXT}
          {...fieldProps("modality")}
        />
        <Select
          label="Submodalidade"
          data={options(SUB_MODALITIES_BY_MODALITY[form.modality], SUB_MODALITY_LABELS)}
          value={form.subModality}
          onChange={(v) => v && setForm((f) => changeModality(f, f.modality, v as SubModality))}
          allowDeselect={false}
          {...fieldProps("subModality")}
        />
        <TextInput
          label="Número do edital/aviso"
          value={form.noticeNumber}
          maxLength={NOTICE_LIMITS.noticeNumberMax}
          onChange={(e) => set("noticeNumber", e.currentTarget.value)}
          {...fieldProps("noticeNumber")}
        />
        <TextInput
          label="Número do processo"
          value={form.processNumber}
          maxLength={NOTICE_LIMITS.processNumberMax}
          onChange={(e) => set("processNumber", e.currentTarget.value)}
          {...fieldProps("processNumber")}
        />
        <TextInput
          label="Ano da compra"
          value={form.purchaseYear}
          maxLength={NOTICE_LIMITS.purchaseYearLength}
          inputMode="numeric"
          onChange={(e) => set("purchaseYear", e.currentTarget.value.replace(/\D/g, ""))}
          {...fieldProps("purchaseYear")}
        />
        <TextInput
          label="Número do convênio"
          placeholder="Opcional, de 6 a 30 caracteres"
          value={form.agreementNumber}
          maxLength={NOTICE_LIMITS.agreementNumberMax}
          onChange={(e) => set("agreementNumber", e.currentTarget.value)}
          {...fieldProps("agreementNumber")}
        />
      </SimpleGrid>
      <CountedTextarea
        mt="md"
        label="Objeto"
        value={form.objectOfInterest}
        maxLength={NOTICE_LIMITS.objectOfInterestMax}
        onChange={(v) => set("objectOfInterest", v)}
        {...fieldProps("objectOfInterest")}
        rightSection={undefined}
      />
      {shown.has("reasonOfInPersonModality") && (
        <CountedTextarea
          mt="md"
          label="Justificativa da modalidade presencial"
          value={form.reasonOfInPersonModality}
          maxLength={NOTICE_LIMITS.reasonOfInPersonModalityMax}
          onChange={(v) => set("reasonOfInPersonModality", v)}
          {...fieldProps("reasonOfInPersonModality")}
          rightSection={undefined}
        />
      )}
    </Section>
  );
}
