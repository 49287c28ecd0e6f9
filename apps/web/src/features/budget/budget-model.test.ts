import { describe, expect, it } from "vitest";
import type { BudgetBatch, BudgetSupplier, PncpItemResult } from "./budget.api";
import {
  averageCents,
  type BudgetCell,
  basketQuotes,
  basketReportBody,
  basketStatistics,
  columnNumbers,
  columnsFromBasket,
  columnsFromSelection,
  cutObject,
  emptyCell,
  isNoticeSelected,
  keywordsOf,
  type LotCells,
  matchesKeywords,
  nextColumnNumber,
  nextFreeColumn,
  savePayload,
  selectionCounters,
  toCents,
  visibleBatches,
} from "./budget-model";

const ACME: BudgetSupplier = {
  documentNumber: "11.222.333/0001-81",
  corporateName: "Acme Ltda",
  credentialKind: "LEGAL_PERSON",
  isSmallBusiness: true,
};
const PERSON: BudgetSupplier = {
  documentNumber: "529.982.247-25",
  corporateName: "Maria Silva",
  credentialKind: "INDIVIDUAL",
  isSmallBusiness: false,
};
const cell = (
  cents: number,
  supplier: BudgetSupplier | null = ACME,
  extra: Partial<BudgetCell> = {},
): BudgetCell => ({
  ...emptyCell(),
  cents,
  supplier,
  ...extra,
});

describe("budget columns (planning §4 'Budget columns')", () => {
  it("numbers a lot's next column after its highest column that is non-empty or has a supplier", () => {
    expect(nextFreeColumn({})).toBe(1);
    expect(nextFreeColumn({ 1: cell(100), 2: cell(0, null), 3: cell(0, ACME) })).toBe(4);
    expect(nextFreeColumn({ 1: cell(100), 4: cell(0, null) })).toBe(2);
    expect(nextFreeColumn({ 2: cell(5, null) })).toBe(3);
  });

  it("adds the lots' next free column, or the one after the last shown when that one is already shown", () => {
    const lots: LotCells[] = [{ 1: cell(100) }, { 1: cell(100), 2: cell(200) }];
    expect(nextColumnNumber(lots, [1, 2])).toBe(3);
    expect(nextColumnNumber(lots, [1, 2, 3])).toBe(4);
    expect(nextColumnNumber([{}], [])).toBe(1);
  });

  it("lists every stored and added column in ascending order, once", () => {
    expect(columnNumbers([{ 2: cell(1) }, { 1: cell(1), 2: cell(1) }], [4])).toEqual([1, 2, 4]);
  });

  it("turns selected homologated prices into the lot's next columns, rounded to cents (§4)", () => {
    const result: PncpItemResult = {
      niFornecedor: "11222333000181",
      tipoPessoa: "PJ",
      nomeRazaoSocialFornecedor: "Acme Ltda",
      porteFornecedorNome: "ME",
      isSmallBusiness: true,
      credentialKind: "LEGAL_PERSON",
      quantidadeHomologada: 10,
      valorUnitarioHomologado: 12.345,
      valorTotalHomologado: 123.45,
      codigoPais: "BRA",
      dataInclusao: "2026-01-02",
    };
    const rows = columnsFromSelection(
      "lot-1",
      { 1: cell(100), 2: cell(0, ACME, { pncpItemId: "X-1-1/2026-1" }) },
      [
        { itemId: "X-1-1/2026-1", result },
        { itemId: "X-1-1/2026-2", result },
        { itemId: "Y-1-2/2026-7", result: { ...result, valorUnitarioHomologado: 9.999 } },
      ],
    );
    expect(rows).toEqual([
      {
        demandFormalizationBatchId: "lot-1",
        price: 12.35,
        columnOrder: 3,
        supplier: {
          documentNumber: "11222333000181",
          corporateName: "Acme Ltda",
          credentialKind: "LEGAL_PERSON",
          isSmallBusiness: true,
        },
        pncpItemId: "X-1-1/2026-2",
      },
      expect.objectContaining({ price: 10, columnOrder: 4, pncpItemId: "Y-1-2/2026-7" }),
    ]);
  });

  it("saves only the cells with a supplier, in reais, with name for an individual (§4 'Saving')", () => {
    const rows = savePayload({
      a: { 1: cell(1234, ACME, { id: "b-1" }), 2: cell(500, null) },
      b: { 3: cell(99, PERSON, { pncpItemId: "P-1" }) },
    });
    expect(rows).toEqual([
      {
        id: "b-1",
        demandFormalizationBatchId: "a",
        price: 12.34,
        columnOrder: 1,
        supplier: {
          documentNumber: "11222333000181",
          corporateName: "Acme Ltda",
          credentialKind: "LEGAL_PERSON",
          isSmallBusiness: true,
        },
      },
      {
        demandFormalizationBatchId: "b",
        price: 0.99,
        columnOrder: 3,
        supplier: {
          documentNumber: "52998224725",
          name: "Maria Silva",
          credentialKind: "INDIVIDUAL",
          isSmallBusiness: false,
        },
        pncpItemId: "P-1",
      },
    ]);
  });
});

