import type { AgendaActionKind, AgendaDeadlineKind, Modality, NoticeStatus } from "@certame/domain";
import { apiPost } from "../../api/client";

// 'Meus editais' (issue 19 item 3): app/auction/myNotices; the shapes are the server's
// (apps/server/src/modules/my-notices/my-notices.service.ts).

export interface MyNoticeRow {
  id: string;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  modality: Modality;
  /** The effective status: a published notice whose lots started reads ONGOING. */
  status: NoticeStatus;
  startDateTime: string | null;
  buyer: { id: string; corporateName: string; city: string | null; state: string | null };
  nextDeadline: { kind: AgendaDeadlineKind; label: string; at: string } | null;
  pendingActions: { kind: AgendaActionKind; label: string; lotNumbers: number[]; dueAt: string | null }[];
}

export interface MyNoticesAnswer {
  auctionNotices: MyNoticeRow[];
  limitResult: number;
  total: number;
  totalIsLowerBound: boolean;
  /** How many of the user's processes stand in each status it may see. */
  statusCounts: Partial<Record<NoticeStatus, number>>;
}

export interface MyNoticesQuery {
  page: number;
  searchParameters?: string;
  statuses?: NoticeStatus[];
}

export const myNoticesKeys = {
  all: ["my-notices"] as const,
  list: (q: MyNoticesQuery) => ["my-notices", q] as const,
};

export const listMyNotices = (q: MyNoticesQuery) => apiPost<MyNoticesAnswer>("app/auction/myNotices", q);
