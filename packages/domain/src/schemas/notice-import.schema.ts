// The notice exchange file: what app/auction/export writes and app/aspec/import reads
// (notices-and-accounts §2.5 "A notice file can also be imported"; the spec shows no format, so this
// one is the platform's own, documented in docs/api-notice-import.md).
import { BATCH_ITEM_PARTICIPATIONS } from "../enums/participation";
import { noticeFieldsSchema } from "./notice.schema";
import { z } from "./zod";

export const NOTICE_FILE_FORMAT = "certame.notice";
export const NOTICE_FILE_VERSION = 1;
/** Largest notice file the import reads (lots included). */
export const NOTICE_FILE_MAX_BYTES = 5 * 1024 * 1024;

const named = z.object({ id: z.string().max(100).optional(), name: z.string().trim().max(300).optional() });
const coded = z.object({ code: z.string().trim().min(1).max(100), name: z.string().max(2000).optional() });

/** One lot item of the file. Money is an integer scaled by 10^decimalsNumber, as everywhere (§3). */
export const noticeFileLotSchema = z.object({
  number: z.number().int().min(1).max(99_999),
  item: z.number().int().min(1).max(9_999).default(1),
  product: z
    .object({ code: z.number().int().positive(), name: z.string().max(1000).optional() })
    .nullable()
    .default(null),
  quantity: z.number().positive("A quantidade deve ser maior que zero").max(1e12),
  measurementUnit: z
    .object({ code: z.string().trim().min(1).max(20) })
    .nullable()
    .default(null),
  referencePrice: z.number().int().min(0),
  minimumVariation: z.number().int().min(0).default(100),
  percentMinimumVariation: z.number().min(0.01).max(100).default(1),
  isProductBrandRequired: z.boolean().default(false),
  isSubcontractingIndicator: z.boolean().default(false),
  decimalsNumber: z.union([z.literal(2), z.literal(4)]).default(2),
  batchItemParticipation: z.enum(BATCH_ITEM_PARTICIPATIONS).default("WIDE_PARTICIPATION"),
  wideParticipationBatch: z.number().int().min(1).nullable().default(null),
});
export type NoticeFileLot = z.output<typeof noticeFileLotSchema>;

/**
 * The notice part: the fields of app/auction/create, except that references are carried by code or
 * name so a file moves between bodies and installations: legislation and lawClause by code, people
 * and units by name, other document classes by className.
 */
export const noticeFileNoticeSchema = noticeFieldsSchema
  .omit({
    legislation: true,
    lawClause: true,
    secretaryOffice: true,
    auctioneers: true,
    supportingStaff: true,
    othersDocumentsClassesRequired: true,
    preQualification: true,
  })
  .partial()
  .required({
    modality: true,
    subModality: true,
    noticeNumber: true,
    processNumber: true,
    objectOfInterest: true,
  })
  .extend({
    legislation: coded.nullable().default(null),
    lawClause: coded.nullable().default(null),
    secretaryOffice: z.array(named).max(100).default([]),
    auctioneers: z.array(named).max(50).default([]),
    supportingStaff: z.array(named).max(100).default([]),
    othersDocumentsClassesRequired: z
      .array(z.object({ className: z.string().trim().min(1).max(200) }))
      .max(100)
      .default([]),
  });

export const noticeFileSchema = z.object({
  format: z.literal(NOTICE_FILE_FORMAT, `O arquivo deve ter format "${NOTICE_FILE_FORMAT}"`),
  version: z.literal(NOTICE_FILE_VERSION, `Versão suportada: ${NOTICE_FILE_VERSION}`),
  exportedAt: z.string().optional(),
  notice: noticeFileNoticeSchema,
  lots: z.array(noticeFileLotSchema).max(2000).default([]),
});
export type NoticeFile = z.output<typeof noticeFileSchema>;
export type NoticeFileInput = z.input<typeof noticeFileSchema>;
