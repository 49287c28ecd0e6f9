import {
  BRAZILIAN_STATES,
  formatBrasiliaDateTime,
  MODALITIES,
  MODALITY_LABELS,
  type Modality,
  NOTICE_STATUS_LABELS,
  type NoticeSortColumn,
  type NoticeStatus,
  PUBLIC_NOTICE_STATUSES,
  parseDateBR,
  validateDateBR,
} from "@certame/domain";
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import {
  IconAdjustmentsHorizontal,
  IconAlertCircle,
  IconDownload,
  IconFilter,
  IconSearch,
  IconX,
} from "@tabler/icons-react";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableColumn, type TableSort } from "../../ui/data-table/DataTable";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { errorMessageOf } from "../../ui/notify";
import { useSession } from "../auth/session";
import { type NoticeListFilters, type NoticeListItem, usePublicNotices } from "./api";
import { NoticeStack } from "./NoticeStack";
import { StatusPill } from "./StatusPill";
import { NOTICE_DETAIL_TEXTS, noticeDetailPath } from "./texts";

// Out of the first load of /editais (issue 18): the cards show only on the authenticated pages,
// the files' dialog only once a visitor asks for a notice's files, the filters drawer only on a
// phone once opened.
const FiltersDrawer = lazy(async () => ({ default: (await import("./FiltersDrawer")).FiltersDrawer }));
const NoticeCards = lazy(async () => ({
  default: (await import("../published-notices/NoticeCards")).NoticeCards,
}));
const DownloadFilesModal = lazy(async () => ({
  default: (await import("../published-notices/DownloadFilesModal")).DownloadFilesModal,
}));

/** Below 768 px the public list is stacked cards and its filters open in a drawer (issue 12 item 12). */
export const PHONE_QUERY = "(max-width: 47.99em)";

const modalityOptions = (modalities: readonly Modality[]) =>
  modalities.map((m) => ({ value: m, label: MODALITY_LABELS[m] }));
