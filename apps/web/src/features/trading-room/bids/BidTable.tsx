import { brasiliaParts, formatBrasiliaDate, isNoticeAuthor, LIVE_EVENTS } from "@certame/domain";
import { Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useRef, useState } from "react";
import { CountedTextarea } from "../../../ui/counted-textarea/CountedTextarea";
import { AppModal } from "../../../ui/modal/AppModal";
import { type RequestAction, SupplierToggleModal } from "../control/ControlModals";
import {
  CONTROL_TEXTS,
  type SupplierToggleKind,
  toggleKindOf,
  togglePermission,
} from "../control/control-actions";
import { useRoomDocuments } from "../documents/RoomDocumentControls";
import classes from "../layout/TradingRoom.module.css";
import { useStackedTable } from "../layout/useStackedTable";
import { criterionOf, type RoomState, selectedLot } from "../live/room-state";
import { allowed } from "../room-permissions";
import { LAYOUT_TEXTS, ROOM_TEXTS } from "../texts";
import type { BidView } from "../types";
import { bidModeOf, formatBidValue, lotDecimals } from "./bid-input";

/** §2.4 / §9: 40 px rows, 15 rows in view. */
export const BID_ROW_HEIGHT = 40;
export const BID_ROWS_PER_PAGE = 15;
/** Cancel and fail reasons: 255 characters (§9). */
export const CANCEL_REASON_MAX_LENGTH = 255;

