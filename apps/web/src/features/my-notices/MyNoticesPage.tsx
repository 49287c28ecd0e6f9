import {
  formatBrasiliaDateTime,
  MODALITY_LABELS,
  NOTICE_STATUS_LABELS,
  NOTICE_STATUSES,
  type NoticeStatus,
} from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { serverMessageOr } from "../../api/client";
import { DataTable, type DataTableColumn } from "../../ui/data-table/DataTable";
import { PageControls } from "../../ui/data-table/PageControls";
import { PageTitle } from "../../ui/page/PageTitle";
import { Pill } from "../../ui/pill/Pill";
import { useSession } from "../auth/session";
import { noticeDetailPath } from "../public-notices/texts";
import { listMyNotices, type MyNoticeRow, myNoticesKeys } from "./api";
import { actionPath, MY_NOTICES_TEXTS as T } from "./texts";

const PHONE_QUERY = "(max-width: 47.99em)";

/** A draft opens in its form (the body edits it); anything published on its public page. */
const openPath = (row: MyNoticeRow) =>
  row.status === "PENDING" ? `/cadastrar/editais/${row.id}/formulario` : noticeDetailPath(row.id);

function NextDeadline({ row }: { row: MyNoticeRow }) {
  if (!row.nextDeadline)
    return (
      <Text size="sm" c="dimmed">
        {T.noDeadline}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
        {formatBrasiliaDateTime(row.nextDeadline.at)}
      </Text>
      <Text size="sm" c="dimmed">
        {row.nextDeadline.label}
      </Text>
    </Stack>
  );
}

