import {
  type PriceMethod,
  type PriceSearchBasket,
  type PriceSearchExternalQuote,
  type PriceStatistics,
  priceStatistics,
  reaisToCents,
  referencePriceCents,
} from "@certame/domain";
import type {
  Budget,
  BudgetBatch,
  BudgetSaveRow,
  BudgetSupplier,
  PncpItemResult,
  QuoteFlag,
} from "./budget.api";

// The budget table's pure rules (planning §4 "Budget columns", §9 "Quantities and money").

/** One 'Orçamento N' / 'Fornecedor N' cell pair of a lot; price in integer cents (§9). */
export interface BudgetCell {
  id?: string;
  cents: number;
  supplier: BudgetSupplier | null;
  pncpItemId: string | null;
  flag: QuoteFlag;
  excluded: boolean;
  exclusionJustification: string | null;
}

/** A lot's cells by column number. */
export type LotCells = Record<number, BudgetCell>;

export const emptyCell = (): BudgetCell => ({
  cents: 0,
  supplier: null,
  pncpItemId: null,
  flag: null,
  excluded: false,
  exclusionJustification: null,
});

/** §9: prices are handled in cents in the table (value × 100, rounded). */
export const toCents = (reais: number | null | undefined) => reaisToCents(reais ?? 0);

export function cellOf(budget: Budget): BudgetCell {
  return {
    id: budget.id,
    cents: toCents(budget.price),
    supplier: budget.supplier,
    pncpItemId: budget.pncpItemId,
    flag: budget.flag,
    excluded: budget.excluded,
    exclusionJustification: budget.exclusionJustification,
  };
}

export const cellsOf = (batch: BudgetBatch): LotCells =>
  Object.fromEntries(batch.budgets.map((b) => [b.columnOrder, cellOf(b)]));

/** A cell counts as used when it is non-empty or has a supplier (§4). */
const used = (cell: BudgetCell | undefined) => !!cell && (cell.cents !== 0 || cell.supplier !== null);

/** §4 "Adding a column": a lot's next free column is its highest used column plus 1. */
export function nextFreeColumn(cells: LotCells): number {
  let highest = 0;
  for (const [n, cell] of Object.entries(cells)) if (used(cell)) highest = Math.max(highest, Number(n));
  return highest + 1;
}

/**
 * The column '+ Adicionar Orçamento' shows: the lots' next free column (§4); when that column is
 * already on screen (an empty column added before), the one after the last shown.
 */
export function nextColumnNumber(lots: LotCells[], shown: readonly number[]): number {
  const next = Math.max(1, ...lots.map(nextFreeColumn));
  return shown.includes(next) ? Math.max(...shown) + 1 : next;
}

/** The column numbers of the table: every stored column and the added ones, ascending. */
export function columnNumbers(lots: LotCells[], added: readonly number[] = []): number[] {
  const all = new Set<number>(added);
  for (const cells of lots) for (const n of Object.keys(cells)) all.add(Number(n));
  return [...all].sort((a, b) => a - b);
}

/**
 * §9: the average reference price is the mean of the lot's values that are non-zero and have a
 * supplier (an excluded quote is left out); 0 when there are none. In cents, rounded.
 */
export function averageCents(cells: LotCells): number {
  // The quotes without a supplier are not quotes yet; the rest is the domain's rule (zero and excluded left out).
  const quotes = Object.values(cells)
    .filter((c) => c.supplier !== null)
    .map((c) => ({ cents: c.cents, excluded: c.excluded }));
  return priceStatistics(quotes).averageCents ?? 0;
}

/** The supplier as app/budget/save takes it: corporateName, or name for an individual. */
export function supplierPayload(s: BudgetSupplier): BudgetSaveRow["supplier"] {
  const base = {
    documentNumber: s.documentNumber.replace(/\D/g, ""),
    credentialKind: s.credentialKind,
    isSmallBusiness: s.isSmallBusiness,
  };
  return s.credentialKind === "INDIVIDUAL"
    ? { ...base, name: s.corporateName }
    : { ...base, corporateName: s.corporateName };
}

