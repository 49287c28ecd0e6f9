import { type NoticeStatus, PUBLIC_NOTICE_STATUSES } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, type DownloadedFile } from "../../api/files";
import type { NoticeListAnswer } from "../notices/api";

export const REPORT_PATHS = {
  list: "app/auction/list",
  accessReport: "app/auction/accessReportDownload",
  controlReport: "app/auction/minuteAndContractControlReport",
} as const;

export const REPORTS_PAGE_SIZE = 10;

export const reportsKeys = {
  notices: (search: string, page: number) => ["reports", "notices", search, page] as const,
};

/** The body's processes past the draft (the access report needs a room that was open to the public). */
export const listReportNotices = (search: string, page: number) =>
  apiPost<NoticeListAnswer>(REPORT_PATHS.list, {
    searchParameters: search || undefined,
    statuses: PUBLIC_NOTICE_STATUSES as NoticeStatus[],
    page,
    limit: REPORTS_PAGE_SIZE,
  });

export const downloadAccessReport = (auctionNoticeId: string): Promise<DownloadedFile> =>
  apiDownload(REPORT_PATHS.accessReport, { auctionNoticeId }, "relatorio-de-acesso.pdf");

export const downloadControlReport = (): Promise<DownloadedFile> =>
  apiDownload(REPORT_PATHS.controlReport, {}, "controle-de-atas-e-contratos.xlsx");
