// Rows of the lots editor (notices-and-accounts §2.6, §3 "Auction batch", §4 "Lot editing", §9).
import {
  type BatchItemParticipation,
  batchParticipationFor,
  DEFAULT_DECIMALS,
  floorMinimumVariationPercent,
  multiplyByQuantity,
  type ProcessParticipation,
  toScaled,
  type VariationKind,
} from "@certame/domain";
import type { LotRow } from "./api";

export interface LotDraft {
  id?: string;
  number: number;
  item: number;
  product: { id: string; name: string } | null;
  quantity: number | null;
  measurementUnitCode: string | null;
  /** Unit reference price, scaled by 10^decimalsNumber. */
  unitPrice: number | null;
  isProductBrandRequired: boolean;
  decimalsNumber: 2 | 4;
  /** Scaled by 10^decimalsNumber. */
  minimumVariation: number | null;
  percentMinimumVariation: number | null;
  batchItemParticipation: BatchItemParticipation;
  wideParticipationBatch: number | null;
}

/** §9 lot defaults: quantity 0,00, variation R$ 1 / 1,00 %, 2 decimals, brand not required. */
export function newLotDraft(number: number, process: ProcessParticipation): LotDraft {
  return {
    number,
    item: 1,
    product: null,
    quantity: null,
    measurementUnitCode: null,
    unitPrice: null,
    isProductBrandRequired: false,
    decimalsNumber: DEFAULT_DECIMALS,
    minimumVariation: toScaled(1, DEFAULT_DECIMALS),
    percentMinimumVariation: 1,
    batchItemParticipation: batchParticipationFor(process) ?? "WIDE_PARTICIPATION",
    wideParticipationBatch: null,
  };
}

/** §4: a new item copies the lot number, participation and variation from the previous item. */
export function newItemDraft(previous: LotRow, nextItem: number): LotDraft {
  const row = lotToDraft(previous);
  return {
    ...row,
    id: undefined,
    item: nextItem,
    product: null,
    quantity: null,
    measurementUnitCode: null,
    unitPrice: null,
    wideParticipationBatch: null,
  };
}

export function lotToDraft(r: LotRow): LotDraft {
  return {
    id: r.id,
    number: r.number,
    item: r.item,
    product: r.product ? { id: r.product.id, name: r.product.name } : null,
    quantity: Number(r.quantity),
    measurementUnitCode: r.measurementUnit?.code ?? null,
    unitPrice: r.unitReferencePrice ?? r.referencePrice,
    isProductBrandRequired: Boolean(r.isProductBrandRequired),
    decimalsNumber: r.decimalsNumber,
    minimumVariation: r.minimumVariation,
    percentMinimumVariation: r.percentMinimumVariation,
    batchItemParticipation: r.batchItemParticipation,
    wideParticipationBatch: r.wideParticipationBatch,
  };
}

/** §5 "Lots": the required fields of a row ('Adicionar lote' stays disabled while one is empty). */
export function missingLotFields(d: LotDraft, variationKind: VariationKind): (keyof LotDraft)[] {
  const missing: (keyof LotDraft)[] = [];
  if (!d.product) missing.push("product");
  if (!d.quantity || d.quantity <= 0) missing.push("quantity");
  if (!d.measurementUnitCode) missing.push("measurementUnitCode");
  if (!d.unitPrice) missing.push("unitPrice");
  if (variationKind === "PERCENTAGE" ? !d.percentMinimumVariation : d.minimumVariation === null)
    missing.push(variationKind === "PERCENTAGE" ? "percentMinimumVariation" : "minimumVariation");
  if (d.item === 1 && d.batchItemParticipation === "DIFFERENTIATED" && !d.wideParticipationBatch)
    missing.push("wideParticipationBatch");
  return missing;
}

/** The payload of app/auctionBatch/save for one row (money scaled, percent floored at 0,01). */
export function draftToPayload(d: LotDraft): Record<string, unknown> {
  return {
    ...(d.id ? { id: d.id } : {}),
    number: d.number,
    item: d.item,
    product: d.product ? { id: d.product.id } : undefined,
    quantity: d.quantity === null ? undefined : String(d.quantity),
    measurementUnit: d.measurementUnitCode ? { code: d.measurementUnitCode } : undefined,
    referencePrice: d.unitPrice ?? 0,
    minimumVariation: d.minimumVariation ?? undefined,
    percentMinimumVariation:
      d.percentMinimumVariation === null
        ? undefined
        : floorMinimumVariationPercent(d.percentMinimumVariation),
    isProductBrandRequired: d.isProductBrandRequired,
    decimalsNumber: d.decimalsNumber,
    batchItemParticipation: d.batchItemParticipation,
    wideParticipationBatch: d.batchItemParticipation === "DIFFERENTIATED" ? d.wideParticipationBatch : null,
  };
}

/** Column names for 'Erro: {field label}' (§8 "Lot save or edit"). */
export const LOT_COLUMN_LABELS: Record<string, string> = {
  number: "Lote",
  item: "Item",
  product: "Produto/Serviço",
  quantity: "Quantidade",
  measurementUnit: "Unidade",
  referencePrice: "Preço de referência",
  isProductBrandRequired: "Marca",
  decimalsNumber: "Casas decimais",
  minimumVariation: "Variação mínima",
  percentMinimumVariation: "Variação mínima",
  batchItemParticipation: "Participação",
  wideParticipationBatch: "Lote de ampla participação",
};

/** '0.referencePrice' or 'product.id' → 'Preço de referência'. */
export function lotPropertyLabel(property: string): string {
  const parts = property.split(".").filter((p) => !/^\d+$/.test(p) && !p.startsWith("linha"));
  for (const part of parts) if (LOT_COLUMN_LABELS[part]) return LOT_COLUMN_LABELS[part];
  return property;
}

export const lotsEqual = (a: LotDraft, b: LotDraft) => JSON.stringify(a) === JSON.stringify(b);

/** A row's 'Valor total' as it is typed: unit price × quantity, scaled like the price (0 while empty). */
export function draftTotal(d: Pick<LotDraft, "unitPrice" | "quantity" | "decimalsNumber">): number {
  if (d.unitPrice === null || d.quantity === null) return 0;
  try {
    return multiplyByQuantity(d.unitPrice, d.decimalsNumber, d.quantity);
  } catch {
    return 0;
  }
}
