import { Loader, Table } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useRef } from "react";
import { EMPTY_TABLE_TEXT } from "../texts";
import classes from "./DataTable.module.css";
import { PageControls } from "./PageControls";

export type SortOrder = "ASC" | "DESC";

export interface TableSort<K extends string = string> {
  column: K;
  order: SortOrder;
}

export interface DataTableColumn<T, K extends string = string> {
  key: string;
  header: string;
  /** The server column this header sorts by; the header is sortable when set. */
  sortKey?: K;
  /** The cell's plain text: shown when there is no `render`, and measured for the wide-column rule. */
  text?: (row: T) => string | null | undefined;
  render?: (row: T) => ReactNode;
  align?: "left" | "center" | "right";
  /** Minimum width in px, so short columns do not squeeze the text of long ones. */
  minWidth?: number;
  /** Keeps the cell on one line (dates, numbers, codes). */
  nowrap?: boolean;
}

export interface DataTablePagination {
  page: number;
  total: number;
  /** More than `total` results exist (the server's count stops at 10,000). */
  totalIsLowerBound?: boolean;
  limitResult: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T, K extends string = string> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataTableColumn<T, K>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  sort?: TableSort<K> | null;
  onSortChange?: (sort: TableSort<K>) => void;
  /** When true (the default), a second click on the sorted header flips ASC/DESC. */
  bidirectional?: boolean;
  pagination?: DataTablePagination;
  loading?: boolean;
  emptyText?: string;
  /** Makes rows clickable (and reachable with Tab + Enter): a picker returns the clicked row. */
  onRowClick?: (row: T) => void;
  /** Accessible name of a row. */
  rowLabel?: (row: T) => string;
}

// Long tables (notices-and-accounts §9): virtualised above 10 rows, a window of 20 rows of 56 px, buffer 5.
export const VIRTUALIZE_ABOVE_ROWS = 10;
export const VIRTUAL_WINDOW_ROWS = 20;
export const VIRTUAL_ROW_HEIGHT = 56;
export const VIRTUAL_OVERSCAN = 5;
const HEADER_HEIGHT = 44;
/** Text cells longer than this get a wider column. */
export const WIDE_TEXT_LENGTH = 100;

const ariaSort = (order: SortOrder | undefined) =>
  order === "ASC" ? "ascending" : order === "DESC" ? "descending" : "none";

