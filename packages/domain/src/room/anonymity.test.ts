import { describe, expect, it } from "vitest";
import type { LicensePhase } from "../enums/judgement";
import { LOT_PHASES, type LotPhase } from "../enums/lot-phase";
import type { Modality } from "../enums/modality";
import {
  anonymousBidderName,
  areIdentitiesHidden,
  areProposalsHidden,
  areQualificationDocumentsHidden,
  confidentialPhases,
  ELECTRONIC_DISPENSER_CONFIDENTIAL_PHASES_LISTED_READING,
  isConfidentialPhase,
} from "./anonymity";

// Written out from the spec text, not derived from the implementation.
const OFFERS: LotPhase[] = ["NOT_STARTED", "OPEN_FOR_OFFERS", "CLOSED_FOR_OFFERS"];
const OLD_AFTER: LotPhase[] = [
  ...OFFERS,
  "OFFERS_ANALYSIS",
  "BIDDING",
  "TIEBREAKER",
  "CLOSED_BID",
  "NEGOTIATION",
];
const NEW_BEFORE: LotPhase[] = [...OFFERS, "PUBLIC_SESSION", "TECHNICAL_PROPOSAL_ANALYSIS"];
const NEW_AFTER: LotPhase[] = [...NEW_BEFORE, "BIDDING", "TIEBREAKER", "CLOSED_BID"];
const DISPENSER: LotPhase[] = [
  "NOT_STARTED",
  "OPEN_FOR_OFFERS",
  "CLOSED_FOR_OFFERS",
  "OFFERS_ANALYSIS",
  "TECHNICAL_PROPOSAL_ANALYSIS",
  "PUBLIC_SESSION",
  "BIDDING",
  "TIEBREAKER",
  "CLOSED_BID",
];

const cases: [Modality, LicensePhase | null, LotPhase[]][] = [
  ["PRICES_SUBMISSION", "BEFORE_BID", OFFERS],
  ["PRICES_SUBMISSION", "AFTER_BID", OLD_AFTER],
  ["PRICES_SUBMISSION", null, OLD_AFTER],
  ["ELECTRONIC_REVERSED_AUCTION", "BEFORE_BID", OFFERS],
  ["ELECTRONIC_REVERSED_AUCTION", "AFTER_BID", OLD_AFTER],
  ["ELECTRONIC_COMPETITION", "BEFORE_BID", NEW_BEFORE],
  ["ELECTRONIC_COMPETITION", "AFTER_BID", NEW_AFTER],
  ["NEW_ELECTRONIC_REVERSED_AUCTION", "BEFORE_BID", NEW_BEFORE],
  ["NEW_ELECTRONIC_REVERSED_AUCTION", "AFTER_BID", NEW_AFTER],
  ["NEW_ELECTRONIC_REVERSED_AUCTION", null, NEW_AFTER],
  ["NEW_PRICES_SUBMISSION", "BEFORE_BID", NEW_BEFORE],
  ["NEW_PRICES_SUBMISSION", "AFTER_BID", NEW_AFTER],
  ["ELECTRONIC_DISPENSER", "BEFORE_BID", DISPENSER],
  ["ELECTRONIC_DISPENSER", "AFTER_BID", DISPENSER],
  ["ELECTRONIC_AUCTION", "AFTER_BID", [...DISPENSER, "NEGOTIATION"]],
  ["ELECTRONIC_AUCTION", null, [...DISPENSER, "NEGOTIATION"]],
  ["REVERSED_AUCTION_IN_PERSON", "AFTER_BID", []],
];

