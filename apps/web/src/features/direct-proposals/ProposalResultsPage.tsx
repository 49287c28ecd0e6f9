import { DIRECT_LIVE_ACTIONS, formatBrasiliaDateTime } from "@certame/domain";
import { Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { resultsLabel } from "../published-notices/card-actions";
import { directKeys, readResults } from "./api";
import { DirectPage, MyProposals, NoticeSummary } from "./DirectPage";
import { DIRECT_TEXTS as T } from "./texts";
import { useDirectLive } from "./useDirectLive";

const LIVE_ACTIONS = [DIRECT_LIVE_ACTIONS.proposalDecided];

/**
 * /procedimentos-auxiliares/{id}/resultados (§2.3 'Resultado da análise' / 'Resultados e propostas
 * aprovadas'): the approved proposals of the procedure, and the supplier's own with their state.
 */
export function ProposalResultsPage() {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const [announcement, setAnnouncement] = useState("");
  // The supplier's own proposal decided while the page is open (the live channel tells only it).
  useDirectLive({
    auctionNoticeId: id,
    actions: LIVE_ACTIONS,
    onAction: () => {
      setAnnouncement("Sua proposta foi analisada.");
      void client.invalidateQueries({ queryKey: directKeys.results(id) });
    },
    onResync: () => void client.invalidateQueries({ queryKey: directKeys.results(id) }),
  });
  const query = useQuery({ queryKey: directKeys.results(id), queryFn: () => readResults(id) });
  const title = (query.data && resultsLabel(query.data.notice.modality)) || T.resultsTitle;
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <DirectPage title={title} query={query}>
        {(data) => (
          <Stack gap="lg">
            <NoticeSummary notice={data.notice} />
            <Stack gap="xs" component="section" aria-labelledby="approved-proposals">
              <Title order={2} fz="lg" c="certame.9" id="approved-proposals">
                {T.approvedTitle}
              </Title>
              {data.approved.length === 0 ? (
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
                    {data.approved.map((a) => (
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
              <MyProposals proposals={data.mine} />
            </Stack>
          </Stack>
        )}
      </DirectPage>
    </>
  );
}
