import { describe, expect, it } from "vitest";
import {
  isPncpPermanentFailure,
  PNCP_MODALIDADE_BY_MODALITY,
  pncpControlNumber,
  pncpDateTime,
  pncpInstrumentoConvocatorioId,
  pncpMaterialOuServico,
  pncpModoDisputaId,
  pncpMoney,
  pncpNumeroCompra,
  pncpObjetoCompra,
  pncpPercentualDesconto,
  pncpRetryDelayMs,
  pncpSituacaoCompraId,
  pncpTipoBeneficioId,
  pncpTipoDocumentoId,
  pncpTituloDocumento,
} from "./pncp-publication";

// The portal's codes: "Manual de Integração PNCP" v2.3.7 §5 (domain tables) and §6.3.1.
describe("PNCP codes of a notice (Lei 14.133 art. 54; manual §5)", () => {
  it("maps modalities to §5.2 'Modalidade de Contratação'", () => {
    expect(PNCP_MODALIDADE_BY_MODALITY.NEW_ELECTRONIC_REVERSED_AUCTION).toBe(6);
    expect(PNCP_MODALIDADE_BY_MODALITY.REVERSED_AUCTION_IN_PERSON).toBe(7);
    expect(PNCP_MODALIDADE_BY_MODALITY.ELECTRONIC_COMPETITION).toBe(4);
    expect(PNCP_MODALIDADE_BY_MODALITY.ELECTRONIC_DISPENSER).toBe(8);
    expect(PNCP_MODALIDADE_BY_MODALITY.NONENFORCEMENT).toBe(9);
    expect(PNCP_MODALIDADE_BY_MODALITY.DIRECT_ACCREDITATION).toBe(12);
    expect(PNCP_MODALIDADE_BY_MODALITY.ELECTRONIC_AUCTION).toBe(1);
  });

  it("chooses the §5.1 instrument: edital, aviso de contratação direta, ato que autoriza", () => {
    expect(pncpInstrumentoConvocatorioId("NEW_ELECTRONIC_REVERSED_AUCTION")).toBe(1);
    expect(pncpInstrumentoConvocatorioId("ELECTRONIC_DISPENSER")).toBe(2);
    expect(pncpInstrumentoConvocatorioId("WAIVER_FORMALIZATION")).toBe(3);
  });

  it("chooses the §5.3 dispute mode from the closing kind, 'dispensa com disputa' and 'não se aplica'", () => {
    expect(pncpModoDisputaId("NEW_ELECTRONIC_REVERSED_AUCTION", "OPEN")).toBe(1);
    expect(pncpModoDisputaId("NEW_ELECTRONIC_REVERSED_AUCTION", "OPEN_AND_CLOSED")).toBe(3);
    expect(pncpModoDisputaId("ELECTRONIC_COMPETITION", "CLOSED_AND_OPEN")).toBe(6);
    expect(pncpModoDisputaId("ELECTRONIC_DISPENSER", "OPEN")).toBe(4);
    expect(pncpModoDisputaId("WAIVER_FORMALIZATION", "OPEN")).toBe(5);
    expect(pncpModoDisputaId("DIRECT_ACCREDITATION", "OPEN")).toBe(5);
  });

  it("gives §5.7 benefits by the lot's participation first (LC 123 arts. 47–48)", () => {
    expect(pncpTipoBeneficioId("NEW_ELECTRONIC_REVERSED_AUCTION", "BROAD", null)).toBe(4);
    expect(pncpTipoBeneficioId("NEW_ELECTRONIC_REVERSED_AUCTION", "MICRO_BUSINESS_EXCLUSIVE", null)).toBe(1);
    expect(pncpTipoBeneficioId("NEW_ELECTRONIC_REVERSED_AUCTION", "BROAD", "DIFFERENTIATED")).toBe(3);
    expect(pncpTipoBeneficioId("ELECTRONIC_AUCTION", "MICRO_BUSINESS_EXCLUSIVE", "EXCLUSIVE")).toBe(5);
  });

  it("marks goods M and services S; every leilão item M (6.3.1 item 18.2)", () => {
    expect(pncpMaterialOuServico("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION")).toBe("M");
    expect(pncpMaterialOuServico("NEW_ELECTRONIC_REVERSED_AUCTION", "HIRING_SERVICES")).toBe("S");
    expect(pncpMaterialOuServico("ELECTRONIC_AUCTION", "SALE")).toBe("M");
  });

  it("types documents by §5.12: edital 2, aviso 1, ato 20, others 16", () => {
    expect(pncpTipoDocumentoId("NEW_ELECTRONIC_REVERSED_AUCTION", true)).toBe(2);
    expect(pncpTipoDocumentoId("ELECTRONIC_DISPENSER", true)).toBe(1);
    expect(pncpTipoDocumentoId("NONENFORCEMENT", true)).toBe(20);
    expect(pncpTipoDocumentoId("NEW_ELECTRONIC_REVERSED_AUCTION", false)).toBe(16);
  });

  it("rectifies with the §5.5 situation: revogada 2 (art. 71 II), anulada 3 (art. 71 III), suspensa 4", () => {
    expect(pncpSituacaoCompraId("REVOKED")).toBe(2);
    expect(pncpSituacaoCompraId("CANCELLED")).toBe(3);
    expect(pncpSituacaoCompraId("SUSPENDED_INDEFINITELY")).toBe(4);
    expect(pncpSituacaoCompraId("SUSPENDED")).toBe(4);
    expect(pncpSituacaoCompraId("PUBLISHED")).toBe(1);
    expect(pncpSituacaoCompraId("ONGOING")).toBe(1);
  });

  it("composes the control number {cnpj}-1-{sequencial:6}/{ano}", () => {
    expect(pncpControlNumber("00.394.460/0001-41", 2026, 42)).toBe("00394460000141-1-000042/2026");
  });

  it("converts money from the lot's own scale, 10^decimalsNumber (6.3.1 items 18.8–18.9: 4 decimals)", () => {
    // R$ 12,3456 typed in a 4-decimal lot is stored 123456; R$ 15,99 in a 2-decimal lot 1599.
    expect(pncpMoney(123_456, 4)).toBe(12.3456);
    expect(pncpMoney(1_599, 2)).toBe(15.99);
    expect(pncpMoney(1_234_567_891, 4)).toBe(123456.7891);
  });

  it("writes dates in Brasília wall time without offset (6.3.1 items 15–16)", () => {
    expect(pncpDateTime(new Date("2026-03-10T13:00:00Z"))).toBe("2026-03-10T10:00:00");
  });
});