describe("§4 Anonymity (confidential) phases", () => {
  for (const [modality, licensePhase, expected] of cases) {
    it.each(LOT_PHASES.map((phase) => [phase, expected.includes(phase)] as const))(
      `${modality} / ${licensePhase ?? "no license phase"}: %s confidential → %s`,
      (phase, confidential) => {
        expect(isConfidentialPhase(modality, licensePhase, phase)).toBe(confidential);
      },
    );
  }

  it("without a selected lot nothing is confidential", () => {
    expect(isConfidentialPhase("ELECTRONIC_AUCTION", null, null)).toBe(false);
  });

  it("ELECTRONIC_DISPENSER uses the 'NOT_STARTED through CLOSED_BID' reading", () => {
    expect([...confidentialPhases("ELECTRONIC_DISPENSER", "AFTER_BID")].sort()).toEqual(
      [...DISPENSER].sort(),
    );
    expect(isConfidentialPhase("ELECTRONIC_DISPENSER", "AFTER_BID", "OFFERS_ANALYSIS")).toBe(true);
    expect(isConfidentialPhase("ELECTRONIC_DISPENSER", "AFTER_BID", "NEGOTIATION")).toBe(false);
  });

  it("the other ELECTRONIC_DISPENSER reading lists exactly the named phases", () => {
    expect([...ELECTRONIC_DISPENSER_CONFIDENTIAL_PHASES_LISTED_READING].sort()).toEqual(
      ["NOT_STARTED", "OPEN_FOR_OFFERS", "CLOSED_FOR_OFFERS", "BIDDING", "TIEBREAKER", "CLOSED_BID"].sort(),
    );
  });
});

describe("identities across lots (numbers are per notice)", () => {
  const M = "NEW_ELECTRONIC_REVERSED_AUCTION";
  it("names stay hidden in every lot while any lot of the notice is confidential", () => {
    // Lot 1 past its bidding, lot 2 still bidding: 'Licitante n' of lot 1 is lot 2's too.
    expect(areIdentitiesHidden(M, "AFTER_BID", ["NEGOTIATION", "BIDDING"])).toBe(true);
    expect(areIdentitiesHidden(M, "AFTER_BID", ["QUALIFICATION", "CLOSED_FOR_OFFERS", "AWARDING"])).toBe(
      true,
    );
  });

  it("names are shown once no lot is confidential (ended lots included)", () => {
    expect(areIdentitiesHidden(M, "AFTER_BID", ["NEGOTIATION", "QUALIFICATION", "DESERTED"])).toBe(false);
    expect(areIdentitiesHidden(M, "AFTER_BID", [])).toBe(false);
  });

  it("follows each modality's confidential phases", () => {
    // NEGOTIATION is confidential in the old procedures, not in the new modalities.
    expect(
      areIdentitiesHidden("ELECTRONIC_REVERSED_AUCTION", "AFTER_BID", ["QUALIFICATION", "NEGOTIATION"]),
    ).toBe(true);
    expect(areIdentitiesHidden(M, "AFTER_BID", ["QUALIFICATION", "NEGOTIATION"])).toBe(false);
    // BEFORE_BID in the old procedures: only the offers window is confidential.
    expect(areIdentitiesHidden("PRICES_SUBMISSION", "BEFORE_BID", ["BIDDING", "NEGOTIATION"])).toBe(false);
  });
});

describe("§4 Visibility by phase", () => {
  it.each<[LicensePhase | null, LotPhase, boolean, boolean]>([
    ["BEFORE_BID", "QUALIFICATION", false, true],
    ["BEFORE_BID", "QUALIFICATION", true, false],
    ["AFTER_BID", "QUALIFICATION", false, false],
    [null, "QUALIFICATION", false, false],
    ["BEFORE_BID", "NEGOTIATION", false, false],
    ["BEFORE_BID", "BIDDING", false, false],
  ])("license %s, phase %s, passed %s → proposals hidden %s", (licensePhase, phase, passed, hidden) => {
    const ctx = { licensePhase, phase, hasPassedByQualification: passed };
    expect(areProposalsHidden(ctx)).toBe(hidden);
    // Qualification documents follow the same rule for anyone but the notice author…
    expect(areQualificationDocumentsHidden(ctx, false)).toBe(hidden);
    // …who always sees them.
    expect(areQualificationDocumentsHidden(ctx, true)).toBe(false);
  });

  it("an absent hasPassedByQualification reads as not passed", () => {
    expect(areProposalsHidden({ licensePhase: "BEFORE_BID", phase: "QUALIFICATION" })).toBe(true);
  });
});

describe("anonymousBidderName (trading-room §2.5, §2.7; DESIGN §4 'Anonymity')", () => {
  it("names a bidder 'Licitante {n}' by its anonymous number while its identity is hidden", () => {
    // §2.5 chat: "'Licitante {n}' when the name is hidden"; §2.7: "'Licitante {name or anonymous number}'".
    expect(anonymousBidderName(3)).toBe("Licitante 3");
    expect(anonymousBidderName("?")).toBe("Licitante ?");
  });
});
