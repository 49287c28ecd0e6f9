// The per-modality option tables of the notice form (notices-and-accounts §9 "Sub-modalities by
// modality", "Judgement criteria", "Closing kinds per modality", "License phase", "Legislation
// lists per modality"; §2.5 responsible-person label).
import type { ClosingKind, JudgementCriterion, LicensePhase } from "../enums/judgement";
import { MODALITIES_BY_GROUP, type Modality, modalityGroup } from "../enums/modality";
import { SPECIAL_OR_CONSTRUCTION_SUB_MODALITIES, type SubModality } from "../enums/sub-modality";
import type { LegislationIdentifier } from "../reference/legislation";

// ---- Sub-modalities -------------------------------------------------------------------------

const SALE_ONLY: readonly SubModality[] = ["SALE"];
const GOODS_OR_SERVICES: readonly SubModality[] = ["GOODS_ACQUISITION", "HIRING_SERVICES"];
const REVERSED_AUCTION_SUBS: readonly SubModality[] = [
  "GOODS_ACQUISITION",
  "HIRING_SERVICES",
  "HIRING_COMMON_ENGINEERING_SERVICES",
];
const COMPETITION_SUBS: readonly SubModality[] = [
  "GOODS_ACQUISITION",
  "SPECIAL_GOODS_ACQUISITION",
  "HIRING_SERVICES",
  "HIRING_SPECIAL_SERVICES",
  "HIRING_COMMON_ENGINEERING_SERVICES",
  "HIRING_SPECIAL_ENGINEERING_SERVICES",
  "CONSTRUCTION",
  "SPECIAL_CONSTRUCTION",
];

/**
 * §9 does not list DIRECT_WAIVER_FORMALIZATION, DIRECT_PRE_QUALIFICATION or DIRECT_NONENFORCEMENT;
 * planning §4 gives the first two goods / services, and the third follows them.
 */
export const SUB_MODALITIES_BY_MODALITY: Record<Modality, readonly SubModality[]> = {
  ELECTRONIC_AUCTION: SALE_ONLY,
  AUCTION_IN_PERSON: SALE_ONLY,
  NEW_ELECTRONIC_REVERSED_AUCTION: REVERSED_AUCTION_SUBS,
  REVERSED_AUCTION_IN_PERSON: REVERSED_AUCTION_SUBS,
  ELECTRONIC_COMPETITION: COMPETITION_SUBS,
  COMPETITION_IN_PERSON: COMPETITION_SUBS,
  NEW_PRICES_SUBMISSION: COMPETITION_SUBS,
  COMPETITIVE_DIALOGUE: COMPETITION_SUBS,
  ELECTRONIC_REVERSED_AUCTION: GOODS_OR_SERVICES,
  PRICES_SUBMISSION: GOODS_OR_SERVICES,
  ELECTRONIC_DISPENSER: GOODS_OR_SERVICES,
  WAIVER_FORMALIZATION: GOODS_OR_SERVICES,
  NONENFORCEMENT: GOODS_OR_SERVICES,
  ACCREDITATION: GOODS_OR_SERVICES,
  PRE_QUALIFICATION: GOODS_OR_SERVICES,
  DIRECT_WAIVER_FORMALIZATION: GOODS_OR_SERVICES,
  DIRECT_PRE_QUALIFICATION: GOODS_OR_SERVICES,
  DIRECT_NONENFORCEMENT: GOODS_OR_SERVICES,
  DIRECT_ACCREDITATION: [...GOODS_OR_SERVICES, "FLUID_MARKETS"],
};

export function isSubModalityAllowed(modality: Modality, subModality: SubModality): boolean {
  return SUB_MODALITIES_BY_MODALITY[modality].includes(subModality);
}

// ---- Judgement criteria ---------------------------------------------------------------------

const PRICE_CRITERIA: readonly JudgementCriterion[] = ["LOWEST_PRICE", "BIGGEST_DISCOUNT", "BIGGEST_PRICE"];

/**
 * Criteria offered per modality (§9 "Criteria allowed per modality"). The electronic competition
 * offers TECHNIQUE_AND_PRICE only when the license phase is not BEFORE_BID. §9 does not list the
 * direct and formalization modalities; being direct contracting, they get the dispenser's criteria.
 */
