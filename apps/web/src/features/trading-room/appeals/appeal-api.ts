import { apiPost } from "../../../api/client";
import type { DisputeDocumentView, DisputeList } from "./appeal-model";

// The appeals' HTTP calls (trading-room §7 "Appeals"; docs/live-room.md "Appeals", HTTP calls).

export async function fetchDisputeList(auctionNoticeId: string): Promise<DisputeList> {
  const list = await apiPost<Partial<DisputeList>>("app/dispute/list", { auctionNoticeId });
  return { disputes: list?.disputes ?? [], documents: list?.documents ?? [] };
}

export interface AttachAnswer {
  message: string;
  documents: Pick<DisputeDocumentView, "id" | "kind" | "name" | "url" | "batchId" | "disputeId">[];
}

export const attachAppeal = (body: Record<string, unknown>) =>
  apiPost<AttachAnswer>("app/dispute/attachDocument", body);

export const attachCounterArgument = (body: Record<string, unknown>) =>
  apiPost<AttachAnswer>("app/dispute/attachCounterArgument", body);

export const judgeDisputes = (body: Record<string, unknown>) =>
  apiPost<{ message: string; items: { id: string; judgmentStatus: string }[] }>("app/dispute/judge", body);
