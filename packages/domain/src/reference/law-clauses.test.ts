import { describe, expect, it } from "vitest";
import { MODALITIES } from "../enums/modality";
import { legislationsFor, SUB_MODALITIES_BY_MODALITY } from "../notice/notice-options";
import { LAW_CLAUSES, lawClauseByCode } from "./law-clauses";
import { LAW_CLAUSES_BY_MODALITY, lawClausesFor } from "./law-clauses-by-modality";
import { LEGISLATIONS, legislationByCode } from "./legislation";

const codesOf = (clauses: readonly { code: string }[]) => clauses.map((c) => c.code);

describe("law clause catalogue (notices-and-accounts §3 'lawClause {id, name}')", () => {
  it("has unique codes and names, each clause tied to a catalogued act", () => {
    const codes = codesOf(LAW_CLAUSES);
    expect(new Set(codes).size).toBe(codes.length);
    const names = LAW_CLAUSES.map((c) => `${c.legislation} ${c.name}`);
    expect(new Set(names).size).toBe(names.length);
    const legislationCodes = new Set<string>(LEGISLATIONS.map((l) => l.code));
    for (const c of LAW_CLAUSES) {
      expect(legislationCodes.has(c.legislation), c.code).toBe(true);
      expect(c.code.startsWith(`${c.legislation}_ART`), c.code).toBe(true);
      expect(c.name).toMatch(/^Art\. \d+/);
    }
  });

  it("finds a clause by code", () => {
    expect(lawClauseByCode("LEI_14133_2021_ART79_III").name).toContain("mercados fluidos");
  });

  it("is used by at least one modality, clause by clause", () => {
    const used = new Set(MODALITIES.flatMap((m) => LAW_CLAUSES_BY_MODALITY[m]));
    for (const c of LAW_CLAUSES) expect(used.has(c.code), c.code).toBe(true);
  });
});

describe("law clauses per modality (notices-and-accounts §7 app/lawClause/getLawsClauses)", () => {
  it("offers the art. 75 dispensa hypotheses to the dispenser, and art. 29 of Law 13.303 only to waivers", () => {
    const dispenser = codesOf(lawClausesFor("ELECTRONIC_DISPENSER"));
    expect(dispenser).toContain("LEI_14133_2021_ART75_I");
    expect(dispenser).toContain("LEI_14133_2021_ART75_II");
    expect(dispenser.some((c) => c.startsWith("LEI_13303"))).toBe(false);
    expect(codesOf(lawClausesFor("WAIVER_FORMALIZATION"))).toContain("LEI_13303_2016_ART29_II");
  });

  it("offers art. 74 inexigibilidade to the nonenforcement modalities", () => {
    const codes = codesOf(lawClausesFor("DIRECT_NONENFORCEMENT", { legislation: "LEI_14133_2021" }));
    expect(codes).toEqual([
      "LEI_14133_2021_ART74_I",
      "LEI_14133_2021_ART74_II",
      "LEI_14133_2021_ART74_III",
      "LEI_14133_2021_ART74_IV",
      "LEI_14133_2021_ART74_V",
    ]);
  });

  it("offers only art. 79, III to a direct accreditation for fluid markets", () => {
    expect(codesOf(lawClausesFor("DIRECT_ACCREDITATION", { subModality: "FLUID_MARKETS" }))).toEqual([
      "LEI_14133_2021_ART79_III",
    ]);
    const other = codesOf(lawClausesFor("DIRECT_ACCREDITATION", { subModality: "GOODS_ACQUISITION" }));
    expect(other).toContain("LEI_14133_2021_ART79_I");
    expect(other).not.toContain("LEI_14133_2021_ART79_III");
  });

  it("offers art. 80 to the pre-qualifications and art. 28 to the bidding modalities", () => {
    expect(codesOf(lawClausesFor("DIRECT_PRE_QUALIFICATION", { legislation: "LEI_14133_2021" }))).toEqual([
      "LEI_14133_2021_ART80_I",
      "LEI_14133_2021_ART80_II",
    ]);
    expect(codesOf(lawClausesFor("COMPETITIVE_DIALOGUE"))).toEqual(["LEI_14133_2021_ART28_V"]);
    expect(
      codesOf(lawClausesFor("NEW_ELECTRONIC_REVERSED_AUCTION", { legislation: "LEI_14133_2021" })),
    ).toEqual(["LEI_14133_2021_ART28_I"]);
  });

  it("narrows to one legislation and gives nothing for an act without clauses for the modality", () => {
    const only13303 = lawClausesFor("NONENFORCEMENT", { legislation: "LEI_13303_2016" });
    expect(only13303.length).toBeGreaterThan(0);
    for (const c of only13303) expect(c.legislation).toBe("LEI_13303_2016");
    expect(lawClausesFor("DIRECT_PRE_QUALIFICATION", { legislation: "LEI_11947_2009" })).toEqual([]);
  });

  it("offers a clause only under a legislation the modality lists in §9", () => {
    for (const m of MODALITIES) {
      for (const sub of SUB_MODALITIES_BY_MODALITY[m]) {
        const allowed = new Set<string>(legislationsFor(m, sub));
        const clauses = lawClausesFor(m, { subModality: sub });
        expect(clauses.length, `${m}/${sub}`).toBeGreaterThan(0);
        for (const c of clauses) {
          expect(allowed.has(legislationByCode(c.legislation).identifier), `${m}/${sub}: ${c.code}`).toBe(
            true,
          );
        }
      }
    }
  });
});
