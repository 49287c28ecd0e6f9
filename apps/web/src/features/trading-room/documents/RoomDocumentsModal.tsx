import { formatBrasiliaDate } from "@certame/domain";
import { Button, Checkbox, Group, Loader, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiError, serverMessageOr } from "../../../api/client";
import { saveFile } from "../../../api/files";
import { AppModal } from "../../../ui/modal/AppModal";
import { notifyError, notifyWarning } from "../../../ui/notify";
import { useRoomAction } from "../modal/useRoomAction";
import {
  downloadRoomDocuments,
  fetchRoomDocuments,
  type RoomDocumentItem,
  type RoomDocumentModalKind,
  type RoomDocumentScope,
} from "./room-documents-api";

/** §2.7 titles, verbatim. */
export const ROOM_DOCUMENT_TITLES: Record<RoomDocumentModalKind, string> = {
  QUALIFICATION: "Documentos de habilitação anexados",
  DATASHEET: "Ficha técnica anexada",
  PROPOSAL: "Propostas Anexadas",
  TECHNICAL_PROPOSAL: "Propostas técnicas Anexadas",
};

export const ROOM_DOCUMENT_TEXTS = {
  selectAll: "Selecionar todos",
  view: "Visualizar",
  download: "Baixar",
  close: "Fechar",
  empty: "Nenhum arquivo anexado no momento",
  file: "Arquivo",
  date: "Data",
  alertTitle: "Alerta",
  errorTitle: "Erro",
  loadError: "Erro ao carregar dados, tente novamente",
} as const;

/** §2.7: the modal opens after a 50 ms delay; §8: a 403 is an 'Alerta' warning for 5 s. */
export const ROOM_DOCUMENT_OPEN_DELAY_MS = 50;
export const ROOM_DOCUMENT_ALERT_MS = 5000;

type SortKey = "file" | "date";

export interface RoomDocumentsModalProps {
  kind: RoomDocumentModalKind;
  scope: RoomDocumentScope;
  onClose: () => void;
}

/**
 * A document viewing modal of the room (trading-room §2.7): every row preselected, 'Selecionar
 * todos', 'Visualizar' in a new tab, 'Baixar' one file or a zip of the selection. The proposals
 * modal has a header row sortable by Arquivo / Data.
 */
export function RoomDocumentsModal({ kind, scope, onClose }: RoomDocumentsModalProps) {
  const [items, setItems] = useState<RoomDocumentItem[] | null>(null);
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: "date", asc: true });
  const downloading = useRoomAction();
  const { auctionNoticeId, batchId, anonymousSupplierIdentificationNumber } = scope;
  // The parent may pass a new callback each render; the list is loaded once per scope.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => live && setOpened(true), ROOM_DOCUMENT_OPEN_DELAY_MS);
    fetchRoomDocuments(kind, { auctionNoticeId, batchId, anonymousSupplierIdentificationNumber })
      .then((list) => {
        if (!live) return;
        setItems(list);
        setSelected(new Set(list.map((i) => i.id)));
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 403)
          notifyWarning(ROOM_DOCUMENT_TEXTS.alertTitle, error.message, { duration: ROOM_DOCUMENT_ALERT_MS });
        else
          notifyError(ROOM_DOCUMENT_TEXTS.errorTitle, serverMessageOr(error, ROOM_DOCUMENT_TEXTS.loadError));
        close.current();
      });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, auctionNoticeId, batchId, anonymousSupplierIdentificationNumber]);

  const sortable = kind === "PROPOSAL";
  const rows = useMemo(() => {
    const list = [...(items ?? [])];
    if (!sortable) return list;
    const factor = sort.asc ? 1 : -1;
    return list.sort((a, b) =>
      sort.key === "file"
        ? factor * a.document.name.localeCompare(b.document.name, "pt-BR")
        : factor * (Date.parse(a.createdDate) - Date.parse(b.createdDate)),
    );
  }, [items, sort, sortable]);

  const all = rows.length > 0 && selected.size === rows.length;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const sortBy = (key: SortKey) => setSort((s) => ({ key, asc: s.key === key ? !s.asc : true }));
  const arrow = (key: SortKey) => (sort.key === key ? (sort.asc ? " ▲" : " ▼") : "");

  const download = async () => {
    const ids = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
    if (ids.length === 0) return;
    await downloading.run(async () => {
      const file = await downloading.call(
        () => downloadRoomDocuments(kind, scope, ids),
        ROOM_DOCUMENT_TEXTS.errorTitle,
      );
      if (file) saveFile(file.value);
    });
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={ROOM_DOCUMENT_TITLES[kind]} size="xl">
      <Stack gap="sm">
        {items === null ? (
          <Group justify="center" p="md">
            <Loader role="progressbar" size="sm" aria-label="Carregando documentos" />
          </Group>
        ) : rows.length === 0 ? (
          <Text c="dimmed">{ROOM_DOCUMENT_TEXTS.empty}</Text>
        ) : (
          <>
            <Checkbox
              label={ROOM_DOCUMENT_TEXTS.selectAll}
              checked={all}
              indeterminate={selected.size > 0 && !all}
              onChange={() => setSelected(all ? new Set() : new Set(rows.map((r) => r.id)))}
            />
            <Table fz="sm" verticalSpacing={6} aria-label={ROOM_DOCUMENT_TITLES[kind]}>
              {sortable && (
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36} />
                    <Table.Th>
                      <UnstyledButton fw={700} fz="sm" onClick={() => sortBy("file")}>
                        {ROOM_DOCUMENT_TEXTS.file}
                        {arrow("file")}
                      </UnstyledButton>
                    </Table.Th>
                    <Table.Th w={110}>
                      <UnstyledButton fw={700} fz="sm" onClick={() => sortBy("date")}>
                        {ROOM_DOCUMENT_TEXTS.date}
                        {arrow("date")}
                      </UnstyledButton>
                    </Table.Th>
                    <Table.Th w={110} />
                  </Table.Tr>
                </Table.Thead>
              )}
              <Table.Tbody>
                {rows.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={item.label}
                        checked={selected.has(item.id)}
                        onChange={() => toggle(item.id)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: "break-word" }}>
                        {item.label}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatBrasiliaDate(item.createdDate)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        component="a"
                        href={item.document.url}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {ROOM_DOCUMENT_TEXTS.view}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {ROOM_DOCUMENT_TEXTS.close}
          </Button>
          <Button onClick={download} loading={downloading.busy} disabled={selected.size === 0}>
            {ROOM_DOCUMENT_TEXTS.download}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
