import {
  AMOUNT_BIDS_AUTOMATIC_START_OPTIONS,
  allowedClosingKinds,
  allowedJudgementCriteria,
  allowedLicensePhases,
  CLOSING_KIND_LABELS,
  clampBidDurationHours,
  isDaysDueInMonths,
  JUDGEMENT_CRITERION_LABELS,
  LICENSE_PHASE_LABELS,
  legislationByIdentifier,
  legislationsFor,
  MODALITIES,
  MODALITY_LABELS,
  type Modality,
  NOTICE_LIMITS,
  OFFER_KIND_LABELS,
  OFFER_KINDS,
  PROCESS_PARTICIPATION_LABELS,
  PROCESS_PARTICIPATIONS,
  responsiblePersonLabel,
  SUB_MODALITIES_BY_MODALITY,
  SUB_MODALITY_LABELS,
  type SubModality,
} from "@certame/domain";
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconFileImport,
  IconLock,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { CONNECTION_ERROR_MESSAGE, EMPTY_SELECT_TEXT, GENERIC_ERROR_TITLE } from "../../ui/texts";
import { useSession } from "../auth/session";
import {
  createNotice,
  editNotice,
  importNoticeFile,
  listLawClauses,
  listLegislations,
  listPreQualifications,
  type Notice,
  readBuyer,
  readNotice,
} from "./api";
import { CREATED_NOTICES_KEY } from "./CreatedNotices";
import {
  changeModality,
  formErrors,
  formToPayload,
  isBidDurationShown,
  legalMinimumHint,
  lockedFormFields,
  missingRequired,
  type NoticeForm,
  type NoticeFormField,
  newNoticeForm,
  noticeToForm,
  propertyToField,
  requiredFormFields,
  visibleFields,
} from "./notice-form-model";
import { NOTICE_TEXTS } from "./texts";

export const noticeQueryKey = (id: string) => ["notices", "read", id] as const;

/** The notice being edited (app/auction/read); 'Erro ao localizar edital' and back when it fails. */
export function useNotice(id: string | undefined) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: noticeQueryKey(id ?? ""),
    queryFn: () => readNotice(id as string),
    enabled: Boolean(id),
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      notifyError(undefined, NOTICE_TEXTS.loadError);
      navigate(-1);
    }
  }, [failed, navigate]);
  return query;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="md" fw={700} c="certame.8" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));

