import {
  formatBrasiliaDateTime,
  MODALITY_LABELS,
  NOTICE_ACTION_LABELS,
  type NoticeAction,
  noticeActions,
  publicationProofApplies,
} from "@certame/domain";
import { ActionIcon, Alert, Button, Group, Menu, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconDots, IconSearch } from "@tabler/icons-react";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { saveFile } from "../../api/files";
import { DataTable, type DataTableColumn, type TableSort } from "../../ui/data-table/DataTable";
import { NOTIFICATION_DURATION } from "../../ui/durations";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { StatusPill } from "../public-notices/StatusPill";
import {
  deleteNotice,
  downloadPublicationProof,
  duplicateNotice,
  finalizeNotice,
  listCreatedNotices,
  type NoticeListAnswer,
  type NoticeListRow,
  publishNotice,
  reopenNotice,
} from "./api";
import { NOTICE_TEXTS } from "./texts";

type SortColumn =
  | "secretariesNames"
  | "noticeNumber"
  | "objectOfInterest"
  | "startDateTime"
  | "modality"
  | "status"
  | "createdDate";

/** Newest first by creation: the order in which the cursor (lastAuctionNoticeCreatedDate) pages. */
const DEFAULT_SORT: TableSort<SortColumn> = { column: "createdDate", order: "DESC" };

export const CREATED_NOTICES_KEY = ["notices", "created"] as const;

type Confirm = { kind: "reopen" | "finish" | "delete" | "publish"; notice: NoticeListRow } | null;

/** Publish and finish errors: the server's message for 6 s, a warning for HTTP 400, danger otherwise (§8). */
function notifyStatusError(error: unknown) {
  const options = { duration: NOTIFICATION_DURATION.publishOrFinishError };
  if (error instanceof ApiError && error.status === 400)
    notifyWarning("Atenção", errorMessageOf(error), options);
  else notifyError(undefined, errorMessageOf(error), options);
}

