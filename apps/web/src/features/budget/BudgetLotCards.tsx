import { formatQuantityBR } from "@certame/domain";
import { Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { money, QuoteCell, SupplierCell } from "./BudgetCells";
import { type BudgetLotView, cvText, lotName, MethodSelect, reais, SearchButton } from "./BudgetLotView";
import type { BudgetBatch } from "./budget.api";
import { averageCents, type LotCells } from "./budget-model";
import { BUDGET_TEXTS as T } from "./texts";

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export interface BudgetLotCardsProps {
  rows: BudgetBatch[];
  /** The text when no lot is shown. */
  empty: string;
  columns: number[];
  lots: Record<string, LotCells>;
  view: BudgetLotView;
}

/** The phone's layout: each lot as a card with its quotes stacked (no sideways scrolling for the inputs). */
export function BudgetLotCards({ rows, empty, columns, lots, view }: BudgetLotCardsProps) {
  const C = T.columns;
  return (
    <Stack gap="sm" role="list" aria-label={T.tableLabel}>
      {rows.length === 0 && <Text c="dimmed">{empty}</Text>}
      {rows.map((batch) => (
        <Card key={batch.id} withBorder padding="sm" role="listitem" aria-label={lotName(batch)}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600} size="sm">
                  {lotName(batch)}
                </Text>
                <Text size="sm">{batch.product?.name ?? "-"}</Text>
              </div>
              <SearchButton batch={batch} onSearch={view.onSearch} />
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              <Fact
                label={C.quantity}
                value={batch.quantity == null ? "-" : formatQuantityBR(batch.quantity)}
              />
              <Fact label={C.unit} value={batch.measurementUnit?.description ?? "-"} />
              <Fact
                label={C.average}
                value={money(averageCents(lots[batch.id] ?? {}))}
                testId={`average-${batch.id}`}
              />
              <Fact label={C.median} value={reais(batch.medianPrice)} />
              <Fact label={C.lowest} value={reais(batch.lowestPrice)} />
              <Fact label={C.cv} value={cvText(batch.coefficientOfVariation)} />
            </SimpleGrid>
            <MethodSelect batch={batch} onMethod={view.onMethod} />
            {columns.map((n) => {
              const props = view.cellProps(batch, n);
              return (
                <Stack key={n} gap={4} pt={4} style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
                  <QuoteCell {...props.quote} withLabel />
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {C.supplier(n)}
                    </Text>
                    <SupplierCell {...props.supplier} />
                  </Group>
                </Stack>
              );
            })}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