export function DataTable<T, K extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  bidirectional = true,
  pagination,
  loading = false,
  emptyText = EMPTY_TABLE_TEXT,
  onRowClick,
  rowLabel,
}: DataTableProps<T, K>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE_ROWS;
  const windowHeight = VIRTUAL_WINDOW_ROWS * VIRTUAL_ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => VIRTUAL_ROW_HEIGHT,
    overscan: VIRTUAL_OVERSCAN,
    scrollMargin: 0,
    paddingStart: HEADER_HEIGHT,
    initialRect: { width: 0, height: windowHeight + HEADER_HEIGHT },
  });

  const wide = new Set(
    columns
      .filter((c) => c.text && rows.some((r) => (c.text?.(r)?.length ?? 0) > WIDE_TEXT_LENGTH))
      .map((c) => c.key),
  );

  const clickHeader = (column: K) => {
    if (!onSortChange) return;
    const next: TableSort<K> =
      sort?.column === column
        ? { column, order: bidirectional && sort.order === "ASC" ? "DESC" : "ASC" }
        : { column, order: "ASC" };
    if (sort?.column === column && next.order === sort.order) return;
    onSortChange(next);
    if (pagination && pagination.page !== 1) pagination.onPageChange(1);
  };

  const cell = (column: DataTableColumn<T, K>, row: T) => {
    const content = column.render ? column.render(row) : (column.text?.(row) ?? "");
    return (
      <Table.Td
        key={column.key}
        ta={column.align}
        className={wide.has(column.key) ? classes.wide : undefined}
        style={column.nowrap ? { whiteSpace: "nowrap" } : undefined}
      >
        {virtual ? <div className={classes.clamp}>{content}</div> : content}
      </Table.Td>
    );
  };

  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const paddingTop = virtual && virtualItems.length > 0 ? (virtualItems[0]?.start ?? 0) - HEADER_HEIGHT : 0;
  const paddingBottom =
    virtual && virtualItems.length > 0
      ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0)
      : 0;
  const visibleRows = virtual
    ? virtualItems.flatMap((v) => {
        const row = rows[v.index];
        return row === undefined ? [] : [{ row, index: v.index }];
      })
    : rows.map((row, index) => ({ row, index }));

  return (
    <div className={classes.wrapper} data-virtual={virtual || undefined}>
      <div
        ref={scrollRef}
        className={classes.scroll}
        style={virtual ? { maxHeight: windowHeight + HEADER_HEIGHT } : undefined}
      >
        <Table
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-busy={loading || undefined}
          className={classes.table}
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="sm"
        >
          <Table.Thead>
            <Table.Tr style={{ height: HEADER_HEIGHT }}>
              {columns.map((column) => {
                const sortKey = column.sortKey;
                const order = sortKey !== undefined && sort?.column === sortKey ? sort.order : undefined;
                return (
                  <Table.Th
                    key={column.key}
                    ta={column.align}
                    aria-sort={sortKey !== undefined ? ariaSort(order) : undefined}
                    className={wide.has(column.key) ? classes.wide : undefined}
                    style={
                      column.minWidth && !wide.has(column.key) ? { minWidth: column.minWidth } : undefined
                    }
                    data-wide={wide.has(column.key) || undefined}
                  >
                    {sortKey !== undefined && onSortChange ? (
                      <button
                        type="button"
                        className={classes.sortButton}
                        onClick={() => clickHeader(sortKey)}
                      >
                        {column.header}
                        {order === "ASC" ? (
                          <IconSortAscending size={14} aria-hidden />
                        ) : order === "DESC" ? (
                          <IconSortDescending size={14} aria-hidden />
                        ) : (
                          <IconArrowsSort size={14} aria-hidden opacity={0.5} />
                        )}
                      </button>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={loading && rows.length > 0 ? { opacity: 0.55 } : undefined}>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length} className={classes.empty}>
                  {loading ? <Loader role="progressbar" size="sm" aria-label="Carregando" /> : emptyText}
                </Table.Td>
              </Table.Tr>
            ) : (
              <>
                {paddingTop > 0 && (
                  <tr aria-hidden style={{ height: paddingTop }}>
                    <td colSpan={columns.length} />
                  </tr>
                )}
                {visibleRows.map(({ row, index }) => (
                  <Table.Tr
                    key={rowKey(row)}
                    aria-rowindex={index + 2}
                    aria-label={rowLabel?.(row)}
                    className={
                      [virtual ? classes.virtualRow : "", onRowClick ? classes.clickable : ""]
                        .join(" ")
                        .trim() || undefined
                    }
                    tabIndex={onRowClick ? 0 : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => {
                            if (event.key === "Enter" || event.key === " ") {
                              event.preventDefault();
                              onRowClick(row);
                            }
                          }
                        : undefined
                    }
                  >
                    {columns.map((column) => cell(column, row))}
                  </Table.Tr>
                ))}
                {paddingBottom > 0 && (
                  <tr aria-hidden style={{ height: paddingBottom }}>
                    <td colSpan={columns.length} />
                  </tr>
                )}
              </>
            )}
          </Table.Tbody>
        </Table>
      </div>
      {pagination && (
        <PageControls
          page={pagination.page}
          total={pagination.total}
          totalIsLowerBound={pagination.totalIsLowerBound}
          limitResult={pagination.limitResult}
          onPageChange={pagination.onPageChange}
        />
      )}
    </div>
  );
}
