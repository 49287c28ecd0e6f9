import type { DirectAppealDecision, DirectAppealStatus, Modality } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, apiUpload, type DownloadedFile } from "../../api/files";

// The direct procedures' appeals (Lei 14.133/2021 art. 165; issue 19 item 2); the shapes are the
// server's (apps/server/src/modules/direct-proposals/direct-appeal.service.ts).

export interface AppealFile {
  id: string;
  name: string;
}

export interface DirectAppeal {
  id: string;
  proposalId: string;
  subject: string;
  appellantName: string;
  counterpartName: string | null;
  mine: boolean;
  text: string;
  file: AppealFile | null;
  filedAt: string;
  counterDueAt: string;
  counterArgument: string | null;
  counterFile: AppealFile | null;
  counterArgumentAt: string | null;
  canCounter: boolean;
  decisionDueAt: string;
  status: DirectAppealStatus;
  statusLabel: string;
  decision: DirectAppealDecision | null;
  decisionLabel: string | null;
  reasoning: string | null;
  decisionFile: AppealFile | null;
  judgedAt: string | null;
  judgedByName: string | null;
  judgeRefusal: string | null;
}

export interface AppealableDecision {
  proposalId: string;
  subject: string;
  decidedAt: string | null;
  deadline: string;
  reason: string | null;
}

export interface DirectAppeals {
  notice: {
    id: string;
    noticeNumber: string;
    processNumber: string;
    objectOfInterest: string;
    modality: Modality;
    buyerName: string;
  };
  canJudge: boolean;
  appealable: AppealableDecision[];
  appeals: DirectAppeal[];
}

export const appealsKey = (noticeId: string) => ["direct-appeals", noticeId] as const;

export const readAppeals = (auctionNoticeId: string) =>
  apiPost<DirectAppeals>("app/directAppeal/list", { auctionNoticeId });

/** Uploads the optional PDF first (checked by its bytes on the server); null without one. */
async function uploadedId(file: File | null) {
  return file ? (await apiUpload<{ id: string }>("upload", file)).id : null;
}

export const fileAppeal = async (proposalId: string, text: string, file: File | null) =>
  apiPost<{ id: string }>("app/directAppeal/file", { proposalId, text, fileId: await uploadedId(file) });

export const counterAppeal = async (id: string, text: string, file: File | null) =>
  apiPost<{ id: string }>("app/directAppeal/counter", { id, text, fileId: await uploadedId(file) });

export const judgeAppeal = async (
  id: string,
  decision: DirectAppealDecision | null,
  reasoning: string,
  file: File | null,
) =>
  apiPost<{ id: string }>("app/directAppeal/judge", {
    id,
    decision,
    reasoning,
    fileId: await uploadedId(file),
  });

export const downloadAppealFile = (file: AppealFile): Promise<DownloadedFile> =>
  apiDownload("app/directAppeal/download", { id: file.id }, file.name);
