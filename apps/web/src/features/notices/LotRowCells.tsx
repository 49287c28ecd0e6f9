import {
  type allowedBatchParticipations,
  BATCH_ITEM_PARTICIPATION_LABELS,
  DECIMALS_OPTIONS,
  floorMinimumVariationPercent,
  formatBRL,
  formatPercent,
  rescale,
  type VariationKind,
} from "@certame/domain";
import { Checkbox, NumberInput, Select, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { PercentInput } from "../../ui/inputs/PercentInput";
import { EMPTY_SELECT_TEXT } from "../../ui/texts";
import type { LotRow } from "./api";
import { draftTotal, type LotDraft } from "./lots-model";

// The cells of a row of the 'Lotes do edital' table: a saved row, or a row being created or edited.

/** What a row editor needs from the page: the notice's rules and the table's other rows. */
export interface LotEditorContext {
  itemsInLot: (lotNumber: number) => number;
  participations: ReturnType<typeof allowedBatchParticipations>;
  valuesEditable: boolean;
  variationKind: VariationKind;
  unitOptions: { value: string; label: string }[];
  wideLots: number[];
}

/** The editable cells of a row being created or edited. */
export function LotEditorCells({
  draft: d,
  onChange: set,
  context,
  onPickProduct,
}: {
  draft: LotDraft;
  onChange: (d: LotDraft) => void;
  context: LotEditorContext;
  onPickProduct: () => void;
}) {
  const { itemsInLot, participations, valuesEditable, variationKind, unitOptions, wideLots } = context;
  const copiedItem = d.item > 1;
  const single = d.id ? itemsInLot(d.number) === 1 : !copiedItem;
  const participationEditable = participations.length > 1 && single;
  const valuesLocked = Boolean(d.id) && !valuesEditable;
  const dec = d.decimalsNumber;
  const money = (
    label: string,
    value: number | null,
    onChange: (v: number | null) => void,
    disabled = false,
  ) => (
    <MoneyInput
      aria-label={label}
      size="xs"
      decimals={dec}
      value={value}
      onChange={onChange}
      disabled={disabled}
      w={104}
    />
  );
  return (
    <>
      <Table.Td>
        <Text fw={600}>{d.number}</Text>
      </Table.Td>
      <Table.Td>{d.item}</Table.Td>
      <Table.Td miw={120}>
        <UnstyledButton
          onClick={() => !valuesLocked && onPickProduct()}
          aria-label={`Escolher produto: ${d.product?.name ?? "Selecionar do catálogo"}`}
          disabled={valuesLocked}
          style={{
            border: "1px solid var(--mantine-color-gray-4)",
            borderRadius: 4,
            padding: "4px 8px",
            width: "100%",
          }}
        >
          <Text size="xs" c={d.product ? undefined : "dimmed"} lineClamp={2}>
            {d.product?.name ?? "Selecionar do catálogo"}
          </Text>
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label="Quantidade"
          size="xs"
          w={72}
          min={0}
          decimalScale={4}
          decimalSeparator=","
          thousandSeparator="."
          hideControls
          value={d.quantity ?? ""}
          onChange={(v) => set({ ...d, quantity: v === "" ? null : Number(v) })}
          disabled={valuesLocked}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label="Unidade"
          size="xs"
          w={84}
          searchable
          data={unitOptions}
          value={d.measurementUnitCode}
          onChange={(v) => set({ ...d, measurementUnitCode: v })}
          nothingFoundMessage={EMPTY_SELECT_TEXT}
          disabled={valuesLocked}
          comboboxProps={{ withinPortal: true, width: 260 }}
        />
      </Table.Td>
      <Table.Td>
        {money("Preço de referência", d.unitPrice, (v) => set({ ...d, unitPrice: v }), valuesLocked)}
      </Table.Td>
      <Table.Td ta="center">
        <Checkbox
          aria-label="Marca obrigatória"
          checked={d.isProductBrandRequired}
          onChange={(e) => set({ ...d, isProductBrandRequired: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label="Casas decimais"
          size="xs"
          w={56}
          data={DECIMALS_OPTIONS.map((o) => String(o))}
          value={String(dec)}
          allowDeselect={false}
          disabled={valuesLocked}
          onChange={(v) => {
            const to = Number(v) as 2 | 4;
            set({
              ...d,
              decimalsNumber: to,
              unitPrice: d.unitPrice === null ? null : rescale(d.unitPrice, dec, to),
              minimumVariation: d.minimumVariation === null ? null : rescale(d.minimumVariation, dec, to),
            });
          }}
        />
      </Table.Td>
      <Table.Td>
        {variationKind === "PERCENTAGE" ? (
          <PercentInput
            aria-label="Variação mínima"
            size="xs"
            w={84}
            value={d.percentMinimumVariation}
            onChange={(v) => set({ ...d, percentMinimumVariation: v })}
            onBlur={() =>
              d.percentMinimumVariation !== null &&
              set({
                ...d,
                percentMinimumVariation: floorMinimumVariationPercent(d.percentMinimumVariation),
              })
            }
            disabled={!single}
          />
        ) : (
          money("Variação mínima", d.minimumVariation, (v) => set({ ...d, minimumVariation: v }), !single)
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Select
            aria-label="Participação"
            size="xs"
            w={124}
            data={participations.map((p) => ({ value: p, label: BATCH_ITEM_PARTICIPATION_LABELS[p] }))}
            value={d.batchItemParticipation}
            allowDeselect={false}
            disabled={!participationEditable}
            onChange={(v) =>
              v && set({ ...d, batchItemParticipation: v as LotDraft["batchItemParticipation"] })
            }
            comboboxProps={{ withinPortal: true, width: 280 }}
          />
          {d.batchItemParticipation === "DIFFERENTIATED" && d.item === 1 && (
            <Select
              aria-label="Lote de ampla participação"
              placeholder="Lote de ampla participação"
              size="xs"
              w={124}
              data={wideLots
                .filter((w) => w !== d.number)
                .map((w) => ({ value: String(w), label: `Lote ${w}` }))}
              value={d.wideParticipationBatch ? String(d.wideParticipationBatch) : null}
              onChange={(v) => set({ ...d, wideParticipationBatch: v ? Number(v) : null })}
              nothingFoundMessage={EMPTY_SELECT_TEXT}
            />
          )}
        </Stack>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-testid="row-total">
        {formatBRL(draftTotal(d), dec)}
      </Table.Td>
    </>
  );
}

/** The cells of a saved row. */
export function LotViewCells({ row: r, variationKind }: { row: LotRow; variationKind: VariationKind }) {
  return (
    <>
      <Table.Td>
        <Text fw={600}>{r.number}</Text>
      </Table.Td>
      <Table.Td>{r.item}</Table.Td>
      <Table.Td miw={120}>
        <Text size="sm" lineClamp={2}>
          {r.product?.name ?? "—"}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {Number(r.quantity).toLocaleString("pt-BR", { maximumFractionDigits: 4 })}
      </Table.Td>
      <Table.Td>{r.measurementUnit?.code ?? "—"}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {formatBRL(r.unitReferencePrice ?? r.referencePrice, r.decimalsNumber)}
      </Table.Td>
      <Table.Td ta="center">{r.isProductBrandRequired ? "Sim" : "Não"}</Table.Td>
      <Table.Td>{r.decimalsNumber}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {variationKind === "PERCENTAGE"
          ? formatPercent(r.percentMinimumVariation)
          : formatBRL(r.minimumVariation, r.decimalsNumber)}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{BATCH_ITEM_PARTICIPATION_LABELS[r.batchItemParticipation]}</Text>
        {r.batchItemParticipation === "DIFFERENTIATED" && r.wideParticipationBatch && (
          <Text size="xs" c="dimmed">
            Vinculado ao lote {r.wideParticipationBatch}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-testid="row-total">
        {formatBRL(r.totalAmount ?? 0, r.decimalsNumber)}
      </Table.Td>
    </>
  );
}
