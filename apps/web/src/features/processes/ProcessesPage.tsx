import {
  ETP_MODALITY_LABELS,
  formatBrasiliaDate,
  formatCivilDateBR,
  PROCESS_ACTION_LABELS,
  PROCESS_LIST_PAGE_SIZE,
  PROCESS_STATUS_LABELS,
  type ProcessAction,
  type ProcessListColumn,
  type ProcessStatus,
  parseCivilDateKey,
} from "@certame/domain";
import {
  ActionIcon,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowBackUp, IconArrowLeft, IconPencil, IconSearch, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { DataTable, type DataTableColumn, type TableSort } from "../../ui/data-table/DataTable";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { Pill } from "../../ui/pill/Pill";
import { EMPTY_TABLE_TEXT, GENERIC_ERROR_TITLE } from "../../ui/texts";
import {
  createProcess,
  deleteProcess,
  listProcesses,
  type ProcessListAnswer,
  type ProcessListRow,
  processKeys,
  undoProcess,
} from "./api";
import { PROCESS_TEXTS as T } from "./texts";

const PHONE_QUERY = "(max-width: 47.99em)";
/** Newest first, as the server lists by default. */
const DEFAULT_SORT: TableSort<ProcessListColumn> = { column: "createdDate", order: "DESC" };

export const processEditPath = (id: string) => `/cadastrar/processos/${id}/edicao`;

/** 'YYYY-MM-DD' as dd/mm/aaaa (a civil date: no time zone shift). */
export function civilDateText(key: string | null | undefined): string {
  const date = key ? parseCivilDateKey(key) : null;
  return date ? formatCivilDateBR(date) : T.emptyCell;
}

const STATUS_COLORS: Record<ProcessStatus, string> = {
  PROCESS_PENDING: "yellow",
  PROCESS_PUBLISHED: "certame",
};

export function ProcessStatusPill({ status }: { status: ProcessStatus }) {
  return <Pill label={PROCESS_STATUS_LABELS[status] ?? status} color={STATUS_COLORS[status] ?? "gray"} />;
}

/** One column of 'Processos criados': a table column, or a line of the row's card on a phone. */
interface Field {
  key: ProcessListColumn;
  header: string;
  text: (row: ProcessListRow) => string;
  render?: (row: ProcessListRow) => ReactNode;
  nowrap?: boolean;
  minWidth?: number;
}

// Objeto and Modalidade come from the demand formalization and the ETP, whose wizards are later
// steps: the list sends null for both until then.
const FIELDS: Field[] = [
  { key: "processNumber", header: T.columns.processNumber, text: (p) => p.processNumber, nowrap: true },
  {
    key: "createdDate",
    header: T.columns.createdDate,
    text: (p) => formatBrasiliaDate(p.createdDate),
    nowrap: true,
  },
  {
    key: "secretaries",
    header: T.columns.secretaries,
    text: (p) => p.secretaries.map((s) => s.name).join(", ") || T.emptyCell,
    minWidth: 170,
  },
  {
    key: "description",
    header: T.columns.description,
    text: (p) => p.demandFormalization?.description || T.emptyCell,
    minWidth: 160,
  },
  {
    key: "modality",
    header: T.columns.modality,
    text: (p) => {
      const modality = p.preliminaryTechnicalStudy?.modality;
      return (modality && ETP_MODALITY_LABELS[modality as keyof typeof ETP_MODALITY_LABELS]) || T.emptyCell;
    },
  },
  {
    key: "processDate",
    header: T.columns.processDate,
    text: (p) => civilDateText(p.processDate),
    nowrap: true,
  },
  {
    key: "status",
    header: T.columns.status,
    text: (p) => PROCESS_STATUS_LABELS[p.status],
    render: (p) => <ProcessStatusPill status={p.status} />,
    nowrap: true,
  },
  { key: "isDeleted", header: T.columns.isDeleted, text: (p) => (p.isDeleted ? T.yes : T.no), nowrap: true },
];

const ACTION_ICONS: Record<ProcessAction, ReactNode> = {
  EDIT: <IconPencil size={16} />,
  DELETE: <IconTrash size={16} />,
  UNDO: <IconArrowBackUp size={16} />,
};

type Confirm = { kind: "DELETE" | "UNDO"; process: ProcessListRow } | null;

/** The 'Novo processo' form (§2.2): a number, 'Criar', then the new process's administration page. */
function NewProcessForm() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [number, setNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (processNumber: string) => createProcess(processNumber),
    onSuccess: async ({ id }) => {
      await client.invalidateQueries({ queryKey: processKeys.list });
      navigate(processEditPath(id));
    },
    onError: (failure) => {
      // A validation answer (the number already used in the body, too long) belongs to the field.
      if (failure instanceof ApiError && failure.status === 400) {
        const property = failure.properties.find((p) => p.property === "processNumber");
        setError(property?.errorMessages[0] ?? serverMessageOr(failure));
        return;
      }
      notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const processNumber = number.trim();
    // §2.2: creation is skipped when the number is empty.
    if (!processNumber || create.isPending) return;
    create.mutate(processNumber);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-process-title">
      <Title order={2} fz="lg" c="certame.9" id="new-process-title" mb="sm">
        {T.newProcess}
      </Title>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={T.processNumber}
          withAsterisk
          aria-required
          value={number}
          error={error}
          onChange={(e) => {
            setNumber(e.currentTarget.value);
            setError(null);
          }}
          maw={520}
          // The button sits beside the input itself, under the label and above an error.
          inputContainer={(input) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Button type="submit" loading={create.isPending}>
                {T.create}
              </Button>
            </Group>
          )}
        />
      </form>
    </Paper>
  );
}

