import { formatBrasiliaDateTime, MODALITY_LABELS } from "@certame/domain";
import { ActionIcon, Anchor, Card, Center, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Link } from "react-router";
import type { DataTablePagination } from "../../ui/data-table/DataTable";
import { PageControls } from "../../ui/data-table/PageControls";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import type { NoticeListItem } from "./api";
import { StatusPill } from "./StatusPill";
import { noticeDetailPath, NOTICE_DETAIL_TEXTS as T } from "./texts";

/**
 * The public list on a phone (below 768 px): one stacked card per notice, the same facts as the
 * table's columns, the notice number a link to its page.
 */
export function NoticeStack({
  label,
  notices,
  loading,
  emptyText = EMPTY_TABLE_TEXT,
  onDownload,
  pagination,
}: {
  label: string;
  notices: readonly NoticeListItem[];
  loading: boolean;
  emptyText?: string;
  onDownload: (notice: NoticeListItem) => void;
  pagination: DataTablePagination;
}) {
  return (
    <Stack gap="sm" aria-busy={loading || undefined}>
      {notices.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Center>
            {loading ? (
              <Loader role="progressbar" size="sm" aria-label="Carregando" />
            ) : (
              <Text c="dimmed">{emptyText}</Text>
            )}
          </Center>
        </Paper>
      ) : (
        <Stack component="ul" aria-label={label} gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
          {notices.map((n) => (
            <Card component="li" key={n.id} withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor
                    component={Link}
                    to={noticeDetailPath(n.id)}
                    fw={700}
                    underline="always"
                    aria-label={T.noticeLink(n.noticeNumber)}
                  >
                    {n.noticeNumber}
                  </Anchor>
                  <StatusPill status={n.status} />
                </Group>
                <Text size="sm">{n.objectOfInterest}</Text>
                <Text size="sm" c="dimmed">
                  {n.buyer.corporateName}
                  {n.buyer.city ? ` · ${[n.buyer.city, n.buyer.state].filter(Boolean).join("/")}` : ""}
                </Text>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} miw={0}>
                    <Text size="xs" c="dimmed">
                      {MODALITY_LABELS[n.modality] ?? n.modality}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Sessão: {n.startDateTime ? formatBrasiliaDateTime(n.startDateTime) : "—"} · Processo{" "}
                      {n.processNumber}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={`Baixar arquivos do processo ${n.noticeNumber}`}
                    onClick={() => onDownload(n)}
                  >
                    <IconDownload size={18} />
                  </ActionIcon>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <Paper withBorder radius="md">
        <PageControls {...pagination} />
      </Paper>
    </Stack>
  );
}
