import { formatBrasiliaDateTime } from "@certame/domain";
import { ActionIcon, Alert, Center, Loader, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { serverMessageOr } from "../../api/client";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { PageTitle } from "../../ui/page/PageTitle";
import { resultsLabel } from "../published-notices/card-actions";
import { directKeys, readResults } from "./api";
import { MyProposals, NoticeSummary } from "./ProposalSendPage";
import { DIRECT_TEXTS as T } from "./texts";

/**
 * /procedimentos-auxiliares/{id}/resultados (§2.3 'Resultado da análise' / 'Resultados e propostas
 * aprovadas'): the approved proposals of the procedure, and the supplier's own with their state.
 */
export function ProposalResultsPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: directKeys.results(id), queryFn: () => readResults(id) });
  const title = (query.data && resultsLabel(query.data.notice.modality)) || T.resultsTitle;
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
      ) : query.isError || !query.data ? (
        <Alert color="red" title={T.loadError}>
          {serverMessageOr(query.error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <NoticeSummary notice={query.data.notice} />
          <Stack gap="xs" component="section" aria-labelledby="approved-proposals">
            <Title order={2} fz="lg" c="certame.9" id="approved-proposals">
              {T.approvedTitle}
            </Title>
            {query.data.approved.length === 0 ? (
              <Text c="dimmed">{T.noneApproved}</Text>
            ) : (
              <ScrollTable label={T.approvedTitle} minWidth={520} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.columns.supplier}</Table.Th>
                    <Table.Th>{T.columns.document}</Table.Th>
                    <Table.Th>{T.columns.kind}</Table.Th>
                    <Table.Th>{T.columns.decidedAt}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.approved.map((a) => (
                    <Table.Tr key={`${a.documentNumber}-${a.kind}-${a.decidedAt}`}>
                      <Table.Td>{a.supplierName}</Table.Td>
                      <Table.Td>{a.documentNumber}</Table.Td>
                      <Table.Td>{a.kindLabel}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {a.decidedAt ? formatBrasiliaDateTime(a.decidedAt) : "-"}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ScrollTable>
            )}
          </Stack>
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