/** /cadastrar/processos (planning §2.2): 'Novo processo' and the 'Processos criados' table. */
export function ProcessesPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<TableSort<ProcessListColumn>>(DEFAULT_SORT);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [announcement, setAnnouncement] = useState("");

  const query = useInfiniteQuery({
    queryKey: [...processKeys.list, filter, sort.column, sort.order],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      listProcesses({
        page: pageParam,
        limit: PROCESS_LIST_PAGE_SIZE,
        orderByColumn: sort.column,
        sortOrder: sort.order,
        searchParameters: filter || undefined,
      }),
    getNextPageParam: (last: ProcessListAnswer, pages, lastPage) => {
      const loaded = pages.reduce((n, p) => n + p.processes.length, 0);
      return last.processes.length > 0 && loaded < last.total ? lastPage + 1 : undefined;
    },
  });
  const rows = query.data?.pages.flatMap((p) => p.processes) ?? [];
  const total = query.data?.pages[0]?.total;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // §8 General: one notification per failure, with the server's message when it sent one.
  useEffect(() => {
    if (query.isError) notifyError(GENERIC_ERROR_TITLE, serverMessageOr(query.error));
  }, [query.isError, query.error]);

  // "Infinite pagination": the next page loads when the end of the list scrolls into view; the
  // 'Carregar mais' button does the same for keyboards and where IntersectionObserver is missing.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toggle = useMutation({
    mutationFn: ({ kind, process }: NonNullable<Confirm>) =>
      kind === "DELETE" ? deleteProcess(process.id) : undoProcess(process.id),
    onSuccess: async (_answer, { kind }) => {
      const message = kind === "DELETE" ? T.deleted : T.restored;
      setConfirm(null);
      notifySuccess(message);
      setAnnouncement(message);
      await client.invalidateQueries({ queryKey: processKeys.all });
    },
    onError: (failure) => notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure)),
  });

  const onAction = (action: ProcessAction, process: ProcessListRow) => {
    setAnnouncement("");
    if (action === "EDIT") navigate(processEditPath(process.id));
    else setConfirm({ kind: action, process });
  };

  const actionButtons = (process: ProcessListRow, size: "xs" | "sm") => (
    <Group gap={6} wrap={size === "xs" ? "nowrap" : "wrap"}>
      {process.actions.map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === "DELETE" ? "light" : "default"}
          color={action === "DELETE" ? "red" : undefined}
          leftSection={ACTION_ICONS[action]}
          // The process number tells the buttons of each row apart for screen readers.
          aria-label={`${PROCESS_ACTION_LABELS[action]} ${process.processNumber}`}
          onClick={() => onAction(action, process)}
        >
          {PROCESS_ACTION_LABELS[action]}
        </Button>
      ))}
    </Group>
  );

  const columns: DataTableColumn<ProcessListRow, ProcessListColumn>[] = [
    ...FIELDS.map((f) => ({
      key: f.key,
      header: f.header,
      sortKey: f.key,
      text: f.text,
      render: f.render,
      nowrap: f.nowrap,
      minWidth: f.minWidth,
    })),
    { key: "actions", header: T.columns.actions, render: (p) => actionButtons(p, "xs") },
  ];

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter(search.trim());
  };

  const back = (
    <Tooltip label={T.back}>
      <ActionIcon variant="default" size="lg" aria-label={T.back} onClick={() => navigate(-1)}>
        <IconArrowLeft size={18} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <>
      <PageTitle title={T.title} actions={back} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="processes-announcer">
        {announcement}
      </VisuallyHidden>
      <Stack gap="xl">
        <NewProcessForm />

        <Stack gap="sm" component="section" aria-labelledby="created-processes-title">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={2}>
              <Title order={2} fz="lg" c="certame.9" id="created-processes-title">
                {T.createdProcesses}
              </Title>
              {total !== undefined && (
                <Text size="sm" c="dimmed">
                  {T.count(total)}
                </Text>
              )}
            </Stack>
            <form onSubmit={submitSearch} aria-label={T.searchLabel}>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={T.searchLabel}
                  placeholder={T.searchPlaceholder}
                  leftSection={<IconSearch size={16} />}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  w={{ base: "100%", xs: 260 }}
                />
                <Button type="submit" variant="light">
                  {T.search}
                </Button>
              </Group>
            </form>
          </Group>

          {phone ? (
            <PhoneList
              rows={rows}
              loading={query.isLoading}
              sort={sort}
              onSortChange={setSort}
              actions={(p) => actionButtons(p, "sm")}
            />
          ) : (
            <DataTable
              label={T.createdProcesses}
              columns={columns}
              rows={rows}
              rowKey={(p) => p.id}
              sort={sort}
              onSortChange={setSort}
              loading={query.isFetching && !isFetchingNextPage}
            />
          )}
          <div ref={sentinel} />
          {hasNextPage && (
            <Group justify="center">
              <Button variant="subtle" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {T.loadMore}
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>

      <ConfirmModal
        opened={confirm?.kind === "DELETE"}
        title={T.deleteTitle}
        confirmLabel={T.deleteConfirm}
        color="red"
        loading={toggle.isPending}
        onConfirm={() => confirm && toggle.mutate(confirm)}
        onClose={() => setConfirm(null)}
      >
        <ConfirmText number={confirm?.process.processNumber} text={T.deleteText} />
      </ConfirmModal>
      <ConfirmModal
        opened={confirm?.kind === "UNDO"}
        title={T.undoTitle}
        confirmLabel={T.undoConfirm}
        loading={toggle.isPending}
        onConfirm={() => confirm && toggle.mutate(confirm)}
        onClose={() => setConfirm(null)}
      >
        <ConfirmText number={confirm?.process.processNumber} text={T.undoText} />
      </ConfirmModal>
    </>
  );
}

/** The spec's question, under the number of the process it acts on. */
function ConfirmText({ number, text }: { number: string | undefined; text: string }) {
  return (
    <Stack gap="xs">
      <Text>{text}</Text>
      {number && <Text fw={600}>{number}</Text>}
    </Stack>
  );
}

/**
 * 'Processos criados' on a phone: one card per process (the actions inside the viewport), with the
 * sort the table's headers give elsewhere as two selects.
 */
function PhoneList({
  rows,
  loading,
  sort,
  onSortChange,
  actions,
}: {
  rows: readonly ProcessListRow[];
  loading: boolean;
  sort: TableSort<ProcessListColumn>;
  onSortChange: (sort: TableSort<ProcessListColumn>) => void;
  actions: (row: ProcessListRow) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Group gap="sm" grow>
        <NativeSelect
          label={T.sortBy}
          value={sort.column}
          data={FIELDS.map((f) => ({ value: f.key, label: f.header }))}
          onChange={(e) => onSortChange({ ...sort, column: e.currentTarget.value as ProcessListColumn })}
        />
        <NativeSelect
          label={T.sortOrder}
          value={sort.order}
          data={[
            { value: "ASC", label: T.ascending },
            { value: "DESC", label: T.descending },
          ]}
          onChange={(e) => onSortChange({ ...sort, order: e.currentTarget.value as "ASC" | "DESC" })}
        />
      </Group>
      {loading && rows.length === 0 && (
        <Center py="lg">
          <Loader role="progressbar" aria-label="Carregando" />
        </Center>
      )}
      {!loading && rows.length === 0 && (
        <Paper withBorder p="md" radius="md">
          <Text size="sm">{EMPTY_TABLE_TEXT}</Text>
        </Paper>
      )}
      {rows.length > 0 && (
        <Stack gap="sm" role="list" aria-label={T.createdProcesses}>
          {rows.map((row) => (
            <Card key={row.id} withBorder radius="md" padding="md" role="listitem">
              <Stack gap={6}>
                {FIELDS.map((f) => (
                  <Group key={f.key} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" c="dimmed">
                      {f.header}
                    </Text>
                    <Text size="sm" ta="right" component="div" style={{ overflowWrap: "anywhere" }}>
                      {f.render ? f.render(row) : f.text(row)}
                    </Text>
                  </Group>
                ))}
                {actions(row)}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
