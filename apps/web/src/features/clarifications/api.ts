import type {
  ChallengeDecision,
  ClarificationKind,
  ClarificationStatus,
  NoticeStatus,
} from "@certame/domain";
import { useQuery } from "@tanstack/react-query";
import { apiPost } from "../../api/client";
import { apiUpload } from "../../api/files";

export interface ClarificationFile {
  id: string;
  name: string;
}

export interface ClarificationItem {
  id: string;
  kind: ClarificationKind;
  status: ClarificationStatus;
  text: string;
  createdDate: string;
  answerDueAt: string;
  answer: string | null;
  decision: ChallengeDecision | null;
  answeredAt: string | null;
  /** Pending past the 3 business days of art. 164 parágrafo único (by the server's clock). */
  overdue: boolean;
  file: ClarificationFile | null;
  answerFile: ClarificationFile | null;
  mine: boolean;
  requesterName: string | null;
}

/** POST public/clarification/list: a notice's requests of one kind as the viewer may see them. */
export interface ClarificationList {
  notice: {
    id: string;
    noticeNumber: string;
    processNumber: string;
    objectOfInterest: string;
    buyerName: string;
    status: NoticeStatus;
    startDateTime: string | null;
  };
  kind: ClarificationKind;
  requestDeadline: string | null;
  requestOpen: boolean;
  canRequest: boolean;
  canAnswer: boolean;
  items: ClarificationItem[];
}

export interface InboxItem {
  id: string;
  auctionNoticeId: string;
  noticeNumber: string;
  objectOfInterest: string;
  buyerName: string;
  kind: ClarificationKind;
  status: ClarificationStatus;
  decision: ChallengeDecision | null;
  createdDate: string;
  answerDueAt: string;
  answeredAt: string | null;
  overdue: boolean;
  requesterName: string | null;
}

export interface Inbox {
  page: number;
  pageSize: number;
  total: number;
  items: InboxItem[];
}

export const clarificationsKey = (noticeId: string, kind: ClarificationKind) =>
  ["clarifications", noticeId, kind] as const;

export function useClarifications(noticeId: string, kind: ClarificationKind) {
  return useQuery({
    queryKey: clarificationsKey(noticeId, kind),
    queryFn: () =>
      apiPost<ClarificationList>("public/clarification/list", { auctionNoticeId: noticeId, kind }),
    enabled: noticeId !== "",
    retry: false,
  });
}

export function useInbox(filter: {
  kind: ClarificationKind | null;
  status: ClarificationStatus | null;
  page: number;
}) {
  return useQuery({
    queryKey: ["clarifications", "mine", filter] as const,
    queryFn: () => apiPost<Inbox>("app/clarification/mine", filter),
  });
}

export const createClarification = (body: {
  auctionNoticeId: string;
  kind: ClarificationKind;
  text: string;
  fileId: string | null;
}) => apiPost<{ id: string; answerDueAt: string }>("app/clarification/create", body);

export const answerClarification = (body: {
  id: string;
  answer: string;
  decision: ChallengeDecision | null;
  suspendNotice: boolean;
  fileId: string | null;
}) => apiPost<{ id: string; noticeStatus: NoticeStatus }>("app/clarification/answer", body);

/** The optional PDF, stored first by POST /api/upload (its 30 MB limit and content check). */
export const uploadPdf = (file: File) => apiUpload<{ id: string; fileName: string }>("upload", file);

export const fileUrl = (fileId: string) => `/api/public/clarification/file/${fileId}`;
