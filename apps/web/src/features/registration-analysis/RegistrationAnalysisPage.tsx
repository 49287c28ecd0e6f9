import {
  formatBrasiliaDateTime,
  formatCnpj,
  formatCpf,
  REJECTION_REASON_MAX_LENGTH,
  REJECTION_REASON_MIN_LENGTH,
  type RegistrationAnalysisListStatus,
} from "@certame/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { serverMessageOr } from "../../api/client";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { DataTable, type DataTableColumn } from "../../ui/data-table/DataTable";
import { PageControls } from "../../ui/data-table/PageControls";
import { AppModal } from "../../ui/modal/AppModal";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { AnalysisDetailView } from "./AnalysisDetail";
import { type AnalysisSummary, approveAnalysis, fetchAnalyses, fetchAnalysis, rejectAnalysis } from "./api";
import { ANALYSIS_TEXTS as T } from "./texts";

const PAGE_SIZE = 20;
const PHONE_QUERY = "(max-width: 47.99em)";

const documentText = (a: AnalysisSummary) =>
  a.subject.documentKind === "CPF" ? formatCpf(a.subject.document) : formatCnpj(a.subject.document);

function DueCell({ analysis }: { analysis: AnalysisSummary }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" span style={{ whiteSpace: "nowrap" }}>
        {formatBrasiliaDateTime(analysis.dueAt)}
      </Text>
      {analysis.overdue && <OverdueBadge />}
    </Stack>
  );
}

/** 'Atrasado': dark red, so its white text keeps the contrast (WCAG AA). */
function OverdueBadge() {
  return (
    <Badge color="red.9" size="sm" style={{ flexShrink: 0 }}>
      {T.overdue}
    </Badge>
  );
}

function decisionText(a: AnalysisSummary) {
  if (!a.decision) return "";
  const what = a.decision === "APPROVED" ? "Aprovado" : "Reprovado";
  return `${what}${a.decidedAt ? ` em ${formatBrasiliaDateTime(a.decidedAt)}` : ""}`;
}

