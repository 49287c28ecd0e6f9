import { describe, expect, it } from "vitest";
import { MODALITIES } from "../enums/modality";
import { SUB_MODALITIES } from "../enums/sub-modality";
import { LEGISLATIONS } from "../reference/legislation";
import {
  AMOUNT_BIDS_AUTOMATIC_START_OPTIONS,
  allowedClosingKinds,
  allowedJudgementCriteria,
  allowedLicensePhases,
  FORCED_AFTER_BID_MODALITIES,
  hasWinnersStep,
  IN_PERSON_MODALITIES,
  isInPersonModality,
  isSubModalityAllowed,
  lawClauseApplies,
  legislationsFor,
  responsiblePersonLabel,
  SUB_MODALITIES_BY_MODALITY,
} from "./notice-options";

const COMPETITION_SUBS = [
  "GOODS_ACQUISITION",
  "SPECIAL_GOODS_ACQUISITION",
  "HIRING_SERVICES",
  "HIRING_SPECIAL_SERVICES",
  "HIRING_COMMON_ENGINEERING_SERVICES",
  "HIRING_SPECIAL_ENGINEERING_SERVICES",
  "CONSTRUCTION",
  "SPECIAL_CONSTRUCTION",
];

describe("sub-modalities by modality (notices-and-accounts §9)", () => {
  it("gives every modality at least one sub-modality", () => {
    for (const m of MODALITIES) expect(SUB_MODALITIES_BY_MODALITY[m].length, m).toBeGreaterThan(0);
  });

  it("offers only SALE to the auctions", () => {
    expect(SUB_MODALITIES_BY_MODALITY.ELECTRONIC_AUCTION).toEqual(["SALE"]);
    expect(SUB_MODALITIES_BY_MODALITY.AUCTION_IN_PERSON).toEqual(["SALE"]);
  });

  it("offers goods, services and common engineering to the new and in-person reversed auctions", () => {
    const expected = ["GOODS_ACQUISITION", "HIRING_SERVICES", "HIRING_COMMON_ENGINEERING_SERVICES"];
    expect(SUB_MODALITIES_BY_MODALITY.NEW_ELECTRONIC_REVERSED_AUCTION).toEqual(expected);
    expect(SUB_MODALITIES_BY_MODALITY.REVERSED_AUCTION_IN_PERSON).toEqual(expected);
  });

  it("offers the eight sub-modalities to competitions, new price submission and competitive dialogue", () => {
    for (const m of [
      "ELECTRONIC_COMPETITION",
      "COMPETITION_IN_PERSON",
      "NEW_PRICES_SUBMISSION",
      "COMPETITIVE_DIALOGUE",
    ] as const) {
      expect(SUB_MODALITIES_BY_MODALITY[m], m).toEqual(COMPETITION_SUBS);
    }
  });

  it("offers goods / services to legacy, dispenser and formalization modalities", () => {
    for (const m of [
      "ELECTRONIC_REVERSED_AUCTION",
      "PRICES_SUBMISSION",
      "ELECTRONIC_DISPENSER",
      "WAIVER_FORMALIZATION",
      "NONENFORCEMENT",
      "ACCREDITATION",
      "PRE_QUALIFICATION",
    ] as const) {
      expect(SUB_MODALITIES_BY_MODALITY[m], m).toEqual(["GOODS_ACQUISITION", "HIRING_SERVICES"]);
    }
  });

  it("adds FLUID_MARKETS only for DIRECT_ACCREDITATION", () => {
    expect(SUB_MODALITIES_BY_MODALITY.DIRECT_ACCREDITATION).toEqual([
      "GOODS_ACQUISITION",
      "HIRING_SERVICES",
      "FLUID_MARKETS",
    ]);
    const withFluid = MODALITIES.filter((m) => isSubModalityAllowed(m, "FLUID_MARKETS"));
    expect(withFluid).toEqual(["DIRECT_ACCREDITATION"]);
  });

  it("uses every sub-modality somewhere", () => {
    const used = new Set(MODALITIES.flatMap((m) => SUB_MODALITIES_BY_MODALITY[m]));
    expect([...used].sort()).toEqual([...SUB_MODALITIES].sort());
  });
});

