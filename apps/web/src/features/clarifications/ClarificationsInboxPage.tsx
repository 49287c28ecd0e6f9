import {
  CLARIFICATION_KIND_LABELS,
  type ClarificationKind,
  type ClarificationStatus,
  formatBrasiliaDate,
} from "@certame/domain";
import { Alert, Anchor, Center, Group, Loader, Pagination, Select, Stack, Table, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessageOf } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { useSession } from "../auth/session";
import { useInbox } from "./api";
import { StatusBadge } from "./ClarificationItems";
import { kindPath, CLARIFICATION_TEXTS as T } from "./texts";

/**
 * /esclarecimentos (§2.2): for a body's staff, the requests on its notices to answer, pending first by
 * their legal due date; for a supplier or citizen, its own requests ('my clarifications').
 */
export function ClarificationsInboxPage() {
  const { user } = useSession();
  const buyer = user?.kind === "BUYER";
  const [kind, setKind] = useState<ClarificationKind | null>(null);
  const [status, setStatus] = useState<ClarificationStatus | null>(buyer ? "PENDING" : null);
  const [page, setPage] = useState(1);
  const query = useInbox({ kind, status, page });
  const data = query.data;
  return (
    <>
      <PageTitle
        title={T.inboxTitle}
        description={buyer ? T.inboxDescriptionBuyer : T.inboxDescriptionRequester}
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end">
          <Select
            label={T.filterKind}
            w={200}
            value={kind ?? ""}
            onChange={(value) => {
              setKind((value || null) as ClarificationKind | null);
              setPage(1);
            }}
            data={[
              { value: "", label: T.all },
              { value: "CLARIFICATION", label: "Esclarecimentos" },
              { value: "CHALLENGE", label: "Impugnações" },
            ]}
            allowDeselect={false}
          />
          <Select
            label={T.filterStatus}
            w={200}
            value={status ?? ""}
            onChange={(value) => {
              setStatus((value || null) as ClarificationStatus | null);
              setPage(1);
            }}
            data={[
              { value: "", label: T.all },
              { value: "PENDING", label: T.pending },
              { value: "ANSWERED", label: T.answered },
            ]}
            allowDeselect={false}
          />
        </Group>
        {query.isPending ? (
          <Center py="xl">
            <Loader role="progressbar" aria-label={T.loading} />
          </Center>
        ) : query.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessageOf(query.error)}
          </Alert>
        ) : data && data.items.length === 0 ? (
          <Text c="dimmed">{T.inboxEmpty}</Text>
        ) : data ? (
          <>
            <Text size="sm" c="dimmed">
              {T.total(data.total)}
            </Text>
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.notice}</Table.Th>
                    <Table.Th>{T.kind}</Table.Th>
                    <Table.Th>{buyer ? T.requester : T.buyer}</Table.Th>
                    <Table.Th>{T.askedAt}</Table.Th>
                    <Table.Th>{T.answerDue}</Table.Th>
                    <Table.Th>{T.status}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Anchor component={Link} to={kindPath(item.kind, true, item.auctionNoticeId)}>
                          {item.noticeNumber}
                        </Anchor>
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {item.objectOfInterest}
                        </Text>
                      </Table.Td>
                      <Table.Td>{CLARIFICATION_KIND_LABELS[item.kind]}</Table.Td>
                      <Table.Td>{buyer ? item.requesterName : item.buyerName}</Table.Td>
                      <Table.Td>{formatBrasiliaDate(item.createdDate)}</Table.Td>
                      <Table.Td>{formatBrasiliaDate(item.answerDueAt)}</Table.Td>
                      <Table.Td>
                        <StatusBadge item={item} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.total > data.pageSize && (
              <Pagination
                value={page}
                onChange={setPage}
                total={Math.ceil(data.total / data.pageSize)}
                getControlProps={(control) => ({ "aria-label": `Página ${control}` })}
              />
            )}
          </>
        ) : null}
      </Stack>
    </>
  );
}
