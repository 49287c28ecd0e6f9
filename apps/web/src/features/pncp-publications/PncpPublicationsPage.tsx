import { formatBrasiliaDateTime, type PncpJobStatus } from "@certame/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconRefresh, IconSearch, IconSend } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { serverMessageOr } from "../../api/client";
import { DataTable, type DataTableColumn } from "../../ui/data-table/DataTable";
import { PageControls } from "../../ui/data-table/PageControls";
import { notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import {
  fetchPncpOutbox,
  fetchPncpPublications,
  type PncpFilter,
  type PncpPublication,
  pncpKeys,
  retryPncpPublication,
} from "./api";
import { PncpUnitSection } from "./PncpUnitSection";
import { PNCP_TEXTS as T } from "./texts";

const PAGE_SIZE = 20;
const PHONE_QUERY = "(max-width: 47.99em)";

const STATUS_COLORS: Record<PncpJobStatus, string> = {
  PENDING: "yellow.9",
  DONE: "teal.9",
  FAILED: "red.9",
  HELD: "gray.7",
};

const FILTERS = (["ALL", "FAILED", "PENDING", "DONE", "HELD"] as const).map((value) => ({
  value,
  label: T.filters[value],
}));

function StatusBadge({ p }: { p: PncpPublication }) {
  return (
    <Badge autoContrast color={STATUS_COLORS[p.status]} style={{ textTransform: "none", flexShrink: 0 }}>
      {p.statusLabel}
    </Badge>
  );
}

/** Why it failed and when it goes again, or when it was accepted. */
function Detail({ p }: { p: PncpPublication }) {
  return (
    <Stack gap={2}>
      {p.lastError && (
        <Text size="xs" c="red.9" style={{ overflowWrap: "anywhere" }}>
          {T.error}: {p.lastError}
        </Text>
      )}
      {p.attempts > 0 && (
        <Text size="xs" c="dimmed">
          {T.attempts(p.attempts)}
          {p.status === "PENDING" && p.lastError && p.nextAttemptAt
            ? ` · ${T.nextAttempt}: ${formatBrasiliaDateTime(p.nextAttemptAt)}`
            : ""}
        </Text>
      )}
    </Stack>
  );
}

const noticeLink = (p: PncpPublication) => (
  <Stack gap={0} style={{ minWidth: 0 }}>
    <Anchor component={Link} to={`/detalhes-do-edital/${p.auctionNotice.id}`} size="sm" fw={600}>
      {p.auctionNotice.noticeNumber}
    </Anchor>
    <Text size="xs" c="dimmed" lineClamp={2}>
      {p.auctionNotice.objectOfInterest}
    </Text>
  </Stack>
);

/**
 * 'Publicações no PNCP' (issue 19 item 5; 'Serviços do PNCP' menu): the body's sends to the national
 * portal from app/auction/pncp/list, with the failures' reasons and 'Reenviar', and — when the server
 * has no PNCP credentials — what its outbox recorded.
 */
export function PncpPublicationsPage() {
  const client = useQueryClient();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [filter, setFilter] = useState<PncpFilter>("ALL");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: pncpKeys.list(filter, debounced, page),
    queryFn: () => fetchPncpPublications(filter, debounced, page, PAGE_SIZE),
  });
  const outboxMode = list.data?.target === "outbox";
  const outbox = useQuery({ queryKey: pncpKeys.outbox, queryFn: fetchPncpOutbox, enabled: outboxMode });
  const retry = useMutation({
    mutationFn: (p: PncpPublication) => retryPncpPublication(p.id),
    onSuccess: async () => {
      notifySuccess(T.retried);
      await client.invalidateQueries({ queryKey: pncpKeys.all });
    },
    onError: async (error) => {
      notifyError(T.retryError, serverMessageOr(error));
      await client.invalidateQueries({ queryKey: pncpKeys.all });
    },
  });
  const retryButton = (p: PncpPublication, size: "xs" | "sm") =>
    p.canRetry ? (
      <Button
        size={size}
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        loading={retry.isPending && retry.variables?.id === p.id}
        onClick={() => retry.mutate(p)}
        aria-label={`${T.retry} ${p.kindLabel} ${p.auctionNotice.noticeNumber}`}
      >
        {T.retry}
      </Button>
    ) : null;

  const rows = list.data?.publications ?? [];
  const total = list.data?.total ?? 0;
  const columns: DataTableColumn<PncpPublication>[] = [
    { key: "notice", header: T.columns.notice, minWidth: 220, render: noticeLink },
    { key: "kind", header: T.columns.kind, text: (p) => p.kindLabel, minWidth: 130 },
    { key: "status", header: T.columns.status, render: (p) => <StatusBadge p={p} />, nowrap: true },
    {
      key: "control",
      header: T.columns.control,
      text: (p) => p.auctionNotice.pncpControlNumber ?? "—",
      nowrap: true,
    },
    { key: "detail", header: T.columns.detail, minWidth: 220, render: (p) => <Detail p={p} /> },
    {
      key: "date",
      header: T.columns.date,
      text: (p) => formatBrasiliaDateTime(p.doneAt ?? p.createdDate),
      nowrap: true,
    },
    { key: "actions", header: T.columns.actions, render: (p) => retryButton(p, "xs") },
  ];

  return (
    <Stack gap="md">
      <PageTitle
        title={T.title}
        description={T.description}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => client.invalidateQueries({ queryKey: pncpKeys.all })}
            loading={list.isFetching}
          >
            {T.refresh}
          </Button>
        }
      />
      {outboxMode && (
        <Alert color="blue" variant="light">
          {T.outboxNotice}
        </Alert>
      )}
      {list.data && (
        <PncpUnitSection
          key={list.data.unit?.code ?? ""}
          unit={list.data.unit}
          waiting={list.data.waitingNotices}
        />
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={T.filterLabel}
          value={filter}
          onChange={(value) => {
            setFilter(value as PncpFilter);
            setPage(1);
          }}
          data={FILTERS}
          style={{ maxWidth: "100%" }}
        />
        <TextInput
          label={T.search}
          placeholder={T.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: "1 1 260px", maxWidth: 420 }}
        />
      </Group>
      {list.isError && (
        <Alert color="red" title={T.loadError}>
          {serverMessageOr(list.error)}
        </Alert>
      )}
      {phone ? (
        <Stack
          gap="sm"
          role={rows.length > 0 ? "list" : undefined}
          aria-label={rows.length > 0 ? T.listLabel : undefined}
        >
          {list.isLoading && (
            <Center py="lg">
              <Loader role="progressbar" aria-label="Carregando" />
            </Center>
          )}
          {!list.isLoading && rows.length === 0 && (
            <Paper withBorder p="md" radius="md">
              <Text size="sm">{EMPTY_TABLE_TEXT}</Text>
            </Paper>
          )}
          {rows.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="md" role="listitem">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {noticeLink(p)}
                  <StatusBadge p={p} />
                </Group>
                <Text size="sm">{p.kindLabel}</Text>
                {p.auctionNotice.pncpControlNumber && (
                  <Text size="sm">
                    {T.controlNumber}: {p.auctionNotice.pncpControlNumber}
                  </Text>
                )}
                <Detail p={p} />
                {retryButton(p, "sm")}
              </Stack>
            </Card>
          ))}
          {total > PAGE_SIZE && (
            <PageControls page={page} total={total} limitResult={PAGE_SIZE} onPageChange={setPage} />
          )}
        </Stack>
      ) : (
        <DataTable
          label={T.listLabel}
          columns={columns}
          rows={rows}
          rowKey={(p) => p.id}
          loading={list.isLoading}
          pagination={{ page, total, limitResult: PAGE_SIZE, onPageChange: setPage }}
        />
      )}
      {outboxMode && (
        <Stack gap="sm" component="section" aria-labelledby="pncp-outbox-heading">
          <Title order={2} fz="lg" id="pncp-outbox-heading">
            {T.outbox}
          </Title>
          {outbox.data?.length === 0 && <Text size="sm">{T.outboxEmpty}</Text>}
          {outbox.data?.map((e) => (
            <Paper key={e.id} withBorder p="sm" radius="md">
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {e.method} {e.path}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBrasiliaDateTime(e.createdDate)}
                {e.files?.map((f) => ` · ${f.part}: ${f.name}`).join("")}
              </Text>
              {e.body !== null && e.body !== undefined && (
                // Scrollable, so reachable by keyboard (axe scrollable-region-focusable).
                <Code
                  block
                  mt="xs"
                  style={{ maxHeight: 240, overflow: "auto" }}
                  tabIndex={0}
                  role="region"
                  aria-label={`${T.sentBody} ${e.method} ${e.path}`}
                >
                  {JSON.stringify(e.body, null, 2)}
                </Code>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
