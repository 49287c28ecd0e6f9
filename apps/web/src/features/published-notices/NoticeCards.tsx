import { Center, Loader, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { DataTablePagination } from "../../ui/data-table/DataTable";
import { PageControls } from "../../ui/data-table/PageControls";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import type { NoticeListItem } from "../public-notices/api";
import type { CardUser } from "./card-actions";
import { NoticeCard } from "./NoticeCard";

/** The published notices of a page as cards, with the paging of §9. */
export function NoticeCards({
  label,
  notices,
  loading,
  error,
  user,
  onDownload,
  pagination,
}: {
  label: string;
  notices: readonly NoticeListItem[];
  loading: boolean;
  error: boolean;
  user: CardUser | null;
  onDownload: (notice: NoticeListItem) => void;
  pagination: DataTablePagination;
}) {
  return (
    <Stack gap="md" aria-busy={loading || undefined}>
      {notices.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Center>
            {loading ? (
              <Loader role="progressbar" size="sm" aria-label="Carregando" />
            ) : (
              <Text c="dimmed">{error ? "Não foi possível carregar os editais." : EMPTY_TABLE_TEXT}</Text>
            )}
          </Center>
        </Paper>
      ) : (
        <SimpleGrid
          component="ul"
          aria-label={label}
          cols={{ base: 1, lg: 2 }}
          spacing="md"
          style={{ listStyle: "none", margin: 0, padding: 0 }}
        >
          {notices.map((notice) => (
            <li key={notice.id}>
              <NoticeCard notice={notice} user={user} onDownload={onDownload} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <Paper withBorder radius="md">
        <PageControls {...pagination} />
      </Paper>
    </Stack>
  );
}
