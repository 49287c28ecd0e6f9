// Defaults of a new notice (notices-and-accounts §3 "Defaults of the create form", §9 "Defaults
// for a new notice by modality").
import type { ClosingKind, JudgementCriterion, LicensePhase, OfferKind } from "../enums/judgement";
import { type Modality, modalityGroup } from "../enums/modality";
import type { ProcessParticipation } from "../enums/participation";
import type { SubModality } from "../enums/sub-modality";
import { daysDueToServer } from "./notice-conversions";
import {
  allowedClosingKinds,
  allowedJudgementCriteria,
  allowedLicensePhases,
  SUB_MODALITIES_BY_MODALITY,
} from "./notice-options";

export interface NoticeFlags {
  shouldDiscloseReferencePrice: boolean;
  canApplyTiebreaker: boolean;
  canPublishOnPncp: boolean;
  isInitialProposalsRequired: boolean;
  isTechnicalDataSheetAttachmentRequired: boolean;
  isBidsAutomaticStart: boolean;
  isSrp: boolean;
  canIndicateQualificationDocument: boolean;
  canApplyRegionalPreference: boolean;
  canShowProcessResult: boolean;
  isAllowedChangeQuantity: boolean;
  isProposalGuaranteeRequired: boolean;
  hasPreQualification: boolean;
  isAllowedParticipantNonPreQualification: boolean;
}

/** The flags of the create form (§3): four set true, the rest false. */
export const NOTICE_FORM_FLAG_DEFAULTS: Readonly<NoticeFlags> = {
  shouldDiscloseReferencePrice: true,
  canApplyTiebreaker: true,
  canPublishOnPncp: true,
  isInitialProposalsRequired: true,
  isTechnicalDataSheetAttachmentRequired: false,
  isBidsAutomaticStart: false,
  isSrp: false,
  canIndicateQualificationDocument: false,
  canApplyRegionalPreference: false,
  canShowProcessResult: false,
  isAllowedChangeQuantity: false,
  isProposalGuaranteeRequired: false,
  hasPreQualification: false,
  isAllowedParticipantNonPreQualification: false,
};

/**
 * The other reading (§9 "canPublishOnPncp true; isInitialProposalsRequired true; other flags
 * false"), which §3 itself notes disagrees on shouldDiscloseReferencePrice and canApplyTiebreaker.
 * Not used by newNoticeDefaults, which follows the create form (§3); kept for whoever must
 * reproduce the per-modality defaults exactly.
 */
export const NOTICE_SECTION_9_FLAG_DEFAULTS: Readonly<NoticeFlags> = {
  ...NOTICE_FORM_FLAG_DEFAULTS,
  shouldDiscloseReferencePrice: false,
  canApplyTiebreaker: false,
};

/** The create form's values (§3), in the units the form shows: daysDue in months, bidDuration in minutes. */
export const NOTICE_FORM_DEFAULTS = {
  modality: "ELECTRONIC_AUCTION",
  subModality: "SALE",
  dispensationForm: "LOWEST_PRICE",
  closingKind: "OPEN",
  offerKind: "UNIT_VALUE",
  auctionLicensePhase: "BEFORE_BID",
  processParticipation: "BROAD",
  daysDue: 12,
  bidDuration: 360,
  amountBidsAutomaticStart: 0,
} as const satisfies {
  modality: Modality;
  subModality: SubModality;
  dispensationForm: JudgementCriterion;
  closingKind: ClosingKind;
  offerKind: OfferKind;
  auctionLicensePhase: LicensePhase;
  processParticipation: ProcessParticipation;
  daysDue: number;
  bidDuration: number;
  amountBidsAutomaticStart: number;
};

export interface NoticeDefaults extends NoticeFlags {
  modality: Modality;
  subModality: SubModality;
  dispensationForm: JudgementCriterion;
  closingKind: ClosingKind;
  offerKind: OfferKind;
  auctionLicensePhase: LicensePhase;
  processParticipation: ProcessParticipation;
  /** Stored value: days, except ELECTRONIC_AUCTION whose daysDue is kept as entered. */
  daysDue: number;
  /** Stored value, in minutes. */
  bidDuration: number;
  amountBidsAutomaticStart: number;
  /** HH:mm, only where §9 fixes it (the dispenser); otherwise the form uses the current time. */
  startTime: string | null;
  processEndingTime: string | null;
  qualificationDocumentRequired: string[];
  othersDocumentsClassesRequired: { id: number }[];
}