/** The reason modal of 'Reprovar': required, 10 to 2000 characters, with the counter. */
function RejectModal({
  opened,
  name,
  loading,
  onClose,
  onReject,
}: {
  opened: boolean;
  name: string;
  loading: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const text = reason.trim();
    if (text.length < REJECTION_REASON_MIN_LENGTH || text.length > REJECTION_REASON_MAX_LENGTH) {
      setError(
        text.length === 0
          ? "Informe o motivo da reprovação."
          : `O motivo deve ter de ${REJECTION_REASON_MIN_LENGTH} a ${REJECTION_REASON_MAX_LENGTH} caracteres.`,
      );
      return;
    }
    onReject(text);
  };
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={T.rejectTitle}
      size="lg"
      onExitTransitionEnd={() => {
        setReason("");
        setError(null);
      }}
    >
      <Stack gap="md">
        <Text size="sm">{name}</Text>
        <CountedTextarea
          label={T.reasonLabel}
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={REJECTION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (error) setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          {T.reasonDescription}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancelar
          </Button>
          <Button color="red.9" onClick={submit} loading={loading}>
            {T.reject}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** The staff console (/analise-de-cadastros; issue 13 item 4; notices-and-accounts §4, §9). */
export function RegistrationAnalysisPage() {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const client = useQueryClient();
  const [status, setStatus] = useState<RegistrationAnalysisListStatus>("PENDING");
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const list = useQuery({
    queryKey: ["registrationAnalysis", "list", status, page],
    queryFn: () => fetchAnalyses(status, page, PAGE_SIZE),
  });
  const detail = useQuery({
    queryKey: ["registrationAnalysis", "read", openId],
    queryFn: () => fetchAnalysis(openId as string),
    enabled: openId !== null,
  });
  const opened = detail.data;
  const name = opened?.subject.name ?? "";

  const close = () => {
    setOpenId(null);
    setConfirming(false);
    setRejecting(false);
  };

  const decide = useMutation({
    mutationFn: (input: { kind: "approve" } | { kind: "reject"; reason: string }) =>
      input.kind === "approve"
        ? approveAnalysis(openId as string)
        : rejectAnalysis(openId as string, input.reason),
    onSuccess: async (result, input) => {
      const message = input.kind === "approve" ? T.approved(name) : T.rejected(name);
      close();
      setAnnouncement(message);
      notifySuccess(message);
      if ((result as { mailed?: boolean }).mailed === false)
        notifyWarning("E-mail não enviado", T.mailFailed);
      await client.invalidateQueries({ queryKey: ["registrationAnalysis"] });
    },
    onError: async (error) => {
      const message = serverMessageOr(error, T.decideError);
      setConfirming(false);
      setRejecting(false);
      setAnnouncement(message);
      notifyError(T.decideError, message);
      // Someone else may have decided it: the lists show the current state.
      await client.invalidateQueries({ queryKey: ["registrationAnalysis"] });
    },
  });

  const rows = list.data?.analyses ?? [];
  const columns: DataTableColumn<AnalysisSummary>[] = [
    { key: "kind", header: "Tipo", text: (a) => T.kind[a.subjectKind], nowrap: true },
    {
      key: "subject",
      header: "Cadastro",
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {a.subject.name}
          </Text>
          <Text size="xs" c="dimmed">
            {a.subject.documentKind} {documentText(a)}
          </Text>
        </Stack>
      ),
      minWidth: 200,
    },
    {
      key: "submittedAt",
      header: "Concluído em",
      text: (a) => formatBrasiliaDateTime(a.submittedAt),
      nowrap: true,
    },
    status === "PENDING"
      ? { key: "dueAt", header: "Prazo", render: (a) => <DueCell analysis={a} />, minWidth: 130 }
      : { key: "decision", header: "Decisão", text: decisionText, nowrap: true },
    {
      key: "submittedBy",
      header: "Enviado por",
      render: (a) =>
        a.submittedBy ? (
          <Stack gap={0}>
            <Text size="sm">{a.submittedBy.name}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {a.submittedBy.email}
            </Text>
          </Stack>
        ) : (
          "—"
        ),
    },
    {
      key: "rejections",
      header: "Reprovações",
      text: (a) => String(a.previousRejections),
      align: "center",
    },
    {
      key: "open",
      header: "Ações",
      render: (a) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpenId(a.id)}
          aria-label={`${T.open} ${a.subject.name}`}
        >
          {T.open}
        </Button>
      ),
    },
  ];

  const emptyText = status === "PENDING" ? T.empty : T.emptyDecided;

  return (
    <>
      <PageTitle title={T.title} description={T.description} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="analysis-announcer">
        {announcement}
      </VisuallyHidden>
      <Stack gap="md">
        <SegmentedControl
          aria-label="Situação das análises"
          value={status}
          onChange={(value) => {
            setStatus(value as RegistrationAnalysisListStatus);
            setPage(1);
          }}
          data={[
            { value: "PENDING", label: T.pending },
            { value: "DECIDED", label: T.decided },
          ]}
          style={{ alignSelf: "flex-start" }}
        />
        {list.isError && (
          <Alert color="red" title={T.loadError}>
            {serverMessageOr(list.error)}
          </Alert>
        )}
        {phone ? (
          <Stack gap="sm" aria-label={status === "PENDING" ? T.tableLabel : T.decidedTableLabel} role="list">
            {list.isLoading && (
              <Center py="lg">
                <Loader role="progressbar" aria-label="Carregando" />
              </Center>
            )}
            {!list.isLoading && rows.length === 0 && (
              <Paper withBorder p="md" radius="md">
                <Text size="sm">{emptyText}</Text>
              </Paper>
            )}
            {rows.map((a) => (
              <Card key={a.id} withBorder radius="md" padding="md" role="listitem">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {a.subject.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {T.kind[a.subjectKind]} · {a.subject.documentKind} {documentText(a)}
                      </Text>
                    </Stack>
                    {a.overdue && <OverdueBadge />}
                  </Group>
                  <Text size="sm">Concluído em {formatBrasiliaDateTime(a.submittedAt)}</Text>
                  {status === "PENDING" ? (
                    <Text size="sm">Prazo: {formatBrasiliaDateTime(a.dueAt)}</Text>
                  ) : (
                    <Text size="sm">{decisionText(a)}</Text>
                  )}
                  {a.submittedBy && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      Enviado por {a.submittedBy.name} ({a.submittedBy.email})
                    </Text>
                  )}
                  <Button
                    size="sm"
                    variant="light"
                    onClick={() => setOpenId(a.id)}
                    aria-label={`${T.open} ${a.subject.name}`}
                  >
                    {T.open}
                  </Button>
                </Stack>
              </Card>
            ))}
            {(list.data?.total ?? 0) > PAGE_SIZE && (
              <PageControls
                page={page}
                total={list.data?.total ?? 0}
                limitResult={PAGE_SIZE}
                onPageChange={setPage}
              />
            )}
          </Stack>
        ) : (
          <DataTable
            label={status === "PENDING" ? T.tableLabel : T.decidedTableLabel}
            columns={columns}
            rows={rows}
            rowKey={(a) => a.id}
            loading={list.isLoading}
            emptyText={emptyText}
            pagination={{
              page,
              total: list.data?.total ?? 0,
              limitResult: PAGE_SIZE,
              onPageChange: setPage,
            }}
          />
        )}
      </Stack>

      <AppModal
        opened={openId !== null && !confirming && !rejecting}
        onClose={close}
        title={opened ? opened.subject.name : T.title}
        size="xl"
        fullScreen={phone}
      >
        {detail.isLoading && (
          <Center py="xl">
            <Loader role="progressbar" aria-label="Carregando" />
          </Center>
        )}
        {detail.isError && (
          <Alert color="red" title={T.readError}>
            {serverMessageOr(detail.error)}
          </Alert>
        )}
        {opened && (
          <Stack gap="lg">
            <AnalysisDetailView analysis={opened} />
            {opened.decision === null && (
              <Group justify="flex-end" gap="sm">
                <Button color="red" variant="light" onClick={() => setRejecting(true)}>
                  {T.reject}
                </Button>
                <Button color="green.9" onClick={() => setConfirming(true)}>
                  {T.approve}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </AppModal>

      <ConfirmModal
        opened={confirming}
        title={T.approveTitle}
        confirmLabel={T.approve}
        color="green.9"
        loading={decide.isPending}
        onConfirm={() => decide.mutate({ kind: "approve" })}
        onClose={() => setConfirming(false)}
      >
        {T.approveQuestion(name)}
      </ConfirmModal>
      <RejectModal
        opened={rejecting}
        name={name}
        loading={decide.isPending}
        onClose={() => setRejecting(false)}
        onReject={(reason) => decide.mutate({ kind: "reject", reason })}
      />
    </>
  );
}
