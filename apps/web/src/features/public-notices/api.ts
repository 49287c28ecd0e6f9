import type { Modality, NoticeSortColumn, NoticeStatus } from "@certame/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../api/client";

export interface NoticeListFilters {
  searchParameters?: string;
  modalities?: Modality[];
  statuses?: NoticeStatus[];
  noticeNumber?: string;
  buyerName?: string;
  state?: string;
  /** yyyy-mm-dd */
  startDate?: string;
}

export interface NoticeListRequest extends NoticeListFilters {
  page: number;
  orderByColumn?: NoticeSortColumn;
  sortOrder?: "ASC" | "DESC";
}

export interface NoticeListItem {
  id: string | number;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  modality: Modality;
  subModality: string | null;
  status: NoticeStatus;
  startDateTime: string | null;
  proposalsEndDateTime: string | null;
  buyer: { id: string | number; corporateName: string; city: string | null; state: string | null };
  secretariesNames: string | null;
  /** The PNCP control number once the notice is published on the national portal. */
  pncpControlNumber?: string | null;
}

export interface NoticeListResponse {
  auctionNotices: NoticeListItem[];
  limitResult: number;
  total: number;
  /** More than `total` notices match (the server counts up to 10,000). */
  totalIsLowerBound?: boolean;
}

/** Drops empty filters so the request carries only what the user chose. */
export function compactRequest(request: NoticeListRequest): NoticeListRequest {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = typeof value === "string" ? value.trim() : value;
  }
  return out as unknown as NoticeListRequest;
}

export function listPublicNotices(request: NoticeListRequest): Promise<NoticeListResponse> {
  return apiPost<NoticeListResponse>("public/auction/list", compactRequest(request));
}

export function usePublicNotices(request: NoticeListRequest) {
  return useQuery({
    queryKey: ["public", "auction", "list", compactRequest(request)],
    queryFn: () => listPublicNotices(request),
    placeholderData: keepPreviousData,
  });
}
