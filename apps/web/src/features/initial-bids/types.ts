import type { Modality, SupplierRegistrationStatus } from "@certame/domain";

/** app/initialBids/read: the notice as the screen reads it and the supplier's own state. */
export interface InitialBidsNotice {
  id: string;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  buyer: { id: string; corporateName: string };
  modality: Modality;
  subModality: string;
  status: string;
  startDateTime: string | null;
  closingKind: string;
  dispensationForm: string;
  offerKind: string;
  auctionLicensePhase: string | null;
  shouldDiscloseReferencePrice: boolean;
  isProposalGuaranteeRequired: boolean;
  isTechnicalDataSheetAttachmentRequired: 0 | 1;
  isInitialProposalsRequired: boolean;
  canApplyRegionalPreference: boolean;
  hasPreQualification: boolean;
  isAllowedParticipantNonPreQualification: boolean;
  proposalsStartDateTime: string | null;
  proposalsEndDateTime: string | null;
  canIndicateQualificationDocument: boolean;
  qualificationDocumentRequired: string[];
  smallCompanyDeclarations: string[];
  regionalPreferenceDeclarations: { id: string }[];
}

export interface InitialBidsRead {
  auctionNotice: InitialBidsNotice;
  supplier: {
    id: string;
    isSmallBusiness: boolean;
    subscriptionEndDate: string | null;
    availableCredits: number;
    /** The supplier's own registration (issue 13); absent in older answers means approved. */
    registrationStatus?: SupplierRegistrationStatus;
  };
  proposal: {
    hasProposal: boolean;
    canApplyAutomaticBid: boolean;
    hasRegionalPreferenceDeclaration: boolean;
    hasBigCompanyAutomaticBidDeclaration: boolean;
    hasSecretPhaseDeclaration: boolean;
    termsAcceptedAt: string | null;
    creditUsedAt: string | null;
  };
  isEnabledSupplier: boolean;
  isPreQualifiedSupplier: boolean;
  canSendInitialBids: boolean;
}

export interface OwnBid {
  id: string;
  batch: { id: string };
  unitPrice: number | null;
  totalPrice: number | null;
  finalPrice: number | null;
  variationPrice: number | null;
  percentDiscount: number | null;
  percentFinalDiscount: number | null;
  percentVariation: number | null;
  quantity: number | null;
  brand: string | null;
  canApplyAutomaticBid: boolean;
}

export interface LotItem {
  id: string;
  item: number;
  product: { name: string; technicalDescription: string | null };
  quantity: number;
  measurementUnit: string | null;
  referencePrice: number | null;
  decimalsNumber: number;
}

/** A lot head row (item 1) of app/initialBids/batches. */
export interface InitialBidLotRow {
  id: string;
  number: number;
  item: number;
  product: { name: string; technicalDescription: string | null };
  productName: string;
  quantity: number;
  measurementUnit: string | null;
  referencePrice: number | null;
  minimumVariation: number;
  percentMinimumVariation: number;
  decimalsNumber: number;
  isProductBrandRequired: 0 | 1;
  batchItemParticipation: string;
  dispensationForm: string;
  phase: string;
  hasManyItems: boolean;
  items: LotItem[];
  bids: OwnBid[];
}

/** A document of the supplier's library (app/supplier/qualificationDocumentsList). */
export interface LibraryDocument {
  id: string;
  name: string;
  url: string;
  description: string | null;
  kind: string;
  documentClass?: string | null;
  createdDate: string;
  sentDatetime?: string | null;
}
