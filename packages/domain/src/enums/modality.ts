// Modalities of a notice (notices-and-accounts §9 "Modalities"; trading-room §4 "Enumerations").
export const MODALITIES = [
  "ELECTRONIC_AUCTION",
  "ELECTRONIC_DISPENSER",
  "ELECTRONIC_COMPETITION",
  "NEW_ELECTRONIC_REVERSED_AUCTION",
  "NEW_PRICES_SUBMISSION",
  "ELECTRONIC_REVERSED_AUCTION",
  "PRICES_SUBMISSION",
  "DIRECT_WAIVER_FORMALIZATION",
  "DIRECT_ACCREDITATION",
  "DIRECT_PRE_QUALIFICATION",
  "DIRECT_NONENFORCEMENT",
  "WAIVER_FORMALIZATION",
  "NONENFORCEMENT",
  "ACCREDITATION",
  "PRE_QUALIFICATION",
  "REVERSED_AUCTION_IN_PERSON",
  "COMPETITION_IN_PERSON",
  "COMPETITIVE_DIALOGUE",
  "AUCTION_IN_PERSON",
] as const;
export type Modality = (typeof MODALITIES)[number];

// The spec names the modalities but not their pt-BR labels; these are the names the law uses.
export const MODALITY_LABELS: Record<Modality, string> = {
  ELECTRONIC_AUCTION: "Leilão Eletrônico",
  ELECTRONIC_DISPENSER: "Dispensa Eletrônica",
  ELECTRONIC_COMPETITION: "Concorrência Eletrônica",
  NEW_ELECTRONIC_REVERSED_AUCTION: "Pregão Eletrônico (Lei 14.133/2021)",
  NEW_PRICES_SUBMISSION: "Tomada de Preços (Lei 14.133/2021)",
  ELECTRONIC_REVERSED_AUCTION: "Pregão Eletrônico",
  PRICES_SUBMISSION: "Tomada de Preços",
  DIRECT_WAIVER_FORMALIZATION: "Dispensa com Disputa",
  DIRECT_ACCREDITATION: "Credenciamento",
  DIRECT_PRE_QUALIFICATION: "Pré-qualificação",
  DIRECT_NONENFORCEMENT: "Inexigibilidade com Recebimento de Propostas",
  WAIVER_FORMALIZATION: "Formalização de Dispensa",
  NONENFORCEMENT: "Formalização de Inexigibilidade",
  ACCREDITATION: "Formalização de Credenciamento",
  PRE_QUALIFICATION: "Formalização de Pré-qualificação",
  REVERSED_AUCTION_IN_PERSON: "Pregão Presencial",
  COMPETITION_IN_PERSON: "Concorrência Presencial",
  COMPETITIVE_DIALOGUE: "Diálogo Competitivo",
  AUCTION_IN_PERSON: "Leilão Presencial",
};

// The four headings of the modality choice (notices-and-accounts §2.4).
export const MODALITY_GROUPS = ["BIDDING", "DIRECT", "FORMALIZATION", "IN_PERSON"] as const;
export type ModalityGroup = (typeof MODALITY_GROUPS)[number];

export const MODALITY_GROUP_LABELS: Record<ModalityGroup, string> = {
  BIDDING: "Modalidades Licitatórias",
  DIRECT: "Contratações Diretas e Credenciamentos (Recebimento de novas propostas, sem fase de lances)",
  FORMALIZATION:
    "Formalização de Procedimentos Junto ao PNCP (Publicação dos resultados de processos já finalizados)",
  IN_PERSON:
    "Divulgação de Processos Presenciais e Formalização de Resultados (processos realizados presencialmente)",
};

export const MODALITIES_BY_GROUP: Record<ModalityGroup, readonly Modality[]> = {
  BIDDING: [
    "ELECTRONIC_AUCTION",
    "ELECTRONIC_DISPENSER",
    "ELECTRONIC_COMPETITION",
    "NEW_ELECTRONIC_REVERSED_AUCTION",
    "NEW_PRICES_SUBMISSION",
    "ELECTRONIC_REVERSED_AUCTION",
    "PRICES_SUBMISSION",
  ],
  DIRECT: [
    "DIRECT_WAIVER_FORMALIZATION",
    "DIRECT_ACCREDITATION",
    "DIRECT_PRE_QUALIFICATION",
    "DIRECT_NONENFORCEMENT",
  ],
  FORMALIZATION: ["WAIVER_FORMALIZATION", "NONENFORCEMENT", "ACCREDITATION", "PRE_QUALIFICATION"],
  IN_PERSON: [
    "REVERSED_AUCTION_IN_PERSON",
    "COMPETITION_IN_PERSON",
    "COMPETITIVE_DIALOGUE",
    "AUCTION_IN_PERSON",
  ],
};

export function modalityGroup(modality: Modality): ModalityGroup {
  for (const group of MODALITY_GROUPS) {
    if (MODALITIES_BY_GROUP[group].includes(modality)) return group;
  }
  throw new Error(`modalidade sem grupo: ${modality}`);
}

/** Law 14.133/2021 modalities (DESIGN §4): "new"; the other room modalities are "old". */
export const NEW_MODALITIES: readonly Modality[] = [
  "ELECTRONIC_COMPETITION",
  "NEW_ELECTRONIC_REVERSED_AUCTION",
  "NEW_PRICES_SUBMISSION",
];

/** Modalities that have a live trading room (trading-room §4 "Enumerations"). */
export const ROOM_MODALITIES: readonly Modality[] = [
  "ELECTRONIC_AUCTION",
  "ELECTRONIC_REVERSED_AUCTION",
  "PRICES_SUBMISSION",
  "ELECTRONIC_COMPETITION",
  "NEW_ELECTRONIC_REVERSED_AUCTION",
  "NEW_PRICES_SUBMISSION",
  "ELECTRONIC_DISPENSER",
];

export const OLD_MODALITIES: readonly Modality[] = ROOM_MODALITIES.filter((m) => !NEW_MODALITIES.includes(m));

export const isNewModality = (m: Modality): boolean => NEW_MODALITIES.includes(m);
export const isRoomModality = (m: Modality): boolean => ROOM_MODALITIES.includes(m);
