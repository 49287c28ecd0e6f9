import { STATE_CODES } from "../reference/states";
import { z } from "../schemas/zod";
import { budgetSupplierSchema, PRICE_METHOD_VALUES, reaisPriceSchema } from "./budget";

// The price search against the national public procurement portal (PNCP) through the server
// (planning §2.9, §3 "Portal notice" / "Portal item", §5 "Price search", §7 "Price search", §9 "Price search").

/**
 * The portal's 'Modalidade de Contratação' domain table (Manual das APIs de Consultas PNCP, §5.2):
 * code → name as the portal spells it (codes checked against the portal's domain table).
 */
export const PNCP_MODALITIES = [
  { code: 1, name: "Leilão - Eletrônico" },
  { code: 2, name: "Diálogo Competitivo" },
  { code: 3, name: "Concurso" },
  { code: 4, name: "Concorrência - Eletrônica" },
  { code: 5, name: "Concorrência - Presencial" },
  { code: 6, name: "Pregão - Eletrônico" },
  { code: 7, name: "Pregão - Presencial" },
  { code: 8, name: "Dispensa de Licitação" },
  { code: 9, name: "Inexigibilidade" },
  { code: 10, name: "Manifestação de Interesse" },
  { code: 11, name: "Pré-qualificação" },
  { code: 12, name: "Credenciamento" },
  { code: 13, name: "Leilão - Presencial" },
] as const;
export type PncpModalityCode = (typeof PNCP_MODALITIES)[number]["code"];
export const PNCP_MODALITY_CODES: readonly number[] = PNCP_MODALITIES.map((m) => m.code);

/** §2.9: the state multi-select's 'all' entry; §5: with it the state filter is dropped from the query. */
export const ALL_STATES_OPTION = "Selecionar Todos";

/** §5 "Price search" messages. */
export const PRICE_SEARCH_STATE_REQUIRED = "Selecione ao menos um estado.";
export const PRICE_SEARCH_MODALITY_REQUIRED = "Selecione ao menos uma modalidade.";
export const PRICE_SEARCH_OBJECT_MAX = 500;
export const PRICE_SEARCH_OBJECT_TOO_LONG = `O objeto de interesse deve ter no máximo ${PRICE_SEARCH_OBJECT_MAX} caracteres.`;
/** §9: page size 10 by default, starting at page 1; the server accepts up to 50. */
export const PRICE_SEARCH_PAGE_SIZE = 10;
export const PRICE_SEARCH_MAX_PAGE_SIZE = 50;

/** §7/§8: the portal could not be reached, or answered something unexpected (never a hang, never a 500). */
export const PNCP_UNAVAILABLE_MESSAGE =
  "Portal Nacional de Contratações Públicas indisponível. Tente novamente em instantes.";
export const PNCP_MALFORMED_MESSAGE =
  "O Portal Nacional de Contratações Públicas respondeu de forma inesperada. Tente novamente em instantes.";
/** Issue 35: the price search answers within this bound even when the portal hangs. */
export const PRICE_SEARCH_DEADLINE_SECONDS = 10;
export const PNCP_TIMEOUT_MESSAGE = `O Portal Nacional de Contratações Públicas não respondeu em ${PRICE_SEARCH_DEADLINE_SECONDS} segundos. Tente novamente em instantes.`;

const page = z.number().int().min(1).max(100_000).default(1);
const limitPerPage = z.number().int().min(1).max(PRICE_SEARCH_MAX_PAGE_SIZE).default(PRICE_SEARCH_PAGE_SIZE);