const STATUS_OPTIONS = PUBLIC_NOTICE_STATUSES.map((s) => ({ value: s, label: NOTICE_STATUS_LABELS[s] }));
const STATE_OPTIONS = BRAZILIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} — ${s.name}` }));

const cityState = (n: NoticeListItem) => [n.buyer.city, n.buyer.state].filter(Boolean).join("/");

export const NOTICE_COLUMNS: DataTableColumn<NoticeListItem, NoticeSortColumn>[] = [
  { key: "buyer", header: "Órgão", sortKey: "buyerName", text: (n) => n.buyer.corporateName, minWidth: 160 },
  {
    key: "noticeNumber",
    header: "Edital",
    sortKey: "noticeNumber",
    text: (n) => n.noticeNumber,
    // A real link to the notice's page (/detalhes-do-edital/{id}).
    render: (n) => (
      <Anchor
        component={Link}
        to={noticeDetailPath(n.id)}
        fw={600}
        underline="always"
        aria-label={NOTICE_DETAIL_TEXTS.noticeLink(n.noticeNumber)}
      >
        {n.noticeNumber}
      </Anchor>
    ),
    nowrap: true,
  },
  {
    key: "processNumber",
    header: "Processo",
    sortKey: "processNumber",
    text: (n) => n.processNumber,
    nowrap: true,
  },
  {
    key: "objectOfInterest",
    header: "Objeto",
    sortKey: "objectOfInterest",
    text: (n) => n.objectOfInterest,
    minWidth: 220,
  },
  {
    key: "modality",
    header: "Modalidade",
    sortKey: "modality",
    text: (n) => MODALITY_LABELS[n.modality] ?? n.modality,
    minWidth: 150,
  },
  {
    key: "startDateTime",
    header: "Data da sessão",
    sortKey: "startDateTime",
    text: (n) => (n.startDateTime ? formatBrasiliaDateTime(n.startDateTime) : "—"),
    nowrap: true,
  },
  {
    key: "status",
    header: "Status",
    sortKey: "status",
    render: (n) => <StatusPill status={n.status} />,
    nowrap: true,
  },
  { key: "cityState", header: "Cidade/UF", text: cityState },
];

interface FilterForm {
  searchParameters: string;
  modalities: string[];
  status: string | null;
  state: string | null;
  buyerName: string;
  noticeNumber: string;
  startDate: string;
}

const EMPTY_FORM: FilterForm = {
  searchParameters: "",
  modalities: [],
  status: null,
  state: null,
  buyerName: "",
  noticeNumber: "",
  startDate: "",
};

/** The request filters of the form; with no modality chosen, a page's own modalities (if it has them). */
function toFilters(form: FilterForm, pageModalities?: readonly Modality[]): NoticeListFilters {
  const date = parseDateBR(form.startDate);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    searchParameters: form.searchParameters,
    modalities:
      form.modalities.length > 0 ? (form.modalities as Modality[]) : pageModalities && [...pageModalities],
    statuses: form.status ? [form.status as NoticeStatus] : undefined,
    state: form.state ?? undefined,
    buyerName: form.buyerName,
    noticeNumber: form.noticeNumber,
    startDate: date ? `${date.year}-${pad(date.month)}-${pad(date.day)}` : undefined,
  };
}

export const DEFAULT_NOTICE_SORT: TableSort<NoticeSortColumn> = { column: "startDateTime", order: "DESC" };

export interface NoticeListProps {
  /** Accessible name of the table or of the card list. */
  label?: string;
  /** The modalities of the page (a modality group): the list shows only these and the filter offers only these. */
  modalities?: readonly Modality[];
  /** A table with sortable columns (the public site) or notice cards (the logged-in pages, §2.3). */
  display?: "table" | "cards";
}

/** The published-notice list with its search, filters, sortable columns or cards, and paging. */
export function NoticeList({ label = "Editais publicados", modalities, display = "table" }: NoticeListProps) {
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const [dateError, setDateError] = useState<string | null>(null);
  const [filters, setFilters] = useState<NoticeListFilters>(() => toFilters(EMPTY_FORM, modalities));
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TableSort<NoticeSortColumn>>(DEFAULT_NOTICE_SORT);

  const { user } = useSession();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's chunk loads on the first open and then stays mounted, for its closing transition.
  const [drawerAsked, setDrawerAsked] = useState(false);
  if (phone && drawerOpened && !drawerAsked) setDrawerAsked(true);
  const [filesOf, setFilesOf] = useState<{ id: string; noticeNumber: string } | null>(null);
  // The dialog's chunk loads on the first ask and then stays mounted, for its closing transition.
  const [filesAsked, setFilesAsked] = useState(false);
  if (filesOf && !filesAsked) setFilesAsked(true);
  const columns: DataTableColumn<NoticeListItem, NoticeSortColumn>[] = [
    ...NOTICE_COLUMNS,
    {
      key: "files",
      header: "Arquivos",
      align: "center",
      render: (n) => (
        <ActionIcon
          variant="subtle"
          aria-label={`Baixar arquivos do processo ${n.noticeNumber}`}
          title="Baixar arquivos do processo"
          onClick={() => setFilesOf({ id: String(n.id), noticeNumber: n.noticeNumber })}
        >
          <IconDownload size={18} />
        </ActionIcon>
      ),
    },
  ];

  const query = usePublicNotices({ ...filters, page, orderByColumn: sort.column, sortOrder: sort.order });
  const data = query.data;

  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  /** Applies the form; false when the date is invalid (the error shows under the field). */
  const apply = () => {
    const error = validateDateBR(form.startDate);
    setDateError(error);
    if (error) return false;
    setFilters(toFilters(form, modalities));
    setPage(1);
    return true;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apply()) drawer.close();
    // On a phone the date field is in the drawer: show its error there.
    else if (phone) drawer.open();
  };

  const clear = () => {
    setForm(EMPTY_FORM);
    setDateError(null);
    setFilters(toFilters(EMPTY_FORM, modalities));
    setPage(1);
  };

  const advanced = (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
      <MultiSelect
        label="Modalidades"
        placeholder={form.modalities.length ? undefined : "Todas"}
        data={modalityOptions(modalities ?? MODALITIES)}
        value={form.modalities}
        onChange={(v) => set("modalities", v)}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Status"
        placeholder="Todos"
        data={STATUS_OPTIONS}
        value={form.status}
        onChange={(v) => set("status", v)}
        clearable
      />
      <Select
        label="Estado (UF)"
        placeholder="Todos"
        data={STATE_OPTIONS}
        value={form.state}
        onChange={(v) => set("state", v)}
        searchable
        clearable
      />
      <TextInput
        label="Órgão"
        placeholder="Nome do órgão comprador"
        value={form.buyerName}
        onChange={(e) => set("buyerName", e.currentTarget.value)}
      />
      <TextInput
        label="Número do edital"
        placeholder="Ex.: 12/2026"
        value={form.noticeNumber}
        onChange={(e) => set("noticeNumber", e.currentTarget.value)}
      />
      <MaskedInput
        mask="date"
        label="Data da sessão a partir de"
        value={form.startDate}
        onChange={(masked) => set("startDate", masked)}
        error={dateError}
      />
    </SimpleGrid>
  );

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        onSubmit={submit}
        role="search"
        aria-label="Pesquisar editais"
      >
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <TextInput
              flex={1}
              label="Pesquisar"
              placeholder="Objeto, número do edital, processo ou órgão"
              leftSection={<IconSearch size={16} />}
              value={form.searchParameters}
              onChange={(e) => set("searchParameters", e.currentTarget.value)}
            />
            <Button type="submit" leftSection={<IconFilter size={16} />}>
              Pesquisar
            </Button>
          </Group>
          {phone && (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={drawer.open}
              aria-haspopup="dialog"
              aria-expanded={drawerOpened}
            >
              {NOTICE_DETAIL_TEXTS.filters}
            </Button>
          )}
          {!phone && advanced}
          <Group justify="flex-end">
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={clear}>
              Limpar filtros
            </Button>
          </Group>
        </Stack>
      </Paper>

      {drawerAsked && (
        <Suspense fallback={null}>
          <FiltersDrawer opened={phone && drawerOpened} onClose={drawer.close}>
            <Stack gap="md">
              {advanced}
              <Group justify="space-between">
                <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={clear}>
                  Limpar filtros
                </Button>
                <Button
                  leftSection={<IconFilter size={16} />}
                  onClick={() => {
                    if (apply()) drawer.close();
                  }}
                >
                  Aplicar filtros
                </Button>
              </Group>
            </Stack>
          </FiltersDrawer>
        </Suspense>
      )}
      {query.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Erro">
          {errorMessageOf(query.error)}
        </Alert>
      )}

      {display === "cards" ? (
        <Suspense fallback={<Loader role="progressbar" aria-label="Carregando" />}>
          <NoticeCards
            label={label}
            notices={data?.auctionNotices ?? []}
            loading={query.isFetching}
            error={query.isError}
            user={user ?? null}
            onDownload={(n) => setFilesOf({ id: String(n.id), noticeNumber: n.noticeNumber })}
            pagination={{
              page,
              total: data?.total ?? 0,
              totalIsLowerBound: data?.totalIsLowerBound,
              limitResult: data?.limitResult ?? 0,
              onPageChange: setPage,
            }}
          />
        </Suspense>
      ) : phone ? (
        <NoticeStack
          label={label}
          notices={data?.auctionNotices ?? []}
          loading={query.isFetching}
          emptyText={query.isError ? "Não foi possível carregar os editais." : undefined}
          onDownload={(n) => setFilesOf({ id: String(n.id), noticeNumber: n.noticeNumber })}
          pagination={{
            page,
            total: data?.total ?? 0,
            totalIsLowerBound: data?.totalIsLowerBound,
            limitResult: data?.limitResult ?? 0,
            onPageChange: setPage,
          }}
        />
      ) : (
        <DataTable
          label={label}
          columns={columns}
          rows={data?.auctionNotices ?? []}
          rowKey={(n) => n.id}
          sort={sort}
          onSortChange={setSort}
          loading={query.isFetching}
          emptyText={query.isError ? "Não foi possível carregar os editais." : undefined}
          pagination={{
            page,
            total: data?.total ?? 0,
            totalIsLowerBound: data?.totalIsLowerBound,
            limitResult: data?.limitResult ?? 0,
            onPageChange: setPage,
          }}
        />
      )}
      {filesAsked && (
        <Suspense fallback={null}>
          <DownloadFilesModal
            notice={filesOf}
            prefix={user ? "app" : "public"}
            onClose={() => setFilesOf(null)}
          />
        </Suspense>
      )}
      {data && (
        <Text size="xs" c="dimmed">
          Datas e horários no horário de Brasília.
        </Text>
      )}
    </Stack>
  );
}
