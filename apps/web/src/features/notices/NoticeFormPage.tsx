import {
  MODALITIES,
  MODALITY_LABELS,
  type Modality,
  SUB_MODALITIES_BY_MODALITY,
  SUB_MODALITY_LABELS,
  type SubModality,
} from "@certame/domain";
import { Badge, Button, FileButton, Group, Loader, Stack, Text } from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconFileImport, IconLock } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { useFocusFirstInvalid } from "../../ui/form-errors";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { CONNECTION_ERROR_MESSAGE, GENERIC_ERROR_TITLE } from "../../ui/texts";
import { useSession } from "../auth/session";
import { PncpCheckAlert } from "../pncp-publications/PncpCheckAlert";
import {
  createNotice,
  editNotice,
  importNoticeFile,
  listLawClauses,
  listLegislations,
  listPreQualifications,
  type Notice,
  readBuyer,
} from "./api";
import { CREATED_NOTICES_KEY } from "./CreatedNotices";
import { NoticeDatesSection } from "./NoticeDatesSection";
import type { NoticeFormSectionProps } from "./NoticeFormSection";
import { NoticeIdentificationSection } from "./NoticeIdentificationSection";
import { NoticeOptionsSection } from "./NoticeOptionsSection";
import { NoticeProcessLink } from "./NoticeProcessLink";
import { NoticeResponsiblesSection } from "./NoticeResponsiblesSection";
import { NoticeRulesSection } from "./NoticeRulesSection";
import {
  formErrors,
  formToPayload,
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
import { useNotice } from "./useNotice";

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
  const { ref: formRef, refused } = useFocusFirstInvalid<HTMLDivElement>();

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

  const sectionProps: NoticeFormSectionProps = { form, set, setForm, fieldProps, shown, locked };

  const advance = async () => {
    setShowErrors(true);
    if (Object.keys(localErrors).length > 0 || missing.length > 0) {
      refused();
      return;
    }
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
        refused();
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
            <NoticeProcessLink process={loaded?.process} />
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
      <Stack
        ref={formRef}
        gap="md"
        component="form"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Formulário do edital"
      >
        <NoticeIdentificationSection {...sectionProps} />
        <NoticeResponsiblesSection
          {...sectionProps}
          loaded={loaded}
          buyer={buyer.data}
          buyerError={buyer.isError ? buyer.error : null}
        />
        <NoticeDatesSection {...sectionProps} />
        <NoticeRulesSection
          {...sectionProps}
          legislations={legislations.data}
          legislationsLoading={legislations.isPending}
          lawClauses={lawClauses.data}
          preQualifications={preQualifications.data}
        />
        <NoticeOptionsSection {...sectionProps} />
        {id && <PncpCheckAlert noticeId={id} />}
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
