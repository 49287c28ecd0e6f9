import { apiPost } from "../../../api/client";

// The winner's documents' HTTP calls (trading-room §7 "Suppliers"; docs/live-room.md "Winner's documents").

export interface AwardDocument {
  id: string;
  anonymousSupplierIdentificationNumber?: number | null;
  supplierDocumentId: string;
  kind: string;
  name: string;
  url: string;
  batchId: string;
}

export interface AwardAnswer {
  message: string;
  documents: AwardDocument[];
  changed?: boolean;
}

export const attachReadjustedProposal = (body: {
  documents: { name: string; url: string }[];
  auctionNoticeId: string;
  batchId: string;
}) => apiPost<AwardAnswer>("app/supplier/attachReadjustedProposal", body);

export const attachProofPayment = (body: {
  documents: { name: string; url: string }[];
  auctionNoticeId: string;
  batchId: string;
}) => apiPost<AwardAnswer>("app/supplier/attachProofPayment", body);

export const associateQualificationDocuments = (body: {
  documents: { id: string }[];
  auctionNoticeId: string;
  batchId: string;
}) => apiPost<AwardAnswer>("app/supplier/associateQualificationDocuments", body);

/** The winner's documents the user may see (the buyer side: all; a supplier: its own). */
export async function fetchAwardDocuments(
  auctionNoticeId: string,
  batchId: string,
): Promise<AwardDocument[]> {
  const answer = await apiPost<{ documents?: AwardDocument[] }>("app/award/documents", {
    auctionNoticeId,
    batchId,
  });
  return answer?.documents ?? [];
}

/** 'Anexar arquivo ao Processo' (§7: {fileName, name, auctionNoticeId, docKind, description}). */
export const attachProcessFile = (body: {
  fileName: string;
  name: string;
  auctionNoticeId: string;
  description: string;
}) =>
  apiPost<{ message: string; document: { id: string; name: string; url: string } }>(
    "app/auction/attachDocumentAtProcess",
    { ...body, docKind: "AUCTION_NOTICE" },
  );
