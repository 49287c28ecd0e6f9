import {
  BATCH_PARTICIPATION_LABELS,
  BATCH_PARTICIPATIONS,
  batchParticipationFor,
  formatBRL,
  formatPercent,
  formatQuantityBR,
  type GeneralConditionsData,
  MINIMUM_VARIATION_KIND_LABELS,
  MINIMUM_VARIATION_KINDS,
  OBJECT_FEATURE_LABELS,
  OBJECT_FEATURES,
  REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS,
  REFERENCE_TERM_PROCESS_PARTICIPATIONS,
  type ReferenceTermBatch,
  SUPPLY_TYPE_LABELS,
  SUPPLY_TYPES,
  TERM_UNIT_LABELS,
  TERM_UNITS,
} from "@certame/domain";
import { Box, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { ScrollTable } from "../../../ui/data-table/ScrollTable";
import { MoneyInput } from "../../../ui/inputs/MoneyInput";
import { PercentInput } from "../../../ui/inputs/PercentInput";
import { fieldError } from "../fields/errors";
import { TEXT_MAX_LENGTH } from "../fields/ListField";
import type { StepFormProps } from "../step-props";
import { CountField, EnumSelect, patcher } from "./step-kit";

type Data = GeneralConditionsData;
type Participation = ReferenceTermBatch["batchItemParticipation"];
type VariationKind = (typeof MINIMUM_VARIATION_KINDS)[number];

export type BrandOption = "ALL_YES" | "ALL_NO" | "PER_LOT";
export type DecimalsOption = "2" | "4" | "PER_LOT";

export const BRAND_OPTIONS: { value: BrandOption; label: string }[] = [
  { value: "ALL_YES", label: "Sim para todos" },
  { value: "ALL_NO", label: "Não para todos" },
  { value: "PER_LOT", label: "Lote a lote" },
];
export const DECIMALS_OPTIONS: { value: DecimalsOption; label: string }[] = [
  { value: "2", label: "2" },
  { value: "4", label: "4" },
  { value: "PER_LOT", label: "Lote a lote" },
];

/** §4 "On load": 'Sim para todos' when the first lot requires the brand. */
export const initialBrandOption = (lots: readonly ReferenceTermBatch[]): BrandOption =>
  lots[0]?.isProductBrandRequired ? "ALL_YES" : "ALL_NO";

/** §4 "On load": the decimals option shows 2 when the first lot has 2 decimals, otherwise 4. */
export const initialDecimalsOption = (lots: readonly ReferenceTermBatch[]): DecimalsOption =>
  lots[0]?.decimalsNumber === 2 ? "2" : "4";

/**
 * §9 "Quantities and money": the R$ minimum variation's precision is the decimals option, 2 when the
 * option is 'Lote a lote' (a percentage always has 2).
 */
export const variationPrecision = (option: DecimalsOption): 2 | 4 => (option === "4" ? 4 : 2);

/** A lot's minimum variation: '1,50 %' or 'R$ 0,25' (the lot's own decimals, 2 when unset). */
const variationText = (lot: ReferenceTermBatch): string => {
  if (lot.minimumVariation === null || lot.minimumVariation === undefined) return "-";
  if (lot.minimumVariationKind === "PERCENTAGE") return formatPercent(lot.minimumVariation);
  const decimals = lot.decimalsNumber === 4 ? 4 : 2;
  return formatBRL(Math.round(lot.minimumVariation * 10 ** decimals), decimals);
};

const quantityText = (lot: ReferenceTermBatch): string => formatQuantityBR(lot.quantity);

/** Phones show each lot as a card (the controls in view, no sideways scrolling), as the budget screen. */
const PHONE_QUERY = "(max-width: 47.99em)";

/** 'Lote 1 · Item 1' */
export const lotName = (lot: ReferenceTermBatch) => `Lote ${lot.number} · Item ${lot.item ?? "-"}`;

/**
 * Step 1 — 'Condições Gerais da Contratação' (planning §2.10 "Step 1", §4 "Step 1 bulk rules",
 * §5 "Reference term — step 1"): the object, the participation, the object's feature, the supply
 * type and the term, and the controls over the demand formalization's lots.
 */
export function GeneralConditionsStep({ value, onChange, errors, lots }: StepFormProps<Data>) {
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  const batchList: ReferenceTermBatch[] = value.batchList ?? lots;
  const [brand, setBrand] = useState<BrandOption>(() => initialBrandOption(batchList));
  const [decimals, setDecimals] = useState<DecimalsOption>(() => initialDecimalsOption(batchList));
  const [variationKind, setVariationKind] = useState<VariationKind>(
    () => (batchList[0]?.minimumVariationKind as VariationKind | null | undefined) ?? "REAL",
  );
  const [variation, setVariation] = useState<number | null>(() => batchList[0]?.minimumVariation ?? null);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const batchErrorId = useId();
  const precision = variationPrecision(decimals);

  const setLots = (next: ReferenceTermBatch[], changes: Partial<Data> = {}) =>
    onChange({ ...value, ...changes, batchList: next });
  const updateLot = (index: number, changes: Partial<ReferenceTermBatch>) =>
    setLots(batchList.map((lot, i) => (i === index ? { ...lot, ...changes } : lot)));

  // §4 "Step 1 bulk rules": the process participation sets every lot's participation.
  const changeParticipation = (processParticipation: Data["processParticipation"]) => {
    if (!processParticipation) return set({ processParticipation });
    const batchItemParticipation = batchParticipationFor(processParticipation);
    setLots(
      batchList.map((lot) => ({ ...lot, batchItemParticipation })),
      { processParticipation },
    );
  };
  const changeBrand = (option: BrandOption) => {
    setBrand(option);
    setLots(batchList.map((lot) => ({ ...lot, isProductBrandRequired: option === "ALL_YES" })));
  };
  const changeDecimals = (option: DecimalsOption) => {
    setDecimals(option);
    const decimalsNumber = option === "PER_LOT" ? null : (Number(option) as 2 | 4);
    setLots(batchList.map((lot) => ({ ...lot, decimalsNumber })));
  };
  const applyVariation = () =>
    setLots(
      batchList.map((lot) => ({ ...lot, minimumVariationKind: variationKind, minimumVariation: variation })),
    );
  const applyOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    applyVariation();
  };

  const perLotParticipation = value.processParticipation === "DEFINED_PER_BATCH";
  const participationOptions = BATCH_PARTICIPATIONS.map((p) => ({
    value: p,
    label: BATCH_PARTICIPATION_LABELS[p],
  }));

  // A lot's own controls, in the table's cells (fixed widths) or a phone card (full width).
  const brandControl = (lot: ReferenceTermBatch, index: number, width: number | "100%") =>
    brand === "PER_LOT" ? (
      <Select
        aria-label={`Exige marca - ${lotName(lot)}`}
        data={[
          { value: "true", label: "Sim" },
          { value: "false", label: "Não" },
        ]}
        value={lot.isProductBrandRequired ? "true" : "false"}
        onChange={(next) => updateLot(index, { isProductBrandRequired: next === "true" })}
        allowDeselect={false}
        size="xs"
        w={width}
        comboboxProps={{ withinPortal: true }}
      />
    ) : lot.isProductBrandRequired ? (
      "Sim"
    ) : (
      "Não"
    );
  const decimalsControl = (lot: ReferenceTermBatch, index: number, width: number | "100%") =>
    decimals === "PER_LOT" ? (
      <Select
        aria-label={`Casas decimais - ${lotName(lot)}`}
        data={["2", "4"]}
        value={lot.decimalsNumber ? String(lot.decimalsNumber) : null}
        placeholder="-"
        onChange={(next) => updateLot(index, { decimalsNumber: next ? (Number(next) as 2 | 4) : null })}
        size="xs"
        w={width}
        comboboxProps={{ withinPortal: true }}
      />
    ) : (
      (lot.decimalsNumber ?? "-")
    );
  const participationControl = (lot: ReferenceTermBatch, index: number, minWidth: number | "100%") => (
    <Select
      aria-label={`Participação - ${lotName(lot)}`}
      data={participationOptions}
      value={lot.batchItemParticipation ?? null}
      placeholder="Selecione"
      onChange={(next) => updateLot(index, { batchItemParticipation: (next as Participation) ?? null })}
      disabled={!perLotParticipation}
      size="xs"
      miw={minWidth === "100%" ? undefined : minWidth}
      w={minWidth === "100%" ? "100%" : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Stack gap="md">
      <Textarea
        label="Objeto"
        required
        autosize
        minRows={3}
        maxLength={TEXT_MAX_LENGTH}
        value={value.objectOfInterest ?? ""}
        onChange={(e) => set({ objectOfInterest: e.currentTarget.value })}
        error={error("objectOfInterest")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EnumSelect
          label="Participação no processo"
          values={REFERENCE_TERM_PROCESS_PARTICIPATIONS}
          labels={REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS}
          value={value.processParticipation}
          onChange={changeParticipation}
          error={error("processParticipation")}
          required
        />
        <EnumSelect
          label="Característica do objeto"
          values={OBJECT_FEATURES}
          labels={OBJECT_FEATURE_LABELS}
          value={value.objectFeature}
          onChange={(objectFeature) => set({ objectFeature })}
          error={error("objectFeature")}
          required
        />
        <EnumSelect
          label="Tipo de fornecimento"
          values={SUPPLY_TYPES}
          labels={SUPPLY_TYPE_LABELS}
          value={value.supplyType}
          onChange={(supplyType) => set({ supplyType })}
          error={error("supplyType")}
          required
        />
        <Group grow align="flex-start" gap="sm">
          <CountField
            label="Prazo de vigência do contrato"
            value={value.contractTerm}
            onChange={(contractTerm) => set({ contractTerm })}
            error={error("contractTerm")}
            required
          />
          <EnumSelect
            label="Unidade do prazo de vigência"
            values={TERM_UNITS}
            labels={TERM_UNIT_LABELS}
            value={value.contractTermKind}
            onChange={(contractTermKind) => set({ contractTermKind })}
            error={error("contractTermKind")}
            required
          />
        </Group>
      </SimpleGrid>
      {value.supplyType === "CONTINUOUS" && (
        <Textarea
          label="Motivo da Vigência Contínua"
          required
          autosize
          minRows={3}
          maxLength={TEXT_MAX_LENGTH}
          value={value.reasonForContinuousValidity ?? ""}
          onChange={(e) => set({ reasonForContinuousValidity: e.currentTarget.value })}
          error={error("reasonForContinuousValidity")}
        />
      )}

      <Stack
        gap="sm"
        role="group"
        aria-labelledby="tr-lots-title"
        aria-describedby={error("batchList") ? batchErrorId : undefined}
      >
        <Text fw={600} id="tr-lots-title">
          Lotes do processo
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Exige marca do produto?"
            data={BRAND_OPTIONS}
            value={brand}
            onChange={(next) => next && changeBrand(next as BrandOption)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Casas decimais"
            data={DECIMALS_OPTIONS}
            value={decimals}
            onChange={(next) => next && changeDecimals(next as DecimalsOption)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Tipo de variação mínima"
            data={MINIMUM_VARIATION_KINDS.map((k) => ({ value: k, label: MINIMUM_VARIATION_KIND_LABELS[k] }))}
            value={variationKind}
            onChange={(next) => next && setVariationKind(next as VariationKind)}
            allowDeselect={false}
            w={160}
            comboboxProps={{ withinPortal: true }}
          />
          {variationKind === "PERCENTAGE" ? (
            <PercentInput
              label="Variação mínima"
              value={variation}
              onChange={setVariation}
              onKeyDown={applyOnEnter}
              w={160}
            />
          ) : (
            <MoneyInput
              label="Variação mínima"
              decimals={precision}
              value={variation === null ? null : Math.round(variation * 10 ** precision)}
              onChange={(scaled) => setVariation(scaled === null ? null : scaled / 10 ** precision)}
              onKeyDown={applyOnEnter}
              w={160}
            />
          )}
          <Button
            variant="light"
            onClick={applyVariation}
            aria-describedby={error("batchList") ? batchErrorId : undefined}
          >
            Alterar variações
          </Button>
        </Group>
        {phone ? (
          <LotCards
            lots={batchList}
            brandControl={brandControl}
            decimalsControl={decimalsControl}
            participationControl={participationControl}
          />
        ) : (
          <ScrollTable label="Lotes do processo" minWidth={820} striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lote</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th>Quantidade</Table.Th>
                <Table.Th>Exige marca</Table.Th>
                <Table.Th>Casas decimais</Table.Th>
                <Table.Th>Variação mínima</Table.Th>
                <Table.Th>Participação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batchList.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text size="sm" c="dimmed">
                      Nenhum lote cadastrado na formalização de demanda.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                batchList.map((lot, index) => (
                  <Table.Tr key={lot.id}>
                    <Table.Td>{lot.number}</Table.Td>
                    <Table.Td>{lot.item ?? "-"}</Table.Td>
                    <Table.Td style={{ wordBreak: "break-word" }}>{lot.description || "-"}</Table.Td>
                    <Table.Td>{quantityText(lot)}</Table.Td>
                    <Table.Td>{brandControl(lot, index, 90)}</Table.Td>
                    <Table.Td>{decimalsControl(lot, index, 80)}</Table.Td>
                    <Table.Td>{variationText(lot)}</Table.Td>
                    <Table.Td>{participationControl(lot, index, 220)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </ScrollTable>
        )}
        {error("batchList") && (
          <Text id={batchErrorId} size="sm" c="var(--mantine-color-error)">
            {error("batchList")}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

type LotControl = (lot: ReferenceTermBatch, index: number, width: "100%") => ReactNode;

/** The lots on a phone: one card per lot line, its data as label/value pairs and its controls full width. */
function LotCards({
  lots,
  brandControl,
  decimalsControl,
  participationControl,
}: {
  lots: ReferenceTermBatch[];
  brandControl: LotControl;
  decimalsControl: LotControl;
  participationControl: LotControl;
}) {
  if (lots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhum lote cadastrado na formalização de demanda.
      </Text>
    );
  const row = (label: string, value: ReactNode) => (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box miw={0} style={{ flex: "0 1 60%", textAlign: "right", wordBreak: "break-word" }}>
        <Text size="sm" component="div">
          {value}
        </Text>
      </Box>
    </Group>
  );
  return (
    <Stack gap="sm" role="list" aria-label="Lotes do processo">
      {lots.map((lot, index) => (
        <Paper key={lot.id} withBorder p="sm" radius="md" role="listitem" aria-label={lotName(lot)}>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {lotName(lot)}
            </Text>
            {row("Descrição", lot.description || "-")}
            {row("Quantidade", quantityText(lot))}
            {row("Variação mínima", variationText(lot))}
            {row("Exige marca", brandControl(lot, index, "100%"))}
            {row("Casas decimais", decimalsControl(lot, index, "100%"))}
            {row("Participação", participationControl(lot, index, "100%"))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