describe("average reference price (planning §9)", () => {
  it("is the mean of the non-zero values that have a supplier, 0 when none", () => {
    expect(averageCents({})).toBe(0);
    expect(averageCents({ 1: cell(0), 2: cell(500, null) })).toBe(0);
    expect(averageCents({ 1: cell(1000), 2: cell(2000), 3: cell(0), 4: cell(9999, null) })).toBe(1500);
    expect(averageCents({ 1: cell(100), 2: cell(101) })).toBe(101);
  });

  it("leaves an excluded quote out", () => {
    expect(averageCents({ 1: cell(1000), 2: cell(9000, ACME, { excluded: true }) })).toBe(1000);
  });

  it("handles prices in cents (value × 100, rounded)", () => {
    expect(toCents(12.345)).toBe(1235);
    expect(toCents(null)).toBe(0);
  });
});

describe("price search selection (planning §2.9, §4 'Price search selection')", () => {
  it("marks a tender selected when an item id starts with its control number and '-'", () => {
    expect(isNoticeSelected("123-1-5/2026", ["123-1-5/2026-3"])).toBe(true);
    expect(isNoticeSelected("123-1-5/2026", ["123-1-5/20261-3"])).toBe(false);
  });

  it("counts items, distinct tenders and distinct bidders", () => {
    const r = (ni: string) => ({ niFornecedor: ni }) as PncpItemResult;
    const selected = [
      { itemId: "A-1", result: r("1") },
      { itemId: "A-2", result: r("1") },
      { itemId: "B-1", result: r("2") },
    ];
    const tenders = new Map([
      ["A-1", "A"],
      ["A-2", "A"],
      ["B-1", "B"],
    ]);
    expect(selectionCounters(selected, tenders)).toEqual({ items: 3, processes: 2, bidders: 2 });
  });

  it("filters items by the object of interest's keywords, accents aside", () => {
    const keywords = keywordsOf("Papel A4 sulfite");
    expect(keywords).toEqual(["papel", "sulfite"]);
    expect(matchesKeywords("PAPEL SULFITE 75g", keywords)).toBe(true);
    expect(matchesKeywords("Caneta esferográfica", keywords)).toBe(false);
    expect(matchesKeywords("Água mineral", keywordsOf("agua"))).toBe(true);
    expect(matchesKeywords("qualquer", [])).toBe(true);
  });

  it("cuts the tender object at 500 characters plus '...'", () => {
    expect(cutObject("a".repeat(501))).toBe(`${"a".repeat(500)}...`);
    expect(cutObject("curto")).toBe("curto");
  });
});

