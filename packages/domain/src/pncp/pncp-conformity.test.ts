import { describe, expect, it } from "vitest";
import { CLOSING_KINDS, JUDGEMENT_CRITERIA } from "../enums/judgement";
import { MODALITIES } from "../enums/modality";
import { PNCP_AMPARO_BY_MODALITY } from "./pncp-amparo-legal";
import { PNCP_CONFORMITY_SNAPSHOT, pncpConformityProblems } from "./pncp-conformity";
import {
  PNCP_CRITERIO_JULGAMENTO,
  PNCP_MODALIDADE_BY_MODALITY,
  pncpInstrumentoConvocatorioId,
  pncpItemCategoriaId,
  pncpLeilaoFlags,
  pncpModoDisputaId,
} from "./pncp-publication";

// Manual de Integração PNCP v2.3.7 §5.18 (instrumento × modalidade × amparo legal), §5.19
// (instrumento × modo de disputa), §5.22 (modalidade × critério de julgamento); 6.3.1 item 18.12.
const codes = (modality: (typeof MODALITIES)[number], closing: (typeof CLOSING_KINDS)[number]) => ({
  tipoInstrumentoConvocatorioId: pncpInstrumentoConvocatorioId(modality),
  modalidadeId: PNCP_MODALIDADE_BY_MODALITY[modality],
  modoDisputaId: pncpModoDisputaId(modality, closing),
  amparoLegalId: PNCP_AMPARO_BY_MODALITY[modality],
});

describe("the portal's conformity tables (manual §5.18, §5.19, §5.22)", () => {
  it("accepts every modality's instrument, dispute mode and basis as the platform maps them", () => {
    for (const modality of MODALITIES)
      for (const closing of CLOSING_KINDS)
        expect(
          pncpConformityProblems(PNCP_CONFORMITY_SNAPSHOT, { ...codes(modality, closing), criterios: [] }),
          `${modality} ${closing}`,
        ).toEqual([]);
  });

  it("sends an inexigibilidade receiving proposals as an ato (3) with 'não se aplica' (5), not as an aviso (2)", () => {
    expect(codes("DIRECT_NONENFORCEMENT", "OPEN")).toMatchObject({
      tipoInstrumentoConvocatorioId: 3,
      modoDisputaId: 5,
    });
    // The old mapping: instrument 2 with modo 5 and modalidade 9 — refused on both rules.
    expect(
      pncpConformityProblems(PNCP_CONFORMITY_SNAPSHOT, {
        tipoInstrumentoConvocatorioId: 2,
        modalidadeId: 9,
        modoDisputaId: 5,
        amparoLegalId: 50,
        criterios: [1],
      }),
    ).toHaveLength(2);
  });

  it("refuses a criterion the modality does not take, naming it (pregão: menor preço or maior desconto)", () => {
    const problems = pncpConformityProblems(PNCP_CONFORMITY_SNAPSHOT, {
      ...codes("NEW_ELECTRONIC_REVERSED_AUCTION", "OPEN"),
      criterios: [PNCP_CRITERIO_JULGAMENTO.LOWEST_PRICE, PNCP_CRITERIO_JULGAMENTO.TECHNIQUE_AND_PRICE],
    });
    expect(problems).toEqual([
      "O PNCP não aceita o critério de julgamento 4 na modalidade 6 (manual §5.22).",
    ]);
    expect(JUDGEMENT_CRITERIA).toContain("TECHNIQUE_AND_PRICE");
  });

  it("sends leilão items as bens móveis with srp, orçamento sigiloso and PPB false (6.3.1 items 13, 18.4, 18.11, 18.12)", () => {
    expect(pncpItemCategoriaId("ELECTRONIC_AUCTION")).toBe(2);
    expect(pncpItemCategoriaId("NEW_ELECTRONIC_REVERSED_AUCTION")).toBe(3);
    const all = { srp: true, incentivoProdutivoBasico: true, orcamentoSigiloso: true };
    expect(pncpLeilaoFlags("AUCTION_IN_PERSON", all)).toEqual({
      srp: false,
      incentivoProdutivoBasico: false,
      orcamentoSigiloso: false,
    });
    expect(pncpLeilaoFlags("NEW_ELECTRONIC_REVERSED_AUCTION", all)).toEqual(all);
  });
});
