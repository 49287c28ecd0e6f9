import { MODALITIES } from "../enums/modality";
import { NOTICE_STATUSES } from "../enums/notice-status";
import { z } from "./zod";

export const NOTICE_SORT_COLUMNS = [
  "startDateTime",
  "noticeNumber",
  "processNumber",
  "objectOfInterest",
  "modality",
  "status",
  "buyerName",
  "secretariesNames",
  "createdDate",
] as const;
export type NoticeSortColumn = (typeof NOTICE_SORT_COLUMNS)[number];

export const SORT_ORDERS = ["ASC", "DESC"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Page size of lists (notices-and-accounts §9 "Tables and pagination": limitResult comes from the server). */
export const DEFAULT_PAGE_SIZE = 20;

/** A calendar day (YYYY-MM-DD) that exists: 2026-02-31 or 9999-99-99 pass a digits pattern, not this. */
const isoDate = z.iso.date({ error: "Data inválida" });
const optionalText = z.string().trim().max(200).optional();

/** Filters shared by public/auction/list and app/auction/list (notices-and-accounts §7). */
const noticeFilters = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  orderByColumn: z.enum(NOTICE_SORT_COLUMNS).optional(),
  sortOrder: z.enum(SORT_ORDERS).optional(),
  searchParameters: optionalText,
  modalities: z.array(z.enum(MODALITIES)).max(50).optional(),
  statuses: z.array(z.enum(NOTICE_STATUSES)).max(20).optional(),
  noticeNumber: optionalText,
  buyerName: optionalText,
  buyerId: z.uuid().optional(),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, "UF inválida")
    .optional(),
  startDate: isoDate.optional(),
};

export const publicNoticeListSchema = z.object(noticeFilters);
export type PublicNoticeListInput = z.infer<typeof publicNoticeListSchema>;

export const appNoticeListSchema = z.object({
  ...noticeFilters,
  subModalities: z.array(z.string().max(60)).max(50).optional(),
  secretaryName: optionalText,
  supplierId: z.uuid().optional(),
  /** Cursor of the infinite-scroll table: notices created strictly before this instant. */
  lastAuctionNoticeCreatedDate: z.iso.datetime({ offset: true }).optional(),
});
export type AppNoticeListInput = z.infer<typeof appNoticeListSchema>;

export const idSchema = z.object({ id: z.uuid("Identificador inválido") });

/**
 * app/auction/myNotices ('Meus editais', issue 19 item 3): the processes the user takes part in — a
 * supplier's participations, a buyer's body's notices — searched and narrowed by status.
 */
export const myNoticesSchema = z.object({
  page: noticeFilters.page,
  limit: noticeFilters.limit,
  searchParameters: optionalText,
  statuses: noticeFilters.statuses,
});
export type MyNoticesInput = z.infer<typeof myNoticesSchema>;
