import { MODALITY_LABELS } from "@certame/domain";
import { Button, Card, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconDownload, IconFileSpreadsheet, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type DownloadedFile, saveFile } from "../../api/files";
import { DataTable, type DataTableColumn } from "../../ui/data-table/DataTable";
import { PageControls } from "../../ui/data-table/PageControls";
import { notifyApiError } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import type { NoticeListRow } from "../notices/api";
import { StatusPill } from "../public-notices/StatusPill";
import {
  downloadAccessReport,
  downloadControlReport,
  listReportNotices,
  REPORTS_PAGE_SIZE,
  reportsKeys,
} from "./api";
import { REPORTS_TEXTS as T } from "./texts";

const PHONE_QUERY = "(max-width: 47.99em)";

/**
 * /relatorios ('Relatórios de acesso', notices-and-accounts §2.2 and §2.16): the body's reports as
 * files — the minute-and-contract control spreadsheet, and each published process's access report.
 */
export function ReportsPage() {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const list = useQuery({
    queryKey: reportsKeys.notices(filter, page),
    queryFn: () => listReportNotices(filter, page),
  });

  const download = async (key: string, load: () => Promise<DownloadedFile>) => {
    setBusy(key);
    try {
      saveFile(await load());
    } catch (error) {
      notifyApiError(error, T.downloadError);
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter(search.trim());
    setPage(1);
  };

  const columns: DataTableColumn<NoticeListRow>[] = [
    { key: "notice", header: T.columns.notice, text: (n) => n.noticeNumber, nowrap: true },
    { key: "object", header: T.columns.object, text: (n) => n.objectOfInterest, minWidth: 220 },
    { key: "modality", header: T.columns.modality, text: (n) => MODALITY_LABELS[n.modality] ?? n.modality },
    { key: "status", header: T.columns.status, render: (n) => <StatusPill status={n.status} /> },
    { key: "actions", header: T.columns.actions, render: (n) => accessButton(n), nowrap: true },
  ];
  const rows = list.data?.auctionNotices ?? [];
  const total = list.data?.total ?? 0;

  function accessButton(n: NoticeListRow) {
    return (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        aria-label={T.accessButtonLabel(n.noticeNumber)}
        loading={busy === n.id}
        onClick={() => download(n.id, () => downloadAccessReport(n.id))}
      >
        {T.accessButton}
      </Button>
    );
  }

  return (
    <>
      <PageTitle title={T.title} description={T.description} />
      <Stack gap="xl">
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={4} maw={640}>
              <Title order={2} fz="lg">
                {T.controlTitle}
              </Title>
              <Text c="dimmed" size="sm">
                {T.controlText}
              </Text>
            </Stack>
            <Button
              leftSection={<IconFileSpreadsheet size={18} />}
              loading={busy === "control"}
              onClick={() => download("control", downloadControlReport)}
            >
              {T.controlButton}
            </Button>
          </Group>
        </Paper>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {T.accessTitle}
          </Title>
          <form onSubmit={submit}>
            <TextInput
              label={T.search}
              placeholder={T.searchPlaceholder}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              rightSection={<IconSearch size={16} aria-hidden />}
              maw={480}
            />
          </form>
          {phone ? (
            // On a phone each process is a card: its number, object, status and button in view.
            <Stack gap="sm">
              {list.isLoading && (
                <Center py="lg">
                  <Loader role="progressbar" aria-label="Carregando" />
                </Center>
              )}
              {!list.isLoading && rows.length === 0 && (
                <Paper withBorder p="md" radius="md">
                  <Text size="sm">{T.empty}</Text>
                </Paper>
              )}
              {/* Only the cards are the list's items: the pager follows it. */}
              {rows.length > 0 && (
                <Stack gap="sm" role="list" aria-label={T.table}>
                  {rows.map((n) => (
                    <Card
                      key={n.id}
                      withBorder
                      radius="md"
                      padding="md"
                      role="listitem"
                      aria-label={n.noticeNumber}
                    >
                      <Stack gap={6} align="flex-start">
                        <Group justify="space-between" wrap="nowrap" w="100%">
                          <Text fw={600}>{n.noticeNumber}</Text>
                          <StatusPill status={n.status} />
                        </Group>
                        <Text size="sm">{n.objectOfInterest}</Text>
                        <Text size="sm" c="dimmed">
                          {MODALITY_LABELS[n.modality] ?? n.modality}
                        </Text>
                        {accessButton(n)}
                      </Stack>
                    </Card>
                  ))}
                </Stack>
              )}
              {total > REPORTS_PAGE_SIZE && (
                <PageControls
                  page={page}
                  total={total}
                  limitResult={REPORTS_PAGE_SIZE}
                  onPageChange={setPage}
                />
              )}
            </Stack>
          ) : (
            <DataTable
              label={T.table}
              columns={columns}
              rows={rows}
              rowKey={(n) => n.id}
              loading={list.isLoading}
              emptyText={T.empty}
              pagination={{
                page,
                total,
                totalIsLowerBound: list.data?.totalIsLowerBound,
                limitResult: REPORTS_PAGE_SIZE,
                onPageChange: setPage,
              }}
            />
          )}
        </Stack>
      </Stack>
    </>
  );
}
