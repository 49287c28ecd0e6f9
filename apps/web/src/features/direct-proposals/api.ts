import type { DirectProposalKind, DirectProposalStatus, Modality, NoticeStatus } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, apiUpload, type DownloadedFile } from "../../api/files";

// The direct procedures' proposals (issue 19 item 2); the shapes are the server's
// (apps/server/src/modules/direct-proposals/direct-proposal.service.ts).

export interface DirectProposal {
  id: string;
  auctionNoticeId: string;
  kind: DirectProposalKind;
  kindLabel: string;
  status: DirectProposalStatus;
  statusLabel: string;
  fileName: string;
  description: string;
  sentAt: string;
  reason: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  supplier: { id: string; name: string; documentNumber: string; isSmallBusiness: boolean };
}

export interface DirectNotice {
  id: string;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  modality: Modality;
}

export interface DirectResults {
  notice: DirectNotice & { buyerName: string };
  approved: {
    supplierName: string;
    documentNumber: string;
    kind: DirectProposalKind;
    kindLabel: string;
    decidedAt: string | null;
  }[];
  mine: DirectProposal[];
}

export interface DirectAnalysis {
  notice: DirectNotice & { status: NoticeStatus };
  proposals: DirectProposal[];
}

export const directKeys = {
  results: (id: string) => ["direct-proposals", "results", id] as const,
  analysis: (id: string) => ["direct-proposals", "analysis", id] as const,
};

export const readResults = (auctionNoticeId: string) =>
  apiPost<DirectResults>("app/directProposal/results", { auctionNoticeId });
export const readAnalysis = (auctionNoticeId: string) =>
  apiPost<DirectAnalysis>("app/directProposal/list", { auctionNoticeId });

/** Uploads the PDF (checked by its bytes on the server), then sends it as the proposal of `kind`. */
export async function sendProposal(
  auctionNoticeId: string,
  kind: DirectProposalKind,
  file: File,
  description: string,
): Promise<DirectProposal> {
  const uploaded = await apiUpload<{ url: string; fileName: string }>("upload", file);
  return apiPost<DirectProposal>("app/directProposal/send", {
    auctionNoticeId,
    kind,
    url: uploaded.url,
    name: file.name,
    description: description.trim() || undefined,
  });
}

export const decideProposal = (id: string, decision: "APPROVED" | "REJECTED", reason?: string) =>
  apiPost<DirectProposal>("app/directProposal/decide", { id, decision, reason: reason?.trim() || undefined });

export const downloadProposal = (p: DirectProposal): Promise<DownloadedFile> =>
  apiDownload("app/directProposal/download", { id: p.id }, p.fileName);

export const downloadProposalTemplate = (id: string, noticeNumber: string): Promise<DownloadedFile> =>
  apiDownload("app/auction/proposalTemplate/download", { id }, `modelo-de-proposta-${noticeNumber}.xlsx`);