describe("judgement criteria per modality (notices-and-accounts §9 'Criteria allowed per modality')", () => {
  it("offers lowest price and biggest discount to the dispenser", () => {
    expect(allowedJudgementCriteria("ELECTRONIC_DISPENSER")).toEqual(["LOWEST_PRICE", "BIGGEST_DISCOUNT"]);
  });

  it("offers lowest price, biggest discount and biggest price to reversed auctions and price submissions", () => {
    for (const m of [
      "ELECTRONIC_REVERSED_AUCTION",
      "NEW_ELECTRONIC_REVERSED_AUCTION",
      "REVERSED_AUCTION_IN_PERSON",
      "PRICES_SUBMISSION",
      "NEW_PRICES_SUBMISSION",
    ] as const) {
      expect(allowedJudgementCriteria(m), m).toEqual(["LOWEST_PRICE", "BIGGEST_DISCOUNT", "BIGGEST_PRICE"]);
    }
  });

  it("adds technique and price to the electronic competition only outside BEFORE_BID", () => {
    expect(allowedJudgementCriteria("ELECTRONIC_COMPETITION", "BEFORE_BID")).not.toContain(
      "TECHNIQUE_AND_PRICE",
    );
    expect(allowedJudgementCriteria("ELECTRONIC_COMPETITION", "AFTER_BID")).toContain("TECHNIQUE_AND_PRICE");
    expect(allowedJudgementCriteria("ELECTRONIC_COMPETITION", "AFTER_BID")).toHaveLength(4);
  });

  it("adds technique and price to the in-person competition", () => {
    expect(allowedJudgementCriteria("COMPETITION_IN_PERSON")).toEqual([
      "LOWEST_PRICE",
      "BIGGEST_DISCOUNT",
      "BIGGEST_PRICE",
      "TECHNIQUE_AND_PRICE",
    ]);
  });

  it("offers only biggest price to auctions and all seven to the competitive dialogue", () => {
    expect(allowedJudgementCriteria("ELECTRONIC_AUCTION")).toEqual(["BIGGEST_PRICE"]);
    expect(allowedJudgementCriteria("AUCTION_IN_PERSON")).toEqual(["BIGGEST_PRICE"]);
    expect(allowedJudgementCriteria("COMPETITIVE_DIALOGUE")).toHaveLength(7);
  });

  it("gives the unlisted direct and formalization modalities the dispenser's criteria", () => {
    expect(allowedJudgementCriteria("DIRECT_ACCREDITATION")).toEqual(["LOWEST_PRICE", "BIGGEST_DISCOUNT"]);
    expect(allowedJudgementCriteria("NONENFORCEMENT")).toEqual(["LOWEST_PRICE", "BIGGEST_DISCOUNT"]);
  });
});

describe("closing kinds per modality (notices-and-accounts §9)", () => {
  it("fixes the auctions' and the dispenser's closing kinds", () => {
    expect(allowedClosingKinds("ELECTRONIC_AUCTION")).toEqual(["OPEN", "OPEN_TIMED"]);
    expect(allowedClosingKinds("AUCTION_IN_PERSON")).toEqual(["OPEN", "MANUAL_CLOSING"]);
    expect(allowedClosingKinds("ELECTRONIC_DISPENSER")).toEqual(["TIMED"]);
  });

  it("offers open or open-and-closed to the legacy reversed auction and price submission", () => {
    expect(allowedClosingKinds("ELECTRONIC_REVERSED_AUCTION")).toEqual(["OPEN", "OPEN_AND_CLOSED"]);
    expect(allowedClosingKinds("PRICES_SUBMISSION")).toEqual(["OPEN", "OPEN_AND_CLOSED"]);
  });

  it("offers the three mixed kinds to new and in-person reversed auctions whatever the sub-modality", () => {
    const three = ["OPEN", "OPEN_AND_CLOSED", "CLOSED_AND_OPEN"];
    expect(allowedClosingKinds("NEW_ELECTRONIC_REVERSED_AUCTION")).toEqual(three);
    expect(
      allowedClosingKinds("REVERSED_AUCTION_IN_PERSON", {
        subModality: "HIRING_COMMON_ENGINEERING_SERVICES",
      }),
    ).toEqual(three);
  });

  it("adds CLOSED to the new price submission only for special or construction sub-modalities", () => {
    expect(allowedClosingKinds("NEW_PRICES_SUBMISSION", { subModality: "GOODS_ACQUISITION" })).not.toContain(
      "CLOSED",
    );
    expect(
      allowedClosingKinds("NEW_PRICES_SUBMISSION", { subModality: "HIRING_COMMON_ENGINEERING_SERVICES" }),
    ).not.toContain("CLOSED");
    expect(allowedClosingKinds("NEW_PRICES_SUBMISSION", { subModality: "CONSTRUCTION" })).toContain("CLOSED");
    expect(
      allowedClosingKinds("NEW_PRICES_SUBMISSION", { subModality: "SPECIAL_GOODS_ACQUISITION" }),
    ).toContain("CLOSED");
  });

  it("offers four kinds to competitions and the dialogue, only CLOSED to a competition judged by technique and price", () => {
    const four = ["OPEN", "OPEN_AND_CLOSED", "CLOSED_AND_OPEN", "CLOSED"];
    expect(allowedClosingKinds("ELECTRONIC_COMPETITION", { criterion: "LOWEST_PRICE" })).toEqual(four);
    expect(allowedClosingKinds("COMPETITIVE_DIALOGUE", { criterion: "TECHNIQUE_AND_PRICE" })).toEqual(four);
    expect(allowedClosingKinds("ELECTRONIC_COMPETITION", { criterion: "TECHNIQUE_AND_PRICE" })).toEqual([
      "CLOSED",
    ]);
    expect(allowedClosingKinds("COMPETITION_IN_PERSON", { criterion: "TECHNIQUE_AND_PRICE" })).toEqual([
      "CLOSED",
    ]);
  });

  it("offers no closing kind to the direct and formalization modalities, which have no bidding", () => {
    expect(allowedClosingKinds("DIRECT_WAIVER_FORMALIZATION")).toEqual([]);
    expect(allowedClosingKinds("PRE_QUALIFICATION")).toEqual([]);
  });
});

