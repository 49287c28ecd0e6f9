// The supplier's document library calls (notices-and-accounts §7 "Suppliers"; trading-room §7
// "Suppliers"): qualificationDocumentsList {params}, attachQualificationDocuments {documents}, and
// deleteQualificationDocument {id}. Limits of §5 "Qualification documents and uploads".
import { DOCUMENT_DESCRIPTION_MAX_LENGTH } from "../enums/document-kind";
import {
  DOCUMENT_PERIODS,
  isSupplierDocumentKind,
  SUPPLIER_DOCUMENT_NAME_MAX_LENGTH,
  SUPPLIER_DOCUMENTS_PER_ATTACH,
  type SupplierDocumentKind,
} from "../enums/supplier-document";
import { SORT_ORDERS } from "./notice-list.schema";
import { z } from "./zod";

const uuid = z.uuid("Identificador inválido");

export const SUPPLIER_DOCUMENT_SORT_COLUMNS = ["name", "createdDate", "sentDatetime"] as const;
export type SupplierDocumentSortColumn = (typeof SUPPLIER_DOCUMENT_SORT_COLUMNS)[number];

/**
 * qualificationDocumentsList: every field optional. `period` keeps the last 15 or 30 days;
 * `auctionNoticeId` narrows the list to what that notice requires (trading-room §5 "Documents");
 * the default order is createdDate descending (trading-room §2.8).
 */
export const supplierDocumentListSchema = z
  .object({
    period: z.enum(DOCUMENT_PERIODS).default("ALL"),
    orderByColumn: z.enum(SUPPLIER_DOCUMENT_SORT_COLUMNS).default("createdDate"),
    sortOrder: z.enum(SORT_ORDERS).default("DESC"),
    auctionNoticeId: uuid.nullable().optional(),
  })
  .default({ period: "ALL", orderByColumn: "createdDate", sortOrder: "DESC" });
export type SupplierDocumentListInput = z.output<typeof supplierDocumentListSchema>;

const attachedDocumentSchema = z.object({
  /** The file's name as shown; empty → the uploaded file's own name. */
  name: z
    .string()
    .trim()
    .max(SUPPLIER_DOCUMENT_NAME_MAX_LENGTH, `Máximo de ${SUPPLIER_DOCUMENT_NAME_MAX_LENGTH} caracteres`)
    .default(""),
  /** The `url` (or `id`) the upload call answered. */
  url: z.string({ error: "Campo obrigatório" }).trim().min(1, "Campo obrigatório").max(300),
  description: z
    .string()
    .trim()
    .max(DOCUMENT_DESCRIPTION_MAX_LENGTH, `Máximo de ${DOCUMENT_DESCRIPTION_MAX_LENGTH} caracteres`)
    .nullable()
    .optional()
    .transform((v) => v ?? ""),
  kind: z
    .string({ error: "Campo obrigatório" })
    .refine(isSupplierDocumentKind, "Tipo de documento não permitido")
    .transform((v) => v as SupplierDocumentKind)
    .default("OTHER"),
  /** A buyer's 'other document class' an OTHER document is filed under (notices-and-accounts §2.10). */
  documentClassId: uuid.nullable().optional(),
});

export const supplierDocumentAttachSchema = z.object({
  documents: z
    .array(attachedDocumentSchema)
    .min(1, "Envie ao menos um documento")
    .max(SUPPLIER_DOCUMENTS_PER_ATTACH, `Envie no máximo ${SUPPLIER_DOCUMENTS_PER_ATTACH} documentos por vez`)
    .superRefine((docs, ctx) => {
      docs.forEach((d, i) => {
        if (d.documentClassId && d.kind !== "OTHER")
          ctx.addIssue({
            code: "custom",
            path: [i, "documentClassId"],
            message: "Somente documentos do tipo 'Outros documentos' pertencem a outra classe",
          });
      });
    }),
});
export type SupplierDocumentAttachInput = z.output<typeof supplierDocumentAttachSchema>;

export const supplierDocumentDeleteSchema = z.object({ id: uuid });
