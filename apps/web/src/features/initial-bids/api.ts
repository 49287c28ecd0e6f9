import type { SaveInitialBidsInput } from "@certame/domain";
import { API_BASE, ApiError, apiPost } from "../../api/client";
import { apiDownload, apiUpload, type DownloadedFile, suggestedFileName } from "../../api/files";
import type { InitialBidLotRow, InitialBidsRead, LibraryDocument } from "./types";

// The initial-bids calls (trading-room §7 "Initial bids screen"; paths named by the server).

export const fetchInitialBidsNotice = (auctionNoticeId: string) =>
  apiPost<InitialBidsRead>("app/initialBids/read", { auctionNoticeId });

export async function fetchInitialBidLots(auctionNoticeId: string): Promise<InitialBidLotRow[]> {
  const { auctionBatches } = await apiPost<{ auctionBatches: InitialBidLotRow[] }>(
    "app/initialBids/batches",
    {
      auctionNoticeId,
      isInitial: true,
      hasPagination: false,
      hasBigCompanyFilter: true,
    },
  );
  return auctionBatches ?? [];
}

export const fetchIsEnabledSupplier = (auctionNoticeId: string) =>
  apiPost<boolean>("app/supplier/getIsEnabledSupplier", { auctionNoticeId });
export const fetchIsPreQualifiedSupplier = (auctionNoticeId: string) =>
  apiPost<boolean>("app/supplier/getIsPreQualifiedSupplier", { auctionNoticeId });

/** The save answers the receipt as a file. */
export const saveInitialBids = (payload: SaveInitialBidsInput): Promise<DownloadedFile> =>
  apiDownload("app/initialBids/save", payload, "comprovante-lances-iniciais.pdf");

export const downloadBidTemplate = (auctionNoticeId: string, canApplyAutomaticBid: boolean) =>
  apiDownload(
    "app/initialBids/template",
    { auctionNoticeId, canApplyAutomaticBid },
    "planilha-auxiliar-de-lances.xlsx",
  );

/** The import: the file plus the save's fields (JSON text); answers the receipt as a file. */
export async function importBidSheet(
  file: File,
  fields: Omit<SaveInitialBidsInput, "bidData">,
): Promise<DownloadedFile> {
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined) form[k] = typeof v === "string" ? v : JSON.stringify(v);
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  body.append("file", file);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/app/initialBids/import`, {
      method: "POST",
      credentials: "include",
      body,
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) {
    let message: string | undefined;
    try {
      const parsed = JSON.parse(await response.text()) as { message?: unknown };
      if (typeof parsed.message === "string") message = parsed.message;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, message);
  }
  return {
    data: await response.blob(),
    fileName: suggestedFileName(response.headers, "comprovante-lances-iniciais.pdf"),
  };
}

/** Uploads a file (30 MB, JPG/PNG/PDF) and registers it in the supplier's library under `kind`. */
export async function attachLibraryDocument(
  file: File,
  kind: string,
  description: string,
): Promise<LibraryDocument> {
  const uploaded = await apiUpload<{ url: string; id?: string; name?: string }>("upload", file);
  const created = await apiPost<LibraryDocument[]>("app/supplier/attachQualificationDocuments", {
    documents: [{ name: file.name, url: uploaded.url, description, kind }],
  });
  const first = Array.isArray(created) ? created[0] : undefined;
  if (!first) throw new ApiError(500, undefined);
  return first;
}

/**
 * The supplier's qualification documents (the library's list call), narrowed to the notice's
 * required kinds plus OTHER where it indicates them (§5 "Documents").
 */
export async function fetchQualificationDocuments(auctionNoticeId: string): Promise<LibraryDocument[]> {
  const answer = await apiPost<{ documents?: LibraryDocument[] }>("app/supplier/qualificationDocumentsList", {
    auctionNoticeId,
  });
  return answer?.documents ?? [];
}

export interface Association {
  kindAssociation:
    | "QUALIFICATION_DOCUMENT"
    | "TECHNICAL_DATA_SHEET"
    | "PROPOSAL_DOCUMENT"
    | "TECHNICAL_PROPOSAL_DOCUMENT";
  document: LibraryDocument;
}

/** The proposal's associated documents and the supplier's process files (data sheet, proposals, guarantee). */
export const fetchAssociations = (auctionNoticeId: string) =>
  apiPost<{ qualificationDocumentsAssociated: Association[]; processDocuments: LibraryDocument[] }>(
    "app/initialBids/qualificationAssociation",
    { id: auctionNoticeId },
  );