export function NoticeFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const notice = useNotice(id);
  const editing = Boolean(id);

  const initialModality = (params.get("modalidade") as Modality | null) ?? "ELECTRONIC_AUCTION";
  const initialSub = (params.get("submodalidade") as SubModality | null) ?? undefined;
  const [form, setForm] = useState<NoticeForm>(() =>
    newNoticeForm(
      MODALITIES.includes(initialModality) ? initialModality : "ELECTRONIC_AUCTION",
      initialSub && SUB_MODALITIES_BY_MODALITY[initialModality]?.includes(initialSub)
        ? initialSub
        : undefined,
      new Date(),
    ),
  );
  const [serverErrors, setServerErrors] = useState<Partial<Record<NoticeFormField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);

  const loaded = notice.data;
  useEffect(() => {
    if (loaded) setForm(noticeToForm(loaded));
  }, [loaded]);

  const buyerId = user?.buyer?.id ? String(user.buyer.id) : undefined;
  const buyer = useQuery({
    queryKey: ["buyer", buyerId],
    queryFn: () => readBuyer(buyerId as string),
    enabled: Boolean(buyerId),
  });
  const legislations = useQuery({
    queryKey: ["reference", "legislations"],
    queryFn: listLegislations,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shown = visibleFields(form);
  const lawClauses = useQuery({
    queryKey: ["reference", "lawClauses", form.modality, form.legislationId, form.subModality],
    queryFn: () => listLawClauses(form.modality, Number(form.legislationId), form.subModality),
    enabled: shown.has("lawClauseId") && Boolean(form.legislationId),
  });
  const preQualifications = useQuery({
    queryKey: ["notices", "preQualifications"],
    queryFn: listPreQualifications,
    enabled: shown.has("preQualificationId"),
  });
  const referenceFailed = legislations.isError || lawClauses.isError || preQualifications.isError;
  useEffect(() => {
    if (referenceFailed) notifyError(GENERIC_ERROR_TITLE, CONNECTION_ERROR_MESSAGE);
  }, [referenceFailed]);

  const locked = useMemo(() => lockedFormFields(loaded ?? null, new Date()), [loaded]);
  const required = requiredFormFields(form.modality);
  const missing = missingRequired(form);
  const stored = useMemo(() => (loaded ? noticeToForm(loaded) : null), [loaded]);
  const localErrors = formErrors(form, { now: new Date(), stored, locked });

  const set = <K extends NoticeFormField>(key: K, value: NoticeForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };

  const fieldProps = (key: NoticeFormField) => ({
    disabled: locked.has(key),
    withAsterisk: required.has(key),
    error: serverErrors[key] ?? (showErrors || form[key] ? localErrors[key] : undefined),
    rightSection: locked.has(key) ? <IconLock size={14} aria-label="Campo bloqueado" /> : undefined,
  });

  const allowedLaws = new Set<string>(
    legislationsFor(form.modality, form.subModality).map(
      (identifier) => legislationByIdentifier(identifier).code,
    ),
  );
  const legislationOptions = (legislations.data ?? [])
    .filter((l) => allowedLaws.has(l.code))
    .map((l) => ({ value: String(l.id), label: l.name }));
  const staff = buyer.data?.staffMembers ?? [];
  const staffOptions = (role: string) =>
    staff.filter((s) => s.role.includes(role)).map((s) => ({ value: String(s.id), label: s.user.name }));
  const secretaryOptions = (buyer.data?.secretaries ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  // Keep the stored people selectable even when the body's list has not loaded them.
  const withStored = (
    opts: { value: string; label: string }[],
    stored: { id: string; name?: string; user?: { name: string } }[] | undefined,
  ) => {
    const out = [...opts];
    for (const s of stored ?? []) {
      if (!out.some((o) => o.value === String(s.id)))
        out.push({ value: String(s.id), label: s.name ?? s.user?.name ?? String(s.id) });
    }
    return out;
  };

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

  const advance = async () => {
    setShowErrors(true);
    if (Object.keys(localErrors).length > 0 || missing.length > 0) return;
    setSaving(true);
    try {
      const payload = formToPayload(form, locked);
      let noticeId = id;
      if (id) {
        await editNotice(id, payload);
        notifySuccess(NOTICE_TEXTS.updated);
      } else {
        noticeId = (await createNotice(payload)).id;
        notifySuccess(NOTICE_TEXTS.created);
      }
      await client.invalidateQueries({ queryKey: ["notices"] });
      navigate(`/cadastrar/editais/${noticeId}/lotes-do-edital`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0) {
        const errors: Partial<Record<NoticeFormField, string>> = {};
        for (const p of error.properties) {
          const field = propertyToField(p.property);
          if (field && p.errorMessages[0] && !errors[field]) errors[field] = p.errorMessages[0];
        }
        setServerErrors(errors);
        notifyError(undefined, errorMessageOf(error));
      } else {
        notifyApiError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    try {
      const created = await importNoticeFile(file);
      notifySuccess(NOTICE_TEXTS.imported);
      await client.invalidateQueries({ queryKey: CREATED_NOTICES_KEY });
      navigate(`/cadastrar/editais/${created.id}/formulario`);
    } catch (error) {
      notifyApiError(error, NOTICE_TEXTS.importError);
    }
  };

  if (editing && notice.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Group>
    );
  }

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

  const statusNote = loaded && loaded.status !== "PENDING" && (
    <Badge variant="light" color="orange" size="lg" tt="none">
      Campos bloqueados conforme a situação e as datas do processo
    </Badge>
  );

  return (
    <>
      <PageTitle
        title="Preenchimento básico"
        description={`${MODALITY_LABELS[form.modality]} — ${SUB_MODALITY_LABELS[form.subModality]}`}
        actions={
          <Group gap="sm">
            {statusNote}
            {!editing && (
              <FileButton onChange={(f) => void importFile(f)} accept=".json,application/json">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFileImport size={16} />}>
                    Importar edital
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        }
      />
      <Stack gap="md" component="form" onSubmit={(e) => e.preventDefault()} aria-label="Formulário do edital">
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

        <Section title="Responsáveis">
          <SimpleGrid cols={{ base: 1, md: shown.has("auctioneers") ? 3 : 1 }} spacing="md">
            <MultiSelect
              label="Unidade compradora"
              data={withStored(secretaryOptions, loaded?.secretaryOffice)}
              value={form.secretaryOffice}
              onChange={(v) => set("secretaryOffice", v)}
              searchable
              nothingFoundMessage={EMPTY_SELECT_TEXT}
              {...fieldProps("secretaryOffice")}
              rightSection={undefined}
            />
            {shown.has("auctioneers") && (
              <MultiSelect
                label={responsiblePersonLabel(form.modality)}
                data={withStored(staffOptions("AUCTIONEER"), loaded?.auctioneers)}
                value={form.auctioneers}
                onChange={(v) => set("auctioneers", v)}
                searchable
                nothingFoundMessage={EMPTY_SELECT_TEXT}
                {...fieldProps("auctioneers")}
                rightSection={undefined}
              />
            )}
            {shown.has("supportingStaff") && (
              <MultiSelect
                label="Equipe de apoio"
                data={withStored(staffOptions("SUPPORT_STAFF"), loaded?.supportingStaff)}
                value={form.supportingStaff}
                onChange={(v) => set("supportingStaff", v)}
                searchable
                nothingFoundMessage={EMPTY_SELECT_TEXT}
                {...fieldProps("supportingStaff")}
                rightSection={undefined}
              />
            )}
          </SimpleGrid>
          {buyer.isError && (
            <Alert mt="md" color="red" icon={<IconAlertCircle size={18} />}>
              Não foi possível carregar as unidades e a equipe do órgão: {errorMessageOf(buyer.error)}
            </Alert>
          )}
        </Section>

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
                onChange={(v) =>
                  set("disputeInterestManifestationMinimumDuration", v === "" ? null : Number(v))
                }
                min={0}
                allowDecimal={false}
                {...fieldProps("disputeInterestManifestationMinimumDuration")}
              />
            )}
          </SimpleGrid>
        </Section>

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
              placeholder={legislations.isPending ? "Carregando..." : "Selecione"}
              {...fieldProps("legislationId")}
            />
            {shown.has("lawClauseId") && (
              <Select
                label="Fundamentação legal"
                data={(lawClauses.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
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
                data={(preQualifications.data ?? []).map((p) => ({
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

        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate("/cadastrar/editais")}
          >
            Voltar
          </Button>
          <Group gap="sm">
            {missing.length > 0 && (
              <Text size="sm" c="dimmed">
                Preencha os campos obrigatórios para avançar.
              </Text>
            )}
            <Button
              rightSection={<IconArrowRight size={16} />}
              disabled={missing.length > 0}
              loading={saving}
              onClick={() => void advance()}
            >
              Avançar
            </Button>
          </Group>
        </Group>
      </Stack>
    </>
  );
}

export type { Notice };
