import { brasiliaParts, formatBrasiliaDate, isNoticeAuthor } from "@certame/domain";
import { Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useRef, useState } from "react";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { AppModal } from "../../ui/modal/AppModal";
import { bidModeOf, formatBidValue, lotDecimals } from "./bid-input";
import { type RequestAction, SupplierToggleModal } from "./ControlModals";
import { CONTROL_TEXTS, type SupplierToggleKind, toggleKindOf, togglePermission } from "./control-actions";
import { useRoomDocuments } from "./RoomDocumentControls";
import { allowed } from "./room-permissions";
import { criterionOf, type RoomState, selectedLot } from "./room-state";
import classes from "./TradingRoom.module.css";
import { ROOM_TEXTS } from "./texts";
import type { BidView } from "./types";

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
  const [cancelling, setCancelling] = useState(false);
  const [toggling, setToggling] = useState<SupplierToggleKind | null>(null);
  const [history, setHistory] = useState(false);
  const lot = selectedLot(state);
  const notice = state.notice;
  const bids = state.bids;
  // Up to one page the rows are plain; above it only the rows in view are drawn.
  const virtual = bids.length > BID_ROWS_PER_PAGE;
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
    { key: "date", header: "Data", width: 96, cell: (b) => formatBrasiliaDate(b.createdDate) },
    { key: "time", header: "Hora", width: 80, cell: (b) => timeWithSeconds(b.createdDate) },
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
      width: 72,
      cell: (b) => {
        const v = smallBusiness(b);
        return (
          <Text size="sm" c={v === false ? "red" : undefined}>
            {yesNo(v)}
          </Text>
        );
      },
    },
    { key: "qualified", header: "Classificado", width: 96, cell: (b) => yesNo(b.isQualified) },
    ...(lot.isProductBrandRequired
      ? [{ key: "brand", header: "Marca", cell: (b: BidView) => b.brand ?? "-" }]
      : []),
    {
      key: "value",
      header: mode === "DISCOUNT" ? "Lance (%)" : "Lance (R$)",
      width: 130,
      cell: (b) => formatBidValue(b, mode, decimals),
    },
    { key: "cancelled", header: "Cancelado", width: 90, cell: (b) => (isCancelled(b) ? "Sim" : "Não") },
    ...documents.columns,
  ];
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
          <Text fw={700}>{showTitle ? `Lote: ${lot.number}` : "Lances"}</Text>
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
        <div
          ref={scrollRef}
          style={{ maxHeight: BID_ROW_HEIGHT * (BID_ROWS_PER_PAGE + 1), overflow: "auto" }}
          data-testid="bid-table-scroll"
        >
          <Table
            aria-label="Lances"
            aria-rowcount={bids.length + 1}
            stickyHeader
            fz="sm"
            layout="fixed"
            miw={720}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} w={c.width}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bids.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
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
                    onClick={() => onSelectBid(isSelected ? null : b.id)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter" || e.key === " ") {
                        e.preventDefault();
                        onSelectBid(isSelected ? null : b.id);
                      }
                    }}
                  >
                    {columns.map((c) => (
                      <Table.Td key={c.key} className={classes.cell}>
                        {c.cell(b)}
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
        </div>
      </Stack>
      {cancelling && selected && (
        <CancelBidModal
          onClose={() => setCancelling(false)}
          onConfirm={(reason) => {
            if (send("cancel_bid", { bidId: selected.id, reason })) setCancelling(false);
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
