import { clampBidDurationHours, isDaysDueInMonths } from "@certame/domain";
import { Group, NumberInput, SimpleGrid } from "@mantine/core";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { type NoticeFormSectionProps, Section } from "./NoticeFormSection";
import { isBidDurationShown, legalMinimumHint, type NoticeFormField } from "./notice-form-model";

/** 'Datas e prazos': the proposal window, the session, clarifications, validity and durations. */
export function NoticeDatesSection({ form, set, fieldProps, shown }: NoticeFormSectionProps) {
  const dateTime = (label: string, date: NoticeFormField, time: NoticeFormField, description?: string) => (
    <Group grow align="flex-start" gap="sm">
      <MaskedInput
        mask="date"
        label={label}
        description={description}
        value={form[date] as string}
        onChange={(v) => set(date, v as never)}
        {...fieldProps(date)}
      />
      <MaskedInput
        mask="time"
        label={`Horário — ${label.toLocaleLowerCase("pt-BR")}`}
        value={form[time] as string}
        onChange={(v) => set(time, v as never)}
        {...fieldProps(time)}
        description={description ? " " : undefined}
      />
    </Group>
  );

  return (
    <Section title="Datas e prazos">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {shown.has("proposalsStartDate") &&
          dateTime("Início do recebimento de propostas", "proposalsStartDate", "proposalsStartTime")}
        {shown.has("proposalsEndDate") &&
          dateTime("Fim do recebimento de propostas", "proposalsEndDate", "proposalsEndTime")}
        {dateTime("Data da sessão", "startDate", "startTime", legalMinimumHint(form))}
        {shown.has("clarificationEndDate") &&
          dateTime(
            "Prazo para esclarecimentos",
            "clarificationEndDate",
            "clarificationEndTime",
            "Até 3 dias úteis antes da sessão",
          )}
        {shown.has("daysDue") && (
          <NumberInput
            label={
              isDaysDueInMonths(form.modality) ? "Prazo de validade (meses)" : "Prazo de validade (dias)"
            }
            placeholder={isDaysDueInMonths(form.modality) ? "12 meses" : undefined}
            value={form.daysDue ?? ""}
            onChange={(v) => set("daysDue", v === "" ? null : Number(v))}
            min={0}
            decimalScale={2}
            decimalSeparator=","
            {...fieldProps("daysDue")}
          />
        )}
        {isBidDurationShown(form) && (
          <NumberInput
            label="Duração da disputa (horas)"
            value={form.bidDuration ?? ""}
            onChange={(v) => set("bidDuration", v === "" ? null : Number(v))}
            onBlur={() =>
              form.bidDuration !== null &&
              set("bidDuration", clampBidDurationHours(form.modality, form.closingKind, form.bidDuration))
            }
            min={1}
            max={10}
            decimalScale={2}
            decimalSeparator=","
            {...fieldProps("bidDuration")}
          />
        )}
        {shown.has("disputeInterestManifestationMinimumDuration") && (
          <NumberInput
            label="Duração mínima da fase de manifestação de recurso (minutos)"
            placeholder="10 minutos"
            value={form.disputeInterestManifestationMinimumDuration ?? ""}
            onChange={(v) => set("disputeInterestManifestationMinimumDuration", v === "" ? null : Number(v))}
            min={0}
            allowDecimal={false}
            {...fieldProps("disputeInterestManifestationMinimumDuration")}
          />
        )}
      </SimpleGrid>
    </Section>
  );
}