describe("license phase (notices-and-accounts §9 'License phase')", () => {
  it("forces AFTER_BID for the six listed modalities", () => {
    expect([...FORCED_AFTER_BID_MODALITIES].sort()).toEqual(
      [
        "DIRECT_NONENFORCEMENT",
        "DIRECT_WAIVER_FORMALIZATION",
        "ELECTRONIC_AUCTION",
        "ELECTRONIC_DISPENSER",
        "ELECTRONIC_REVERSED_AUCTION",
        "PRICES_SUBMISSION",
      ].sort(),
    );
    for (const m of FORCED_AFTER_BID_MODALITIES) expect(allowedLicensePhases(m), m).toEqual(["AFTER_BID"]);
  });

  it("allows only AFTER_BID for an electronic competition judged by technique and price", () => {
    expect(allowedLicensePhases("ELECTRONIC_COMPETITION", "TECHNIQUE_AND_PRICE")).toEqual(["AFTER_BID"]);
    expect(allowedLicensePhases("ELECTRONIC_COMPETITION", "LOWEST_PRICE")).toEqual([
      "BEFORE_BID",
      "AFTER_BID",
    ]);
  });

  it("offers both phases elsewhere", () => {
    expect(allowedLicensePhases("NEW_ELECTRONIC_REVERSED_AUCTION")).toEqual(["BEFORE_BID", "AFTER_BID"]);
  });
});

describe("legislation lists per modality (notices-and-accounts §9)", () => {
  it("offers only Law 14.133/2021 to the in-person auction, the dialogue and fluid-market accreditation", () => {
    expect(legislationsFor("AUCTION_IN_PERSON")).toEqual(["14.133/2021"]);
    expect(legislationsFor("COMPETITIVE_DIALOGUE")).toEqual(["14.133/2021"]);
    expect(legislationsFor("DIRECT_ACCREDITATION", "FLUID_MARKETS")).toEqual(["14.133/2021"]);
  });

  it("offers 14.133/2021 and 13.303/2016 to most new modalities and other direct accreditations", () => {
    expect(legislationsFor("DIRECT_ACCREDITATION", "GOODS_ACQUISITION")).toEqual([
      "14.133/2021",
      "13.303/2016",
    ]);
    expect(legislationsFor("NEW_ELECTRONIC_REVERSED_AUCTION")).toEqual(["14.133/2021", "13.303/2016"]);
    expect(legislationsFor("ELECTRONIC_COMPETITION")).toEqual(["14.133/2021", "13.303/2016"]);
  });

  it("offers the eleven acts of the legacy list to the legacy modalities", () => {
    const legacy = legislationsFor("ELECTRONIC_REVERSED_AUCTION");
    expect(legacy).toHaveLength(11);
    expect(legacy).toContain("8.666/1993");
    expect(legacy).toContain("10.520/2002");
    expect(legislationsFor("PRICES_SUBMISSION")).toEqual(legacy);
  });

  it("offers the twelve acts of the dispenser list, and adds 13.303/2016 for waivers", () => {
    const dispenser = legislationsFor("ELECTRONIC_DISPENSER");
    expect(dispenser).toHaveLength(12);
    expect(dispenser).toContain("13.979/2020");
    expect(dispenser).not.toContain("13.303/2016");
    expect(legislationsFor("WAIVER_FORMALIZATION")).toEqual([...dispenser, "13.303/2016"]);
    expect(legislationsFor("DIRECT_WAIVER_FORMALIZATION")).toEqual([...dispenser, "13.303/2016"]);
  });

  it("offers 14.133/2021, 13.303/2016 and 11.947/2009 to direct pre-qualification", () => {
    expect(legislationsFor("DIRECT_PRE_QUALIFICATION")).toEqual([
      "14.133/2021",
      "13.303/2016",
      "11.947/2009",
    ]);
  });

  it("lists only acts of the legislation catalogue, with no duplicates", () => {
    const identifiers = new Set<string>(LEGISLATIONS.map((l) => l.identifier));
    for (const m of MODALITIES) {
      for (const sub of SUB_MODALITIES_BY_MODALITY[m]) {
        const list = legislationsFor(m, sub);
        expect(new Set(list).size, m).toBe(list.length);
        for (const id of list) expect(identifiers.has(id), `${m}: ${id}`).toBe(true);
      }
    }
  });
});