// The changes of manual v2.6 as issue 34 lists them (the v2.6 text itself was not found: see
// docs/decisions.md); the sections are those of the fields in v2.3.7.
describe("manual v2.6: the payloads' changed rules", () => {
  it("sends numeroCompra without the year, which goes in anoCompra (6.3.1 item 8)", () => {
    expect(pncpNumeroCompra("PE 60/2026")).toBe("PE 60");
    expect(pncpNumeroCompra("60/2026")).toBe("60");
    expect(pncpNumeroCompra("Pregão 14 de 2026")).toBe("Pregão 14");
    expect(pncpNumeroCompra("DL 7-2025")).toBe("DL 7");
    expect(pncpNumeroCompra("Pregão 14")).toBe("Pregão 14");
    expect(pncpNumeroCompra("001/2026/SMS")).toBe("001/2026/SMS");
  });

  it("sends the whole object on insertion (6.3.1 item 11, 5,120) and its first 512 characters on rectification (v2.6 6.3.2 item 10)", () => {
    expect(pncpObjetoCompra("Aquisição de cadeiras.", "rectify")).toBe("Aquisição de cadeiras.");
    const long = "Aquisição de material de expediente ".repeat(20);
    expect(pncpObjetoCompra(long, "insert")).toBe(long.trim());
    const cut = pncpObjetoCompra(long, "rectify");
    expect(cut).toHaveLength(512);
    expect(cut.endsWith("…")).toBe(true);
    expect(pncpObjetoCompra("x".repeat(6000), "insert")).toHaveLength(5120);
  });

  it("gives percentualDesconto on every result: the discount under Maior Desconto, 0 under any other criterion (v2.6 6.3.15 item 8)", () => {
    expect(pncpPercentualDesconto("BIGGEST_DISCOUNT", 345, 325)).toBe(5.7971);
    expect(pncpPercentualDesconto("BIGGEST_DISCOUNT", 100, 100)).toBe(0);
    expect(pncpPercentualDesconto("BIGGEST_DISCOUNT", 100, 130)).toBe(0);
    expect(pncpPercentualDesconto("BIGGEST_DISCOUNT", 0, 10)).toBe(0);
    expect(pncpPercentualDesconto("LOWEST_PRICE", 345, 325)).toBe(0);
  });

  it("sends Titulo-Documento as the plain title in Latin-1, not percent-encoded (6.3.1 item 2, 6.3.6 item 4)", () => {
    expect(pncpTituloDocumento("Edital nº 60 — Aquisição de cadeiras")).toBe(
      "Edital nº 60 - Aquisição de cadeiras",
    );
    expect(pncpTituloDocumento("Termo “final”\nassinado")).toBe('Termo "final" assinado');
    expect(pncpTituloDocumento("x".repeat(300))).toHaveLength(255);
  });
});

describe("the publication queue's retries", () => {
  it("backs off exponentially from 30 s, capped at one hour", () => {
    expect([1, 2, 3, 4].map(pncpRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(pncpRetryDelayMs(20)).toBe(3_600_000);
  });

  it("stops retrying a payload the portal refuses, not an outage or an expired token", () => {
    expect(isPncpPermanentFailure(422)).toBe(true);
    expect(isPncpPermanentFailure(400)).toBe(true);
    expect(isPncpPermanentFailure(401)).toBe(false);
    expect(isPncpPermanentFailure(429)).toBe(false);
    expect(isPncpPermanentFailure(503)).toBe(false);
    expect(isPncpPermanentFailure(undefined)).toBe(false);
  });
});
