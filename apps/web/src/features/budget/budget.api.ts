import {
  ALL_STATES_OPTION,
  PNCP_MODALITIES,
  type PncpItemResultView,
  type PncpItemView,
  type PncpNoticeView,
  type PncpSearchInput,
  PRICE_SEARCH_PAGE_SIZE,
  type PriceMethod,
  type PriceSearchBasket,
  type PriceSearchExternalQuote,
  type QuoteFlag,
} from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload } from "../../api/files";

// The budget screen's and the price search's calls (planning §7 "Budget", "Price search").
// The method, the flag and the statistics' rules come from packages/domain (planning/budget.ts); the
// read shapes below are what the screen reads of app/budget/read/batches.

export const BUDGET_PATHS = {
  read: "app/budget/read/batches",
  save: "app/budget/save",
  deleteMany: "app/budget/delete_many",
  setMethod: "app/budget/setMethod",
  exclude: "app/budget/exclude",
  report: "app/report/priceSearch",
  pncpSearch: "app/pncp/search",
  pncpItems: "app/pncp/items",
  pncpItemResults: "app/pncp/itemResults",
} as const;

export type { PriceMethod, QuoteFlag };
export type CredentialKind = "LEGAL_PERSON" | "INDIVIDUAL";

export interface BudgetSupplier {
  documentNumber: string;
  corporateName: string;
  credentialKind: CredentialKind;
  isSmallBusiness: boolean;
}

export interface Budget {
  id: string;
  /** Reais (R$ 12,34 is 12.34). */
  price: number;
  columnOrder: number;
  pncpItemId: string | null;
  flag: QuoteFlag;
  excluded: boolean;
  exclusionJustification: string | null;
  demandFormalizationBatch: { id: string };
  supplier: BudgetSupplier | null;
}

export interface BudgetBatch {
  id: string;
  number: number;
  item: number | string | null;
  product: { id: string; name: string } | null;
  quantity: number | string | null;
  measurementUnit: { code: string; description: string } | null;
  priceMethod: PriceMethod;
  averagePrice: number | null;
  medianPrice: number | null;
  lowestPrice: number | null;
  referencePrice: number | null;
  coefficientOfVariation: number | null;
  budgets: Budget[];
}

export interface BudgetBatches {
  process: { id: string; processNumber: string };
  list: BudgetBatch[];
  total: number;
}

export interface BudgetSaveRow {
  id?: string;
  demandFormalizationBatchId: string;
  price: number;
  columnOrder: number;
  supplier: {
    documentNumber: string;
    corporateName?: string;
    name?: string;
    credentialKind: CredentialKind;
    isSmallBusiness: boolean;
  };
  pncpItemId?: string;
}

export const budgetKeys = { batches: (processId: string) => ["budget", processId] as const };

export const readBudgetBatches = (processId: string) =>
  apiPost<BudgetBatches>(BUDGET_PATHS.read, { processId });
export const saveBudgets = (rows: BudgetSaveRow[]) => apiPost<unknown>(BUDGET_PATHS.save, rows);
export const deleteBudgets = (ids: string[]) => apiPost<unknown>(BUDGET_PATHS.deleteMany, ids);
export const setPriceMethod = (demandFormalizationBatchId: string, priceMethod: PriceMethod) =>
  apiPost<unknown>(BUDGET_PATHS.setMethod, { demandFormalizationBatchId, priceMethod });
export const excludeBudget = (id: string, excluded: boolean, exclusionJustification: string | null) =>
  apiPost<unknown>(BUDGET_PATHS.exclude, { id, excluded, exclusionJustification });

/** §9: the report's file name. */
export const PRICE_SEARCH_REPORT_FILE = "relatorio-de-pesquisa-de-precos.docx";
/** The report of a process's saved budget (the budget screen's 'Gerar relatório'). */
export const downloadPriceSearchReport = (processId: string) =>
  apiDownload(BUDGET_PATHS.report, { processId }, PRICE_SEARCH_REPORT_FILE);
/** The report of a basket of the price search (§7 "Report"; built by budget-model's basketReportBody). */
export const downloadBasketReport = (body: {
  priceSearchData: PriceSearchBasket;
  priceSearchExternalData: PriceSearchExternalQuote[];
}) => apiDownload(BUDGET_PATHS.report, body, PRICE_SEARCH_REPORT_FILE);

// ---- Price search (PNCP through the server) ----

/** The portal's modalities, the 'all states' option and the page size (§2.9, §9) come from the domain. */
export const PNCP_MODALITY_OPTIONS = PNCP_MODALITIES;
export const ALL_STATES = ALL_STATES_OPTION;
export const PNCP_PAGE_SIZE = PRICE_SEARCH_PAGE_SIZE;

export type PncpSearchQuery = Pick<
  PncpSearchInput,
  "modalities" | "states" | "objectOfInterest" | "page" | "limitPerPage"
>;
export type PncpNotice = PncpNoticeView;
export type PncpItem = PncpItemView;
export type PncpItemResult = PncpItemResultView;

export interface Paged<T> {
  list: T[];
  totalPages: number;
}

export const searchPncp = (query: PncpSearchQuery) =>
  apiPost<Paged<PncpNotice>>(BUDGET_PATHS.pncpSearch, query);

export const pncpPurchaseOf = (notice: PncpNotice) => ({
  cnpj: notice.orgaoEntidade.cnpj,
  purchaseYear: notice.anoCompra,
  purchaseSequence: notice.sequencialCompra,
});

export const listPncpItems = (notice: PncpNotice, page: number) =>
  apiPost<Paged<PncpItem>>(BUDGET_PATHS.pncpItems, {
    ...pncpPurchaseOf(notice),
    page,
    limitPerPage: PNCP_PAGE_SIZE,
  });

export const listPncpItemResults = (notice: PncpNotice, itemNumber: number) =>
  apiPost<{ list: PncpItemResult[] }>(BUDGET_PATHS.pncpItemResults, {
    ...pncpPurchaseOf(notice),
    itemNumber,
  });