/** POST app/pncp/search (§7 "Search request as issued by the modal"). */
export const pncpSearchSchema = z.object({
  modalities: z
    .array(
      z
        .number()
        .int()
        .refine((code) => PNCP_MODALITY_CODES.includes(code), "Modalidade inválida."),
    )
    .min(1, PRICE_SEARCH_MODALITY_REQUIRED)
    .max(PNCP_MODALITIES.length),
  states: z
    .array(
      z
        .string()
        .refine(
          (state) => state === ALL_STATES_OPTION || (STATE_CODES as readonly string[]).includes(state),
          "Estado inválido.",
        ),
    )
    .min(1, PRICE_SEARCH_STATE_REQUIRED)
    .max(28),
  objectOfInterest: z.string().trim().max(PRICE_SEARCH_OBJECT_MAX, PRICE_SEARCH_OBJECT_TOO_LONG).default(""),
  page,
  limitPerPage,
});
export type PncpSearchInput = z.infer<typeof pncpSearchSchema>;

/** The states to send to the portal: none (no filter) when 'Selecionar Todos' is among them (§5). */
export const portalStatesFilter = (states: readonly string[]): string[] =>
  states.includes(ALL_STATES_OPTION) ? [] : [...new Set(states)];

const purchase = {
  cnpj: z.string().regex(/^\d{14}$/, "CNPJ inválido."),
  purchaseYear: z.number().int().min(1900).max(9999),
  purchaseSequence: z.number().int().min(1).max(999_999_999),
};

/** POST app/pncp/items: the items of one notice, paged (count from …/itens/quantidade). */
export const pncpItemsSchema = z.object({ ...purchase, page, limitPerPage });
export type PncpItemsInput = z.infer<typeof pncpItemsSchema>;

/** POST app/pncp/itemResults: the award results of one item. */
export const pncpItemResultsSchema = z.object({
  ...purchase,
  itemNumber: z.number().int().min(1).max(999_999),
});
export type PncpItemResultsInput = z.infer<typeof pncpItemResultsSchema>;

/** §9 "Supplier classification": size 'ME' or 'EPP' is a small business. */
export const isSmallBusinessSize = (size: string | null | undefined): boolean =>
  size === "ME" || size === "EPP";

/** §2.9: the procurement object in the results list is cut at 500 characters plus '...'. */
export const cutPurchaseObject = (text: string): string =>
  text.length > PRICE_SEARCH_OBJECT_MAX ? `${text.slice(0, PRICE_SEARCH_OBJECT_MAX)}...` : text;

/** §3 "Portal item": the client-side item id. */
export const pncpItemId = (controlNumber: string, itemNumber: number) => `${controlNumber}-${itemNumber}`;

const PNCP_ITEM_ID = /^(\d{14})-1-(\d{1,9})\/(\d{4})-(\d{1,6})$/;

/** The purchase and item number of an item id ('{cnpj}-1-{seq}/{ano}-{item}'); null when it is not one. */
export function parsePncpItemId(
  itemId: string,
): { cnpj: string; purchaseYear: number; purchaseSequence: number; itemNumber: number } | null {
  const m = PNCP_ITEM_ID.exec(itemId);
  if (!m) return null;
  const [purchaseSequence, itemNumber] = [Number(m[2]), Number(m[4])];
  if (purchaseSequence < 1 || itemNumber < 1) return null;
  return { cnpj: m[1] as string, purchaseYear: Number(m[3]), purchaseSequence, itemNumber };
}

/** Pages of `size` for `total` rows (§7: ceil(total ÷ size)). */
export const totalPagesOf = (total: number, size: number) => Math.ceil(total / size);

/** A notice of the search list as the modal reads it (§3 "Portal notice"). */
export interface PncpNoticeView {
  numeroControlePNCP: string;
  orgaoEntidade: { cnpj: string; razaoSocial: string };
  anoCompra: number;
  sequencialCompra: number;
  modalidadeNome: string;
  dataAtualizacao: string | null;
  unidadeOrgao: { nomeUnidade: string; municipioNome: string; ufSigla: string };
  objetoCompra: string;
}

/** An item of a notice (§3 "Portal item"). */
export interface PncpItemView {
  itemId: string;
  numeroItem: number;
  descricao: string;
  quantidade: number;
  unidadeMedida: string;
  valorUnitarioEstimado: number | null;
  valorTotal: number | null;
  materialOuServicoNome: string | null;
  criterioJulgamentoNome: string | null;
  temResultado: boolean;
}

