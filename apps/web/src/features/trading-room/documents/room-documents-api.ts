import { apiPost } from "../../../api/client";
import { apiDownload, type DownloadedFile } from "../../../api/files";

// The room's document calls (trading-room §7 "Document lists" and "Document downloads"; the
// classification sheet by notice id). The server decides what each user may see.

export type RoomDocumentModalKind = "QUALIFICATION" | "DATASHEET" | "PROPOSAL" | "TECHNICAL_PROPOSAL";

/** One row of a document modal (§3 "Document association"), as the server sends it. */
export interface RoomDocumentItem {
  id: string;
  kindAssociation: string;
  createdDate: string;
  supplierName: string | null;
  anonymousSupplierIdentificationNumber: number | null;
  isOwn: boolean;
  /** translated kind - 'Licitante {name or number}' - file name (§2.7). */
  label: string;
  document: {
    id: string;
    name: string;
    url: string;
    description: string;
    kind: string;
    kindName?: string;
    createdDate: string;
  };
}

interface KindCalls {
  list: string;
  download: string;
  kindAssociation: string;
  fallbackName: string;
}

export const ROOM_DOCUMENT_CALLS: Record<RoomDocumentModalKind, KindCalls> = {
  QUALIFICATION: {
    list: "app/auction/listQualificationDocumentByUser",
    download: "app/auction/qualificationDocuments/download",
    kindAssociation: "QUALIFICATION_DOCUMENT",
    fallbackName: "documentos-de-habilitacao",
  },
  DATASHEET: {
    list: "app/auction/listTechnicalDataSheets",
    download: "app/auction/technicalDataSheet/download",
    kindAssociation: "TECHNICAL_DATA_SHEET",
    fallbackName: "ficha-tecnica",
  },
  PROPOSAL: {
    list: "app/auction/listProposalDocument",
    download: "app/auction/downloadProposalDocument/download",
    kindAssociation: "PROPOSAL_DOCUMENT",
    fallbackName: "propostas",
  },
  TECHNICAL_PROPOSAL: {
    list: "app/auction/listTechnicalProposalDocument",
    download: "app/auction/downloadTechnicalProposalDocument/download",
    kindAssociation: "TECHNICAL_PROPOSAL_DOCUMENT",
    fallbackName: "propostas-tecnicas",
  },
};

export interface RoomDocumentScope {
  auctionNoticeId: string;
  batchId: string;
  /** One bidder (a row's icon) or, when absent, every bidder of the lot the user may see. */
  anonymousSupplierIdentificationNumber?: number | null;
}

export async function fetchRoomDocuments(
  kind: RoomDocumentModalKind,
  scope: RoomDocumentScope,
): Promise<RoomDocumentItem[]> {
  const calls = ROOM_DOCUMENT_CALLS[kind];
  const { qualificationDocumentsAssociated } = await apiPost<{
    qualificationDocumentsAssociated: RoomDocumentItem[];
  }>(calls.list, {
    auctionNotice: scope.auctionNoticeId,
    batch: scope.batchId,
    kindAssociation: calls.kindAssociation,
    ...(scope.anonymousSupplierIdentificationNumber
      ? { anonymousSupplierIdentificationNumber: scope.anonymousSupplierIdentificationNumber }
      : {}),
  });
  return qualificationDocumentsAssociated ?? [];
}

/** 'Baixar': the file itself for one document, the /zip variant for several (§7). */
export function downloadRoomDocuments(
  kind: RoomDocumentModalKind,
  scope: RoomDocumentScope,
  ids: readonly string[],
): Promise<DownloadedFile> {
  const calls = ROOM_DOCUMENT_CALLS[kind];
  const path = ids.length > 1 ? `${calls.download}/zip` : calls.download;
  return apiDownload(
    path,
    {
      auctionNoticeId: scope.auctionNoticeId,
      batchId: scope.batchId,
      qualificationDocuments: ids,
      ...(scope.anonymousSupplierIdentificationNumber
        ? { anonymousSupplierIdentificationNumber: scope.anonymousSupplierIdentificationNumber }
        : {}),
    },
    ids.length > 1 ? `${calls.fallbackName}.zip` : calls.fallbackName,
  );
}

/** 'Baixar planilha de classificação' (§2.4). */
export const downloadClassificationSheet = (auctionNoticeId: string) =>
  apiDownload(
    "app/auction/classificationSheet/download",
    { auctionNoticeId },
    "planilha-de-classificacao.xlsx",
  );
