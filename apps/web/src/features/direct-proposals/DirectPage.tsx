import { formatBrasiliaDateTime } from "@certame/domain";
import { ActionIcon, Alert, Center, Loader, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { serverMessageOr } from "../../api/client";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { PageTitle } from "../../ui/page/PageTitle";
import { Pill } from "../../ui/pill/Pill";
import type { DirectProposal } from "./api";
import { DIRECT_TEXTS as T } from "./texts";

/**
 * The frame of the direct procedures' pages: the title with its back button, then the loader, the
 * load error, or the page's content once its query answered.
 */
export function DirectPage<D>({
  title,
  query,
  loadError = T.loadError,
  children,
}: {
  title: string;
  query: UseQueryResult<D>;
  /** The title of the load error (the proposals' by default). */
  loadError?: string;
  children: (data: D) => ReactNode;
}) {
  const navigate = useNavigate();
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
      ) : query.isError || query.data === undefined ? (
        <Alert color="red" title={loadError}>
          {serverMessageOr(query.error)}
        </Alert>
      ) : (
        children(query.data)
      )}
    </>
  );
}

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