/** §4 "Saving": only the cells that have a supplier are sent. */
export function savePayload(lots: Record<string, LotCells>): BudgetSaveRow[] {
  const rows: BudgetSaveRow[] = [];
  for (const [batchId, cells] of Object.entries(lots))
    for (const [n, cell] of Object.entries(cells)) {
      if (!cell.supplier) continue;
      rows.push({
        ...(cell.id ? { id: cell.id } : {}),
        demandFormalizationBatchId: batchId,
        price: cell.cents / 100,
        columnOrder: Number(n),
        supplier: supplierPayload(cell.supplier),
        ...(cell.pncpItemId ? { pncpItemId: cell.pncpItemId } : {}),
      });
    }
  return rows;
}

/** A price search selection: a portal item and its homologation. */
export interface SelectedPrice {
  itemId: string;
  result: PncpItemResult;
}

/**
 * §4 "Closing the price search with selected prices": each selected homologated item becomes a new
 * column of the lot (price = valorUnitarioHomologado rounded to cents, the homologation's supplier,
 * pncpItemId = itemId), numbered from the lot's next free column. Items already on the lot are skipped.
 */
export function columnsFromSelection(
  batchId: string,
  cells: LotCells,
  selected: SelectedPrice[],
): BudgetSaveRow[] {
  const known = new Set(Object.values(cells).map((c) => c.pncpItemId));
  let next = nextFreeColumn(cells);
  return selected
    .filter((s) => !known.has(s.itemId))
    .map((s) => ({
      demandFormalizationBatchId: batchId,
      price: toCents(s.result.valorUnitarioHomologado) / 100,
      columnOrder: next++,
      supplier: supplierPayload({
        documentNumber: s.result.niFornecedor,
        corporateName: s.result.nomeRazaoSocialFornecedor,
        credentialKind: s.result.credentialKind,
        isSmallBusiness: s.result.isSmallBusiness,
      }),
      pncpItemId: s.itemId,
    }));
}

/** A quote typed on the standalone search (IN SEGES/ME 65/2021 art. 5 II–V): supplier, price in cents, source. */
export interface TypedQuote {
  key: string;
  supplier: BudgetSupplier;
  cents: number;
  source: string;
}

/**
 * The basket's quotes closing the search into a lot: the portal ones as §4 makes them (columnsFromSelection),
 * then the typed ones in the following columns, without a portal item id.
 */
export function columnsFromBasket(
  batchId: string,
  cells: LotCells,
  selected: SelectedPrice[],
  typed: readonly TypedQuote[],
): BudgetSaveRow[] {
  const portal = columnsFromSelection(batchId, cells, selected);
  let next = (portal.at(-1)?.columnOrder ?? nextFreeColumn(cells) - 1) + 1;
  return [
    ...portal,
    ...typed.map((q) => ({
      demandFormalizationBatchId: batchId,
      price: q.cents / 100,
      columnOrder: next++,
      supplier: supplierPayload(q.supplier),
    })),
  ];
}

/** A quote of the basket with the cents the statistics read (portal ones first, as the report lists them). */
export interface BasketQuote {
  key: string;
  supplierName: string;
  documentNumber: string;
  cents: number;
  /** The portal item, or null for a typed quote. */
  itemId: string | null;
}

export function basketQuotes(
  selected: readonly SelectedPrice[],
  typed: readonly TypedQuote[],
): BasketQuote[] {
  return [
    ...selected.map((s) => ({
      key: s.itemId,
      supplierName: s.result.nomeRazaoSocialFornecedor,
      documentNumber: s.result.niFornecedor,
      cents: toCents(s.result.valorUnitarioHomologado),
      itemId: s.itemId,
    })),
    ...typed.map((q) => ({
      key: q.key,
      supplierName: q.supplier.corporateName,
      documentNumber: q.supplier.documentNumber,
      cents: q.cents,
      itemId: null,
    })),
  ];
}

/** The basket's IN SEGES/ME 65/2021 art. 6 figures: the domain's statistics (the budget's rule) and the method's price. */
export function basketStatistics(
  quotes: readonly BasketQuote[],
  method: PriceMethod,
): PriceStatistics & { referenceCents: number | null } {
  const stats = priceStatistics(quotes.map((q) => ({ cents: q.cents, excluded: false })));
  return { ...stats, referenceCents: referencePriceCents(stats, method) };
}

/**
 * The body of app/report/priceSearch without a process (§7 "Report"): the portal items with the price
 * seen (the server checks it against the portal) and the typed quotes as typed.
 */
