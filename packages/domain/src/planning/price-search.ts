import { STATE_CODES } from "../reference/states";
import { z } from "../schemas/zod";

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
