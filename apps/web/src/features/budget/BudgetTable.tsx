import { formatQuantityBR } from "@certame/domain";
import { ActionIcon, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { money, QuoteCell, SupplierCell } from "./BudgetCells";
import { type BudgetLotView, cvText, MethodSelect, reais, SearchButton } from "./BudgetLotView";
import type { BudgetBatch } from "./budget.api";
import { averageCents, type LotCells } from "./budget-model";
import { BUDGET_TEXTS as T } from "./texts";

// The Lote, Item and Produto columns stay in place while the quotes scroll sideways.
const LOT_WIDTH = 64;
const ITEM_WIDTH = 64;
const PRODUCT_WIDTH = 220;
const STICKY_WIDTH = LOT_WIDTH + ITEM_WIDTH + PRODUCT_WIDTH;
const sticky = (left: number, last = false): CSSProperties => ({
  position: "sticky",
  left,
  zIndex: 1,
  background: "var(--mantine-color-body)",
  ...(last ? { boxShadow: "inset -1px 0 0 var(--mantine-color-gray-3)" } : {}),
});

export interface BudgetTableProps {
  rows: BudgetBatch[];
  /** The text when no lot is shown. */
  empty: string;
  columns: number[];
  lots: Record<string, LotCells>;
  view: BudgetLotView;
  onDeleteColumn: (n: number) => void;
}

/** The wider screens' layout: one row per lot, two columns per quote, scrolling sideways. */
export function BudgetTable({ rows, empty, columns, lots, view, onDeleteColumn }: BudgetTableProps) {
  const C = T.columns;
  return (
    <ScrollTable
      label={T.tableLabel}
      minWidth={STICKY_WIDTH + 370 + columns.length * 330 + 560}
      verticalSpacing="xs"
      withTableBorder
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th style={sticky(0)} w={LOT_WIDTH}>
            {C.lot}
          </Table.Th>
          <Table.Th style={sticky(LOT_WIDTH)} w={ITEM_WIDTH}>
            {C.item}
          </Table.Th>
          <Table.Th style={sticky(LOT_WIDTH + ITEM_WIDTH, true)} w={PRODUCT_WIDTH}>
            {C.product}
          </Table.Th>
          <Table.Th>{C.quantity}</Table.Th>
          <Table.Th>{C.unit}</Table.Th>
          <Table.Th>{C.average}</Table.Th>
          {columns.flatMap((n) => [
            <Table.Th key={`b${n}`} miw={150}>
              <Group gap={4} wrap="nowrap">
                {C.budget(n)}
                <Tooltip label={T.deleteColumn}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`${T.deleteColumn} ${C.budget(n)}`}
                    onClick={() => onDeleteColumn(n)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Th>,
            <Table.Th key={`s${n}`} miw={180}>
              {C.supplier(n)}
            </Table.Th>,
          ])}
          {/* IN SEGES 65/2021's figures after the quotes, so the quotes' inputs open in view. */}
          <Table.Th miw={150}>{C.method}</Table.Th>
          <Table.Th>{C.median}</Table.Th>
          <Table.Th>{C.lowest}</Table.Th>
          <Table.Th>{C.cv}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={10 + columns.length * 2}>{empty}</Table.Td>
          </Table.Tr>
        )}
        {rows.map((batch) => (
          <Table.Tr key={batch.id}>
            <Table.Td style={sticky(0)}>{batch.number}</Table.Td>
            <Table.Td style={sticky(LOT_WIDTH)}>{batch.item ?? "-"}</Table.Td>
            <Table.Td style={sticky(LOT_WIDTH + ITEM_WIDTH, true)}>
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Text size="sm">{batch.product?.name ?? "-"}</Text>
                <SearchButton batch={batch} onSearch={view.onSearch} />
              </Group>
            </Table.Td>
            <Table.Td>{batch.quantity == null ? "-" : formatQuantityBR(batch.quantity)}</Table.Td>
            <Table.Td>{batch.measurementUnit?.description ?? "-"}</Table.Td>
            <Table.Td data-testid={`average-${batch.id}`}>
              {money(averageCents(lots[batch.id] ?? {}))}
            </Table.Td>
            {columns.flatMap((n) => {
              const props = view.cellProps(batch, n);
              return [
                <Table.Td key={`b${n}`}>
                  <QuoteCell {...props.quote} />
                </Table.Td>,
                <Table.Td key={`s${n}`}>
                  <SupplierCell {...props.supplier} />
                </Table.Td>,
              ];
            })}
            <Table.Td>
              <MethodSelect batch={batch} onMethod={view.onMethod} />
            </Table.Td>
            <Table.Td>{reais(batch.medianPrice)}</Table.Td>
            <Table.Td>{reais(batch.lowestPrice)}</Table.Td>
            <Table.Td>{cvText(batch.coefficientOfVariation)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