/** 'Processos criados' (§2.4): the buyer's notices with filter, infinite scroll, sorting and row actions. */
export function CreatedNotices() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<TableSort<SortColumn>>(DEFAULT_SORT);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const byCursor = sort.column === "createdDate" && sort.order === "DESC";

  const query = useInfiniteQuery({
    queryKey: [...CREATED_NOTICES_KEY, filter, sort.column, sort.order],
    initialPageParam: { page: 1, cursor: undefined as string | undefined },
    queryFn: ({ pageParam }) =>
      listCreatedNotices({
        searchParameters: filter || undefined,
        orderByColumn: sort.column,
        sortOrder: sort.order,
        ...(byCursor ? { lastAuctionNoticeCreatedDate: pageParam.cursor } : { page: pageParam.page }),
      }),
    getNextPageParam: (last: NoticeListAnswer, pages, lastParam) => {
      const loaded = pages.reduce((n, p) => n + p.auctionNotices.length, 0);
      if (last.auctionNotices.length === 0 || last.auctionNotices.length < last.limitResult) return undefined;
      if (!byCursor && loaded >= last.total && !last.totalIsLowerBound) return undefined;
      const cursor = last.auctionNotices.at(-1)?.createdDate ?? undefined;
      return { page: lastParam.page + 1, cursor };
    },
  });

  const rows = query.data?.pages.flatMap((p) => p.auctionNotices) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const refresh = () => client.invalidateQueries({ queryKey: CREATED_NOTICES_KEY });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const publish = (n: NoticeListRow) =>
    run(async () => {
      try {
        await publishNotice(n.id);
      } catch (error) {
        notifyStatusError(error);
        return;
      }
      setConfirm(null);
      notifySuccess(NOTICE_TEXTS.published);
      await refresh();
      if (publicationProofApplies(n.modality)) {
        try {
          saveFile(await downloadPublicationProof(n.id));
        } catch (error) {
          notifyApiError(error, NOTICE_TEXTS.templateErrorTitle);
        }
      }
    });

  const duplicate = (n: NoticeListRow) =>
    run(async () => {
      try {
        await duplicateNotice(n.id);
        notifySuccess(NOTICE_TEXTS.duplicated);
        setSort(DEFAULT_SORT);
        await refresh();
      } catch (error) {
        notifyApiError(error);
      }
    });

  const onAction = (action: NoticeAction, n: NoticeListRow) => {
    switch (action) {
      case "EDIT":
        navigate(`/cadastrar/editais/${n.id}/formulario`);
        return;
      case "EDIT_FINISHED":
        setConfirm({ kind: "reopen", notice: n });
        return;
      case "PUBLISH":
      case "REPUBLISH":
        setConfirm({ kind: "publish", notice: n });
        return;
      case "FINISH":
        setConfirm({ kind: "finish", notice: n });
        return;
      case "INSERT_RESULTS":
        navigate(`/cadastrar/editais/${n.id}/vencedores-do-edital`);
        return;
      case "DUPLICATE":
        void duplicate(n);
        return;
      case "DELETE":
        setConfirm({ kind: "delete", notice: n });
        return;
    }
  };

  const confirmAction = () => {
    if (!confirm) return;
    const { kind, notice } = confirm;
    if (kind === "publish") {
      void publish(notice);
      return;
    }
    void run(async () => {
      try {
        if (kind === "reopen") {
          await reopenNotice(notice.id);
          setConfirm(null);
          await refresh();
          navigate(`/cadastrar/editais/${notice.id}/formulario`);
        } else if (kind === "finish") {
          await finalizeNotice(notice.id);
          notifySuccess(NOTICE_TEXTS.finished);
          setConfirm(null);
          await refresh();
        } else {
          await deleteNotice(notice.id);
          notifySuccess(NOTICE_TEXTS.deleted);
          setConfirm(null);
          await refresh();
        }
      } catch (error) {
        if (kind === "finish") notifyStatusError(error);
        else notifyApiError(error);
      }
    });
  };

  const columns: DataTableColumn<NoticeListRow, SortColumn>[] = [
    {
      key: "secretariesNames",
      header: "Unidade compradora",
      sortKey: "secretariesNames",
      text: (n) => n.secretariesNames || "—",
      minWidth: 170,
    },
    {
      key: "noticeNumber",
      header: "Edital/Aviso",
      sortKey: "noticeNumber",
      text: (n) => n.noticeNumber,
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
      key: "startDateTime",
      header: "Data do Processo",
      sortKey: "startDateTime",
      text: (n) => (n.startDateTime ? formatBrasiliaDateTime(n.startDateTime) : "—"),
      nowrap: true,
    },
    {
      key: "modality",
      header: "Modalidade",
      sortKey: "modality",
      text: (n) => MODALITY_LABELS[n.modality],
      minWidth: 150,
    },
    {
      key: "status",
      header: "Status",
      sortKey: "status",
      render: (n) => <StatusPill status={n.status} />,
      nowrap: true,
    },
    {
      key: "actions",
      header: "Ações",
      align: "center",
      render: (n) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Ações do processo ${n.noticeNumber}`} disabled={busy}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {noticeActions(n.status, n.modality).map((action) => (
              <Menu.Item
                key={action}
                color={action === "DELETE" ? "red" : undefined}
                // Mantine writes a coloured item in shade 6 (red.6, 3.28:1): the tone's readable text.
                c={action === "DELETE" ? "red" : undefined}
                onClick={() => onAction(action, n)}
              >
                {NOTICE_ACTION_LABELS[action]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter(search.trim());
  };

  const total = query.data?.pages[0]?.total;
  const moreThanTotal = query.data?.pages[0]?.totalIsLowerBound ?? false;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Text fw={700} fz="lg" c="certame.9" component="h2" m={0}>
            Processos criados
          </Text>
          {total !== undefined && (
            <Text size="sm" c="dimmed">
              {moreThanTotal
                ? `mais de ${total.toLocaleString("pt-BR")} processos`
                : `${total} ${total === 1 ? "processo" : "processos"}`}
            </Text>
          )}
        </Stack>
        <form onSubmit={submit} aria-label="Filtrar processos">
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label="Filtrar processos"
              placeholder="Edital, processo, objeto ou unidade"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={300}
            />
            <Button type="submit" variant="light">
              Filtrar
            </Button>
          </Group>
        </form>
      </Group>
      {query.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Erro">
          {errorMessageOf(query.error)}
        </Alert>
      )}
      <DataTable
        label="Processos criados"
        columns={columns}
        rows={rows}
        rowKey={(n) => n.id}
        sort={sort}
        onSortChange={setSort}
        loading={query.isFetching && !isFetchingNextPage}
      />
      <div ref={sentinel} />
      {hasNextPage && (
        <Group justify="center">
          <Button variant="subtle" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Carregar mais processos
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirm?.kind === "reopen"}
        title={NOTICE_TEXTS.reopenTitle}
        confirmLabel={NOTICE_TEXTS.reopenConfirm}
        loading={busy}
        onConfirm={confirmAction}
        onClose={() => setConfirm(null)}
      >
        <NoticeConfirmText notice={confirm?.notice} text={NOTICE_TEXTS.reopenText} />
      </ConfirmModal>
      <ConfirmModal
        opened={confirm?.kind === "publish"}
        title={NOTICE_TEXTS.publishTitle}
        confirmLabel="Publicar"
        loading={busy}
        onConfirm={confirmAction}
        onClose={() => setConfirm(null)}
      >
        <NoticeConfirmText notice={confirm?.notice} text={NOTICE_TEXTS.publishText} />
      </ConfirmModal>
      <ConfirmModal
        opened={confirm?.kind === "finish"}
        title="Finalizar processo"
        confirmLabel="Finalizar"
        loading={busy}
        onConfirm={confirmAction}
        onClose={() => setConfirm(null)}
      >
        {NOTICE_TEXTS.finishText}
      </ConfirmModal>
      <ConfirmModal
        opened={confirm?.kind === "delete"}
        title={NOTICE_TEXTS.removeTitle}
        confirmLabel="Excluir"
        color="red"
        loading={busy}
        onConfirm={confirmAction}
        onClose={() => setConfirm(null)}
      >
        {NOTICE_TEXTS.removeText}
      </ConfirmModal>
    </Stack>
  );
}

/** A confirmation naming the notice it acts on, then what the action does. */
function NoticeConfirmText({ notice, text }: { notice: NoticeListRow | undefined; text: string }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {notice?.noticeNumber} — {notice?.objectOfInterest}
      </Text>
      <Text>{text}</Text>
    </Stack>
  );
}
