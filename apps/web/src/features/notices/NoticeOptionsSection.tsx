import { SimpleGrid, Switch } from "@mantine/core";
import { type NoticeFormSectionProps, Section } from "./NoticeFormSection";
import type { NoticeFormField } from "./notice-form-model";

/** 'Opções do processo': the notice's switches. */
export function NoticeOptionsSection({ form, set, shown, locked }: NoticeFormSectionProps) {
  const flag = (key: NoticeFormField, label: string) =>
    shown.has(key) && (
      <Switch
        key={key}
        label={label}
        checked={Boolean(form[key])}
        disabled={locked.has(key)}
        onChange={(e) => set(key, e.currentTarget.checked as never)}
      />
    );

  return (
    <Section title="Opções do processo">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {flag("canPublishOnPncp", "Publicar no PNCP")}
        {flag("shouldDiscloseReferencePrice", "Divulgar preço de referência")}
        {flag("isSrp", "Sistema de Registro de Preços (SRP)")}
        {flag("canApplyTiebreaker", "Aplicar critérios de desempate")}
        {flag("isInitialProposalsRequired", "Exigir propostas iniciais")}
        {flag("isTechnicalDataSheetAttachmentRequired", "Exigir ficha técnica")}
        {flag("isProposalGuaranteeRequired", "Exigir garantia de proposta")}
        {flag("canApplyRegionalPreference", "Aplicar preferência regional")}
        {flag("isBidsAutomaticStart", "Início automático dos lances")}
        {flag("canShowProcessResult", "Exibir resultado do processo")}
        {flag("isAllowedChangeQuantity", "Permitir alterar quantidades")}
        {flag("hasPreQualification", "Processo com pré-qualificação")}
        {flag("isAllowedParticipantNonPreQualification", "Permitir participantes não pré-qualificados")}
        <Switch
          label="Indicar documentos de habilitação"
          checked={form.canIndicateQualificationDocument}
          onChange={(e) => set("canIndicateQualificationDocument", e.currentTarget.checked)}
        />
      </SimpleGrid>
    </Section>
  );
}
