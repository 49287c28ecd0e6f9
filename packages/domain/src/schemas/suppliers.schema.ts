import { CREDENTIAL_KINDS } from "../enums/credential-kind";
import {
  CPF_INVALID_MESSAGE,
  isValidCnpj,
  isValidCpf,
  SERVER_CNPJ_INVALID_MESSAGE,
} from "../format/documents";
import { SORT_ORDERS } from "./notice-list.schema";
import { z } from "./zod";

const digitsOf = (s: string) => s.replace(/[\s.\-/]/g, "").toUpperCase();

/**
 * §5 "Supplier register" ('Cadastro de licitante'): credentialKind required; CPF and name for an
 * individual; CNPJ, corporateName and isSmallBusiness for a legal person. The document is stored
 * bare (digits; the alphanumeric CNPJ keeps its letters).
 */
export const supplierCreateSchema = z
  .object({
    credentialKind: z.enum(CREDENTIAL_KINDS, { error: "Campo obrigatório" }),
    documentNumber: z.string({ error: "Campo obrigatório" }).trim().min(1, "Campo obrigatório").max(20),
    name: z.string().trim().max(300).nullable().optional(),
    corporateName: z.string().trim().max(300).nullable().optional(),
    isSmallBusiness: z.boolean().nullable().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.credentialKind === "INDIVIDUAL") {
      if (!isValidCpf(s.documentNumber))
        ctx.addIssue({ code: "custom", path: ["documentNumber"], message: CPF_INVALID_MESSAGE });
      if (!s.name) ctx.addIssue({ code: "custom", path: ["name"], message: "Campo obrigatório" });
    } else {
      if (!isValidCnpj(s.documentNumber))
        ctx.addIssue({ code: "custom", path: ["documentNumber"], message: SERVER_CNPJ_INVALID_MESSAGE });
      if (!s.corporateName)
        ctx.addIssue({ code: "custom", path: ["corporateName"], message: "Campo obrigatório" });
      if (s.isSmallBusiness === undefined || s.isSmallBusiness === null)
        ctx.addIssue({ code: "custom", path: ["isSmallBusiness"], message: "Campo obrigatório" });
    }
  })
  .transform((s) => ({
    credentialKind: s.credentialKind,
    documentNumber: digitsOf(s.documentNumber),
    name: s.credentialKind === "INDIVIDUAL" ? (s.name ?? null) : null,
    corporateName: s.credentialKind === "INDIVIDUAL" ? null : (s.corporateName ?? null),
    isSmallBusiness: s.credentialKind === "INDIVIDUAL" ? false : Boolean(s.isSmallBusiness),
  }));
export type SupplierCreateInput = z.infer<typeof supplierCreateSchema>;

/** §2.9 / §9: default sort code; after an addition createdDate. */
export const SUPPLIER_SORT_COLUMNS = ["code", "createdDate", "name", "documentNumber"] as const;

export const supplierListSchema = z.object({
  searchParameters: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  orderByColumn: z.enum(SUPPLIER_SORT_COLUMNS).default("code"),
  sortOrder: z.enum(SORT_ORDERS).optional(),
});
export type SupplierListInput = z.infer<typeof supplierListSchema>;

export const companyInformationSchema = z.object({
  cnpj: z
    .string({ error: "Campo obrigatório" })
    .trim()
    .refine((v) => isValidCnpj(v), SERVER_CNPJ_INVALID_MESSAGE)
    .transform(digitsOf),
});

/** §8: the CNPJ lookup's failure text and its generic fallback. */
export const CNPJ_LOOKUP_NOT_FOUND_MESSAGE = "Erro ao localizar dados complementares do CNPJ";
export const CNPJ_LOOKUP_FAILED_MESSAGE = "Erro ao localizar dados, tente novamente por favor";

/** §3 "Lookup results": activities are shown as 'code - text'. */
export const formatCnae = (activity: { code: string; text: string }): string =>
  `${activity.code} - ${activity.text}`;
