import type {
  ClosingKind,
  CredentialKind,
  JudgementCriterion,
  LicensePhase,
  Modality,
  NoticeStatus,
  OfferKind,
  ProcessParticipation,
  SUPPLIER_SORT_COLUMNS,
  SubModality,
  VariationKind,
} from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, apiUpload, type DownloadedFile } from "../../api/files";

/**
 * Server paths of the notice wizard. The spec (§7) names the notice calls; the lots, winners and
 * notice-document calls have no path there, so they follow the server's routes files.
 */
export const NOTICE_PATHS = {
  list: "app/auction/list",
  read: "app/auction/read",
  create: "app/auction/create",
  edit: "app/auction/edit",
  delete: "app/auction/delete",
  duplicate: "app/auction/duplicate",
  updateStatus: "app/auction/updateStatus",
  finalize: "app/auction/finalizeProcess",
  reopen: "app/auction/reopen",
  publicationProof: "app/auction/downloadPublicationProofReport",
  documentsRequired: "app/auction/documentsRequired",
  documentClassList: "app/auction/documentClass/list",
  documentClassCreate: "app/auction/documentClass/create",
  changeVariationKind: "app/auction/changeVariationKind",
  import: "app/aspec/import",
  buyerRead: "app/buyer/read",
  legislations: "app/legislation/list",
  lawClauses: "app/lawClause/getLawsClauses",
  measurementUnits: "app/measurementUnit/list",
  preQualifications: "app/auction/preQualification/list",
  lotsList: "app/auctionBatch/list",
  lotsSave: "app/auctionBatch/save",
  lotsDelete: "app/auctionBatch/delete",
  lotsDeleteAll: "app/auctionBatch/deleteAll",
  lotsBulkUpdate: "app/auctionBatch/bulkUpdate",
  lotsImport: "app/auctionBatch/import",
  lotsTemplate: "app/auctionBatch/template",
  documentsList: "app/auction/documents/list",
  documentsAttach: "app/auction/documents/attach",
  documentsDelete: "app/auction/documents/delete",
  winnersList: "app/auctionWinner/list",
  winnersSave: "app/auctionWinner/save",
  winnersAdd: "app/auctionWinner/add",
  winnersDelete: "app/auctionWinner/delete",
  winnersSum: "app/auctionWinner/sum",
  suppliersList: "app/supplier/list",
  suppliersCreate: "app/supplier/create",
  companyInformation: "integrations/getCompanyInformation",
} as const;

export interface NoticeListRow {
  id: string;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  modality: Modality;
  subModality: SubModality | null;
  status: NoticeStatus;
  startDateTime: string | null;
  proposalsEndDateTime: string | null;
  createdDate: string | null;
  secretariesNames: string | null;
}

export interface NoticeListAnswer {
  auctionNotices: NoticeListRow[];
  limitResult: number;
  total: number;
  /** More than `total` notices match (the server counts up to 10,000). */
  totalIsLowerBound?: boolean;
}

export interface NoticeListQuery {
  searchParameters?: string;
  orderByColumn?: string;
  sortOrder?: "ASC" | "DESC";
  lastAuctionNoticeCreatedDate?: string;
  page?: number;
}

export const listCreatedNotices = (query: NoticeListQuery) =>
  apiPost<NoticeListAnswer>(NOTICE_PATHS.list, query);

export interface StaffRef {
  id: string;
  role?: string[];
  user?: { name: string };
}

export interface NoticeDocument {
  id: string;
  kind: "AUCTION_NOTICE" | "OTHER";
  label?: string | null;
  description: string | null;
  name: string;
  url?: string;
  createdDate: string | null;
}

export interface LotRow {
  id: string;
  number: number;
  item: number;
  product: { id: string; name: string; code?: number } | null;
  quantity: number | string;
  measurementUnit: { code: string; description?: string } | null;
  referencePrice: number;
  /** The unit price (referencePrice is the lot total for global offers, §3). */
  unitReferencePrice?: number;
  minimumVariation: number;
  percentMinimumVariation: number;
  isProductBrandRequired: boolean | 0 | 1;
  isSubcontractingIndicator?: boolean | 0 | 1;
  decimalsNumber: 2 | 4;
  totalAmount?: number;
  batchItemParticipation: "WIDE_PARTICIPATION" | "EXCLUSIVE" | "DIFFERENTIATED";
  wideParticipationBatch: number | null;
  phase?: string;
}

