// Which law clauses each modality offers (notices-and-accounts §7 app/lawClause/list {modality},
// app/lawClause/getLawsClauses {modality, legislationId, subModality}). Every clause belongs to one
// of the legislations the modality lists in §9 (see notice/notice-options.ts).
import type { Modality } from "../enums/modality";
import type { SubModality } from "../enums/sub-modality";
import { LAW_CLAUSES, type LawClause, type LawClauseCode } from "./law-clauses";
import type { LegislationCode } from "./legislation";

const ART75: readonly LawClauseCode[] = [
  "LEI_14133_2021_ART75_I",
  "LEI_14133_2021_ART75_II",
  "LEI_14133_2021_ART75_III",
  "LEI_14133_2021_ART75_IV_A",
  "LEI_14133_2021_ART75_IV_C",
  "LEI_14133_2021_ART75_IV_E",
  "LEI_14133_2021_ART75_IV_J",
  "LEI_14133_2021_ART75_IV_K",
  "LEI_14133_2021_ART75_IV_M",
  "LEI_14133_2021_ART75_V",
  "LEI_14133_2021_ART75_VII",
  "LEI_14133_2021_ART75_VIII",
  "LEI_14133_2021_ART75_IX",
  "LEI_14133_2021_ART75_XIV",
  "LEI_14133_2021_ART75_XV",
];
const DISPENSER: readonly LawClauseCode[] = [...ART75, "LEI_11947_2009_ART14_P1", "LEI_13979_2020_ART4"];
const WAIVER: readonly LawClauseCode[] = [
  ...DISPENSER,
  "LEI_13303_2016_ART29_I",
  "LEI_13303_2016_ART29_II",
  "LEI_13303_2016_ART29_III",
  "LEI_13303_2016_ART29_IV",
  "LEI_13303_2016_ART29_V",
  "LEI_13303_2016_ART29_XV",
];
const NONENFORCEMENT: readonly LawClauseCode[] = [
  "LEI_14133_2021_ART74_I",
  "LEI_14133_2021_ART74_II",
  "LEI_14133_2021_ART74_III",
  "LEI_14133_2021_ART74_IV",
  "LEI_14133_2021_ART74_V",
  "LEI_13303_2016_ART30_I",
  "LEI_13303_2016_ART30_II",
];
const ACCREDITATION: readonly LawClauseCode[] = [
  "LEI_14133_2021_ART79_I",
  "LEI_14133_2021_ART79_II",
  "LEI_14133_2021_ART74_IV",
  "LEI_13303_2016_ART30_CAPUT",
];
const FLUID_MARKETS: readonly LawClauseCode[] = ["LEI_14133_2021_ART79_III"];
const PRE_QUALIFICATION: readonly LawClauseCode[] = [
  "LEI_14133_2021_ART80_I",
  "LEI_14133_2021_ART80_II",
  "LEI_13303_2016_ART64_I",
  "LEI_13303_2016_ART64_II",
];
const REVERSED_AUCTION: readonly LawClauseCode[] = ["LEI_14133_2021_ART28_I", "LEI_13303_2016_ART32_IV"];
const COMPETITION: readonly LawClauseCode[] = ["LEI_14133_2021_ART28_II", "LEI_13303_2016_ART51"];

export const LAW_CLAUSES_BY_MODALITY: Record<Modality, readonly LawClauseCode[]> = {
  ELECTRONIC_AUCTION: ["LEI_14133_2021_ART28_IV", "LEI_13303_2016_ART49"],
  ELECTRONIC_DISPENSER: DISPENSER,
  ELECTRONIC_COMPETITION: COMPETITION,
  NEW_ELECTRONIC_REVERSED_AUCTION: REVERSED_AUCTION,
  NEW_PRICES_SUBMISSION: COMPETITION,
  ELECTRONIC_REVERSED_AUCTION: ["LEI_10520_2002_ART1", ...REVERSED_AUCTION],
  PRICES_SUBMISSION: ["LEI_8666_1993_ART22_II", ...COMPETITION],
  DIRECT_WAIVER_FORMALIZATION: WAIVER,
  DIRECT_ACCREDITATION: [...ACCREDITATION, ...FLUID_MARKETS],
  DIRECT_PRE_QUALIFICATION: PRE_QUALIFICATION,
  DIRECT_NONENFORCEMENT: NONENFORCEMENT,
  WAIVER_FORMALIZATION: WAIVER,
  NONENFORCEMENT,
  ACCREDITATION: [...ACCREDITATION, ...FLUID_MARKETS],
  PRE_QUALIFICATION,
  REVERSED_AUCTION_IN_PERSON: REVERSED_AUCTION,
  COMPETITION_IN_PERSON: COMPETITION,
  COMPETITIVE_DIALOGUE: ["LEI_14133_2021_ART28_V"],
  AUCTION_IN_PERSON: ["LEI_14133_2021_ART28_IV"],
};

/**
 * The clauses offered for a modality, optionally narrowed to one legislation. A direct accreditation
 * for fluid markets offers only art. 79, III; any other direct accreditation offers the other
 * credenciamento hypotheses.
 */
export function lawClausesFor(
  modality: Modality,
  options: { legislation?: LegislationCode; subModality?: SubModality } = {},
): LawClause[] {
  let codes = LAW_CLAUSES_BY_MODALITY[modality];
  if (modality === "DIRECT_ACCREDITATION") {
    codes = options.subModality === "FLUID_MARKETS" ? FLUID_MARKETS : ACCREDITATION;
  }
  return LAW_CLAUSES.filter(
    (c) =>
      codes.includes(c.code) && (options.legislation === undefined || c.legislation === options.legislation),
  );
}
