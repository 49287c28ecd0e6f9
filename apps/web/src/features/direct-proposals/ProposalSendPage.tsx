import {
  DIRECT_PROPOSAL_KINDS_OF,
  type DirectProposalKind,
  formatBrasiliaDateTime,
  isDirectModality,
} from "@certame/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconArrowLeft, IconDownload, IconFileTypePdf } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { saveFile } from "../../api/files";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { Pill } from "../../ui/pill/Pill";
import { GENERIC_ERROR_TITLE } from "../../ui/texts";
import { type DirectProposal, directKeys, downloadProposalTemplate, readResults, sendProposal } from "./api";
import { DIRECT_TEXTS as T, titleOf } from "./texts";

const PDF = "application/pdf";

export const statusColor = (p: Pick<DirectProposal, "status">) =>
  p.status === "APPROVED" ? "green" : p.status === "REJECTED" ? "red" : "yellow";

/** A supplier's proposals in the procedure, with their state and the body's reason. */
export function MyProposals({ proposals }: { proposals: DirectProposal[] }) {
  if (proposals.length === 0) return <Text c="dimmed">{T.none}</Text>;
  return (
    <ScrollTable label={T.myProposals} minWidth={560} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.columns.kind}</Table.Th>
          <Table.Th>{T.columns.file}</Table.Th>
          <Table.Th>{T.columns.sentAt}</Table.Th>
          <Table.Th>{T.columns.status}</Table.Th>
          <Table.Th>{T.columns.reason}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {proposals.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>{p.kindLabel}</Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{p.fileName}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{formatBrasiliaDateTime(p.sentAt)}</Table.Td>
            <Table.Td>
              <Pill label={p.statusLabel} color={statusColor(p)} />
            </Table.Td>
            <Table.Td>{p.reason ?? "-"}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/**
 * /procedimentos-auxiliares/{id}/cadastro-de-proposta and …/pedidos-em-andamento (§2.3 DIRECT_* cards):
 * the supplier downloads the template, attaches its signed PDF (its initial values, the update of an
 * accreditation's values, or the pre-qualification files) and follows the body's analysis.
 */
function ProposalForm({ mode }: { mode: "send" | "update" }) {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const query = useQuery({ queryKey: directKeys.results(id), queryFn: () => readResults(id) });
  const notice = query.data?.notice;
  const kinds = notice && isDirectModality(notice.modality) ? DIRECT_PROPOSAL_KINDS_OF[notice.modality] : [];
  const kind: DirectProposalKind | undefined = mode === "update" ? kinds[1] : kinds[0];

  const send = useMutation({
    mutationFn: () => sendProposal(id, kind as DirectProposalKind, file as File, description),
    onSuccess: () => {
      setFile(null);
      setDescription("");
      notifySuccess(T.sent, T.sentTitle);
      void client.invalidateQueries({ queryKey: directKeys.results(id) });
    },
    onError: (failure) => {
      const property =
        failure instanceof ApiError ? failure.properties.find((p) => p.property === "url") : undefined;
      const message = property?.errorMessages[0] ?? serverMessageOr(failure);
      setFileError(message);
      notifyError(GENERIC_ERROR_TITLE, message);
    },
  });
  const template = useMutation({
    mutationFn: () => downloadProposalTemplate(id, notice?.noticeNumber ?? ""),
    onSuccess: saveFile,
    onError: (failure) => notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(T.fileRequired);
    if (file.type && file.type !== PDF) return setFileError(T.pdfOnly);
    send.mutate();
  };

  const title = kind ? titleOf(kind) : T.sendTitle;
  const back = (
    <Tooltip label={T.back}>
      <ActionIcon variant="default" size="lg" aria-label={T.back} onClick={() => navigate(-1)}>
        <IconArrowLeft size={18} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <>
      <PageTitle title={title} actions={back} />
      {query.isPending ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Carregando" />
        </Center>
      ) : query.isError || !notice ? (
        <Alert color="red" title={T.loadError}>
          {serverMessageOr(query.error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <NoticeSummary notice={notice} />
          <Paper
            withBorder
            radius="md"
            p="md"
            component="form"
            onSubmit={submit}
            noValidate
            aria-label={title}
          >
            <Stack gap="md">
              <Text>{T.templateHelp}</Text>
              {kind !== "PRE_QUALIFICATION" && (
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconDownload size={16} />}
                    loading={template.isPending}
                    onClick={() => template.mutate()}
                  >
                    {T.downloadTemplate}
                  </Button>
                </Group>
              )}
              <FileInput
                label={T.fileLabel}
                accept={PDF}
                withAsterisk
                clearable
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                value={file}
                onChange={(value) => {
                  setFile(value);
                  setFileError(null);
                }}
                error={fileError}
                maw={520}
              />
              <Textarea
                label={T.descriptionLabel}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
                maw={520}
              />
              <Group>
                <Button type="submit" loading={send.isPending} disabled={!kind}>
                  {T.send}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Stack gap="xs" component="section" aria-labelledby="my-proposals">
            <Title order={2} fz="lg" c="certame.9" id="my-proposals">
              {T.myProposals}
            </Title>
            <MyProposals proposals={query.data.mine} />
          </Stack>
        </Stack>
      )}
    </>
  );
}

export const ProposalSendPage = () => <ProposalForm mode="send" />;
export const ValuesUpdatePage = () => <ProposalForm mode="update" />;

/** The procedure the page acts on: number, process, body and object. */
export function NoticeSummary({
  notice,
}: {
  notice: { noticeNumber: string; processNumber: string; objectOfInterest: string; buyerName?: string };
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Text fw={700}>{notice.noticeNumber}</Text>
        <Text size="sm" c="dimmed">
          {`Processo ${notice.processNumber}${notice.buyerName ? ` · ${notice.buyerName}` : ""}`}
        </Text>
        <Text size="sm">{notice.objectOfInterest}</Text>
      </Stack>
    </Paper>
  );
}