describe("responsible-person label (notices-and-accounts §2.5)", () => {
  it("names the auctioneer of an electronic auction 'leiloeiro'", () => {
    expect(responsiblePersonLabel("ELECTRONIC_AUCTION")).toBe("Nome do leiloeiro");
  });

  it("names the contracting agent for the dispenser, formalizations, direct variants, electronic competition and price submission", () => {
    for (const m of [
      "ELECTRONIC_DISPENSER",
      "WAIVER_FORMALIZATION",
      "NONENFORCEMENT",
      "ACCREDITATION",
      "PRE_QUALIFICATION",
      "DIRECT_WAIVER_FORMALIZATION",
      "DIRECT_ACCREDITATION",
      "DIRECT_PRE_QUALIFICATION",
      "DIRECT_NONENFORCEMENT",
      "ELECTRONIC_COMPETITION",
      "PRICES_SUBMISSION",
    ] as const) {
      expect(responsiblePersonLabel(m), m).toBe("Nome do Agente de Contratação responsável");
    }
  });

  it("names the pregoeiro for every other modality", () => {
    for (const m of [
      "NEW_ELECTRONIC_REVERSED_AUCTION",
      "ELECTRONIC_REVERSED_AUCTION",
      "NEW_PRICES_SUBMISSION",
      "REVERSED_AUCTION_IN_PERSON",
      "COMPETITION_IN_PERSON",
      "COMPETITIVE_DIALOGUE",
      "AUCTION_IN_PERSON",
    ] as const) {
      expect(responsiblePersonLabel(m), m).toBe("Nome do pregoeiro responsável");
    }
  });
});

describe("modality groups used by the notice screens", () => {
  it("lists the four in-person modalities (§9 'Modalities')", () => {
    expect(IN_PERSON_MODALITIES).toEqual([
      "REVERSED_AUCTION_IN_PERSON",
      "COMPETITION_IN_PERSON",
      "COMPETITIVE_DIALOGUE",
      "AUCTION_IN_PERSON",
    ]);
    expect(isInPersonModality("COMPETITIVE_DIALOGUE")).toBe(true);
    expect(isInPersonModality("ELECTRONIC_COMPETITION")).toBe(false);
  });

  it("sends a law clause for formalization, direct, new price submission and dispenser notices (§7)", () => {
    const withClause = MODALITIES.filter(lawClauseApplies);
    expect(withClause.sort()).toEqual(
      [
        "ELECTRONIC_DISPENSER",
        "NEW_PRICES_SUBMISSION",
        "DIRECT_WAIVER_FORMALIZATION",
        "DIRECT_ACCREDITATION",
        "DIRECT_PRE_QUALIFICATION",
        "DIRECT_NONENFORCEMENT",
        "WAIVER_FORMALIZATION",
        "NONENFORCEMENT",
        "ACCREDITATION",
        "PRE_QUALIFICATION",
      ].sort(),
    );
  });

  it("sends formalizations from the lots to the winners step (§2.6)", () => {
    expect(MODALITIES.filter(hasWinnersStep)).toEqual([
      "WAIVER_FORMALIZATION",
      "NONENFORCEMENT",
      "ACCREDITATION",
      "PRE_QUALIFICATION",
    ]);
  });

  it("offers 5, 10, 15 or 20 bids for the automatic start (§9)", () => {
    expect(AMOUNT_BIDS_AUTOMATIC_START_OPTIONS).toEqual([5, 10, 15, 20]);
  });
});
