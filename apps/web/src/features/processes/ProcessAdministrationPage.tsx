import {
  ETP_MODALITY_LABELS,
  ETP_SUB_MODALITY_LABELS,
  formatBrasiliaDate,
  PROCESS_STEP_KIND_LABELS,
  type ProcessStepKind,
  REQUIRED_FIELD_MESSAGE,
  RISK_LEVEL_LABELS,
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
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconFileTypePdf } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { dfdPdfUrl } from "../demand-formalization/api";
import { etpPdfUrl } from "../preliminary-technical-study/api";
import { riskMapPdfUrl } from "../risk-matrix/api";
import { editProcessNumber, type ProcessDetail, type ProcessStep, processKeys, readProcess } from "./api";
import { civilDateText } from "./ProcessesPage";
import { PROCESS_TEXTS as T } from "./texts";

const LIST_PATH = "/cadastrar/processos";

const SUPPLIER_STEPS = new Set<ProcessStepKind>([
  "SIGN_MINUTE",
  "SIGN_CONTRACT",
  "PNCP_MINUTE",
  "PNCP_CONTRACT",
]);

/**
 * A step's panel table by kind (planning §2.3): the document steps, the publication, and the
 * signature and national-portal steps, which list suppliers (none exist before a publication).
 */
function stepTable(step: ProcessStep): { columns: string[]; cells: string[] | null } {
  const c = T.stepColumns;
  const status = T.stepStatus[step.status] ?? step.status;
  if (SUPPLIER_STEPS.has(step.kind))
    return { columns: [c.supplier, c.sentDate, c.status, c.buyerStatus, c.supplierStatus], cells: null };
  if (step.kind === "PUBLICATION")
    return {
      columns: [c.publicationDate, c.status, c.homologationDate],
      cells: [T.placeholder, status, T.placeholder],
    };
  return {
    columns: [c.updatedDate, c.status, c.signatures],
    cells: [
      step.updatedDate ? formatBrasiliaDate(step.updatedDate) : T.placeholder,
      status,
      step.signatures.length > 0 ? String(step.signatures.length) : T.placeholder,
    ],
  };
}

/** The planning steps whose wizard exists, with their document's PDF (issue 15 item 6). */
const WIZARDS: Partial<Record<ProcessStepKind, { pdf?: (processId: string) => string }>> = {
  DEMAND_FORMALIZATION: { pdf: dfdPdfUrl },
  PRELIMINARY_TECHNICAL_STUDY: { pdf: etpPdfUrl },
  RISK_MANAGEMENT: { pdf: riskMapPdfUrl },
  // The budget's document is the price research report (.docx), downloaded from its own screen.
  BUDGET: {},
  // The reference term's PDF is a POST (app/referenceTerm/pdf), downloaded from its own screen.
  REFERENCE_TERM: {},
};

function StepPanel({ step, n, processId }: { step: ProcessStep; n: number; processId: string }) {
  const navigate = useNavigate();
  const { columns, cells } = stepTable(step);
  const wizard = step.slug ? WIZARDS[step.kind] : undefined;
  return (
    <Stack gap="sm">
      {/* On a phone the step's table scrolls sideways in a focusable region (axe scrollable-region-focusable). */}
      <ScrollTable label={`${n} - ${step.label}`} minWidth={columns.length * 130} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {cells ? (
              cells.map((value, i) => <Table.Td key={columns[i]}>{value}</Table.Td>)
            ) : (
              <Table.Td colSpan={columns.length}>{EMPTY_TABLE_TEXT}</Table.Td>
            )}
          </Table.Tr>
        </Table.Tbody>
      </ScrollTable>
      <Group gap="sm" align="center" wrap="wrap">
        {wizard ? (
          <>
            <Button
              size="xs"
              variant="light"
              aria-label={`${T.createOrEdit} ${step.label}`}
              onClick={() => navigate(`/cadastrar/processos/${processId}/${step.slug}`)}
            >
              {T.createOrEdit}
            </Button>
            {wizard.pdf && (
              <Button
                size="xs"
                variant="default"
                component="a"
                href={wizard.pdf(processId)}
                download
                leftSection={<IconFileTypePdf size={14} aria-hidden />}
                aria-label={`${T.downloadPdf} ${step.label}`}
              >
                {T.downloadPdf}
              </Button>
            )}
          </>
        ) : (
          // The steps not built yet say so plainly instead of offering a dead button.
          <Text size="sm" c="dimmed">
            {T.stepUnavailable}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

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
                  matrix): '-' until they exist (§2.3). */}
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
                <Datum label={T.fields.auctioneer} value={T.placeholder} />
                <Datum label={T.fields.totalValue} value={T.placeholder} />
                <Datum
                  label={T.fields.averageRisk}
                  value={labelOf(RISK_LEVEL_LABELS, process.riskManagement?.processRisk)}
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
                    </Accordion.Control>
                    <Accordion.Panel>
                      <StepPanel step={{ ...step, label }} n={n} processId={process.id} />
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
