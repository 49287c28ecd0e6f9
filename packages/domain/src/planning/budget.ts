import { CREDENTIAL_KINDS } from "../enums/credential-kind";
import { isValidCnpj, isValidCpf } from "../format/documents";
import { z } from "../schemas/zod";

// The budget (price research) of a process's demand formalization batches (planning §2.8, §3 "Budget (quote)",
// §4 "Budget columns", §7 "Budget", §9 "Quantities and money") and the statistics IN SEGES/ME 65/2021 asks of a
// price research (art. 6): average, median and lowest of the valid quotes, the buyer's method, the coefficient of
// variation, and quotes flagged as too high or too low (excluded only by the buyer's justified decision).

export const PRICE_METHODS = [
  { value: "AVERAGE", label: "Média" },
  { value: "MEDIAN", label: "Mediana" },
  { value: "LOWEST", label: "Menor preço" },
] as const;
export type PriceMethod = (typeof PRICE_METHODS)[number]["value"];
export const PRICE_METHOD_VALUES = ["AVERAGE", "MEDIAN", "LOWEST"] as const;
export const priceMethodLabel = (method: PriceMethod): string =>
  PRICE_METHODS.find((m) => m.value === method)?.label ?? method;

export type QuoteFlag = "HIGH" | "LOW" | null;

/**
 * Outlier criterion (docs/decisions.md "Price research statistics"): against the median of the
 * non-excluded, non-zero quotes, a quote above 125% of it is flagged HIGH ("excessivamente elevado") and one
 * below 75% of it LOW ("inexequível") — IN SEGES/ME 65/2021 art. 6 §§ 3º–4º. Flags only inform: the buyer
 * excludes with a justification.
 */
export const OUTLIER_HIGH_FACTOR = 1.25;
export const OUTLIER_LOW_FACTOR = 0.75;

export interface QuoteInput {
  cents: number;
  excluded: boolean;
}

export interface PriceStatistics {
  /** Valid quotes: not excluded and above zero. */
  count: number;
  averageCents: number | null;
  medianCents: number | null;
  lowestCents: number | null;
  /** Sample standard deviation ÷ mean; null under 2 valid quotes. */
  coefficientOfVariation: number | null;
  /** One per input quote, same order. */
  flags: QuoteFlag[];
}

const median = (sorted: readonly number[]): number => {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

export function priceStatistics(quotes: readonly QuoteInput[]): PriceStatistics {
  const valid = quotes.filter((q) => !q.excluded && q.cents > 0).map((q) => q.cents);
  const sorted = [...valid].sort((a, b) => a - b);
  if (sorted.length === 0) {
    return {
      count: 0,
      averageCents: null,
      medianCents: null,
      lowestCents: null,
      coefficientOfVariation: null,
      flags: quotes.map(() => null),
    };
  }
  const sum = sorted.reduce((a, b) => a + b, 0);
  const mean = sum / sorted.length;
  const med = median(sorted);
  let cv: number | null = null;
  if (sorted.length >= 2) {
    const variance = sorted.reduce((acc, v) => acc + (v - mean) ** 2, 0) / (sorted.length - 1);
    cv = Math.sqrt(variance) / mean;
  }
  const flags: QuoteFlag[] = quotes.map((q) => {
    if (q.cents <= 0 || sorted.length < 2) return null;
    if (q.cents > med * OUTLIER_HIGH_FACTOR) return "HIGH";
    if (q.cents < med * OUTLIER_LOW_FACTOR) return "LOW";
    return null;
  });
  return {
    count: sorted.length,
    averageCents: Math.round(mean),
    medianCents: Math.round(med),
    lowestCents: sorted[0] as number,
    coefficientOfVariation: cv,
    flags,
  };
}

export function referencePriceCents(stats: PriceStatistics, method: PriceMethod): number | null {
  if (method === "MEDIAN") return stats.medianCents;
  if (method === "LOWEST") return stats.lowestCents;
  return stats.averageCents;
}

/** §9: API prices are reais with at most 2 decimals, ≥ 0; stored as integer cents. */
export const reaisPriceSchema = z
  .number({ message: "Informe o preço." })
  .min(0, { message: "O preço não pode ser negativo." })
  .max(999_999_999_999, { message: "Preço muito alto." })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: "O preço aceita no máximo 2 casas decimais.",
  });
