import {
  AMOUNT_BIDS_AUTOMATIC_START_OPTIONS,
  allowedClosingKinds,
  allowedJudgementCriteria,
  allowedLicensePhases,
  CLOSING_KIND_LABELS,
  JUDGEMENT_CRITERION_LABELS,
  LICENSE_PHASE_LABELS,
  legislationByIdentifier,
  legislationsFor,
  OFFER_KIND_LABELS,
  OFFER_KINDS,
  PROCESS_PARTICIPATION_LABELS,
  PROCESS_PARTICIPATIONS,
} from "@certame/domain";
import { Select, SimpleGrid } from "@mantine/core";
import { EMPTY_SELECT_TEXT } from "../../ui/texts";
import type { listLawClauses, listLegislations, listPreQualifications } from "./api";
import { type NoticeFormSectionProps, options, Section } from "./NoticeFormSection";
import type { NoticeForm } from "./notice-form-model";

export interface NoticeRulesSectionProps extends NoticeFormSectionProps {
  legislations: Awaited<ReturnType<typeof listLegislations>> | undefined;
  legislationsLoading: boolean;
  lawClauses: Awaited<ReturnType<typeof listLawClauses>> | undefined;
  preQualifications: Awaited<ReturnType<typeof listPreQualifications>> | undefined;
}

/** 'Regras da disputa': criterion, closing, license phase, offer, participation, law. */
export function NoticeRulesSection({
  form,
  set,
  setForm,
  fieldProps,
  shown,
  locked,
  legislations,
  legislationsLoading,
  lawClauses,
  preQualifications,
}: NoticeRulesSectionProps) {
  const allowedLaws = new Set<string>(
    legislationsFor(form.modality, form.subModality).map(
      (identifier) => legislationByIdentifier(identifier).code,
    ),
  );
  const legislationOptions = (legislations ?? [])
    .filter((l) => allowedLaws.has(l.code))
    .map((l) => ({ value: String(l.id), label: l.name }));
  const criteria = allowedJudgementCriteria(form.modality, form.auctionLicensePhase);
  const closings = allowedClosingKinds(form.modality, {
    subModality: form.subModality,
    criterion: form.dispensationForm,
  });
  const phases = allowedLicensePhases(form.modality, form.dispensationForm);

  const setCriterion = (value: string | null) => {
    if (!value) return;
    setForm((f) => {
      const next = { ...f, dispensationForm: value as NoticeForm["dispensationForm"] };
      const ks = allowedClosingKinds(next.modality, {
        subModality: next.subModality,
        criterion: next.dispensationForm,
      });
      if (ks.length && !ks.includes(next.closingKind)) next.closingKind = ks[0] as NoticeForm["closingKind"];
      const ps = allowedLicensePhases(next.modality, next.dispensationForm);
      if (!ps.includes(next.auctionLicensePhase))
        next.auctionLicensePhase = ps[0] as NoticeForm["auctionLicensePhase"];
      return next;
    });
  };

  return (
    <Section title="Regras da disputa">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Select
          label="Critério de julgamento"
          data={options(criteria, JUDGEMENT_CRITERION_LABELS)}
          value={form.dispensationForm}
          onChange={setCriterion}
          allowDeselect={false}
          {...fieldProps("dispensationForm")}
        />
        {shown.has("closingKind") && (
          <Select
            label="Modo de disputa"
            data={options(closings, CLOSING_KIND_LABELS)}
            value={form.closingKind}
            onChange={(v) => v && set("closingKind", v as NoticeForm["closingKind"])}
            allowDeselect={false}
            {...fieldProps("closingKind")}
          />
        )}
        {shown.has("auctionLicensePhase") && (
          <Select
            label="Fase de habilitação"
            data={options(phases, LICENSE_PHASE_LABELS)}
            value={form.auctionLicensePhase}
            onChange={(v) => v && set("auctionLicensePhase", v as NoticeForm["auctionLicensePhase"])}
            allowDeselect={false}
            {...fieldProps("auctionLicensePhase")}
            disabled={locked.has("auctionLicensePhase") || phases.length === 1}
          />
        )}
        <Select
          label="Forma de oferta"
          data={options(OFFER_KINDS, OFFER_KIND_LABELS)}
          value={form.offerKind}
          onChange={(v) => v && set("offerKind", v as NoticeForm["offerKind"])}
          allowDeselect={false}
          {...fieldProps("offerKind")}
        />
        <Select
          label="Participação"
          data={options(PROCESS_PARTICIPATIONS, PROCESS_PARTICIPATION_LABELS)}
          value={form.processParticipation}
          onChange={(v) => v && set("processParticipation", v as NoticeForm["processParticipation"])}
          allowDeselect={false}
          {...fieldProps("processParticipation")}
        />
        <Select
          label="Legislação"
          data={legislationOptions}
          value={form.legislationId}
          onChange={(v) => setForm((f) => ({ ...f, legislationId: v, lawClauseId: null }))}
          clearable
          searchable
          nothingFoundMessage={EMPTY_SELECT_TEXT}
          placeholder={legislationsLoading ? "Carregando..." : "Selecione"}
          {...fieldProps("legislationId")}
        />
        {shown.has("lawClauseId") && (
          <Select
            label="Fundamentação legal"
            data={(lawClauses ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.lawClauseId}
            onChange={(v) => set("lawClauseId", v)}
            searchable
            nothingFoundMessage={EMPTY_SELECT_TEXT}
            placeholder={form.legislationId ? "Selecione" : "Escolha antes a legislação"}
            {...fieldProps("lawClauseId")}
            rightSection={undefined}
          />
        )}
        {shown.has("amountBidsAutomaticStart") && (
          <Select
            label="Quantidade de lotes para início automático"
            data={AMOUNT_BIDS_AUTOMATIC_START_OPTIONS.map((n) => ({
              value: String(n),
              label: String(n),
            }))}
            value={form.amountBidsAutomaticStart ? String(form.amountBidsAutomaticStart) : null}
            onChange={(v) => set("amountBidsAutomaticStart", v ? Number(v) : 0)}
            {...fieldProps("amountBidsAutomaticStart")}
          />
        )}
        {shown.has("preQualificationId") && (
          <Select
            label="Pré-qualificação"
            data={(preQualifications ?? []).map((p) => ({
              value: String(p.id),
              label: p.noticeNumber,
            }))}
            value={form.preQualificationId}
            onChange={(v) => set("preQualificationId", v)}
            nothingFoundMessage={EMPTY_SELECT_TEXT}
            {...fieldProps("preQualificationId")}
          />
        )}
      </SimpleGrid>
    </Section>
  );
}
