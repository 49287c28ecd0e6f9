import { formatPercent, PRICE_METHODS, priceMethodLabel } from "@certame/domain";
import { ActionIcon, Select, Tooltip } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { money, type QuoteCellProps, type SupplierCellProps } from "./BudgetCells";
import type { BudgetBatch, PriceMethod } from "./budget.api";
import { toCents } from "./budget-model";
import { BUDGET_TEXTS as T } from "./texts";

// What the two layouts of the budget's lots (the phone's cards, the wider screens' table) share.

export const reais = (value: number | null) => (value == null ? "-" : money(toCents(value)));
/** 'Lote 1 · Item 2': the lot line named in its inputs' accessible names (a lot may hold several items). */
export const lotName = (batch: BudgetBatch) =>
  batch.item == null
    ? `${T.columns.lot} ${batch.number}`
    : `${T.columns.lot} ${batch.number} · ${T.columns.item} ${batch.item}`;
export const METHOD_OPTIONS = PRICE_METHODS.map(({ value }) => ({
  value,
  label: priceMethodLabel(value),
}));

/** The coefficient of variation (a fraction: 0.25 is 25 %), or '-' while there are too few quotes. */
export const cvText = (cv: number | null) => (cv == null ? "-" : formatPercent(cv * 100, 2));

/** What a lot line needs from the page: its quote and supplier cells and its actions. */
export interface BudgetLotView {
  cellProps: (batch: BudgetBatch, n: number) => { quote: QuoteCellProps; supplier: SupplierCellProps };
  onSearch: (batch: BudgetBatch) => void;
  onMethod: (batch: BudgetBatch, value: PriceMethod) => void;
}

/** 'Pesquisar preços' of a lot line. */
export function SearchButton({
  batch,
  onSearch,
}: {
  batch: BudgetBatch;
  onSearch: (batch: BudgetBatch) => void;
}) {
  return (
    <Tooltip label={T.search}>
      <ActionIcon
        variant="light"
        aria-label={`${T.search} - ${lotName(batch)}`}
        onClick={() => onSearch(batch)}
      >
        <IconSearch size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The lot's price method (IN SEGES 65/2021). */
export function MethodSelect({
  batch,
  onMethod,
}: {
  batch: BudgetBatch;
  onMethod: (batch: BudgetBatch, value: PriceMethod) => void;
}) {
  return (
    <Select
      aria-label={`${T.columns.method} - ${lotName(batch)}`}
      data={METHOD_OPTIONS}
      value={batch.priceMethod}
      allowDeselect={false}
      size="xs"
      onChange={(value) => value && onMethod(batch, value as PriceMethod)}
    />
  );
}