/** An award result of an item (§3 "homologation"). */
export interface PncpItemResultView {
  niFornecedor: string;
  tipoPessoa: string | null;
  nomeRazaoSocialFornecedor: string;
  porteFornecedorNome: string | null;
  isSmallBusiness: boolean;
  credentialKind: "LEGAL_PERSON" | "INDIVIDUAL";
  quantidadeHomologada: number | null;
  valorUnitarioHomologado: number | null;
  valorTotalHomologado: number | null;
  codigoPais: string | null;
  dataInclusao: string | null;
}

// ---- The report of a basket (§7 "Report": priceSearchData, priceSearchExternalData; issue 35 item 4) ----

export const PRICE_SEARCH_BASKET_MAX_ITEMS = 100;
export const PRICE_SEARCH_ITEM_INVALID = "Item do portal inválido.";
export const PRICE_SEARCH_BASKET_EMPTY = "Selecione ao menos um item do portal ou informe uma cotação.";
export const PRICE_SEARCH_ITEM_REPEATED = "Item repetido na cesta de preços.";
export const PRICE_SEARCH_QUOTE_ZERO = "Informe um preço maior que zero.";

/** A portal item of the basket: its id (§3 "Portal item") and the homologated unit price the buyer saw. */
const basketItemSchema = z.object({
  itemId: z
    .string()
    .trim()
    .max(60)
    .refine((id) => parsePncpItemId(id) !== null, PRICE_SEARCH_ITEM_INVALID),
  price: reaisPriceSchema,
});

/** A quote the buyer typed (IN SEGES/ME 65/2021 art. 5 II–V: outside the portal): reported as typed. */
export const priceSearchExternalQuoteSchema = z.object({
  supplier: budgetSupplierSchema,
  price: reaisPriceSchema.refine((v) => v > 0, PRICE_SEARCH_QUOTE_ZERO),
  /** Where the quote came from (site, e-mail of a supplier, invoice…), as the buyer wrote it. */
  source: z.string().trim().max(500).default(""),
});
export type PriceSearchExternalQuote = z.infer<typeof priceSearchExternalQuoteSchema>;

export const priceSearchBasketSchema = z.object({
  objectOfInterest: z.string().trim().max(PRICE_SEARCH_OBJECT_MAX, PRICE_SEARCH_OBJECT_TOO_LONG).default(""),
  priceMethod: z.enum(PRICE_METHOD_VALUES).default("AVERAGE"),
  items: z.array(basketItemSchema).max(PRICE_SEARCH_BASKET_MAX_ITEMS).default([]),
});
export type PriceSearchBasket = z.input<typeof priceSearchBasketSchema>;

/**
 * POST app/report/priceSearch. With `processId`: the report of the process's saved budget (the budget
 * screen's). Without it: the report of the basket sent — its portal prices checked against the portal,
 * its typed quotes reported as typed.
 */
export const priceSearchReportSchema = z
  .object({
    processId: z.string().uuid().optional(),
    priceSearchData: priceSearchBasketSchema.optional(),
    priceSearchExternalData: z
      .array(priceSearchExternalQuoteSchema)
      .max(PRICE_SEARCH_BASKET_MAX_ITEMS)
      .default([]),
  })
  .superRefine((body, ctx) => {
    if (body.processId) return;
    const items = body.priceSearchData?.items ?? [];
    if (items.length === 0 && body.priceSearchExternalData.length === 0)
      ctx.addIssue({ code: "custom", path: ["priceSearchData"], message: PRICE_SEARCH_BASKET_EMPTY });
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.itemId))
        ctx.addIssue({
          code: "custom",
          path: ["priceSearchData", "items", i, "itemId"],
          message: PRICE_SEARCH_ITEM_REPEATED,
        });
      seen.add(item.itemId);
    });
  });
