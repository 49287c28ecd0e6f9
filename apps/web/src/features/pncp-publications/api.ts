import type { PncpJobKind, PncpJobStatus } from "@certame/domain";
import { apiPost } from "../../api/client";

export interface PncpPublication {
  id: string;
  kind: PncpJobKind;
  kindLabel: string;
  status: PncpJobStatus;
  statusLabel: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  doneAt: string | null;
  createdDate: string;
  canRetry: boolean;
  auctionNotice: {
    id: string;
    noticeNumber: string;
    modality: string;
    objectOfInterest: string;
    pncpControlNumber: string | null;
  };
}

export interface PncpUnit {
  code: string;
  name: string | null;
}

export interface PncpPublicationPage {
  target: "portal" | "outbox";
  /** The body's unidade compradora in the portal; null: nothing is sent until it is recorded. */
  unit: PncpUnit | null;
  /** Notices whose contracting is held for the want of the unit. */
  waitingNotices: string[];
  limitResult: number;
  total: number;
  publications: PncpPublication[];
}

export interface PncpOutboxEntry {
  id: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  files: { part: string; name: string; type: string; size: number }[] | null;
  createdDate: string;
}

export type PncpFilter = "ALL" | PncpJobStatus;

export const pncpKeys = {
  all: ["pncp-publications"] as const,
  list: (filter: PncpFilter, search: string, page: number) =>
    ["pncp-publications", filter, search, page] as const,
  outbox: ["pncp-publications", "outbox"] as const,
  check: (noticeId: string) => ["pncp-publications", "check", noticeId] as const,
};

/** app/auction/pncp/list (notices-and-accounts §7). */
export const fetchPncpPublications = (filter: PncpFilter, search: string, page: number, limit: number) =>
  apiPost<PncpPublicationPage>("app/auction/pncp/list", {
    page,
    limit,
    ...(filter === "ALL" ? {} : { statuses: [filter] }),
    ...(search.trim() ? { searchParameters: search.trim() } : {}),
  });

export const retryPncpPublication = (id: string) =>
  apiPost<{ id: string; status: "PENDING" }>("app/auction/pncp/retry", { id });

export const fetchPncpOutbox = () =>
  apiPost<{ entries: PncpOutboxEntry[] }>("app/auction/pncp/outbox", {}).then((r) => r.entries);

/** app/auction/pncp/unit: the body's unit, checked with the portal and recorded. */
export const savePncpUnit = (unit: { code: string; name: string }) =>
  apiPost<{ code: string; name: string; queuedNotices: number }>("app/auction/pncp/unit", unit);

/** app/auction/pncp/check: why the portal would refuse the notice as configured (issue 34). */
export const checkPncpNotice = (id: string) =>
  apiPost<{ canPublishOnPncp: boolean; problems: string[] }>("app/auction/pncp/check", { id });