describe("the basket of the standalone price search (issue 35 item 4)", () => {
  const result = (ni: string, name: string, price: number) =>
    ({
      niFornecedor: ni,
      nomeRazaoSocialFornecedor: name,
      credentialKind: "LEGAL_PERSON",
      isSmallBusiness: false,
      valorUnitarioHomologado: price,
    }) as PncpItemResult;
  const selected = [
    { itemId: "X-1", result: result("11222333000181", "Alfa", 10.01) },
    { itemId: "X-2", result: result("11222333000181", "Alfa", 40) },
  ];
  const typed = [{ key: "t-1", supplier: PERSON, cents: 1200, source: " Site " }];

  it("figures the portal and typed quotes with the domain's statistics (IN SEGES/ME 65/2021 art. 6)", () => {
    const quotes = basketQuotes(selected, typed);
    expect(quotes.map((q) => [q.cents, q.itemId])).toEqual([
      [1001, "X-1"],
      [4000, "X-2"],
      [1200, null],
    ]);
    const stats = basketStatistics(quotes, "MEDIAN");
    expect([stats.averageCents, stats.medianCents, stats.lowestCents, stats.referenceCents]).toEqual([
      2067, 1200, 1001, 1200,
    ]);
    expect(stats.flags).toEqual([null, "HIGH", null]);
    expect(basketStatistics(quotes, "LOWEST").referenceCents).toBe(1001);
  });

  it("sends the portal items with the price seen, in reais with 2 decimals, and the typed quotes as typed", () => {
    expect(basketReportBody(selected, typed, " papel ", "AVERAGE")).toEqual({
      priceSearchData: {
        objectOfInterest: "papel",
        priceMethod: "AVERAGE",
        items: [
          { itemId: "X-1", price: 10.01 },
          { itemId: "X-2", price: 40 },
        ],
      },
      priceSearchExternalData: [
        {
          supplier: {
            documentNumber: "52998224725",
            name: "Maria Silva",
            credentialKind: "INDIVIDUAL",
            isSmallBusiness: false,
          },
          price: 12,
          source: "Site",
        },
      ],
    });
  });

  it("saves into a lot after its used columns: portal items first (skipping those already there), then typed", () => {
    const cells: LotCells = { 1: cell(500), 2: cell(0, null), 3: cell(700, ACME, { pncpItemId: "X-2" }) };
    const rows = columnsFromBasket("lot-1", cells, selected, typed);
    expect(rows.map((r) => [r.columnOrder, r.price, r.pncpItemId ?? null])).toEqual([
      [4, 10.01, "X-1"],
      [5, 12, null],
    ]);
    expect(columnsFromBasket("lot-1", {}, [], typed).map((r) => r.columnOrder)).toEqual([1]);
  });
});

describe("the lots table is searched, sorted and paged (planning §2.8 'Table')", () => {
  const batch = (id: string, number: number, item: number, name: string): BudgetBatch => ({
    id,
    number,
    item,
    product: { id: `p${id}`, name },
    quantity: 1,
    measurementUnit: null,
    priceMethod: "AVERAGE",
    averagePrice: null,
    medianPrice: null,
    lowestPrice: null,
    referencePrice: null,
    coefficientOfVariation: null,
    budgets: [],
  });
  const batches = [
    batch("c", 2, 1, "Papel sulfite A4"),
    batch("a", 1, 2, "Caneta esferográfica azul"),
    batch("b", 1, 1, "Grampeador"),
  ];
  const lots: Record<string, LotCells> = { a: { 1: cell(150) }, b: { 1: cell(4000) }, c: { 1: cell(2500) } };

  it("orders by lot and item by default, by product name, or by the live average (highest first)", () => {
    const ids = (sort: "lot" | "product" | "average") =>
      visibleBatches(batches, lots, { search: "", sort, page: 1 }).rows.map((b) => b.id);
    expect(ids("lot")).toEqual(["b", "a", "c"]);
    expect(ids("product")).toEqual(["a", "b", "c"]);
    expect(ids("average")).toEqual(["b", "c", "a"]);
  });

  it("finds lots by product words without accents or case, and by lot number", () => {
    expect(
      visibleBatches(batches, lots, { search: "ESFEROGRAFICA", sort: "lot", page: 1 }).rows,
    ).toHaveLength(1);
    const lot2 = visibleBatches(batches, lots, { search: "lote 2", sort: "lot", page: 1 });
    expect(lot2.rows.map((b) => b.id)).toEqual(["c"]);
    expect(lot2.total).toBe(1);
  });

  it("shows ten lots a page and counts every match", () => {
    const many = Array.from({ length: 23 }, (_, i) => batch(`x${i}`, i + 1, 1, `Produto ${i + 1}`));
    const page3 = visibleBatches(many, {}, { search: "", sort: "lot", page: 3 });
    expect(page3.total).toBe(23);
    expect(page3.rows.map((b) => b.number)).toEqual([21, 22, 23]);
  });
});