export const reaisToCents = (reais: number): number => Math.round(reais * 100);
export const centsToReais = (cents: number): number => cents / 100;

/** A quote's supplier (app/budget/save, and the typed quotes of the price search report). */
export const budgetSupplierSchema = z
  .object({
    documentNumber: z.string().trim().min(1, { message: "Informe o CPF/CNPJ." }),
    corporateName: z.string().trim().min(1).max(500).optional(),
    name: z.string().trim().min(1).max(500).optional(),
    credentialKind: z.enum(CREDENTIAL_KINDS),
    isSmallBusiness: z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    const digits = s.documentNumber.replace(/[.\-/\s]/g, "");
    const ok = s.credentialKind === "INDIVIDUAL" ? isValidCpf(digits) : isValidCnpj(digits);
    if (!ok) ctx.addIssue({ code: "custom", path: ["documentNumber"], message: "CPF/CNPJ inválido." });
    if (!s.corporateName && !s.name)
      ctx.addIssue({ code: "custom", path: ["corporateName"], message: "Informe o nome do fornecedor." });
  });

export const budgetSaveRowSchema = z.object({
  id: z.string().uuid().optional(),
  demandFormalizationBatchId: z.string().uuid(),
  price: reaisPriceSchema,
  columnOrder: z.number().int().min(1).max(1000),
  supplier: budgetSupplierSchema,
  pncpItemId: z.string().trim().max(200).nullish(),
});
export const budgetSaveSchema = z.array(budgetSaveRowSchema).min(1).max(1000);
export type BudgetSaveRow = z.infer<typeof budgetSaveRowSchema>;

export const budgetSetMethodSchema = z.object({
  demandFormalizationBatchId: z.string().uuid(),
  priceMethod: z.enum(PRICE_METHOD_VALUES),
});

export const EXCLUSION_JUSTIFICATION_MIN = 10;
export const EXCLUSION_JUSTIFICATION_MAX = 5000;
export const budgetExcludeSchema = z
  .object({
    id: z.string().uuid(),
    excluded: z.boolean(),
    exclusionJustification: z.string().trim().max(EXCLUSION_JUSTIFICATION_MAX).nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.excluded && (b.exclusionJustification ?? "").length < EXCLUSION_JUSTIFICATION_MIN)
      ctx.addIssue({
        code: "custom",
        path: ["exclusionJustification"],
        message: `Justifique a exclusão (mínimo de ${EXCLUSION_JUSTIFICATION_MIN} caracteres).`,
      });
  });

/** '{cnpj}-1-{seq}/{ano}-{item}' → https://pncp.gov.br/app/editais/{cnpj}/{ano}/{sequencial}; null when not a portal id. */
export function pncpNoticeLink(pncpItemId: string | null | undefined): string | null {
  const m = /^(\d{14})-1-(\d+)\/(\d{4})(?:-\d+)?$/.exec(pncpItemId ?? "");
  if (!m) return null;
  return `https://pncp.gov.br/app/editais/${m[1]}/${m[3]}/${Number(m[2])}`;
}

export const budgetReadSchema = z.object({
  processId: z.string().uuid(),
  demandFormalizationBatchIds: z.array(z.string().uuid()).max(1000).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  limitPerPage: z.number().int().min(1).max(1000).optional(),
  orderByColumn: z.enum(["number", "item", "product", "quantity"]).optional(),
  sortOrder: z.enum(["ASC", "DESC"]).optional(),
  searchParameters: z.string().trim().max(200).optional(),
});

/** §7: an array of ids; or a whole column of the process ('Deseja excluir a coluna de orçamento selecionada?'). */
export const budgetDeleteManySchema = z.union([
  z.array(z.string().uuid()).min(1).max(1000),
  z.object({ processId: z.string().uuid(), columnOrder: z.number().int().min(1).max(1000) }),
]);

export const PRICE_SEARCH_REPORT_FILE_NAME = "relatorio-de-pesquisa-de-precos.docx";