const two = (n: number) => String(n).padStart(2, "0");
const timeWithSeconds = (iso: string) => {
  const p = brasiliaParts(iso);
  return `${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
};

const isCancelled = (b: BidView) =>
  b.isCancelled === true || b.state === "CANCELLED" || b.state === "ARCHIVED";
const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? "-" : v ? "Sim" : "Não");
/** ME/EPP: unknown ('-') while the name is hidden (no supplier in the bid view). */
const smallBusiness = (b: BidView) => b.supplier?.isSmallBusiness ?? null;

interface Column {
  key: string;
  header: string;
  width?: number;
  cell: (b: BidView) => ReactNode;
}

/**
 * Column widths (px) of the drawn table: wide enough for each header's longest word and its values,
 * so no column is squeezed to nothing (issue 12 item 1). 'Licitante' takes what is left, at least
 * its minimum; a box narrower than the sum shows the bids as stacked rows instead.
 */
export const BID_COLUMN_WIDTHS = {
  date: 96,
  time: 80,
  supplierMin: 140,
  smallBusiness: 76,
  qualified: 108,
  brand: 120,
  value: 124,
  cancelled: 94,
  documents: 108,
} as const;

/** The least width of the bid table with these columns (the supplier column at its minimum). */
export const bidTableMinWidth = (columns: readonly Pick<Column, "key" | "width">[]) =>
  columns.reduce((sum, c) => sum + (c.width ?? BID_COLUMN_WIDTHS.supplierMin), 0);

function CancelBidModal({
  onClose,
  onConfirm,
}: {
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <AppModal opened onClose={onClose} title={ROOM_TEXTS.cancelBidTitle} size="md">
      <Stack gap="md">
        <Text>{ROOM_TEXTS.cancelBidQuestion}</Text>
        <CountedTextarea
          label={ROOM_TEXTS.cancelBidReason}
          required
          value={reason}
          onChange={setReason}
          maxLength={CANCEL_REASON_MAX_LENGTH}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red" disabled={reason.trim() === ""} onClick={() => onConfirm(reason.trim())}>
            {ROOM_TEXTS.confirmCancellation}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

export interface BidTableProps {
  state: RoomState;
  now: Date;
  onSelectBid: (bidId: string | null) => void;
  send: (event: string, data: unknown) => boolean;
  /** Sends a control event and waits for the server's answer (supplier toggles). */
  request: RequestAction;
}

/** The selected lot's bids (§2.4): virtual list of 40 px rows, cancelled bids struck through in red. */
export function BidTable({ state, now, onSelectBid, send, request }: BidTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { boxRef, tableRef, stacked } = useStackedTable();
  const scrollBoxRef = useMergedRef(scrollRef, boxRef);
  const [cancelling, setCancelling] = useState(false);
  const [toggling, setToggling] = useState<SupplierToggleKind | null>(null);
  const [history, setHistory] = useState(false);
  const lot = selectedLot(state);
  const notice = state.notice;
  const bids = state.bids;
  // Up to one page the rows are plain; above it only the rows in view are drawn.
  // Stacked rows (narrow screens) have no fixed height: all are drawn.
  const virtual = !stacked && bids.length > BID_ROWS_PER_PAGE;
  const virtualizer = useVirtualizer({
    count: virtual ? bids.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BID_ROW_HEIGHT,
    overscan: 5,
    initialRect: { width: 0, height: BID_ROW_HEIGHT * BID_ROWS_PER_PAGE },
  });
  // §2.4 document buttons, icon columns and their modals (§2.7).
  const documents = useRoomDocuments(state, now);
  if (!notice || !lot) return null;

  const mode = bidModeOf(criterionOf(notice));
  const decimals = lotDecimals(lot);
  const online = new Set(
    state.statistics?.onlineSuppliers.map((s) => s.anonymousSupplierIdentificationNumber),
  );
  const showOnline = isNoticeAuthor(state.user, state.role);
  const selected = bids.find((b) => b.id === state.selectedBidId) ?? null;
  const canCancel = allowed(state, "CANCEL_BIDS_IN_BATCH", now);
  // §2.4 'Habilitar/Inabilitar', 'Desclassificar/Reclassificar': read-only until a bid is selected.
  const canQualify = allowed(state, togglePermission("DISQUALIFY"), now);
  const canEnable = allowed(state, togglePermission("INACTIVE"), now);
  const togglable = selected !== null && selected.anonymousSupplierIdentificationNumber !== null;
  const qualificationKind = selected ? toggleKindOf(selected, "QUALIFICATION") : null;
  const enablementKind = selected ? toggleKindOf(selected, "ENABLEMENT") : null;
  const showTitle = isNoticeAuthor(state.user, state.role) && lot.isConfidentialPhase !== true;

  const columns: Column[] = [
    {
      key: "date",
      header: "Data",
      width: BID_COLUMN_WIDTHS.date,
      cell: (b) => formatBrasiliaDate(b.createdDate),
    },
    {
      key: "time",
      header: "Hora",
      width: BID_COLUMN_WIDTHS.time,
      cell: (b) => timeWithSeconds(b.createdDate),
    },
    {
      key: "supplier",
      header: "Licitante",
      cell: (b) => (
        <Group gap={6} wrap="nowrap">
          {showOnline && b.anonymousSupplierIdentificationNumber !== null && (
            <span
              title={online.has(b.anonymousSupplierIdentificationNumber) ? "Online" : "Offline"}
              style={{
                width: 8,
                height: 8,
                borderRadius: 4,
                flex: "none",
                background: online.has(b.anonymousSupplierIdentificationNumber)
                  ? "var(--mantine-color-green-6)"
                  : "var(--mantine-color-gray-4)",
              }}
            />
          )}
          <Text size="sm" truncate="end">
            {b.nameToScreen ?? "-"}
          </Text>
        </Group>
      ),
    },
    {
      key: "smallBusiness",
      header: "ME-EPP",
      width: BID_COLUMN_WIDTHS.smallBusiness,
      cell: (b) => {
        const v = smallBusiness(b);
        return (
          <Text size="sm" c={v === false ? "red" : undefined}>
            {yesNo(v)}
          </Text>
        );
      },
    },
    {
      key: "qualified",
      header: "Classificado",
      width: BID_COLUMN_WIDTHS.qualified,
      cell: (b) => yesNo(b.isQualified),
    },
    ...(lot.isProductBrandRequired
      ? [
          {
            key: "brand",
            header: "Marca",
            width: BID_COLUMN_WIDTHS.brand,
            cell: (b: BidView) => b.brand ?? "-",
          },
        ]
      : []),
    {
      key: "value",
      header: mode === "DISCOUNT" ? "Lance (%)" : "Lance (R$)",
      width: BID_COLUMN_WIDTHS.value,
      cell: (b) => formatBidValue(b, mode, decimals),
    },
    {
      key: "cancelled",
      header: "Cancelado",
      width: BID_COLUMN_WIDTHS.cancelled,
      cell: (b) => (isCancelled(b) ? "Sim" : "Não"),
    },
    ...documents.columns.map((c) => ({ ...c, width: Math.max(c.width ?? 0, BID_COLUMN_WIDTHS.documents) })),
  ];
  // Stacked, the cells keep their table roles (a block-drawn table loses them in some readers) and
  // each shows its column's label.
  const role = (name: string) => (stacked ? { role: name } : {});
  const items = virtual
    ? virtualizer.getVirtualItems()
    : bids.map((_, index) => ({ index, start: index * BID_ROW_HEIGHT, end: (index + 1) * BID_ROW_HEIGHT }));
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom =
    virtual && items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={`Lances do lote ${lot.number}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="sm" align="baseline">
            <Title order={2} fz="md">
              {LAYOUT_TEXTS.bidsHeading}
            </Title>
            {/* §2.4 the table title 'Lote: {number}', for the notice's author when names are shown. */}
            {showTitle && <Text fw={600}>{`Lote: ${lot.number}`}</Text>}
          </Group>
          <Group gap="xs">
            {allowed(state, "LIST_BIDS_HISTORY", now) && (
              <Button size="xs" variant="default" onClick={() => setHistory(true)}>
                {ROOM_TEXTS.bidHistory}
              </Button>
            )}
            {documents.buttons}
            {canEnable && (
              <Button
                size="xs"
                variant="light"
                disabled={!togglable}
                onClick={() => enablementKind && setToggling(enablementKind)}
              >
                {enablementKind === "ACTIVE"
                  ? CONTROL_TEXTS.enable
                  : enablementKind === "INACTIVE"
                    ? CONTROL_TEXTS.disable
                    : CONTROL_TEXTS.enableButton}
              </Button>
            )}
            {canQualify && (
              <Button
                size="xs"
                variant="light"
                color="orange"
                disabled={!togglable}
                onClick={() => qualificationKind && setToggling(qualificationKind)}
              >
                {qualificationKind === "REQUALIFY"
                  ? CONTROL_TEXTS.requalifyButton
                  : qualificationKind === "DISQUALIFY"
                    ? CONTROL_TEXTS.disqualifyButton
                    : CONTROL_TEXTS.qualificationButton}
              </Button>
            )}
            {canCancel && (
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={!selected || isCancelled(selected)}
                onClick={() => setCancelling(true)}
              >
                {ROOM_TEXTS.cancelBidTitle}
              </Button>
            )}
          </Group>
        </Group>
        {/* Stacked rows scroll with the page; the table scrolls in its 15-row box, reached by the keyboard. */}
        <section
          ref={scrollBoxRef}
          style={
            stacked ? undefined : { maxHeight: BID_ROW_HEIGHT * (BID_ROWS_PER_PAGE + 1), overflow: "auto" }
          }
          className={classes.scrollBox}
          tabIndex={stacked ? undefined : 0}
          aria-label={LAYOUT_TEXTS.bidsScrollBox}
          data-testid="bid-table-scroll"
        >
          <Table
            ref={tableRef}
            aria-label="Lances"
            aria-rowcount={bids.length + 1}
            stickyHeader={!stacked}
            fz="sm"
            layout="fixed"
            miw={stacked ? undefined : bidTableMinWidth(columns)}
            className={stacked ? classes.stacked : undefined}
            data-stacked={stacked || undefined}
            {...role("table")}
          >
            <Table.Thead {...role("rowgroup")}>
              <Table.Tr {...role("row")}>
                {columns.map((c) => (
                  <Table.Th key={c.key} w={c.width} {...role("columnheader")}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody {...role("rowgroup")}>
              {bids.length === 0 && (
                <Table.Tr {...role("row")}>
                  <Table.Td colSpan={columns.length} {...role("cell")}>
                    <Text size="sm" c="dimmed">
                      {state.bidsLoading ? "Carregando lances..." : "Nenhum lance registrado"}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {paddingTop > 0 && (
                <Table.Tr aria-hidden>
                  <Table.Td colSpan={columns.length} p={0} style={{ height: paddingTop }} />
                </Table.Tr>
              )}
              {items.map((item) => {
                const b = bids[item.index] as BidView;
                const isSelected = b.id === state.selectedBidId;
                return (
                  <Table.Tr
                    key={b.id}
                    aria-rowindex={item.index + 2}
                    aria-selected={isSelected}
                    data-cancelled={isCancelled(b) || undefined}
                    tabIndex={0}
                    className={classes.bidRow}
                    {...role("row")}
                    onClick={() => onSelectBid(isSelected ? null : b.id)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter" || e.key === " ") {
                        e.preventDefault();
                        onSelectBid(isSelected ? null : b.id);
                      }
                    }}
                  >
                    {columns.map((c) => (
                      <Table.Td key={c.key} className={classes.cell} {...role("cell")}>
                        {stacked && (
                          <span className={classes.stackLabel} aria-hidden="true">
                            {c.header}
                          </span>
                        )}
                        {stacked ? <span>{c.cell(b)}</span> : c.cell(b)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
              {paddingBottom > 0 && (
                <Table.Tr aria-hidden>
                  <Table.Td colSpan={columns.length} p={0} style={{ height: paddingBottom }} />
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </section>
      </Stack>
      {cancelling && selected && (
        <CancelBidModal
          onClose={() => setCancelling(false)}
          onConfirm={(reason) => {
            if (send(LIVE_EVENTS.cancelBid, { bidId: selected.id, reason })) setCancelling(false);
          }}
        />
      )}
      {toggling && selected && (
        <SupplierToggleModal
          kind={toggling}
          noticeId={notice.id}
          lot={lot}
          bid={selected}
          request={request}
          onClose={() => setToggling(null)}
        />
      )}
      {documents.modals}
      {history && (
        <AppModal opened onClose={() => setHistory(false)} title={ROOM_TEXTS.bidHistory} size="xl">
          <Stack gap={4}>
            {bids.length === 0 && <Text c="dimmed">Nenhum lance registrado</Text>}
            {[...bids]
              .sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate))
              .map((b) => (
                <Group
                  key={b.id}
                  justify="space-between"
                  wrap="nowrap"
                  td={isCancelled(b) ? "line-through" : undefined}
                >
                  <Text size="sm">
                    {formatBrasiliaDate(b.createdDate)} {timeWithSeconds(b.createdDate)}
                  </Text>
                  <Text size="sm">{b.nameToScreen ?? "-"}</Text>
                  <Text size="sm" fw={600}>
                    {formatBidValue(b, mode, decimals)}
                  </Text>
                </Group>
              ))}
          </Stack>
        </AppModal>
      )}
    </Paper>
  );
}
