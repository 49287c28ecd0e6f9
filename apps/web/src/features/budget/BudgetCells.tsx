import { formatBRL, formatCpfOrCnpj } from "@certame/domain";
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import type { BudgetCell } from "./budget-model";
import { BUDGET_TEXTS as T } from "./texts";

// The 'Orçamento N' and 'Fornecedor N' cells of a lot (planning §2.8), shared by the wide table and
// the phone's lot cards so both offer the same actions under the same accessible names.

const C = T.columns;
export const money = (cents: number) => formatBRL(cents, 2);

/** The HIGH/LOW mark of a quote (§4 price research criterion) with its criterion as a tooltip. */
export function FlagBadge({ flag }: { flag: "HIGH" | "LOW" }) {
  return (
    <Tooltip label={flag === "HIGH" ? T.flags.HIGH_HINT : T.flags.LOW_HINT} multiline w={260} withArrow>
      <Badge color={flag === "HIGH" ? "red" : "orange"} variant="light" size="sm" tabIndex={0}>
        {T.flags[flag]}
      </Badge>
    </Tooltip>
  );
}

export interface QuoteCellProps {
  n: number;
  /** 'Lote N', for the accessible names. */
  lot: string;
  cell: BudgetCell;
  onCents: (cents: number) => void;
  onExclude: () => void;
  onInclude: (budgetId: string) => void;
  /** Shows the column name above the input (the phone's cards have no header row). */
  withLabel?: boolean;
}

/** 'Orçamento N': the money input, its HIGH/LOW mark, and the exclusion with its justification. */
export function QuoteCell({ n, lot, cell, onCents, onExclude, onInclude, withLabel }: QuoteCellProps) {
  return (
    <Stack gap={4}>
      <MoneyInput
        label={withLabel ? C.budget(n) : undefined}
        aria-label={`${C.budget(n)} - ${lot}`}
        size="xs"
        value={cell.cents}
        disabled={cell.excluded}
        onChange={(v) => onCents(v ?? 0)}
      />
      {(cell.flag || cell.excluded) && (
        <Group gap={4} wrap="wrap">
          {cell.flag && <FlagBadge flag={cell.flag} />}
          {cell.excluded ? (
            <Tooltip label={cell.exclusionJustification ?? ""} disabled={!cell.exclusionJustification}>
              <Badge color="gray" size="sm" tabIndex={0}>
                {T.excluded}
              </Badge>
            </Tooltip>
          ) : null}
          {cell.id && cell.excluded && (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`${T.include} - ${C.budget(n)} - ${lot}`}
              onClick={() => onInclude(cell.id as string)}
            >
              {T.include}
            </Button>
          )}
          {cell.id && cell.flag && !cell.excluded && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`${T.exclude} - ${C.budget(n)} - ${lot}`}
              onClick={onExclude}
            >
              {T.exclude}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

export interface SupplierCellProps {
  n: number;
  lot: string;
  cell: BudgetCell;
  onAdd: () => void;
  onRemove: () => void;
}

/** 'Fornecedor N': '+ Fornecedor' while empty, else the supplier's name with a remove button. */
export function SupplierCell({ n, lot, cell, onAdd, onRemove }: SupplierCellProps) {
  if (!cell.supplier)
    return (
      <Button size="compact-sm" variant="light" aria-label={`${T.addSupplier} ${n} - ${lot}`} onClick={onAdd}>
        {T.addSupplier}
      </Button>
    );
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <Tooltip label={formatCpfOrCnpj(cell.supplier.documentNumber)}>
        <Text size="sm" lineClamp={2}>
          {cell.supplier.corporateName}
        </Text>
      </Tooltip>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${T.removeSupplier} ${n} - ${lot}`}
        onClick={onRemove}
      >
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}