function PendingActions({ row }: { row: MyNoticeRow }) {
  if (row.pendingActions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {T.noPending}
      </Text>
    );
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {row.pendingActions.map((a) => (
        <li key={a.kind}>
          <Anchor component={Link} to={actionPath(a.kind, row)} size="sm" fw={600}>
            {a.label}
          </Anchor>
          {(a.lotNumbers.length > 0 || a.dueAt) && (
            <Text size="xs" c="dimmed">
              {[
                a.lotNumbers.length > 0 ? T.lots(a.lotNumbers) : null,
                a.dueAt ? T.until(formatBrasiliaDateTime(a.dueAt)) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}

const statusBadge = (status: NoticeStatus) => (
  <Pill label={NOTICE_STATUS_LABELS[status]} color={status === "PENDING" ? "gray" : "certame"} />
);

/**
 * /meus-editais (notices-and-accounts §2.2; issue 19 item 3): a supplier's participations or a
 * buyer's body's processes, each with its state, its next deadline and its pending actions (read by
 * the server: domain my-notices.ts), searchable and narrowed by status.
 */
export function MyNoticesPage() {
  const { user } = useSession();
  const isSupplier = user?.kind === "SUPPLIER";
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [status, setStatus] = useState<NoticeStatus | "">("");
  const [page, setPage] = useState(1);
  const request = {
    page,
    searchParameters: filter || undefined,
    statuses: status ? [status] : undefined,
  };
  const query = useQuery({
    queryKey: myNoticesKeys.list(request),
    queryFn: () => listMyNotices(request),
    placeholderData: keepPreviousData,
  });
  const answer = query.data;
  const rows = answer?.auctionNotices ?? [];
  const counts = answer?.statusCounts ?? {};
  const countedStatuses = NOTICE_STATUSES.filter((s) => counts[s] !== undefined);
  const allCount = countedStatuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter(search.trim());
    setPage(1);
  };

  const columns: DataTableColumn<MyNoticeRow>[] = [
    {
      key: "notice",
      header: T.columns.notice,
      minWidth: 150,
      render: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={openPath(r)} fw={600}>
            {r.noticeNumber}
          </Anchor>
          <Text size="xs" c="dimmed">
            {T.process(r.processNumber)}
          </Text>
          <Text size="xs" c="dimmed">
            {MODALITY_LABELS[r.modality]}
          </Text>
        </Stack>
      ),
    },
    { key: "object", header: T.columns.object, minWidth: 200, text: (r) => r.objectOfInterest },
    ...(isSupplier
      ? [
          {
            key: "buyer",
            header: T.columns.buyer,
            minWidth: 160,
            text: (r: MyNoticeRow) => r.buyer.corporateName,
          },
        ]
      : []),
    { key: "status", header: T.columns.status, render: (r) => statusBadge(r.status) },
    {
      key: "deadline",
      header: T.columns.nextDeadline,
      minWidth: 170,
      render: (r) => <NextDeadline row={r} />,
    },
    { key: "pending", header: T.columns.pending, minWidth: 220, render: (r) => <PendingActions row={r} /> },
  ];

  return (
    <>
      <PageTitle title={T.title} />
      <VisuallyHidden role="status" aria-live="polite">
        {answer ? T.found(answer.total, answer.totalIsLowerBound) : ""}
      </VisuallyHidden>
      <Stack gap="md">
        <Text c="dimmed">{isSupplier ? T.supplierIntro : T.buyerIntro}</Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <form
            onSubmit={submitSearch}
            aria-label={T.searchLabel}
            style={{ flex: "1 1 260px", maxWidth: 460 }}
          >
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={T.searchLabel}
                placeholder={T.searchPlaceholder}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button type="submit" variant="light">
                {T.search}
              </Button>
            </Group>
          </form>
          <NativeSelect
            label={T.statusLabel}
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as NoticeStatus | "");
              setPage(1);
            }}
            data={[
              { value: "", label: `${T.allStatuses} (${allCount})` },
              ...countedStatuses.map((s) => ({
                value: s,
                label: `${NOTICE_STATUS_LABELS[s]} (${counts[s]})`,
              })),
            ]}
            w={{ base: "100%", xs: 260 }}
          />
        </Group>

        {query.isError && (
          <Alert color="red" title={T.loadError}>
            {serverMessageOr(query.error)}
          </Alert>
        )}
        {phone ? (
          <Stack gap="sm">
            {query.isPending && (
              <Center py="md">
                <Loader role="progressbar" aria-label="Carregando" />
              </Center>
            )}
            {answer && rows.length === 0 && <Text c="dimmed">{T.found(0, false)}</Text>}
            {/* Only the cards are the list's items: the pager follows it. */}
            {rows.length > 0 && (
              <Stack gap="sm" role="list" aria-label={T.tableLabel}>
                {rows.map((r) => (
                  <Card key={r.id} withBorder radius="md" padding="md" role="listitem">
                    <Stack gap="xs">
                      <Group justify="space-between" align="flex-start" wrap="nowrap">
                        <Anchor component={Link} to={openPath(r)} fw={600}>
                          {r.noticeNumber}
                        </Anchor>
                        {statusBadge(r.status)}
                      </Group>
                      <Text size="sm">{r.objectOfInterest}</Text>
                      {isSupplier && (
                        <Text size="xs" c="dimmed">
                          {r.buyer.corporateName}
                        </Text>
                      )}
                      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                        {T.columns.nextDeadline}
                      </Text>
                      <NextDeadline row={r} />
                      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                        {T.columns.pending}
                      </Text>
                      <PendingActions row={r} />
                    </Stack>
                  </Card>
                ))}
              </Stack>
            )}
            {answer && answer.total > answer.limitResult && (
              <PageControls
                page={page}
                total={answer.total}
                totalIsLowerBound={answer.totalIsLowerBound}
                limitResult={answer.limitResult}
                onPageChange={setPage}
              />
            )}
          </Stack>
        ) : (
          <DataTable
            label={T.tableLabel}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            loading={query.isFetching}
            emptyText={answer ? T.found(0, false) : undefined}
            pagination={
              answer
                ? {
                    page,
                    total: answer.total,
                    totalIsLowerBound: answer.totalIsLowerBound,
                    limitResult: answer.limitResult,
                    onPageChange: setPage,
                  }
                : undefined
            }
          />
        )}
      </Stack>
    </>
  );
}
