import { describe, expect, it } from "vitest";
import {
  LEGISLATION_KIND_LABELS,
  LEGISLATION_KINDS,
  LEGISLATIONS,
  legislationByCode,
  legislationByIdentifier,
  PUBLIC_LIBRARY_LEGISLATIONS,
} from "./legislation";

const LIBRARY_LAWS = [
  "10.520/2002",
  "10.847/2004",
  "11.652/2008",
  "11.947/2009",
  "12.462/2011",
  "12.512/2011",
  "12.663/2012",
  "12.865/2013",
  "12.873/2013",
  "13.303/2016",
  "13.709/2018",
  "14.133/2021",
  "8.629/1993",
  "8.666/1993",
] as const;

describe("legislation catalogue (notices-and-accounts §2.1, §9 'Legislation lists per modality')", () => {
  it("has unique codes, identifiers and names", () => {
    for (const key of ["code", "identifier", "name"] as const) {
      const values = LEGISLATIONS.map((l) => l[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it("names laws as 'Lei nº number/year' with a code derived from them", () => {
    const law = legislationByCode("LEI_14133_2021");
    expect(law.name).toBe("Lei nº 14.133/2021");
    expect(law.identifier).toBe("14.133/2021");
    for (const l of LEGISLATIONS.filter((x) => x.kind === "LEI")) {
      expect(l.name).toBe(`Lei nº ${l.identifier}`);
      expect(l.code).toBe(`LEI_${l.identifier.replace(".", "").replace("/", "_")}`);
    }
  });

  it("offers every law, decree and normative instruction of the public library as a PDF", () => {
    for (const id of LIBRARY_LAWS) expect(legislationByIdentifier(id).inPublicLibrary, id).toBe(true);
    const decrees = PUBLIC_LIBRARY_LEGISLATIONS.filter((l) => l.kind === "DECRETO").map((l) => l.identifier);
    expect(decrees.sort()).toEqual(
      [
        "Decreto 10.024/2019",
        "Decreto 7.174/2010",
        "Decreto 7.581/2011",
        "Decreto 7.892/2013",
        "Decreto 7.983/2013",
      ].sort(),
    );
    const ins = PUBLIC_LIBRARY_LEGISLATIONS.filter((l) => l.kind === "INSTRUCAO_NORMATIVA");
    expect(ins).toHaveLength(6);
    expect(PUBLIC_LIBRARY_LEGISLATIONS).toHaveLength(LIBRARY_LAWS.length + 5 + 6);
  });

  it("includes the dispenser-only acts that the library does not offer", () => {
    expect(legislationByIdentifier("13.979/2020").inPublicLibrary).toBe(false);
    expect(legislationByIdentifier("1.221/2024").name).toBe("Lei nº 1.221/2024");
  });

  it("labels every kind of act", () => {
    for (const k of LEGISLATION_KINDS) expect(LEGISLATION_KIND_LABELS[k].trim()).not.toBe("");
    expect(legislationByCode("LC_123_2006").name).toBe("Lei Complementar nº 123/2006");
  });
});
