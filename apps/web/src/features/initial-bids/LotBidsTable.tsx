import {
  formatBRL,
  formatPercent,
  INITIAL_BIDS_TEXTS,
  isAllowRegisterBid,
  isDiscountMode,
  isNewModality,
  type Modality,
  type MoneyDecimals,
} from "@certame/domain";
import { Anchor, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "../../ui/data-table/DataTable";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { PercentInput } from "../../ui/inputs/PercentInput";
import { AppModal } from "../../ui/modal/AppModal";
import {
  crop,
  type RowState,
  type RowsState,
  rowValues,
  shownReference,
  showsBrandColumn,
} from "./initial-bids-model";
import type { InitialBidLotRow } from "./types";

const T = INITIAL_BIDS_TEXTS;

export interface LotBidsTableProps {
  lots: readonly InitialBidLotRow[];
  rows: RowsState;
  onChange: (lotId: string, patch: Partial<RowState>) => void;
  modality: Modality;
  offerKind: string;
  shouldDiscloseReferencePrice: boolean;
  automaticShown: boolean;
  isSmallBusiness: boolean;
  smallCompanyAnswer: boolean | null;
  disabled: boolean;
}

const dec = (d: number): MoneyDecimals => (d === 4 ? 4 : 2);

/**
 * The lot table of §2.8 (item-1 rows only; virtual scroll above 10 rows), in price or discount
 * mode, with the live totals; inputs of lots that do not accept a bid are shown in red.
 */
export function LotBidsTable(p: LotBidsTableProps) {
  const [itemsOf, setItemsOf] = useState<InitialBidLotRow | null>(null);
  const discount = p.lots.some((l) => isDiscountMode(l.dispensationForm));
  const allowed = (lot: InitialBidLotRow) =>
    isAllowRegisterBid({
      batchItemParticipation: lot.batchItemParticipation,
      modality: p.modality,
      isSmallBusiness: p.isSmallBusiness,
      smallCompanyAnswer: p.smallCompanyAnswer,
    });
  const row = (lot: InitialBidLotRow) => p.rows[lot.id] as RowState;
  const money = (
    lot: InitialBidLotRow,
    key: "unitPrice" | "finalPrice" | "variationPrice",
    label: string,
  ) => (
    <MoneyInput
      aria-label={`${label} do lote ${lot.number}`}
      size="xs"
      decimals={dec(lot.decimalsNumber)}
      value={row(lot)[key]}
      onChange={(v) => p.onChange(lot.id, { [key]: v })}
      error={!allowed(lot)}
      disabled={p.disabled}
      miw={130}
    />
  );
  const percent = (
    lot: InitialBidLotRow,
    key: "percentDiscount" | "percentFinalDiscount" | "percentVariation",
    label: string,
  ) => (
    <PercentInput
      aria-label={`${label} do lote ${lot.number}`}
      size="xs"
      decimals={2}
      value={row(lot)[key]}
      onChange={(v) => p.onChange(lot.id, { [key]: v })}
      error={!allowed(lot)}
      disabled={p.disabled}
      miw={110}
    />
  );

  const columns: DataTableColumn<InitialBidLotRow>[] = [
    {
      key: "number",
      header: "Lote",
      nowrap: true,
      render: (lot) => (
        <span>
          {lot.number}{" "}
          {!allowed(lot) && (
            <Tooltip label="Lote/item exclusivo para ME/EPP">
              <IconAlertTriangle
                size={14}
                color="var(--mantine-color-error)"
                aria-label="Exclusivo para ME/EPP"
              />
            </Tooltip>
          )}
        </span>
      ),
    },
    { key: "item", header: "Item", text: (lot) => String(lot.item) },
    {
      key: "product",
      header: "Produto",
      minWidth: 180,
      render: (lot) =>
        lot.hasManyItems ? (
          <Anchor component="button" size="sm" onClick={() => setItemsOf(lot)}>
            {lot.productName}
          </Anchor>
        ) : (
          crop(lot.product.name)
        ),
    },
    {
      key: "description",
      header: "Descrição do produto",
      minWidth: 200,
      text: (lot) => crop(lot.product.technicalDescription),
    },
  ];
  if (showsBrandColumn(p.modality, p.lots))
    columns.push({
      key: "brand",
      header: "Marca/Modelo",
      render: (lot) =>
        lot.isProductBrandRequired === 1 ? (
          <TextInput
            aria-label={`Marca/Modelo do lote ${lot.number}`}
            size="xs"
            placeholder={T.brandPlaceholder}
            maxLength={20}
            value={row(lot).brand}
            onChange={(e) => p.onChange(lot.id, { brand: e.currentTarget.value })}
            disabled={p.disabled}
            miw={120}
          />
        ) : null,
    });
  columns.push({
    key: "quantity",
    header: "Quantidade",
    nowrap: true,
    text: (lot) => String(lot.quantity).replace(".", ","),
  });
  if (p.shouldDiscloseReferencePrice)
    columns.push({
      key: "reference",
      header: "Preço de referência",
      nowrap: true,
      text: (lot) => {
        const r = shownReference(lot, p.offerKind);
        return r === null ? "—" : formatBRL(r, lot.decimalsNumber);
      },
    });
  if (isNewModality(p.modality))
    columns.push({
      key: "minimumVariation",
      header: "Variação Mínima",
      nowrap: true,
      text: (lot) =>
        isDiscountMode(lot.dispensationForm)
          ? formatPercent(lot.percentMinimumVariation, 2)
          : formatBRL(lot.minimumVariation, lot.decimalsNumber),
    });
  if (discount) {
    columns.push({
      key: "initial",
      header: "Lance inicial (%)",
      render: (lot) => percent(lot, "percentDiscount", "Lance inicial (%)"),
    });
    if (p.automaticShown) {
      columns.push({
        key: "final",
        header: "Lance final (%)",
        render: (lot) => percent(lot, "percentFinalDiscount", "Lance final (%)"),
      });
      columns.push({
        key: "variation",
        header: "Variação (%)",
        render: (lot) => percent(lot, "percentVariation", "Variação (%)"),
      });
    }
    columns.push({
      key: "discount",
      header: "Desconto",
      nowrap: true,
      text: (lot) => {
        const v = rowValues(lot, p.rows[lot.id], p.offerKind).discount;
        return v === null ? "—" : formatBRL(v, lot.decimalsNumber);
      },
    });
    columns.push({
      key: "total",
      header: "Valor total Descontado (R$)",
      nowrap: true,
      text: (lot) => {
        const v = rowValues(lot, p.rows[lot.id], p.offerKind).total;
        return v === null ? "—" : formatBRL(v, lot.decimalsNumber);
      },
    });
  } else {
    columns.push({
      key: "initial",
      header: "Lance inicial (R$)",
      render: (lot) => money(lot, "unitPrice", "Lance inicial (R$)"),
    });
    if (p.automaticShown) {
      columns.push({
        key: "final",
        header: "Lance final (R$)",
        render: (lot) => money(lot, "finalPrice", "Lance final (R$)"),
      });
      columns.push({
        key: "variation",
        header: "Variação (R$)",
        render: (lot) => money(lot, "variationPrice", "Variação (R$)"),
      });
    }
    columns.push({
      key: "total",
      header: "Valor total (R$)",
      nowrap: true,
      text: (lot) => formatBRL(rowValues(lot, p.rows[lot.id], p.offerKind).total ?? 0, lot.decimalsNumber),
    });
  }

  return (
    <>
      <DataTable
        label="Lotes para lances iniciais"
        columns={columns}
        rows={p.lots}
        rowKey={(lot) => lot.id}
      />
      {itemsOf && (
        <AppModal opened onClose={() => setItemsOf(null)} title={`Itens do lote ${itemsOf.number}`} size="lg">
          <Table striped aria-label={`Itens do lote ${itemsOf.number}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Produto</Table.Th>
                <Table.Th>Quantidade</Table.Th>
                {p.shouldDiscloseReferencePrice && <Table.Th>Preço de referência</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {itemsOf.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.item}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{crop(i.product.name)}</Text>
                    <Text size="xs" c="dimmed">
                      {crop(i.product.technicalDescription)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{String(i.quantity).replace(".", ",")}</Table.Td>
                  {p.shouldDiscloseReferencePrice && (
                    <Table.Td>
                      {i.referencePrice === null ? "—" : formatBRL(i.referencePrice, i.decimalsNumber)}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </AppModal>
      )}
    </>
  );
}
