// Sub-modalities of a notice (notices-and-accounts §9 "Sub-modalities by modality";
// planning §4 "Modality → allowed sub-modalities", §9 "Sub-modality groups").
//
// The notices spec names the sub-modalities of the legacy, dispenser, formalization and direct
// modalities only as 'goods / services'. The planning spec gives the same modalities the values
// GOODS_ACQUISITION and HIRING_SERVICES, so those two values stand for 'goods / services' here
// (a study's modality and sub-modality then carry over to its notice unchanged).
export const SUB_MODALITIES = [
  "SALE",
  "GOODS_ACQUISITION",
  "SPECIAL_GOODS_ACQUISITION",
  "HIRING_SERVICES",
  "HIRING_SPECIAL_SERVICES",
  "HIRING_COMMON_ENGINEERING_SERVICES",
  "HIRING_SPECIAL_ENGINEERING_SERVICES",
  "CONSTRUCTION",
  "SPECIAL_CONSTRUCTION",
  "FLUID_MARKETS",
] as const;
export type SubModality = (typeof SUB_MODALITIES)[number];

// Terms of Lei 14.133/2021 (art. 6º: bens e serviços comuns/especiais, serviço comum/especial de
// engenharia, obras; art. 79, III: credenciamento em mercados fluidos; leilão para alienação).
export const SUB_MODALITY_LABELS: Record<SubModality, string> = {
  SALE: "Alienação de bens",
  GOODS_ACQUISITION: "Aquisição de bens",
  SPECIAL_GOODS_ACQUISITION: "Aquisição de bens especiais",
  HIRING_SERVICES: "Contratação de serviços",
  HIRING_SPECIAL_SERVICES: "Contratação de serviços especiais",
  HIRING_COMMON_ENGINEERING_SERVICES: "Contratação de serviços comuns de engenharia",
  HIRING_SPECIAL_ENGINEERING_SERVICES: "Contratação de serviços especiais de engenharia",
  CONSTRUCTION: "Obras",
  SPECIAL_CONSTRUCTION: "Obras especiais",
  FLUID_MARKETS: "Credenciamento em mercados fluidos",
};

// planning §9 "Sub-modality groups". SALE and FLUID_MARKETS belong to none of them.
export const SUB_MODALITY_GROUPS = ["GOODS", "SERVICES", "ENGINEERING"] as const;
export type SubModalityGroup = (typeof SUB_MODALITY_GROUPS)[number];

export const SUB_MODALITY_GROUP_LABELS: Record<SubModalityGroup, string> = {
  GOODS: "Bens",
  SERVICES: "Serviços",
  ENGINEERING: "Obras e serviços de engenharia",
};

export const SUB_MODALITIES_BY_GROUP: Record<SubModalityGroup, readonly SubModality[]> = {
  GOODS: ["GOODS_ACQUISITION", "SPECIAL_GOODS_ACQUISITION"],
  SERVICES: ["HIRING_SERVICES", "HIRING_SPECIAL_SERVICES"],
  ENGINEERING: [
    "HIRING_COMMON_ENGINEERING_SERVICES",
    "HIRING_SPECIAL_ENGINEERING_SERVICES",
    "CONSTRUCTION",
    "SPECIAL_CONSTRUCTION",
  ],
};

export function subModalityGroup(subModality: SubModality): SubModalityGroup | null {
  for (const group of SUB_MODALITY_GROUPS) {
    if (SUB_MODALITIES_BY_GROUP[group].includes(subModality)) return group;
  }
  return null;
}

/** The 'special or construction' sub-modalities (notices-and-accounts §9 "Closing kinds per modality"). */
export const SPECIAL_OR_CONSTRUCTION_SUB_MODALITIES: readonly SubModality[] = [
  "SPECIAL_GOODS_ACQUISITION",
  "HIRING_SPECIAL_SERVICES",
  "HIRING_SPECIAL_ENGINEERING_SERVICES",
  "CONSTRUCTION",
  "SPECIAL_CONSTRUCTION",
];

/** Sub-modalities that ask for a service kind (planning §2.6, §3 "serviceKind"). */
export const SERVICE_KIND_SUB_MODALITIES: readonly SubModality[] = [
  "HIRING_SERVICES",
  "HIRING_SPECIAL_SERVICES",
];
