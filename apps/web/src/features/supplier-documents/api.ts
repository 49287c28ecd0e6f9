import type { DocumentPeriod, SortOrder, SupplierDocumentSortColumn } from "@certame/domain";
import { ApiError, apiPost } from "../../api/client";
import { apiUpload } from "../../api/files";

// The supplier's document library calls (notices-and-accounts §7 "Suppliers"; trading-room §7).
export const SUPPLIER_DOCUMENT_PATHS = {
  list: "app/supplier/qualificationDocumentsList",
  attach: "app/supplier/attachQualificationDocuments",
  delete: "app/supplier/deleteQualificationDocument",
  upload: "upload",
} as const;

export interface SupplierDocument {
  id: string;
  name: string;
  url: string;
  description: string;
  kind: string;
  kindName: string;
  documentClass: string;
  documentClassName: string;
  otherDocumentClass: { id: string; className: string } | null;
  createdDate: string;
  sentDatetime: string | null;
  mimeType: string;
  size: number;
  supplier: { id: string };
  canDelete: boolean;
}

export interface SupplierDocumentItem {
  kind: string;
  kindName: string;
  isRequired: boolean;
  documents: SupplierDocument[];
}

export interface SupplierDocumentClass {
  documentClass: string;
  className: string;
  otherDocumentClass: { id: string; className: string } | null;
  items: SupplierDocumentItem[];
}

export interface SupplierDocumentList {
  documents: SupplierDocument[];
  classes: SupplierDocumentClass[];
  total: number;
}

export interface SupplierDocumentListParams {
  period?: DocumentPeriod;
  orderByColumn?: SupplierDocumentSortColumn;
  sortOrder?: SortOrder;
  auctionNoticeId?: string;
}

export const listSupplierDocuments = (params: SupplierDocumentListParams = {}) =>
  apiPost<SupplierDocumentList>(SUPPLIER_DOCUMENT_PATHS.list, { params });

/** The upload step failed: the file is too big, of another type, or could not be sent. */
export class UploadFailed extends Error {
  constructor(readonly reason: unknown) {
    super("upload");
  }
}

/** Uploads the file (30 MB, JPG/PNG/PDF by content), then registers it in the library under its kind. */
export async function attachSupplierDocument(input: {
  file: File;
  kind: string;
  description: string;
  documentClassId?: string | null;
}): Promise<SupplierDocument> {
  let uploaded: { url: string };
  try {
    uploaded = await apiUpload<{ url: string }>(SUPPLIER_DOCUMENT_PATHS.upload, input.file);
  } catch (error) {
    throw new UploadFailed(error);
  }
  const created = await apiPost<SupplierDocument[]>(SUPPLIER_DOCUMENT_PATHS.attach, {
    documents: [
      {
        name: input.file.name,
        url: uploaded.url,
        description: input.description,
        kind: input.kind,
        ...(input.documentClassId ? { documentClassId: input.documentClassId } : {}),
      },
    ],
  });
  const first = created[0];
  if (!first) throw new ApiError(500, undefined);
  return first;
}

export const deleteSupplierDocument = (id: string) =>
  apiPost<{ id: string }>(SUPPLIER_DOCUMENT_PATHS.delete, { id });
