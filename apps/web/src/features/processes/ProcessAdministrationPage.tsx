import {
  ETP_MODALITY_LABELS,
  ETP_SUB_MODALITY_LABELS,
  formatBRL,
  PROCESS_STATUS_LABELS,
  PROCESS_STEP_KIND_LABELS,
  type ProcessStepKind,
  REQUIRED_FIELD_MESSAGE,
  RISK_LEVEL_LABELS,
  toScaled,
} from "@certame/domain";
import {
  Accordion,
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { editProcessNumber, type ProcessDetail, processKeys, readProcess } from "./api";
import { DocumentStep, type StepProps } from "./DocumentStep";
import { NoticeStep, offersSync } from "./NoticeStep";
import { civilDateText } from "./ProcessesPage";
import { PublicationStep } from "./PublicationStep";
import { SupplierStep } from "./SupplierStep";
import { PROCESS_TEXTS as T } from "./texts";

const LIST_PATH = "/cadastrar/processos";

const SUPPLIER_STEPS = new Set<ProcessStepKind>([
  "SIGN_MINUTE",
  "SIGN_CONTRACT",
  "PNCP_MINUTE",
  "PNCP_CONTRACT",
]);

/**
 * A step's panel by kind (planning §2.3): the notice (step 6) and the publication (step 9) have their
 * own; the signature and national-portal steps list the homologated suppliers; the others are
 * document steps.
 */
function StepPanel(props: StepProps) {
  const { kind } = props.step;
  if (kind === "AUCTION_NOTICE") return <NoticeStep {...props} />;
  if (kind === "PUBLICATION") return <PublicationStep {...props} />;
  if (SUPPLIER_STEPS.has(kind)) return <SupplierStep {...props} />;
  return <DocumentStep {...props} />;
}

/** 'Valor Total do Processo' in BRL, rounded to cents ('-' while an item has no reference price). */
const totalText = (total: number | null) =>
  total == null ? T.placeholder : formatBRL(toScaled(total, 2), 2);

/** A code's label, or '-' while the document that fills it is not written (§2.3). */
const labelOf = (labels: Record<string, string>, code: string | null | undefined) =>
  (code && labels[code]) || T.placeholder;

/** A label and its value of 'Dados Gerais do Processo'. */
function Datum({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}

/** 'Nº do Processo' edited inline (§2.3): Enter or 'Editar' saves. */
function ProcessNumberField({ process }: { process: ProcessDetail }) {
  const client = useQueryClient();
  const [value, setValue] = useState(process.processNumber);
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, refused } = useFocusFirstInvalid();
  useEffect(() => setValue(process.processNumber), [process.processNumber]);

  const save = useMutation({
    mutationFn: (processNumber: string) => editProcessNumber(process.id, processNumber),
    onSuccess: (saved) => {
      client.setQueryData(processKeys.detail(process.id), saved);
      void client.invalidateQueries({ queryKey: processKeys.list });
      notifySuccess(T.saved, T.savedTitle);
    },
    onError: (failure) => {
      const property =
        failure instanceof ApiError
          ? failure.properties.find((p) => p.property === "processNumber")
          : undefined;
      const message = property?.errorMessages[0] ?? serverMessageOr(failure);
      setError(message);
      refused();
      notifyError(T.saveError, message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!next) {
      setError(REQUIRED_FIELD_MESSAGE);
      refused();
      return;
    }
    if (next === process.processNumber || save.isPending) return;
    save.mutate(next);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <TextInput
        label={T.numberField}
        withAsterisk
        aria-required
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
        maw={460}
        // The button sits beside the input itself, under the label and above an error.
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            <Button type="submit" variant="light" loading={save.isPending}>
              {T.edit}
            </Button>
          </Group>
        )}
      />
    </form>
  );
}

/** /cadastrar/processos/:id/edicao (planning §2.3): the general data and the process's steps. */
export function ProcessAdministrationPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  // Read afresh on every visit: the steps' statuses and the general data come from the wizards' saves.
  const query = useQuery({
    queryKey: processKeys.detail(id),
    queryFn: () => readProcess(id),
    refetchOnMount: "always",
  });

  // §8: 'Erro ao localizar o processo', then back to the list.
  useEffect(() => {
    if (!query.isError) return;
    notifyError(T.loadError, serverMessageOr(query.error));
    navigate(LIST_PATH, { replace: true });
  }, [query.isError, query.error, navigate]);

  const back = (
    <Tooltip label={T.back}>
      <ActionIcon variant="default" size="lg" aria-label={T.back} onClick={() => navigate(LIST_PATH)}>
        <IconArrowLeft size={18} />
      </ActionIcon>
    </Tooltip>
  );

  const process = query.data;
  const etp = process?.preliminaryTechnicalStudy;
  return (
    <>
      <PageTitle title={T.adminTitle} actions={back} />
      {!process ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Carregando" />
        </Center>
      ) : (
        <Stack gap="xl">
          {process.isDeleted && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={T.deletedBanner}
            >
              {T.deletedBannerText}
            </Alert>
          )}
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="general-data-title">
            <Title order={2} fz="lg" c="certame.9" id="general-data-title" mb="sm">
              {T.generalData}
            </Title>
            <Stack gap="md">
              {/* A deleted process reads only (the server refuses the change: §4). */}
              {process.isDeleted ? (
                <SimpleGrid component="dl" cols={1} m={0}>
                  <Datum label={T.numberField} value={process.processNumber} />
                </SimpleGrid>
              ) : (
                <ProcessNumberField process={process} />
              )}
              {/* The other data come from the later steps (demand formalization, ETP, budget, risk
                  matrix, the notice's auctioneers): '-' until they exist (§2.3). */}
              <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
                <Datum
                  label={T.fields.description}
                  value={process.demandFormalization?.description || T.placeholder}
                />
                <Datum label={T.fields.modality} value={labelOf(ETP_MODALITY_LABELS, etp?.modality)} />
                <Datum
                  label={T.fields.subModality}
                  value={labelOf(ETP_SUB_MODALITY_LABELS, etp?.subModality)}
                />
                <Datum label={T.fields.processDate} value={civilDateText(process.processDate)} />
                <Datum
                  label={T.fields.buyingUnit}
                  value={process.secretaries.map((s) => s.name).join(", ") || T.placeholder}
                />
                <Datum label={T.fields.auctioneer} value={process.auctioneers.join(", ") || T.placeholder} />
                <Datum label={T.fields.totalValue} value={totalText(process.totalValue)} />
                <Datum
                  label={T.fields.averageRisk}
                  value={labelOf(RISK_LEVEL_LABELS, process.riskManagement?.processRisk)}
                />
                <Datum
                  label={T.processStatus}
                  value={PROCESS_STATUS_LABELS[process.status] ?? process.status}
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Stack gap="sm" component="section" aria-labelledby="steps-title">
            <Title order={2} fz="lg" c="certame.9" id="steps-title">
              {T.steps}
            </Title>
            {/* A step's panel mounts when it opens (not pre-rendered hidden in a React Activity): its
                buttons act from the first frame they show, with their effects mounted. */}
            <Accordion multiple variant="separated" radius="md" chevronPosition="right" keepMounted={false}>
              {process.steps.map((step, i) => {
                const n = i + 1;
                const label = step.label || PROCESS_STEP_KIND_LABELS[step.kind];
                return (
                  <Accordion.Item key={step.kind} value={step.kind}>
                    <Accordion.Control>
                      <Text fw={600}>{`${n} - ${label}`}</Text>
                      <Text size="sm" c="dimmed">
                        {T.stepSubtitle}
                      </Text>
                      {/* Said on the closed step too: the carry-over waits for the planner's choice. */}
                      {step.kind === "AUCTION_NOTICE" && offersSync(process) && (
                        <Text size="sm" c="orange.9" fw={500}>
                          {T.notice.outOfDateSubtitle}
                        </Text>
                      )}
                    </Accordion.Control>
                    <Accordion.Panel>
                      <StepPanel process={process} step={{ ...step, label }} n={n} />
                    </Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
          </Stack>
        </Stack>
      )}
    </>
  );
}