/** The notice as app/auction/read returns it (§3). */
export interface Notice {
  id: string;
  status: NoticeStatus;
  modality: Modality;
  subModality: SubModality;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  purchaseYear: number | null;
  agreementNumber: string | null;
  canPublishOnPncp: boolean;
  daysDue: number | null;
  auctionLicensePhase: LicensePhase;
  isBidsAutomaticStart: boolean;
  amountBidsAutomaticStart: number;
  canApplyRegionalPreference: boolean;
  isTechnicalDataSheetAttachmentRequired: boolean | 0 | 1;
  dispensationForm: JudgementCriterion;
  shouldDiscloseReferencePrice: boolean;
  isSrp: boolean;
  closingKind: ClosingKind;
  processParticipation: ProcessParticipation;
  isInitialProposalsRequired: boolean;
  canApplyTiebreaker: boolean;
  offerKind: OfferKind;
  legislation: { id: number; name: string } | null;
  lawClause: { id: number; name: string } | null;
  canShowProcessResult: boolean;
  isAllowedChangeQuantity: boolean;
  bidDuration: number;
  canIndicateQualificationDocument: boolean;
  isProposalGuaranteeRequired: boolean;
  qualificationDocumentRequired: string[] | string;
  othersDocumentsClassesRequired: { id: string; className?: string }[];
  disputeInterestManifestationMinimumDuration: number | null;
  reasonOfInPersonModality: string | null;
  hasPreQualification: boolean;
  preQualification: { id: string; noticeNumber?: string } | null;
  isAllowedParticipantNonPreQualification: boolean;
  variationKind: VariationKind;
  startDateTime: string | null;
  proposalsStartDateTime: string | null;
  proposalsEndDateTime: string | null;
  processEndingDateTime: string | null;
  clarificationEndDateTime: string | null;
  dispensationAcknowledgmentRequestedDate: string | null;
  buyer: { id: string; corporateName: string };
  secretaryOffice: { id: string; name: string }[];
  auctioneers: StaffRef[];
  supportingStaff: StaffRef[];
  batches?: LotRow[];
  documents?: NoticeDocument[];
  /** The planning process it was made from (issue 35; app/auction/read), null when typed directly. */
  process?: { id: string; processNumber: string } | null;
}

export const readNotice = (id: string) =>
  apiPost<Notice>(NOTICE_PATHS.read, { id, canUpdateAuctionView: true });
export const createNotice = (payload: Record<string, unknown>) =>
  apiPost<{ id: string }>(NOTICE_PATHS.create, payload);
export const editNotice = (id: string, payload: Record<string, unknown>) =>
  apiPost<Notice>(NOTICE_PATHS.edit, { ...payload, id });
export const deleteNotice = (id: string) => apiPost<unknown>(NOTICE_PATHS.delete, { id });
export const duplicateNotice = (id: string) => apiPost<Notice>(NOTICE_PATHS.duplicate, { id });
export const publishNotice = (id: string) =>
  apiPost<unknown>(NOTICE_PATHS.updateStatus, { id, status: "PUBLISHED" });
export const finalizeNotice = (id: string) => apiPost<unknown>(NOTICE_PATHS.finalize, { id });
export const reopenNotice = (id: string) => apiPost<unknown>(NOTICE_PATHS.reopen, { id });
export const downloadPublicationProof = (auctionNoticeId: string): Promise<DownloadedFile> =>
  apiDownload(NOTICE_PATHS.publicationProof, { auctionNoticeId }, "comprovante-de-publicacao.pdf");
export const importNoticeFile = (file: File) => apiUpload<{ id: string }>(NOTICE_PATHS.import, file);
export const changeVariationKind = (id: string, variationKind: VariationKind) =>
  apiPost<unknown>(NOTICE_PATHS.changeVariationKind, { id, variationKind });

// ---- Reference lists -------------------------------------------------------------------------

export interface Legislation {
  id: number;
  code: string;
  name: string;
}
export const listLegislations = () =>
  apiPost<{ legislations: Legislation[] }>(NOTICE_PATHS.legislations, {}).then((r) => r.legislations);

