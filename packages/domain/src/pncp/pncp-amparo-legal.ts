// The "amparo legal" (legal basis) of a contracting on the national portal (PNCP): the manual's
// table §5.15 "Amparo Legal" (Manual de Integração PNCP v2.2.1 lists codes 1–50 with the rule
// "o Amparo Legal selecionado deve estar em conformidade com a Modalidade de Compra"; the portal's
// later table, https://pncp.gov.br/app/entidades-dominio, adds 60–153 with each code's modality).
// The notice's law clause (reference/law-clauses.ts) is sent with its code when the portal accepts
// that code for the notice's modality; otherwise the modality's own basis goes. Reading recorded in
// docs/decisions.md "Publication to the national portal, PNCP".
import type { Modality } from "../enums/modality";
import type { LawClauseCode } from "../reference/law-clauses";
import { PNCP_MODALIDADE_BY_MODALITY } from "./pncp-publication";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * §5.15 codes of the law clauses the notice form offers. A clause with several candidates is sent
 * with the first its modality accepts (Lei 13.303 art. 30 caput: inexigibilidade 102 or
 * credenciamento 103). Clauses without an own code on the portal are absent and fall back.
 */
export const PNCP_AMPARO_BY_CLAUSE: Partial<Record<LawClauseCode, number | readonly number[]>> = {
  // Lei 14.133/2021, art. 28: the modalities of bidding (III, concurso, is not offered by the platform).
  LEI_14133_2021_ART28_I: 1,
  LEI_14133_2021_ART28_II: 2,
  LEI_14133_2021_ART28_IV: 4,
  LEI_14133_2021_ART28_V: 5,
  // Art. 74, inexigibilidade: the form's III has no alínea, sent as III, a (8; alíneas b–h are 9–15).
  LEI_14133_2021_ART74_I: 6,
  LEI_14133_2021_ART74_II: 7,
  LEI_14133_2021_ART74_III: 8,
  LEI_14133_2021_ART74_IV: 16,
  LEI_14133_2021_ART74_V: 17,
  // Art. 75, dispensa: I 18, II 19, III (no alínea on the form) as III, a 20, IV a–m 22–34, V–XVI 35–46.
  LEI_14133_2021_ART75_I: 18,
  LEI_14133_2021_ART75_II: 19,
  LEI_14133_2021_ART75_III: 20,
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
  // Art. 79, the hypotheses of credenciamento: 140–142.
  LEI_14133_2021_ART79_I: 140,
  LEI_14133_2021_ART79_II: 141,
  LEI_14133_2021_ART79_III: 142,
  // Art. 80, pré-qualificação: the portal has no code per inciso; the procedure is art. 78, II (48).
  LEI_14133_2021_ART80_I: 48,
  LEI_14133_2021_ART80_II: 48,
  // Lei 13.303/2016: art. 29 dispensas 84–98, art. 30 inexigibilidade / credenciamento.
  LEI_13303_2016_ART29_I: 84,
  LEI_13303_2016_ART29_II: 85,
  LEI_13303_2016_ART29_III: 86,
  LEI_13303_2016_ART29_IV: 87,
  LEI_13303_2016_ART29_V: 88,
  LEI_13303_2016_ART29_XV: 98,
  LEI_13303_2016_ART30_CAPUT: [102, 103],
  LEI_13303_2016_ART30_I: 104,
  // Other acts with a dispensa code.
  LEI_13979_2020_ART4: 137,
  LEI_11947_2009_ART14_P1: 138,
};

/**
 * The codes the portal accepts per §5.2 modalidade (the manual's table "Código da Modalidade de
 * Compra × Código do Amparo Legal", with the later codes whose modality the portal's table gives).
 */
export const PNCP_AMPARO_BY_MODALIDADE: Record<number, readonly number[]> = {
  1: [4], // Leilão - Eletrônico: art. 28, IV
  13: [4], // Leilão - Presencial
  2: [5], // Diálogo Competitivo: art. 28, V
  3: [3], // Concurso: art. 28, III
  4: [2], // Concorrência - Eletrônica: art. 28, II
  5: [2], // Concorrência - Presencial
  6: [1], // Pregão - Eletrônico: art. 28, I
  7: [1], // Pregão - Presencial
  // Dispensa: art. 75 (18–46, 60, 77), art. 76 (61–76), Lei 14.628 (78), Lei 13.303 art. 29
  // (84–101), Lei 12.850 (126, 127), Lei 13.979 (137), Lei 11.947 (138, 139).
  8: [...range(18, 46), ...range(60, 78), ...range(84, 101), 126, 127, 137, 138, 139],
  // Inexigibilidade: art. 74 (6–17, caput 50), Lei 13.303 art. 30 (102, 104–111).
  9: [...range(6, 17), 50, 102, ...range(104, 111)],
  10: [49], // Manifestação de interesse: art. 78, III
  11: [48], // Pré-qualificação: art. 78, II
  // Credenciamento: art. 78, I (47), art. 79 (140–142), Lei 13.303 art. 30 caput (103), estatais (125).
  12: [47, 103, 125, 140, 141, 142],
};

/**
 * The basis of a notice whose clause has no accepted code: its modality's own article (pregão art.
 * 28 I, concorrência II, leilão IV, diálogo V; dispensa art. 75 II, the common purchase below the
 * value limit; inexigibilidade art. 74 caput, "formas não previstas nos incisos"; credenciamento
 * art. 78 I; pré-qualificação art. 78 II).
 */
export const PNCP_AMPARO_BY_MODALITY: Record<Modality, number> = {
  ELECTRONIC_AUCTION: 4,
  AUCTION_IN_PERSON: 4,
  COMPETITIVE_DIALOGUE: 5,
  ELECTRONIC_COMPETITION: 2,
  COMPETITION_IN_PERSON: 2,
  NEW_PRICES_SUBMISSION: 2,
  PRICES_SUBMISSION: 2,
  NEW_ELECTRONIC_REVERSED_AUCTION: 1,
  ELECTRONIC_REVERSED_AUCTION: 1,
  REVERSED_AUCTION_IN_PERSON: 1,
  ELECTRONIC_DISPENSER: 19,
  DIRECT_WAIVER_FORMALIZATION: 19,
  WAIVER_FORMALIZATION: 19,
  DIRECT_NONENFORCEMENT: 50,
  NONENFORCEMENT: 50,
  DIRECT_ACCREDITATION: 47,
  ACCREDITATION: 47,
  DIRECT_PRE_QUALIFICATION: 48,
  PRE_QUALIFICATION: 48,
};

/** Whether the portal accepts an amparo legal code for a §5.2 modalidade. */
export const isPncpAmparoAccepted = (modalidadeId: number, amparoLegalId: number): boolean =>
  PNCP_AMPARO_BY_MODALIDADE[modalidadeId]?.includes(amparoLegalId) ?? false;

/** amparoLegalId of 6.3.1: the clause's code when the modality accepts it, else the modality's basis. */
export function pncpAmparoLegalId(modality: Modality, lawClauseCode: string | null | undefined): number {
  const modalidade = PNCP_MODALIDADE_BY_MODALITY[modality];
  const mapped = lawClauseCode ? PNCP_AMPARO_BY_CLAUSE[lawClauseCode as LawClauseCode] : undefined;
  const candidates = mapped === undefined ? [] : typeof mapped === "number" ? [mapped] : mapped;
  return (
    candidates.find((code) => isPncpAmparoAccepted(modalidade, code)) ?? PNCP_AMPARO_BY_MODALITY[modality]
  );
}
