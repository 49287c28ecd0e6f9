import type { Modality, NoticeStatus } from "@certame/domain";
import { useQuery } from "@tanstack/react-query";
import { apiPost } from "../../api/client";
import type { NoticeBatch, NoticeDocument } from "./notice-detail-model";

/** What /detalhes-do-edital shows of POST public/auction/read (secret prices come masked). */
export interface NoticeDetail {
  id: string;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  modality: Modality;
  status: NoticeStatus;
  startDateTime: string | null;
  proposalsStartDateTime: string | null;
  proposalsEndDateTime: string | null;
  clarificationEndDateTime: string | null;
  publishedDate: string | null;
  /** The PNCP control number (Lei 14.133 art. 54) once the portal took the notice. */
  pncpControlNumber: string | null;
  secretariesNames: string | null;
  buyer: { id: string; corporateName: string; city: string | null; state: string | null };
  batches: NoticeBatch[];
  documents: NoticeDocument[];
}

export const readPublicNotice = (id: string) => apiPost<NoticeDetail>("public/auction/read", { id });

export function usePublicNotice(id: string) {
  return useQuery({
    queryKey: ["public", "auction", "read", id],
    queryFn: () => readPublicNotice(id),
    enabled: id !== "",
  });
}