const DISPENSER_START_TIME = "08:00";
const DISPENSER_BID_DURATION_MINUTES = 6 * 60;

function addMinutes(hhmm: string, minutes: number): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * The values of a new notice of this modality and sub-modality (default: the modality's first).
 * Starts from the create form (§3), applies the §9 overrides (electronic auction, dispenser, direct
 * modalities, FLUID_MARKETS) and keeps every choice within the §9 option tables: a forced AFTER_BID
 * license phase, and the first allowed criterion or closing kind when the form's default is not
 * offered. Stored units: daysDue in days (months × 30.417, except ELECTRONIC_AUCTION), bidDuration in
 * minutes.
 */
export function newNoticeDefaults(modality: Modality, subModality?: SubModality): NoticeDefaults {
  const allowedSubs = SUB_MODALITIES_BY_MODALITY[modality];
  const sub = subModality ?? (allowedSubs[0] as SubModality);
  if (!allowedSubs.includes(sub)) {
    throw new RangeError(`submodalidade ${sub} não se aplica à modalidade ${modality}`);
  }

  const d: NoticeDefaults = {
    ...NOTICE_FORM_FLAG_DEFAULTS,
    modality,
    subModality: sub,
    dispensationForm: NOTICE_FORM_DEFAULTS.dispensationForm,
    closingKind: NOTICE_FORM_DEFAULTS.closingKind,
    offerKind: NOTICE_FORM_DEFAULTS.offerKind,
    auctionLicensePhase: NOTICE_FORM_DEFAULTS.auctionLicensePhase,
    processParticipation: NOTICE_FORM_DEFAULTS.processParticipation,
    daysDue: daysDueToServer(modality, NOTICE_FORM_DEFAULTS.daysDue),
    bidDuration: NOTICE_FORM_DEFAULTS.bidDuration,
    amountBidsAutomaticStart: NOTICE_FORM_DEFAULTS.amountBidsAutomaticStart,
    startTime: null,
    processEndingTime: null,
    qualificationDocumentRequired: [],
    othersDocumentsClassesRequired: [],
  };

  if (modality === "ELECTRONIC_AUCTION") {
    d.bidDuration = 10;
    d.dispensationForm = "BIGGEST_PRICE";
  }
  if (modality === "ELECTRONIC_DISPENSER") {
    d.bidDuration = DISPENSER_BID_DURATION_MINUTES;
    d.startTime = DISPENSER_START_TIME;
    d.processEndingTime = addMinutes(DISPENSER_START_TIME, DISPENSER_BID_DURATION_MINUTES);
    d.closingKind = "TIMED";
  }
  if (modalityGroup(modality) === "DIRECT") {
    d.canShowProcessResult = false;
    d.isAllowedChangeQuantity = false;
  }
  if (sub === "FLUID_MARKETS") {
    d.shouldDiscloseReferencePrice = true;
    d.isSrp = false;
    d.canShowProcessResult = true;
    d.isAllowedChangeQuantity = true;
  }

  const phases = allowedLicensePhases(modality);
  if (!phases.includes(d.auctionLicensePhase)) d.auctionLicensePhase = phases[0] as LicensePhase;
  const criteria = allowedJudgementCriteria(modality, d.auctionLicensePhase);
  if (!criteria.includes(d.dispensationForm)) d.dispensationForm = criteria[0] as JudgementCriterion;
  // Direct and formalization modalities have no closing kind to choose; the form's OPEN stays.
  const closings = allowedClosingKinds(modality, { subModality: sub, criterion: d.dispensationForm });
  if (closings.length > 0 && !closings.includes(d.closingKind)) d.closingKind = closings[0] as ClosingKind;

  return d;
}
