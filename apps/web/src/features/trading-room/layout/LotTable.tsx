import {
  BATCH_ITEM_PARTICIPATION_LABELS,
  formatBRL,
  formatDecimalBR,
  hidesBidColours,
  isBetter,
  LOT_PHASE_LABELS,
  type LotPhase,
  type NoticeStatus,
} from "@certame/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconAlertTriangle, IconBell, IconCheck, IconMessageCircle } from "@tabler/icons-react";
import { type CSSProperties, type ReactNode, useState } from "react";
import { AppModal } from "../../../ui/modal/AppModal";
import { useRespecifiedValues } from "../../respecify/useRespecifiedValues";
import { bidModeOf, formatBidValue, lotDecimals } from "../bids/bid-input";
import { elapsedSeconds, formatClock } from "../live/room-clock";
import { criterionOf, headLots, newMessageAlerts, noticeStatusOf, type RoomState } from "../live/room-state";
import { allowed } from "../room-permissions";
import { LAYOUT_TEXTS, ROOM_TEXTS } from "../texts";
import type { BidView, RoomLot } from "../types";
import { PhasePill } from "./PhasePill";
import classes from "./TradingRoom.module.css";
import { useStackedTable } from "./useStackedTable";

/** The first-place name is cut at 30 characters (§9). */
export const FIRST_PLACE_MAX_LENGTH = 30;
export const cropName = (name: string, max = FIRST_PLACE_MAX_LENGTH) =>
  name.length > max ? `${name.slice(0, max)}...` : name;

/**
 * 'Melhor lance' colour (§2.2): compared with the supplier's own bid, else with the reference
 * price; green when it is at least as good, red when worse. The sealed phase hides colours.
 */
export function bestBidColour(
  lot: RoomLot,
  state: Pick<RoomState, "role" | "notice">,
): "green" | "red" | undefined {
  const best = lot.batchBestBid;
  if (!best || hidesBidColours(lot.subPhase)) return undefined;
  const criterion = criterionOf(state.notice);
  const mode = bidModeOf(criterion);
  const value = (b: Pick<BidView, "unitPrice" | "percentDiscount">) =>
    mode === "DISCOUNT" ? b.percentDiscount : b.unitPrice;
  const bestValue = value(best);
  if (bestValue === null || bestValue === undefined) return undefined;
  if (state.role === "ENABLED_SUPPLIER" || state.role === "DISABLED_SUPPLIER") {
    const own = lot.supplierBestBid ? value(lot.supplierBestBid) : null;
    if (own === null || own === undefined) return undefined;
    return isBetter(bestValue, own, criterion) ? "red" : "green";
  }
  if (mode === "DISCOUNT" || !lot.referencePrice) return undefined;
  return isBetter(lot.referencePrice, bestValue, criterion) ? "red" : "green";
}

