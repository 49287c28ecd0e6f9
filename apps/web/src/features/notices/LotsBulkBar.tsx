import { DECIMALS_OPTIONS, floorMinimumVariationPercent, type VariationKind } from "@certame/domain";
import { Button, Group, Paper, SegmentedControl, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { PercentInput } from "../../ui/inputs/PercentInput";
import type { bulkUpdateLots, LotRow } from "./api";

export type BulkLotChange = Parameters<typeof bulkUpdateLots>[1];

export interface LotsBulkBarProps {
  rows: LotRow[];
  busy: boolean;
  valuesEditable: boolean;
  /** BIGGEST_DISCOUNT: the variation is a percentage only. */
  percentOnly: boolean;
  variationKind: VariationKind;
  onBulk: (change: BulkLotChange) => void;
  onVariationKind: (kind: VariationKind) => void;
}

/** The changes to every lot at once: 'Exibir marca', 'Casas decimais', 'Variação mínima'. */
export function LotsBulkBar({
  rows,
  busy,
  valuesEditable,
  percentOnly,
  variationKind,
  onBulk,
  onVariationKind,
}: LotsBulkBarProps) {
  const [variationValue, setVariationValue] = useState<number | null>(null);
  const allBrand = rows.length > 0 && rows.every((r) => Boolean(r.isProductBrandRequired));
  const decimalsShown = rows.length > 0 && rows.every((r) => r.decimalsNumber === 4) ? "4" : "2";
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xl" align="flex-end" wrap="wrap">
        <Switch
          label="Exibir marca"
          checked={allBrand}
          disabled={busy || rows.length === 0}
          onChange={(e) => onBulk({ isProductBrandRequired: e.currentTarget.checked })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Casas decimais
          </Text>
          <SegmentedControl
            aria-label="Casas decimais"
            data={DECIMALS_OPTIONS.map((o) => String(o))}
            value={decimalsShown}
            disabled={busy || rows.length === 0 || !valuesEditable}
            onChange={(v) => onBulk({ decimalsNumber: Number(v) as 2 | 4 })}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Variação mínima
          </Text>
          <Group gap="xs" align="center">
            <SegmentedControl
              aria-label="Tipo de variação mínima"
              data={[
                { value: "REAL", label: "R$", disabled: percentOnly },
                { value: "PERCENTAGE", label: "%", disabled: !percentOnly },
              ]}
              value={variationKind}
              disabled={busy}
              onChange={(v) => onVariationKind(v as VariationKind)}
            />
            {variationKind === "PERCENTAGE" ? (
              <PercentInput
                aria-label="Valor da variação"
                w={120}
                value={variationValue}
                onChange={setVariationValue}
              />
            ) : (
              <MoneyInput
                aria-label="Valor da variação"
                w={140}
                value={variationValue}
                onChange={setVariationValue}
              />
            )}
            <Button
              variant="light"
              disabled={busy || variationValue === null || rows.length === 0}
              onClick={() =>
                variationValue !== null &&
                onBulk({
                  variation: {
                    kind: variationKind,
                    value:
                      variationKind === "PERCENTAGE"
                        ? floorMinimumVariationPercent(variationValue)
                        : variationValue / 100,
                  },
                })
              }
            >
              Alterar Variações
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
