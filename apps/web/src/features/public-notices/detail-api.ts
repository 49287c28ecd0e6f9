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

/** A signed document of the notice's planning process (issue 35 item 5; POST public/auction/signatures/list). */
export interface PublicSignedDocument {
  kind: string;
  title: string;
  /** The edital: its PDF signed, with the manifest; the plan's documents: the manifest alone. */
  withDocument: boolean;
  url: string;
  signatures: {
    signerName: string;
    signerRole: string;
    signedAt: string;
    methodLabel: string;
    stale: boolean;
  }[];
}

export function usePublicSignatures(id: string) {
  return useQuery({
    queryKey: ["public", "auction", "signatures", id],
    queryFn: () =>
      apiPost<{ documents: PublicSignedDocument[] }>("public/auction/signatures/list", {
        auctionNoticeId: id,
      }),
    enabled: id !== "",
  });
}