function ItemsModal({
  noticeId,
  lot,
  rows,
  onClose,
  showReference,
}: {
  noticeId: string;
  lot: RoomLot;
  rows: RoomLot[];
  onClose: () => void;
  showReference: boolean;
}) {
  const respecified = useRespecifiedValues(noticeId, lot.id);
  return (
    <AppModal opened onClose={onClose} title="Itens do lote" size={rows.length > 5 ? "xl" : "lg"}>
      <ScrollArea.Autosize mah={rows.length > 5 ? 520 : 320}>
        <Table striped aria-label={`Itens do lote ${lot.number}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lote</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Nome do produto</Table.Th>
              <Table.Th>Quantidade</Table.Th>
              {showReference && <Table.Th>Preço de referência</Table.Th>}
              <Table.Th>Valor reespecificado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.number}</Table.Td>
                <Table.Td>{r.item}</Table.Td>
                <Table.Td>{r.product?.name ?? "-"}</Table.Td>
                <Table.Td>
                  {r.quantity === null || r.quantity === undefined
                    ? "-"
                    : formatDecimalBR(Math.round(r.quantity * 10 ** lotDecimals(r)), lotDecimals(r))}
                </Table.Td>
                {showReference && (
                  <Table.Td>
                    {r.referencePrice != null ? formatBRL(r.referencePrice, lotDecimals(r)) : "-"}
                  </Table.Td>
                )}
                <Table.Td>
                  {respecified.has(r.id) ? formatBRL(respecified.get(r.id) as number, lotDecimals(r)) : "-"}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </AppModal>
  );
}

interface LotCell {
  header: string;
  content: ReactNode;
  maw?: number;
  style?: CSSProperties;
}

/** 'Melhor lance' text colours dark enough for 4.5:1 on white (Mantine's green shades are not). */
// Dark enough for 4.5:1 on the selected row's tint as on white (WCAG 1.4.3).
const BEST_BID_TEXT = { green: "#1e5f2b", red: "#9b1c1c" } as const;

export interface LotTableProps {
  state: RoomState;
  now: Date;
  onSelect: (lotId: string) => void;
  onFilter: (phase: LotPhase | null) => void;
}

/** The lot table area (§2.2): caption, filter, message alerts, counters and the lots. */
export function LotTable({ state, now, onSelect, onFilter }: LotTableProps) {
  const notice = state.notice;
  const [itemsOf, setItemsOf] = useState<RoomLot | null>(null);
  const { boxRef, tableRef, stacked } = useStackedTable();
  if (!notice) return null;
  const status: NoticeStatus = notice.effectiveStatus ?? noticeStatusOf(notice);
  const lots = headLots(notice);
  const shown = state.lotFilter ? lots.filter((l) => l.phase === state.lotFilter) : lots;
  const phases = [...new Set(lots.map((l) => l.phase))];
  const alerts = newMessageAlerts(state);
  const mode = bidModeOf(criterionOf(notice));
  const isSupplier = state.role === "ENABLED_SUPPLIER" || state.role === "DISABLED_SUPPLIER";
  const stats = state.statistics;
  const inLot =
    stats?.batchesWithAnonymousSuppliersNumbers.find((b) => b.batchId === state.selectedLotId)
      ?.anonymousSuppliersNumbers.length ?? 0;
  const rowsOf = (lot: RoomLot) => notice.batches.filter((b) => b.number === lot.number);
  // Stacked (narrow boxes), the cells keep their table roles and each shows its column's label.
  const role = (name: string) => (stacked ? { role: name } : {});
  const nowrap: CSSProperties = { whiteSpace: "nowrap" };

  /** The §2.2 columns of a lot's row, in order. */
  const lotCells = (lot: RoomLot, selected: boolean): LotCell[] => {
    const decimals = lotDecimals(lot);
    const elapsed = elapsedSeconds(lot, now);
    const rows = rowsOf(lot);
    const showReference = allowed(state, "SHOW_REFERENCE_PRICE", now, lot);
    const colour = bestBidColour(lot, state);
    return [
      {
        header: "Lote",
        content: (
          <Group gap={4} wrap="nowrap">
            <Text fw={700} size="sm">
              {lot.number}
            </Text>
            {state.newMessage[lot.id] && (
              <IconBell size={14} color="var(--mantine-color-orange-6)" aria-label="Nova mensagem" />
            )}
            {lot.isInfeasible && (
              <Tooltip label={ROOM_TEXTS.infeasible} multiline w={280}>
                <IconAlertTriangle
                  size={14}
                  color="var(--mantine-color-yellow-7)"
                  aria-label={ROOM_TEXTS.infeasible}
                />
              </Tooltip>
            )}
            {lot.isWinnerInBoarBatchWithDivergentBid && (
              <Tooltip label={ROOM_TEXTS.divergentBid} multiline w={280}>
                <IconAlertTriangle
                  size={14}
                  color="var(--mantine-color-red-7)"
                  aria-label={ROOM_TEXTS.divergentBid}
                />
              </Tooltip>
            )}
          </Group>
        ),
      },
      {
        header: "Prop. Readequadas",
        content: lot.isReadjustedProposalAttached ? (
          <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label="Sim" />
        ) : stacked ? (
          "-"
        ) : null,
      },
      {
        header: "Docs. de Habilitação",
        content: lot.isQualifiedDocumentConfirmed ? (
          <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label="Sim" />
        ) : stacked ? (
          "-"
        ) : null,
      },
      {
        header: "Nome do produto",
        maw: stacked ? undefined : 260,
        content:
          rows.length > 1 ? (
            <Anchor
              component="button"
              size="sm"
              onClick={(e) => {
                e.stopPropagation();
                setItemsOf(lot);
              }}
            >
              {`Itens do lote ${lot.number} (clique para mais detalhes)`}
            </Anchor>
          ) : (
            <Text size="sm" lineClamp={2}>
              {lot.product?.name ?? "-"}
            </Text>
          ),
      },
      {
        header: "Participação",
        content: lot.batchItemParticipation
          ? BATCH_ITEM_PARTICIPATION_LABELS[lot.batchItemParticipation]
          : "-",
      },
      {
        header: "Etapa do processo",
        content: (
          <PhasePill
            lot={lot}
            status={status}
            closingKind={notice.closingKind}
            now={now}
            withBar={selected}
            timeScale={state.timeScale}
          />
        ),
      },
      {
        header: "Tempo decorrido",
        content: (
          <Text span size="sm" ff="monospace">
            {elapsed === null ? "-" : formatClock(elapsed)}
          </Text>
        ),
      },
      {
        header: "Preço de referência",
        style: nowrap,
        content: showReference && lot.referencePrice != null ? formatBRL(lot.referencePrice, decimals) : "-",
      },
      ...(isSupplier
        ? [
            {
              header: "Meu Lance Atual",
              style: nowrap,
              content: formatBidValue(lot.supplierBestBid, mode, decimals),
            },
          ]
        : []),
      {
        header: "Melhor lance",
        style: nowrap,
        content: (
          <Text size="sm" c={colour && BEST_BID_TEXT[colour]} fw={colour ? 600 : undefined}>
            {formatBidValue(lot.batchBestBid, mode, decimals)}
          </Text>
        ),
      },
      {
        header: "Primeiro Colocado",
        content: lot.batchBestBid?.nameToScreen ? cropName(lot.batchBestBid.nameToScreen) : "-",
      },
    ];
  };
  const headers = lots[0] ? lotCells(lots[0], false).map((c) => c.header) : [];

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Lotes">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} fz="md">
              {LAYOUT_TEXTS.lotsHeading}
            </Title>
            <Text size="sm" fw={600}>
              {ROOM_TEXTS.lotCaption}
            </Text>
          </Stack>
          <Group gap="xs">
            {allowed(state, "SHOW_AUCTION_STATUS", now) ? (
              <>
                <Badge variant="light" color="gray" style={{ textTransform: "none" }}>
                  {ROOM_TEXTS.suppliersInLot}: {inLot}
                </Badge>
                <Badge variant="light" color="gray" style={{ textTransform: "none" }}>
                  {ROOM_TEXTS.suppliersOnline}: {stats?.onlineSuppliers.length ?? 0}
                </Badge>
              </>
            ) : (
              allowed(state, "SHOW_ONLINE_AUCTIONEER", now) && (
                <Badge
                  variant="dot"
                  color={stats?.isAuctioneerOnline ? "green" : "gray"}
                  style={{ textTransform: "none" }}
                >
                  {stats?.isAuctioneerOnline ? ROOM_TEXTS.auctioneerOnline : ROOM_TEXTS.auctioneerOffline}
                </Badge>
              )
            )}
            <Select
              size="xs"
              aria-label="Etapa do processo"
              placeholder="Etapa do processo"
              data={phases.map((p) => ({ value: p, label: LOT_PHASE_LABELS[p] }))}
              value={state.lotFilter}
              onChange={(value) => onFilter((value as LotPhase | null) ?? null)}
              clearable
              w={200}
            />
            <Button size="xs" variant="default" onClick={() => onFilter(null)}>
              {ROOM_TEXTS.clearFilters}
            </Button>
          </Group>
        </Group>
        {alerts.forAllBatches && (
          <Alert color="orange" py={6} icon={<IconBell size={16} />} className={classes.pulse} role="status">
            {ROOM_TEXTS.generalMessage}
          </Alert>
        )}
        {alerts.lotNumbers.length > 0 && (
          <Alert
            color="blue"
            py={6}
            icon={<IconMessageCircle size={16} />}
            className={classes.pulse}
            role="status"
          >
            {alerts.lotNumbers.length === 1 ? ROOM_TEXTS.newMessageOneLot : ROOM_TEXTS.newMessageManyLots}{" "}
            {alerts.lotNumbers.join(", ")}
          </Alert>
        )}
        {/* The table scrolls in its box, reached by the keyboard; stacked rows scroll in a taller one. */}
        <section
          ref={boxRef}
          style={{ maxHeight: stacked ? 560 : 320, overflow: "auto" }}
          className={classes.scrollBox}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box is reached by the keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          aria-label={LAYOUT_TEXTS.lotsScrollBox}
        >
          <Table
            ref={tableRef}
            highlightOnHover={!stacked}
            stickyHeader={!stacked}
            aria-label="Lotes do processo"
            fz="sm"
            // Tighter cells and smaller headers: the twelve columns fit a 1324 px screen (§9 breakpoint).
            horizontalSpacing={8}
            className={stacked ? classes.stacked : undefined}
            data-stacked={stacked || undefined}
            {...role("table")}
          >
            <Table.Thead {...role("rowgroup")}>
              <Table.Tr {...role("row")}>
                {headers.map((h) => (
                  <Table.Th key={h} fz="xs" {...role("columnheader")}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody {...role("rowgroup")}>
              {shown.map((lot) => {
                const selected = lot.id === state.selectedLotId;
                return (
                  <Table.Tr
                    key={lot.id}
                    onClick={() => onSelect(lot.id)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter" || e.key === " ") {
                        e.preventDefault();
                        onSelect(lot.id);
                      }
                    }}
                    tabIndex={0}
                    aria-selected={selected}
                    aria-label={`Lote ${lot.number}`}
                    bg={selected ? "var(--mantine-color-certame-light)" : undefined}
                    style={{ cursor: "pointer" }}
                    {...role("row")}
                  >
                    {lotCells(lot, selected).map((c) => (
                      <Table.Td key={c.header} maw={c.maw} style={c.style} {...role("cell")}>
                        {stacked && (
                          <span className={classes.stackLabel} aria-hidden="true">
                            {c.header}
                          </span>
                        )}
                        {stacked ? <div>{c.content}</div> : c.content}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </section>
      </Stack>
      {itemsOf && (
        <ItemsModal
          noticeId={notice.id}
          lot={itemsOf}
          rows={rowsOf(itemsOf)}
          onClose={() => setItemsOf(null)}
          showReference={allowed(state, "SHOW_REFERENCE_PRICE", now, itemsOf)}
        />
      )}
    </Paper>
  );
}