export function allowedJudgementCriteria(
  modality: Modality,
  licensePhase: LicensePhase = "BEFORE_BID",
): readonly JudgementCriterion[] {
  switch (modality) {
    case "ELECTRONIC_AUCTION":
    case "AUCTION_IN_PERSON":
      return ["BIGGEST_PRICE"];
    case "ELECTRONIC_REVERSED_AUCTION":
    case "NEW_ELECTRONIC_REVERSED_AUCTION":
    case "REVERSED_AUCTION_IN_PERSON":
    case "PRICES_SUBMISSION":
    case "NEW_PRICES_SUBMISSION":
      return PRICE_CRITERIA;
    case "ELECTRONIC_COMPETITION":
      return licensePhase === "BEFORE_BID" ? PRICE_CRITERIA : [...PRICE_CRITERIA, "TECHNIQUE_AND_PRICE"];
    case "COMPETITION_IN_PERSON":
      return [...PRICE_CRITERIA, "TECHNIQUE_AND_PRICE"];
    case "COMPETITIVE_DIALOGUE":
      return [
        "LOWEST_PRICE",
        "BIGGEST_DISCOUNT",
        "TECHNIQUE_AND_PRICE",
        "BEST_TECHNICAL",
        "ARTISTIC_CONTENT",
        "GREATER_ECONOMIC_RETURN",
        "BIGGEST_PRICE",
      ];
    default:
      return ["LOWEST_PRICE", "BIGGEST_DISCOUNT"];
  }
}

// ---- Closing kinds --------------------------------------------------------------------------

/**
 * Closing kinds per modality (§9). NEW_PRICES_SUBMISSION adds CLOSED for the special and
 * construction sub-modalities; an electronic or in-person competition judged by technique and
 * price offers only CLOSED. Direct and formalization modalities have no bidding, so no closing kind.
 */
export function allowedClosingKinds(
  modality: Modality,
  options: { subModality?: SubModality; criterion?: JudgementCriterion } = {},
): readonly ClosingKind[] {
  switch (modality) {
    case "ELECTRONIC_AUCTION":
      return ["OPEN", "OPEN_TIMED"];
    case "AUCTION_IN_PERSON":
      return ["OPEN", "MANUAL_CLOSING"];
    case "ELECTRONIC_DISPENSER":
      return ["TIMED"];
    case "ELECTRONIC_REVERSED_AUCTION":
    case "PRICES_SUBMISSION":
      return ["OPEN", "OPEN_AND_CLOSED"];
    case "NEW_ELECTRONIC_REVERSED_AUCTION":
    case "REVERSED_AUCTION_IN_PERSON":
      return ["OPEN", "OPEN_AND_CLOSED", "CLOSED_AND_OPEN"];
    case "NEW_PRICES_SUBMISSION":
      return options.subModality && SPECIAL_OR_CONSTRUCTION_SUB_MODALITIES.includes(options.subModality)
        ? ["OPEN", "OPEN_AND_CLOSED", "CLOSED_AND_OPEN", "CLOSED"]
        : ["OPEN", "OPEN_AND_CLOSED", "CLOSED_AND_OPEN"];
    case "ELECTRONIC_COMPETITION":
    case "COMPETITION_IN_PERSON":
      return options.criterion === "TECHNIQUE_AND_PRICE"
        ? ["CLOSED"]
        : ["OPEN", "OPEN_AND_CLOSED", "CLOSED_AND_OPEN", "CLOSED"];
    case "COMPETITIVE_DIALOGUE":
      return ["OPEN", "OPEN_AND_CLOSED", "CLOSED_AND_OPEN", "CLOSED"];
    default:
      return [];
  }
}

// ---- License phase --------------------------------------------------------------------------

/** Modalities whose license phase is always AFTER_BID (§9 "License phase"). */
export const FORCED_AFTER_BID_MODALITIES: readonly Modality[] = [
  "ELECTRONIC_AUCTION",
  "ELECTRONIC_REVERSED_AUCTION",
  "PRICES_SUBMISSION",
  "ELECTRONIC_DISPENSER",
  "DIRECT_WAIVER_FORMALIZATION",
  "DIRECT_NONENFORCEMENT",
];

export function allowedLicensePhases(
  modality: Modality,
  criterion?: JudgementCriterion,
): readonly LicensePhase[] {
  if (FORCED_AFTER_BID_MODALITIES.includes(modality)) return ["AFTER_BID"];
  if (modality === "ELECTRONIC_COMPETITION" && criterion === "TECHNIQUE_AND_PRICE") return ["AFTER_BID"];
  return ["BEFORE_BID", "AFTER_BID"];
}