export const listLawClauses = (modality: Modality, legislationId: number, subModality: SubModality) =>
  apiPost<{ id: number; name: string }[]>(NOTICE_PATHS.lawClauses, { modality, legislationId, subModality });

export interface MeasurementUnitRow {
  code: string;
  description: string;
}
export const listMeasurementUnits = () =>
  apiPost<{ measurementUnits: MeasurementUnitRow[] }>(NOTICE_PATHS.measurementUnits, {}).then(
    (r) => r.measurementUnits,
  );

export const listPreQualifications = () =>
  apiPost<
    { id: string; noticeNumber: string }[] | { preQualifications: { id: string; noticeNumber: string }[] }
  >(NOTICE_PATHS.preQualifications, {}).then((r) => (Array.isArray(r) ? r : r.preQualifications));

/** The active user's body with its secretariats and staff (app/buyer/read, §7 and §3 "Buyer"). */
export interface BuyerPeople {
  id: string;
  corporateName: string;
  secretaries: { id: string; name: string }[];
  staffMembers: { id: string; role: string[]; user: { name: string } }[];
}
export const readBuyer = (buyerId: string) => apiPost<BuyerPeople>(NOTICE_PATHS.buyerRead, { buyerId });

// ---- Documents required (§2.10) ----------------------------------------------------------------

export interface DocumentsRequired {
  canIndicateQualificationDocument: boolean;
  qualificationDocumentRequired: string[] | string;
  othersDocumentsClassesRequired: { id: string; className?: string }[];
}
export const readDocumentsRequired = (id: string) =>
  apiPost<DocumentsRequired>(NOTICE_PATHS.documentsRequired, { id });
export const saveDocumentsRequired = (
  id: string,
  value: { qualificationDocumentRequired: string[]; othersDocumentsClassesRequired: { id: string }[] },
) =>
  apiPost<DocumentsRequired>(NOTICE_PATHS.documentsRequired, {
    id,
    canIndicateQualificationDocument: true,
    ...value,
  });
export interface DocumentClass {
  id: string;
  className: string;
}
export const listDocumentClasses = () => apiPost<DocumentClass[]>(NOTICE_PATHS.documentClassList, {});
export const createDocumentClass = (className: string) =>
  apiPost<DocumentClass>(NOTICE_PATHS.documentClassCreate, { className });

/** qualificationDocumentRequired arrives as a JSON string from the server (§3); read both shapes. */
export function readKinds(value: string[] | string | null | undefined): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

// ---- Lots -------------------------------------------------------------------------------------

export interface LotList {
  auctionBatches: LotRow[];
  total: number;
  /** null (and every row's price fields) for a viewer who may not see a secret reference price. */
  totalAmount: string | null;
  isEditable: boolean;
  areValuesEditable: boolean;
}
export const listLots = (auctionNoticeId: string) =>
  apiPost<LotList>(NOTICE_PATHS.lotsList, { auctionNoticeId, hasPagination: false });
/** The body is the array of lot payloads; the notice goes in the query string (server lot.routes). */
export const saveLots = (auctionNoticeId: string, batches: Record<string, unknown>[]) =>
  apiPost<unknown>(
    `${NOTICE_PATHS.lotsSave}?auctionNoticeId=${encodeURIComponent(auctionNoticeId)}`,
    batches,
  );
export const deleteLot = (batchId: string) => apiPost<unknown>(NOTICE_PATHS.lotsDelete, { batchId });
export const deleteAllLots = (auctionNoticeId: string) =>
  apiPost<unknown>(NOTICE_PATHS.lotsDeleteAll, { auctionNoticeId });
export const bulkUpdateLots = (
  auctionNoticeId: string,
  change:
    | { isProductBrandRequired: boolean }
    | { decimalsNumber: 2 | 4 }
    | { variation: { kind: VariationKind; value: number } },
) => apiPost<unknown>(NOTICE_PATHS.lotsBulkUpdate, { auctionNoticeId, ...change });
export const importLots = (auctionNoticeId: string, file: File) =>
  apiUpload<unknown>(NOTICE_PATHS.lotsImport, file, { auctionNoticeId });
export const downloadLotsTemplate = (auctionNoticeId: string) =>
  apiDownload(NOTICE_PATHS.lotsTemplate, { auctionNoticeId }, "modelo-lotes.xlsx");

