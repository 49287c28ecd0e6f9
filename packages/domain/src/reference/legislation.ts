// Legislation catalogue: every act named in the legislation lists of notices-and-accounts §9, the
// public legislation library of §2.1, and the acts the room cites (LC 123/2006, IN SEGES/ME 73/2022).
// Feeds app/legislation/list, the legislation select and /legislacao-e-regulamentos.
export const LEGISLATION_KINDS = ["LEI", "LEI_COMPLEMENTAR", "DECRETO", "INSTRUCAO_NORMATIVA"] as const;
export type LegislationKind = (typeof LEGISLATION_KINDS)[number];

export const LEGISLATION_KIND_LABELS: Record<LegislationKind, string> = {
  LEI: "Lei",
  LEI_COMPLEMENTAR: "Lei Complementar",
  DECRETO: "Decreto",
  INSTRUCAO_NORMATIVA: "Instrução Normativa",
};

/**
 * code: stable id; identifier: number/year as the §9 lists write it; name: display name;
 * inPublicLibrary: offered as a PDF on the public legislation page (§2.1).
 */
export const LEGISLATIONS = [
  {
    code: "LEI_8629_1993",
    kind: "LEI",
    identifier: "8.629/1993",
    name: "Lei nº 8.629/1993",
    inPublicLibrary: true,
  },
  {
    code: "LEI_8666_1993",
    kind: "LEI",
    identifier: "8.666/1993",
    name: "Lei nº 8.666/1993",
    inPublicLibrary: true,
  },
  {
    code: "LEI_10520_2002",
    kind: "LEI",
    identifier: "10.520/2002",
    name: "Lei nº 10.520/2002",
    inPublicLibrary: true,
  },
  {
    code: "LEI_10847_2004",
    kind: "LEI",
    identifier: "10.847/2004",
    name: "Lei nº 10.847/2004",
    inPublicLibrary: true,
  },
  {
    code: "LEI_11516_2007",
    kind: "LEI",
    identifier: "11.516/2007",
    name: "Lei nº 11.516/2007",
    inPublicLibrary: false,
  },
  {
    code: "LEI_11652_2008",
    kind: "LEI",
    identifier: "11.652/2008",
    name: "Lei nº 11.652/2008",
    inPublicLibrary: true,
  },
  {
    code: "LEI_11759_2008",
    kind: "LEI",
    identifier: "11.759/2008",
    name: "Lei nº 11.759/2008",
    inPublicLibrary: false,
  },
  {
    code: "LEI_11947_2009",
    kind: "LEI",
    identifier: "11.947/2009",
    name: "Lei nº 11.947/2009",
    inPublicLibrary: true,
  },
  {
    code: "LEI_12462_2011",
    kind: "LEI",
    identifier: "12.462/2011",
    name: "Lei nº 12.462/2011",
    inPublicLibrary: true,
  },
  {
    code: "LEI_12512_2011",
    kind: "LEI",
    identifier: "12.512/2011",
    name: "Lei nº 12.512/2011",
    inPublicLibrary: true,
  },
  {
    code: "LEI_12663_2012",
    kind: "LEI",
    identifier: "12.663/2012",
    name: "Lei nº 12.663/2012",
    inPublicLibrary: true,
  },
  {
    code: "LEI_12865_2013",
    kind: "LEI",
    identifier: "12.865/2013",
    name: "Lei nº 12.865/2013",
    inPublicLibrary: true,
  },
  {
    code: "LEI_12873_2013",
    kind: "LEI",
    identifier: "12.873/2013",
    name: "Lei nº 12.873/2013",
    inPublicLibrary: true,
  },
  {
    code: "LEI_13303_2016",
    kind: "LEI",
    identifier: "13.303/2016",
    name: "Lei nº 13.303/2016",
    inPublicLibrary: true,
  },
  {
    code: "LEI_13529_2017",
    kind: "LEI",
    identifier: "13.529/2017",
    name: "Lei nº 13.529/2017",
    inPublicLibrary: false,
  },
  {
    code: "LEI_13709_2018",
    kind: "LEI",
    identifier: "13.709/2018",
    name: "Lei nº 13.709/2018",
    inPublicLibrary: true,
  },
  {
    code: "LEI_13979_2020",
    kind: "LEI",
    identifier: "13.979/2020",
    name: "Lei nº 13.979/2020",
    inPublicLibrary: false,
  },
  {
    code: "LEI_14133_2021",
    kind: "LEI",
    identifier: "14.133/2021",
    name: "Lei nº 14.133/2021",
    inPublicLibrary: true,
  },
  {
    code: "LEI_1221_2024",
    kind: "LEI",
    identifier: "1.221/2024",
    name: "Lei nº 1.221/2024",
    inPublicLibrary: false,
  },
  {
    code: "LC_123_2006",
    kind: "LEI_COMPLEMENTAR",
    identifier: "LC 123/2006",
    name: "Lei Complementar nº 123/2006",
    inPublicLibrary: false,
  },
  {
    code: "DECRETO_7174_2010",
    kind: "DECRETO",
    identifier: "Decreto 7.174/2010",
    name: "Decreto nº 7.174/2010",
    inPublicLibrary: true,
  },
  {
    code: "DECRETO_7581_2011",
    kind: "DECRETO",
    identifier: "Decreto 7.581/2011",
    name: "Decreto nº 7.581/2011",
    inPublicLibrary: true,
  },
  {
    code: "DECRETO_7892_2013",
    kind: "DECRETO",
    identifier: "Decreto 7.892/2013",
    name: "Decreto nº 7.892/2013",
    inPublicLibrary: true,
  },
  {
    code: "DECRETO_7983_2013",
    kind: "DECRETO",
    identifier: "Decreto 7.983/2013",
    name: "Decreto nº 7.983/2013",
    inPublicLibrary: true,
  },
  {
    code: "DECRETO_10024_2019",
    kind: "DECRETO",
    identifier: "Decreto 10.024/2019",
    name: "Decreto nº 10.024/2019",
    inPublicLibrary: true,
  },
  {
    code: "IN_05_2017",
    kind: "INSTRUCAO_NORMATIVA",
    identifier: "IN 05/2017",
    name: "Instrução Normativa nº 05/2017",
    inPublicLibrary: true,
  },
  {
    code: "IN_65_2021",
    kind: "INSTRUCAO_NORMATIVA",
    identifier: "IN 65/2021",
    name: "Instrução Normativa nº 65/2021",
    inPublicLibrary: true,
  },
  {
    code: "IN_67_2021",
    kind: "INSTRUCAO_NORMATIVA",
    identifier: "IN 67/2021",
    name: "Instrução Normativa nº 67/2021",
    inPublicLibrary: true,
  },
  {
    code: "IN_72_2021",
    kind: "INSTRUCAO_NORMATIVA",
    identifier: "IN 72/2021",
    name: "Instrução Normativa nº 72/2021",
    inPublicLibrary: true,
  },
  {
    code: "IN_75_2021",
    kind: "INSTRUCAO_NORMATIVA",
    identifier: "IN 75/2021",
    name: "Instrução Normativa nº 75/2021",
    inPublicLibrary: true,
  },
  {
    code: "IN_SEGES_116_2021",
    kind: "INSTRUCAO_NORMATIVA",
    identifier: "IN SEGES 116/2021",
    name: "Instrução Normativa SEGES nº 116/2021",
    inPublicLibrary: true,
  },
  {
    code: "IN_SEGES_ME_73_2022",
    kind: "INSTRUCAO_NORMATIVA",
    identifier: "IN SEGES/ME 73/2022",
    name: "Instrução Normativa SEGES/ME nº 73/2022",
    inPublicLibrary: false,
  },
] as const satisfies readonly {
  code: string;
  kind: LegislationKind;
  identifier: string;
  name: string;
  inPublicLibrary: boolean;
}[];

export type Legislation = (typeof LEGISLATIONS)[number];
export type LegislationCode = Legislation["code"];
export type LegislationIdentifier = Legislation["identifier"];

export function legislationByCode(code: LegislationCode): Legislation {
  const found = LEGISLATIONS.find((l) => l.code === code);
  if (!found) throw new RangeError(`legislação desconhecida: ${code}`);
  return found;
}

export function legislationByIdentifier(identifier: LegislationIdentifier): Legislation {
  const found = LEGISLATIONS.find((l) => l.identifier === identifier);
  if (!found) throw new RangeError(`legislação desconhecida: ${identifier}`);
  return found;
}

/** The acts offered as PDFs on /legislacao-e-regulamentos (notices-and-accounts §2.1). */
export const PUBLIC_LIBRARY_LEGISLATIONS: readonly Legislation[] = LEGISLATIONS.filter(
  (l) => l.inPublicLibrary,
);
