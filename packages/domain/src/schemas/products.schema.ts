import { SORT_ORDERS } from "./notice-list.schema";
import { z } from "./zod";

/** §9 "Field limits". */
export const PRODUCT_NAME_MAX_LENGTH = 1000;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 5000;

/** §5 "Product": name, PPB incentive and technical description are required. */
export const productDataSchema = z.object({
  name: z
    .string({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(PRODUCT_NAME_MAX_LENGTH, `No máximo ${PRODUCT_NAME_MAX_LENGTH} caracteres`),
  technicalDescription: z
    .string({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(PRODUCT_DESCRIPTION_MAX_LENGTH, `No máximo ${PRODUCT_DESCRIPTION_MAX_LENGTH} caracteres`),
  isBasicProductiveIncentive: z.boolean().default(false),
});
export type ProductData = z.infer<typeof productDataSchema>;

export const productCreateSchema = z.object({
  productsData: z.array(productDataSchema, { error: "Envie os produtos" }).min(1).max(1000),
});

export const productEditSchema = z.object({
  productsData: z
    .array(productDataSchema.extend({ id: z.uuid("Identificador inválido") }), { error: "Envie os produtos" })
    .min(1)
    .max(1000),
});

export const productDeleteSchema = z.object({
  productsData: z
    .array(z.object({ id: z.uuid("Identificador inválido") }), { error: "Envie os produtos" })
    .min(1)
    .max(1000),
});

/** §2.14: Código, Produto/Serviço, Descrição sortable; default code, createdDate after an addition. */
export const PRODUCT_SORT_COLUMNS = ["code", "name", "technicalDescription", "createdDate"] as const;
export type ProductSortColumn = (typeof PRODUCT_SORT_COLUMNS)[number];

export const productListSchema = z.object({
  searchParameters: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  orderByColumn: z.enum(PRODUCT_SORT_COLUMNS).default("code"),
  sortOrder: z.enum(SORT_ORDERS).optional(),
});
export type ProductListInput = z.infer<typeof productListSchema>;

/**
 * Near-duplicate names (issue 12): products whose folded name has a trigram similarity (PostgreSQL
 * pg_trgm similarity()) of at least this with the name being added are shown before 'Adicionar'.
 */
export const PRODUCT_SIMILARITY_THRESHOLD = 0.45;
export const PRODUCT_SIMILAR_LIMIT = 5;

export const productSimilarSchema = z.object({
  name: z
    .string({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(PRODUCT_NAME_MAX_LENGTH, `No máximo ${PRODUCT_NAME_MAX_LENGTH} caracteres`),
});
