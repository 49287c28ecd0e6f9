// The portal's conformity rules between its domain tables (Manual de Integração PNCP v2.3.7: §5.18
// instrumento convocatório × modalidade × amparo legal, §5.19 instrumento × modo de disputa, §5.22
// modalidade × critério de julgamento; 6.3.1 and 6.3.2: "O PNCP não receberá novas contratações ou
// permitirá a retificação se os campos informados não estiverem em conformidade"). The portal serves
// them (5.18.2, 5.19.2, 5.22.2); the server reads them there, caches them for a day and falls back to
// this repository copy (tests, offline runs, a portal that does not answer). Issue 34 item 4;
// reading recorded in docs/decisions.md "Publication to the national portal, PNCP".
import { PNCP_AMPARO_BY_MODALIDADE } from "./pncp-amparo-legal";

export interface PncpConformityTables {
  /** §5.19: [tipoInstrumentoConvocatorioId, modoDisputaId]. */
  instrumentoModoDisputa: readonly (readonly [number, number])[];
  /** §5.22: [modalidadeId, criterioJulgamentoId]. */
  modalidadeCriterio: readonly (readonly [number, number])[];
  /** §5.18: [tipoInstrumentoConvocatorioId, modalidadeId, amparoLegalId]. */
  instrumentoModalidadeAmparo: readonly (readonly [number, number, number])[];
}

/**
 * §5.1's descriptions: 1 Edital "utilizado no diálogo competitivo, concurso, concorrência, pregão,
 * manifestação de interesse, pré-qualificação e credenciamento" (and leilão); 2 Aviso de Contratação
 * Direta "utilizado na Dispensa com Disputa"; 3 Ato que autoriza a Contratação Direta "utilizado na
 * Dispensa sem Disputa ou na Inexigibilidade".
 */
const INSTRUMENTS_BY_MODALIDADE: Record<number, readonly number[]> = {
  1: [1],
  2: [1],
  3: [1],
  4: [1],
  5: [1],
  6: [1],
  7: [1],
  8: [2, 3],
  9: [3],
  10: [1],
  11: [1],
  12: [1],
  13: [1],
};

/**
 * §5.22 as Lei 14.133/2021 gives it: pregão menor preço or maior desconto (art. 6 XLI); concorrência
 * and diálogo the criteria of art. 33 but maior lance (art. 6 XXXVIII); concurso melhor técnica or
 * conteúdo artístico (art. 6 XXXIX); leilão maior lance (art. 6 XL); direct contractings and the
 * auxiliary procedures menor preço, maior desconto (dispensa) or "não se aplica" (7).
 */
const CRITERIA_BY_MODALIDADE: Record<number, readonly number[]> = {
  1: [5],
  2: [1, 2, 4, 6, 8, 9],
  3: [8, 9],
  4: [1, 2, 4, 6, 8, 9],
  5: [1, 2, 4, 6, 8, 9],
  6: [1, 2],
  7: [1, 2],
  8: [1, 2, 7],
  9: [1, 7],
  10: [7],
  11: [1, 7],
  12: [1, 7],
  13: [5],
};

/**
 * The repository copy of the three tables: modes by §5.3's meaning (edital: aberto, fechado,
 * aberto-fechado, fechado-aberto, or "não se aplica" for the auxiliary procedures; aviso: dispensa
 * com disputa; ato: não se aplica), the legal bases by modality as pncp-amparo-legal.ts reads §5.15.
 */
export const PNCP_CONFORMITY_SNAPSHOT: PncpConformityTables = {
  instrumentoModoDisputa: [
    [1, 1],
    [1, 2],
    [1, 3],
    [1, 5],
    [1, 6],
    [2, 4],
    [3, 5],
  ],
  modalidadeCriterio: Object.entries(CRITERIA_BY_MODALIDADE).flatMap(([m, criteria]) =>
    criteria.map((c) => [Number(m), c] as const),
  ),
  instrumentoModalidadeAmparo: Object.entries(INSTRUMENTS_BY_MODALIDADE).flatMap(([m, instruments]) =>
    instruments.flatMap((i) =>
      (PNCP_AMPARO_BY_MODALIDADE[Number(m)] ?? []).map((a) => [i, Number(m), a] as const),
    ),
  ),
};

/** The codes of a contracting the rules are checked on. */
export interface PncpContractingCodes {
  tipoInstrumentoConvocatorioId: number;
  modalidadeId: number;
  modoDisputaId: number;
  amparoLegalId: number;
  /** Every item's criterioJulgamentoId. */
  criterios: readonly number[];
}

/** Why the portal would refuse the contracting's codes (empty: they conform). */
export function pncpConformityProblems(tables: PncpConformityTables, c: PncpContractingCodes): string[] {
  const problems: string[] = [];
  if (
    !tables.instrumentoModoDisputa.some(
      ([i, m]) => i === c.tipoInstrumentoConvocatorioId && m === c.modoDisputaId,
    )
  )
    problems.push(
      `O PNCP não aceita o modo de disputa ${c.modoDisputaId} com o instrumento convocatório ${c.tipoInstrumentoConvocatorioId} (manual §5.19).`,
    );
  for (const criterio of new Set(c.criterios))
    if (!tables.modalidadeCriterio.some(([m, k]) => m === c.modalidadeId && k === criterio))
      problems.push(
        `O PNCP não aceita o critério de julgamento ${criterio} na modalidade ${c.modalidadeId} (manual §5.22).`,
      );
  if (
    !tables.instrumentoModalidadeAmparo.some(
      ([i, m, a]) => i === c.tipoInstrumentoConvocatorioId && m === c.modalidadeId && a === c.amparoLegalId,
    )
  )
    problems.push(
      `O PNCP não aceita o amparo legal ${c.amparoLegalId} com a modalidade ${c.modalidadeId} e o instrumento convocatório ${c.tipoInstrumentoConvocatorioId} (manual §5.18).`,
    );
  return problems;
}