// ---- Legislation ----------------------------------------------------------------------------

const ONLY_14133: readonly LegislationIdentifier[] = ["14.133/2021"];
const NEW_LAWS: readonly LegislationIdentifier[] = ["14.133/2021", "13.303/2016"];
// §9 writes '12.663/2011'; the act is Lei nº 12.663 of 5 June 2012 (as §2.1 lists it).
const LEGACY_LAWS: readonly LegislationIdentifier[] = [
  "13.303/2016",
  "12.865/2013",
  "12.663/2012",
  "8.666/1993",
  "14.133/2021",
  "10.520/2002",
  "11.652/2008",
  "11.947/2009",
  "12.462/2011",
  "12.512/2011",
  "12.873/2013",
];
const DISPENSER_LAWS: readonly LegislationIdentifier[] = [
  "14.133/2021",
  "10.847/2004",
  "11.516/2007",
  "11.652/2008",
  "11.759/2008",
  "12.865/2013",
  "12.873/2013",
  "11.947/2009",
  "13.529/2017",
  "13.979/2020",
  "8.629/1993",
  "1.221/2024",
];

/** The legislation options of a notice, as law identifiers (§9 "Legislation lists per modality"). */
export function legislationsFor(
  modality: Modality,
  subModality?: SubModality,
): readonly LegislationIdentifier[] {
  switch (modality) {
    case "AUCTION_IN_PERSON":
    case "COMPETITIVE_DIALOGUE":
      return ONLY_14133;
    case "DIRECT_ACCREDITATION":
      return subModality === "FLUID_MARKETS" ? ONLY_14133 : NEW_LAWS;
    case "ELECTRONIC_REVERSED_AUCTION":
    case "PRICES_SUBMISSION":
      return LEGACY_LAWS;
    case "ELECTRONIC_DISPENSER":
      return DISPENSER_LAWS;
    case "WAIVER_FORMALIZATION":
    case "DIRECT_WAIVER_FORMALIZATION":
      return [...DISPENSER_LAWS, "13.303/2016"];
    case "DIRECT_PRE_QUALIFICATION":
      return ["14.133/2021", "13.303/2016", "11.947/2009"];
    default:
      return NEW_LAWS;
  }
}

// ---- Labels and groups ----------------------------------------------------------------------

const CONTRACTING_AGENT_MODALITIES: readonly Modality[] = [
  "ELECTRONIC_DISPENSER",
  ...MODALITIES_BY_GROUP.FORMALIZATION,
  ...MODALITIES_BY_GROUP.DIRECT,
  "ELECTRONIC_COMPETITION",
  "PRICES_SUBMISSION",
];

/** Label of the responsible-person field (§2.5), verbatim. */
export function responsiblePersonLabel(modality: Modality): string {
  if (modality === "ELECTRONIC_AUCTION") return "Nome do leiloeiro";
  if (CONTRACTING_AGENT_MODALITIES.includes(modality)) return "Nome do Agente de Contratação responsável";
  return "Nome do pregoeiro responsável";
}

/** The in-person modalities (§9 "Modalities"; §4 'Finalizar' and 'Inserir Resultados'). */
export const IN_PERSON_MODALITIES: readonly Modality[] = MODALITIES_BY_GROUP.IN_PERSON;

export const isInPersonModality = (modality: Modality): boolean => IN_PERSON_MODALITIES.includes(modality);

/** Modalities that send a lawClause with the notice (§7 "Notice payload rules"). */
export function lawClauseApplies(modality: Modality): boolean {
  const group = modalityGroup(modality);
  return (
    group === "FORMALIZATION" ||
    group === "DIRECT" ||
    modality === "NEW_PRICES_SUBMISSION" ||
    modality === "ELECTRONIC_DISPENSER"
  );
}

/** After the lots, formalizations go to the winners step; every other modality to the documents step (§2.6). */
export function hasWinnersStep(modality: Modality): boolean {
  return modalityGroup(modality) === "FORMALIZATION";
}

/** 'amountBidsAutomaticStart' options (§9 "Defaults for a new notice by modality"). */
export const AMOUNT_BIDS_AUTOMATIC_START_OPTIONS = [5, 10, 15, 20] as const;