export function basketReportBody(
  selected: readonly SelectedPrice[],
  typed: readonly TypedQuote[],
  objectOfInterest: string,
  priceMethod: PriceMethod,
): { priceSearchData: PriceSearchBasket; priceSearchExternalData: PriceSearchExternalQuote[] } {
  return {
    priceSearchData: {
      objectOfInterest: objectOfInterest.trim().slice(0, 500),
      priceMethod,
      items: selected.map((s) => ({
        itemId: s.itemId,
        price: toCents(s.result.valorUnitarioHomologado) / 100,
      })),
    },
    priceSearchExternalData: typed.map((q) => ({
      supplier: supplierPayload(q.supplier),
      price: q.cents / 100,
      source: q.source.trim(),
    })),
  };
}

/** §4 "Price search selection": a tender counts as selected when an item id starts with its control number and '-'. */
export const isNoticeSelected = (numeroControlePNCP: string, itemIds: Iterable<string>) =>
  [...itemIds].some((id) => id.startsWith(`${numeroControlePNCP}-`));

/** §2.9 counters: items, distinct tenders, distinct bidders (a supplier once per item). */
export function selectionCounters(selected: SelectedPrice[], controlNumbers: Map<string, string>) {
  return {
    items: selected.length,
    processes: new Set(selected.map((s) => controlNumbers.get(s.itemId) ?? s.itemId)).size,
    bidders: new Set(selected.map((s) => s.result.niFornecedor)).size,
  };
}

/** §2.9: 'Filtrar Itens' keeps the items whose description contains a keyword of the object of interest. */
export function keywordsOf(objectOfInterest: string): string[] {
  return objectOfInterest
    .toLocaleLowerCase("pt-BR")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-BR");

export function matchesKeywords(description: string, keywords: string[]): boolean {
  if (keywords.length === 0) return true;
  const text = fold(description);
  return keywords.some((k) => text.includes(fold(k)));
}

/** §2.9: objetoCompra cut to 500 characters plus '...'. */
export const cutObject = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max)}...` : text);

// §2.8 "Table: can be sorted, searched and paginated" — on the lots already read (one process's DFD).
export const BUDGET_PAGE_SIZE = 10;
export const BUDGET_SORTS = ["lot", "product", "average"] as const;
export type BudgetSort = (typeof BUDGET_SORTS)[number];

/**
 * The lots a page shows: those whose lot number, item or product holds the search text (accents and
 * case ignored), in the chosen order (lot/item, product name, or the live average, highest first).
 */
export function visibleBatches(
  batches: readonly BudgetBatch[],
  lots: Record<string, LotCells>,
  { search, sort, page }: { search: string; sort: BudgetSort; page: number },
): { rows: BudgetBatch[]; total: number } {
  // 'lote 2' / 'item 1' name one number exactly; the other words are looked up in the whole line.
  const folded = fold(search);
  const exact = [...folded.matchAll(/\b(lote|item)\s+(\d+)\b/g)].map(([, key, n]) => ({ key, n }));
  const words = folded
    .replace(/\b(lote|item)\s+\d+\b/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const matching = batches.filter((b) => {
    if (!exact.every(({ key, n }) => String(key === "lote" ? b.number : (b.item ?? "")) === n)) return false;
    const text = fold(`lote ${b.number} item ${b.item ?? ""} ${b.product?.name ?? ""}`);
    return words.every((w) => text.includes(w));
  });
  const byLot = (a: BudgetBatch, b: BudgetBatch) =>
    a.number - b.number ||
    String(a.item ?? "").localeCompare(String(b.item ?? ""), "pt-BR", { numeric: true });
  const sorted = [...matching].sort((a, b) => {
    if (sort === "product")
      return (a.product?.name ?? "").localeCompare(b.product?.name ?? "", "pt-BR") || byLot(a, b);
    if (sort === "average")
      return averageCents(lots[b.id] ?? {}) - averageCents(lots[a.id] ?? {}) || byLot(a, b);
    return byLot(a, b);
  });
  const start = (Math.max(1, page) - 1) * BUDGET_PAGE_SIZE;
  return { rows: sorted.slice(start, start + BUDGET_PAGE_SIZE), total: matching.length };
}
