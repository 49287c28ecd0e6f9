// Confidential phases and phase-based visibility (trading-room §4 "Anonymity (confidential)
// phases" and "Visibility by phase").
import type { LicensePhase } from "../enums/judgement";
import { type LotPhase, phasesBetween } from "../enums/lot-phase";
import type { Modality } from "../enums/modality";

const OFFERS_WINDOW: readonly LotPhase[] = ["NOT_STARTED", "OPEN_FOR_OFFERS", "CLOSED_FOR_OFFERS"];

/** PRICES_SUBMISSION and ELECTRONIC_REVERSED_AUCTION (Decreto 10.024/2019 procedures). */
export const OLD_PROCEDURE_CONFIDENTIAL_PHASES: Record<LicensePhase | "DEFAULT", readonly LotPhase[]> = {
  BEFORE_BID: OFFERS_WINDOW,
  AFTER_BID: [...OFFERS_WINDOW, "OFFERS_ANALYSIS", "BIDDING", "TIEBREAKER", "CLOSED_BID", "NEGOTIATION"],
  DEFAULT: [...OFFERS_WINDOW, "OFFERS_ANALYSIS", "BIDDING", "TIEBREAKER", "CLOSED_BID", "NEGOTIATION"],
};

const NEW_BEFORE_BID: readonly LotPhase[] = [
  ...OFFERS_WINDOW,
  "PUBLIC_SESSION",
  "TECHNICAL_PROPOSAL_ANALYSIS",
];

/** ELECTRONIC_COMPETITION, NEW_ELECTRONIC_REVERSED_AUCTION, NEW_PRICES_SUBMISSION (Lei 14.133/2021). */
export const NEW_MODALITY_CONFIDENTIAL_PHASES: Record<LicensePhase | "DEFAULT", readonly LotPhase[]> = {
  BEFORE_BID: NEW_BEFORE_BID,
  AFTER_BID: [...NEW_BEFORE_BID, "BIDDING", "TIEBREAKER", "CLOSED_BID"],
  DEFAULT: [...NEW_BEFORE_BID, "BIDDING", "TIEBREAKER", "CLOSED_BID"],
};

/**
 * ELECTRONIC_DISPENSER, reading used: "NOT_STARTED through CLOSED_BID". It is the wider of the
 * two readings; any pre-bidding phase a dispensa lot may pass through (offers analysis, public
 * session) then keeps bidders anonymous, as Decreto 10.024/2019 art. 30 §5 and Lei 14.133/2021
 * art. 13 require before bids are closed. Erring on the wide side never leaks an identity.
 */
export const ELECTRONIC_DISPENSER_CONFIDENTIAL_PHASES: readonly LotPhase[] = phasesBetween(
  "NOT_STARTED",
  "CLOSED_BID",
);

/** The other reading of the spec for ELECTRONIC_DISPENSER: only the listed phases. Not used. */
export const ELECTRONIC_DISPENSER_CONFIDENTIAL_PHASES_LISTED_READING: readonly LotPhase[] = [
  ...OFFERS_WINDOW,
  "BIDDING",
  "TIEBREAKER",
  "CLOSED_BID",
];

/** ELECTRONIC_AUCTION (leilão): the dispenser set plus NEGOTIATION. */
export const ELECTRONIC_AUCTION_CONFIDENTIAL_PHASES: readonly LotPhase[] = [
  ...ELECTRONIC_DISPENSER_CONFIDENTIAL_PHASES,
  "NEGOTIATION",
];

/**
 * Phases in which suppliers appear only by their anonymous number. The dispenser and the
 * auction do not depend on the license phase; modalities without a room have none.
 */
export function confidentialPhases(
  modality: Modality,
  licensePhase: LicensePhase | null | undefined,
): readonly LotPhase[] {
  const key = licensePhase ?? "DEFAULT";
  switch (modality) {
    case "PRICES_SUBMISSION":
    case "ELECTRONIC_REVERSED_AUCTION":
      return OLD_PROCEDURE_CONFIDENTIAL_PHASES[key];
    case "ELECTRONIC_COMPETITION":
    case "NEW_ELECTRONIC_REVERSED_AUCTION":
    case "NEW_PRICES_SUBMISSION":
      return NEW_MODALITY_CONFIDENTIAL_PHASES[key];
    case "ELECTRONIC_DISPENSER":
      return ELECTRONIC_DISPENSER_CONFIDENTIAL_PHASES;
    case "ELECTRONIC_AUCTION":
      return ELECTRONIC_AUCTION_CONFIDENTIAL_PHASES;
    default:
      return [];
  }
}

export function isConfidentialPhase(
  modality: Modality,
  licensePhase: LicensePhase | null | undefined,
  phase: LotPhase | null | undefined,
): boolean {
  return phase !== null && phase !== undefined && confidentialPhases(modality, licensePhase).includes(phase);
}

/**
 * Whether the room may pair a supplier's name (or document) with its anonymous number now, in any
 * lot of the notice: only once no lot is in a confidential phase. Anonymous numbers are per notice
 * (DESIGN §4 "Anonymity"), so a name shown beside 'Licitante 3' in a lot past its bidding would
 * unmask 'Licitante 3' in every lot still to be bid; until the last lot leaves its confidential
 * phases every lot shows only the numbers. `lotPhases`: the phases of all the notice's lots.
 * This is the one identity rule: every view, list, file and system text that may name a supplier
 * asks it.
 */
export function areIdentitiesHidden(
  modality: Modality,
  licensePhase: LicensePhase | null | undefined,
  lotPhases: Iterable<LotPhase | string | null | undefined>,
): boolean {
  for (const phase of lotPhases)
    if (isConfidentialPhase(modality, licensePhase, phase as LotPhase)) return true;
  return false;
}

export interface PhaseVisibilityContext {
  licensePhase?: LicensePhase | null;
  phase: LotPhase | null;
  hasPassedByQualification?: boolean;
}

/**
 * Proposals are hidden only while qualification runs before the bids (BEFORE_BID, Lei
 * 14.133/2021 art. 17 §1) and the lot has not passed it: prices must stay sealed until bidding.
 */
export function areProposalsHidden(ctx: PhaseVisibilityContext): boolean {
  return ctx.licensePhase === "BEFORE_BID" && ctx.phase === "QUALIFICATION" && !ctx.hasPassedByQualification;
}

/** Same rule as proposals, but the notice author always sees them: they judge the qualification. */
export function areQualificationDocumentsHidden(ctx: PhaseVisibilityContext, noticeAuthor: boolean): boolean {
  return !noticeAuthor && areProposalsHidden(ctx);
}

/**
 * A bidder as the room names it while its identity is confidential: 'Licitante {n}', its anonymous
 * number in the notice (trading-room §2.5 chat and mentions, §2.7 documents; DESIGN §4 "Anonymity").
 */
export const anonymousBidderName = (anonymousNumber: number | string): string =>
  `Licitante ${anonymousNumber}`;