// ---- Notice documents -------------------------------------------------------------------------

export interface NoticeDocumentList {
  auctionNotice: { id: string; noticeNumber: string; status: NoticeStatus };
  canDelete: boolean;
  documents: NoticeDocument[];
}
export const listNoticeDocuments = (auctionNoticeId: string) =>
  apiPost<NoticeDocumentList>(NOTICE_PATHS.documentsList, { auctionNoticeId });
export const attachNoticeDocument = (
  auctionNoticeId: string,
  kind: "AUCTION_NOTICE" | "OTHER",
  description: string,
  file: File,
) => apiUpload<NoticeDocument>(NOTICE_PATHS.documentsAttach, file, { auctionNoticeId, kind, description });
export const deleteNoticeDocument = (id: string) => apiPost<unknown>(NOTICE_PATHS.documentsDelete, { id });

// ---- Winners (§2.7) ---------------------------------------------------------------------------

/** A saved winner row as app/auctionWinner/list returns it (money scaled by the lot's decimals). */
export interface SavedWinner {
  id: string;
  batch: { id: string; number: number; item: number };
  supplier: { id: string; displayName: string };
  brand: string | null;
  unitPrice: number;
  totalPrice: number;
  quantity: number;
  decimalsNumber: 2 | 4;
}
export interface WinnerList {
  winners: SavedWinner[];
  isEditable: boolean;
  allowsSeveralWinnersPerLot: boolean;
  hasPrices: boolean;
}
export interface WinnerPayload {
  batch: { id: string };
  supplier: { id: string };
  brand: string | null;
  unitPrice: number;
  totalPrice?: number;
}
export const listWinners = (auctionNoticeId: string) =>
  apiPost<WinnerList>(NOTICE_PATHS.winnersList, { auctionNoticeId });
export const saveWinners = (auctionNoticeId: string, winners: WinnerPayload[]) =>
  apiPost<WinnerList>(NOTICE_PATHS.winnersSave, { auctionNoticeId, winners });
export const deleteWinners = (auctionNoticeId: string, bidIds: string[]) =>
  apiPost<{ deleted: number }>(NOTICE_PATHS.winnersDelete, { auctionNoticeId, bidIds });
export interface WinnerSumRow {
  supplierId: string | null;
  name: string;
  total: number;
  decimalsNumber: number;
  formatted: string;
}
export const sumWinners = (auctionNoticeId: string) =>
  apiPost<{ rows: WinnerSumRow[] }>(NOTICE_PATHS.winnersSum, { auctionNoticeId });

// ---- Suppliers (§2.9, §7 "Suppliers") ---------------------------------------------------------

export interface Supplier {
  id: string;
  code: number;
  createdDate: string;
  credentialKind: CredentialKind;
  documentNumber: string;
  name: string | null;
  corporateName: string | null;
  tradeName?: string | null;
  isSmallBusiness: boolean | null;
  email: string | null;
  phoneNumber: string | null;
  cellphoneNumber: string | null;
  tradeRepresentativeName: string | null;
  tradeRepresentativeCpf: string | null;
}
export type SupplierSortColumn = (typeof SUPPLIER_SORT_COLUMNS)[number];
export interface SupplierListQuery {
  searchParameters?: string;
  page: number;
  orderByColumn: SupplierSortColumn;
  sortOrder: "ASC" | "DESC";
}
export const listSuppliers = (query: SupplierListQuery) =>
  apiPost<{ suppliers: Supplier[]; limitResult: number; total: number }>(NOTICE_PATHS.suppliersList, query);
export interface SupplierCreatePayload {
  credentialKind: CredentialKind;
  documentNumber: string;
  name?: string | null;
  corporateName?: string | null;
  isSmallBusiness?: boolean | null;
}
export const createSupplier = (payload: SupplierCreatePayload) =>
  apiPost<Supplier>(NOTICE_PATHS.suppliersCreate, payload);
/** §3 "Lookup results": the company data of a CNPJ. */
export interface CompanyInformation {
  cnpj: string;
  corporateName: string;
  tradeName: string | null;
}
export const getCompanyInformation = (cnpj: string) =>
  apiPost<CompanyInformation>(NOTICE_PATHS.companyInformation, { cnpj });
