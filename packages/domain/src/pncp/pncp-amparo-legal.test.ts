import { describe, expect, it } from "vitest";
import { MODALITIES } from "../enums/modality";
import { LAW_CLAUSES } from "../reference/law-clauses";
import { LAW_CLAUSES_BY_MODALITY } from "../reference/law-clauses-by-modality";
import {
  isPncpAmparoAccepted,
  PNCP_AMPARO_BY_CLAUSE,
  PNCP_AMPARO_BY_MODALITY,
  pncpAmparoLegalId,
} from "./pncp-amparo-legal";
import { PNCP_MODALIDADE_BY_MODALITY } from "./pncp-publication";

// Manual de Integração PNCP §5.15 "Amparo Legal" (codes 1–50 and the modality rule of v2.2.1; the
// portal's later codes 60–153) for the law clauses of Lei 14.133/2021 arts. 28, 74, 75, 79 and 80.
describe("the §5.15 amparo legal of a notice (Lei 14.133 art. 54; PNCP manual §5.15)", () => {
  it("codes the art. 28 modalities and the incisos of arts. 74 and 75 as the manual lists them", () => {
    expect(PNCP_AMPARO_BY_CLAUSE).toMatchObject({
      LEI_14133_2021_ART28_I: 1,
      LEI_14133_2021_ART28_II: 2,
      LEI_14133_2021_ART28_IV: 4,
      LEI_14133_2021_ART28_V: 5,
      LEI_14133_2021_ART74_I: 6,
      LEI_14133_2021_ART74_II: 7,
      LEI_14133_2021_ART74_III: 8, // III, a
      LEI_14133_2021_ART74_IV: 16,
      LEI_14133_2021_ART74_V: 17,
      LEI_14133_2021_ART75_I: 18,
      LEI_14133_2021_ART75_II: 19,
      LEI_14133_2021_ART75_III: 20, // III, a
      LEI_14133_2021_ART75_IV_A: 22,
      LEI_14133_2021_ART75_IV_C: 24,
      LEI_14133_2021_ART75_IV_E: 26,
      LEI_14133_2021_ART75_IV_J: 31,
      LEI_14133_2021_ART75_IV_K: 32,
      LEI_14133_2021_ART75_IV_M: 34,
      LEI_14133_2021_ART75_V: 35,
      LEI_14133_2021_ART75_VII: 37,
      LEI_14133_2021_ART75_VIII: 38,
      LEI_14133_2021_ART75_IX: 39,
      LEI_14133_2021_ART75_XIV: 44,
      LEI_14133_2021_ART75_XV: 45,
      LEI_14133_2021_ART79_I: 140,
      LEI_14133_2021_ART79_II: 141,
      LEI_14133_2021_ART79_III: 142,
      LEI_14133_2021_ART80_I: 48, // art. 78, II: pré-qualificação
      LEI_14133_2021_ART80_II: 48,
    });
  });

  it("has a code for every Lei 14.133 clause the notice form offers", () => {
    const lei14133 = LAW_CLAUSES.filter((c) => c.legislation === "LEI_14133_2021").map((c) => c.code);
    expect(lei14133.filter((code) => PNCP_AMPARO_BY_CLAUSE[code] === undefined)).toEqual([]);
  });

  it("sends every Lei 14.133 clause a modality offers with its own code (the modality accepts it)", () => {
    for (const modality of MODALITIES)
      for (const code of LAW_CLAUSES_BY_MODALITY[modality]) {
        if (!code.startsWith("LEI_14133_2021") || code === "LEI_14133_2021_ART74_IV") continue;
        expect([modality, code, pncpAmparoLegalId(modality, code)]).toEqual([
          modality,
          code,
          PNCP_AMPARO_BY_CLAUSE[code],
        ]);
      }
  });

  it("falls back to the modality's basis, always one the portal accepts for the modality", () => {
    for (const modality of MODALITIES)
      expect([
        modality,
        isPncpAmparoAccepted(PNCP_MODALIDADE_BY_MODALITY[modality], PNCP_AMPARO_BY_MODALITY[modality]),
      ]).toEqual([modality, true]);
    expect(pncpAmparoLegalId("ELECTRONIC_DISPENSER", null)).toBe(19);
    expect(pncpAmparoLegalId("NONENFORCEMENT", undefined)).toBe(50); // art. 74, caput
    expect(pncpAmparoLegalId("DIRECT_ACCREDITATION", null)).toBe(47); // art. 78, I
    expect(pncpAmparoLegalId("DIRECT_PRE_QUALIFICATION", null)).toBe(48); // art. 78, II
    // A clause of another modality is not sent: the portal refuses an amparo outside the modality.
    expect(pncpAmparoLegalId("NEW_ELECTRONIC_REVERSED_AUCTION", "LEI_13303_2016_ART29_I")).toBe(1);
    expect(pncpAmparoLegalId("NEW_ELECTRONIC_REVERSED_AUCTION", "LEI_10520_2002_ART1")).toBe(1);
    // Art. 74, IV (objects contracted through credenciamento) is inexigibilidade, not modality 12.
    expect(pncpAmparoLegalId("DIRECT_ACCREDITATION", "LEI_14133_2021_ART74_IV")).toBe(47);
    expect(pncpAmparoLegalId("DIRECT_NONENFORCEMENT", "LEI_14133_2021_ART74_IV")).toBe(16);
  });

  it("codes the Lei 13.303 dispensas and inexigibilidades by the modality (art. 30 caput: 102 or 103)", () => {
    expect(pncpAmparoLegalId("DIRECT_WAIVER_FORMALIZATION", "LEI_13303_2016_ART29_II")).toBe(85);
    expect(pncpAmparoLegalId("WAIVER_FORMALIZATION", "LEI_13303_2016_ART29_XV")).toBe(98);
    expect(pncpAmparoLegalId("NONENFORCEMENT", "LEI_13303_2016_ART30_I")).toBe(104);
    expect(pncpAmparoLegalId("ACCREDITATION", "LEI_13303_2016_ART30_CAPUT")).toBe(103);
    expect(pncpAmparoLegalId("ELECTRONIC_DISPENSER", "LEI_13979_2020_ART4")).toBe(137);
  });
});
