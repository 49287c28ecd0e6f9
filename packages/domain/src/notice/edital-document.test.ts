import { describe, expect, it } from "vitest";
import { type DocumentBlock, type DocumentModel, documentTexts } from "../format/document-model";
import {
  buildEditalDocument,
  EDITAL_SECRET_PRICE_TEXT,
  type EditalDocumentInput,
  type EditalLot,
  editalFileName,
  romanNumeral,
} from "./edital-document";

// Issue 35 item 2: the edital made from a notice (Lei 14.133/2021 art. 25; art. 24 for a secret
// reference price; LC 123/2006 arts. 47–49 for ME/EPP lots; arts. 62–70 for qualification).

const lot = (overrides: Partial<EditalLot> = {}): EditalLot => ({
  number: 1,
  item: 1,
  productCode: 301,
  description: "Papel A4",
  quantity: "10.0000",
  unit: "Unidade",
  decimalsNumber: 2,
  referencePrice: 15_990,
  unitReferencePrice: 15_990,
  totalAmount: 159_900,
  batchItemParticipation: "WIDE_PARTICIPATION",
  wideParticipationBatch: null,
  ...overrides,
});

const INPUT: EditalDocumentInput = {
  buyer: { corporateName: "Prefeitura de Exemplo", cnpj: "12345678000195", city: "Exemplo", state: "SP" },
  noticeNumber: "PE 40/2026",
  processNumber: "PA 21/2026",
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "GOODS_ACQUISITION",
  dispensationForm: "LOWEST_PRICE",
  closingKind: "OPEN",
  offerKind: "UNIT_VALUE",
  isSrp: false,
  processParticipation: "DEFINED_PER_BATCH",
  objectOfInterest: "Aquisição de papel.",
  legislationName: "Decreto nº 11.462/2023",
  lawClauseName: "Art. 28, I - Pregão",
  proposalsStartDateTime: "2026-12-01T13:00:00.000Z",
  proposalsEndDateTime: "2026-12-15T12:00:00.000Z",
  startDateTime: "2026-12-15T13:00:00.000Z",
  clarificationEndDateTime: "2026-12-10T20:59:00.000Z",
  shouldDiscloseReferencePrice: true,
  isReferencePriceDisclosed: false,
  auctioneers: ["Paulo Pregoeiro"],
  lots: [
    lot(),
    lot({
      number: 2,
      decimalsNumber: 4,
      referencePrice: 12_345,
      unitReferencePrice: 12_345,
      totalAmount: 49_380,
      quantity: "4",
      batchItemParticipation: "EXCLUSIVE",
    }),
    lot({ number: 3, batchItemParticipation: "DIFFERENTIATED", wideParticipationBatch: 1 }),
  ],
  qualificationDocumentRequired: ["FGTS_CLEARANCE", "OTHER"],
  otherDocumentClasses: ["Alvará sanitário"],
  annexes: [
    { description: "Termo de Referência", name: "tr.pdf" },
    { description: null, name: "matriz.pdf" },
  ],
  issuedAt: "2026-11-20T13:00:00.000Z",
};

const tables = (model: DocumentModel) =>
  model.blocks.filter((b): b is Extract<DocumentBlock, { kind: "table" }> => b.kind === "table");
const lotTable = (model: DocumentModel) =>
  tables(model).find((t) => t.columns[0] === "Lote" && t.columns[1] === "Item");

describe("buildEditalDocument", () => {
  it("opens with the body, the modality, the numbers and the legal basis (Lei 14.133/2021 and the notice's act)", () => {
    const model = buildEditalDocument(INPUT);
    const preamble = model.blocks[0];
    expect(preamble?.kind).toBe("paragraph");
    const text = preamble?.kind === "paragraph" ? preamble.text : "";
    for (const part of [
      "Prefeitura de Exemplo",
      "12.345.678/0001-95",
      "Exemplo/SP",
      "Pregão Eletrônico (Lei 14.133/2021), aquisição de bens",
      "Edital nº PE 40/2026, Processo nº PA 21/2026",
      "menor preço",
      "Lei nº 14.133/2021; Decreto nº 11.462/2023 (Art. 28, I - Pregão)",
      "Lei Complementar nº 123/2006",
    ])
      expect(text).toContain(part);
    expect(model.subtitle).toContain("PE 40/2026");
  });

  it("gives the dates in Brasília time", () => {
    const texts = documentTexts(buildEditalDocument(INPUT));
    expect(texts).toEqual(
      expect.arrayContaining([
        "01/12/2026 10:00 (horário de Brasília)",
        "15/12/2026 09:00 (horário de Brasília)",
        "15/12/2026 10:00 (horário de Brasília)",
        "10/12/2026 17:59 (horário de Brasília)",
      ]),
    );
  });

  it("lists the lots with quantity, unit and the disclosed reference price, and the exact total of 2- and 4-decimal lots", () => {
    const model = buildEditalDocument(INPUT);
    const table = lotTable(model);
    expect(table?.columns).toContain("Valor unitário de referência");
    expect(table?.rows[0]).toEqual([
      "1",
      "1",
      "301",
      "Papel A4",
      "10",
      "Unidade",
      "R$ 159,90",
      "R$ 1.599,00",
    ]);
    expect(table?.rows[1]).toEqual(["2", "1", "301", "Papel A4", "4", "Unidade", "R$ 1,2345", "R$ 4,938"]);
    // 1.599,00 + 4,938 + 1.599,00
    expect(documentTexts(model)).toContain("R$ 3.202,938");
    expect(documentTexts(model)).not.toContain(EDITAL_SECRET_PRICE_TEXT);
  });

  it("keeps a secret reference price out of the document (the masking rule of reference-price.ts) until disclosed", () => {
    const secret = buildEditalDocument({ ...INPUT, shouldDiscloseReferencePrice: false });
    const texts = documentTexts(secret);
    expect(lotTable(secret)?.columns).toEqual([
      "Lote",
      "Item",
      "Código",
      "Descrição",
      "Quantidade",
      "Unidade",
    ]);
    expect(lotTable(secret)?.rows[0]).toEqual(["1", "1", "301", "Papel A4", "10", "Unidade"]);
    expect(texts.join("\n")).not.toMatch(/R\$/);
    expect(texts).toContain(`4.1 ${EDITAL_SECRET_PRICE_TEXT}`);
    const disclosed = buildEditalDocument({
      ...INPUT,
      shouldDiscloseReferencePrice: false,
      isReferencePriceDisclosed: true,
    });
    expect(documentTexts(disclosed)).toContain("R$ 159,90");
  });

  it("states each lot's ME/EPP participation with its article of LC 123/2006", () => {
    const participation = tables(buildEditalDocument(INPUT)).find((t) => t.columns[1] === "Participação");
    expect(participation?.rows).toEqual([
      ["1", "Ampla participação", "Arts. 44 e 45 da LC nº 123/2006 (preferência no empate ficto)"],
      ["2", "Exclusiva ME-EPP", "Art. 48, I, da LC nº 123/2006"],
      [
        "3",
        "Cota Reservada para ME/EPP/COOP (Até 25%)",
        "Art. 48, III, da LC nº 123/2006 — cota reservada do lote 1",
      ],
    ]);
  });

  it("lists the qualification documents required and the annexes, numbered in Roman numerals", () => {
    const model = buildEditalDocument(INPUT);
    const qualification = tables(model).find((t) => t.columns[0] === "Habilitação");
    expect(qualification?.rows).toEqual([
      ["Habilitação fiscal, social e trabalhista", "Regularidade relativa ao FGTS"],
      ["Outros documentos", "Alvará sanitário"],
    ]);
    expect(documentTexts(model)).toContain(
      "Integram este Edital:\nAnexo I — Termo de Referência (tr.pdf)\nAnexo II — matriz.pdf",
    );
    const bare = documentTexts(
      buildEditalDocument({
        ...INPUT,
        annexes: [],
        qualificationDocumentRequired: [],
        otherDocumentClasses: [],
      }),
    );
    expect(bare).toContain("Este Edital não possui anexos.");
    expect(
      tables(
        buildEditalDocument({ ...INPUT, qualificationDocumentRequired: [], otherDocumentClasses: [] }),
      ).some((t) => t.columns[0] === "Habilitação"),
    ).toBe(false);
  });

  it("closes with the place, the date and the auctioneer's signature", () => {
    const model = buildEditalDocument(INPUT);
    expect(documentTexts(model)).toContain("Exemplo/SP, 20/11/2026.");
    expect(model.blocks.at(-1)).toEqual({
      kind: "signature",
      name: "Paulo Pregoeiro",
      role: "Agente de contratação/Pregoeiro(a)",
    });
  });
});

describe("edital helpers", () => {
  it("numbers annexes in Roman numerals and names the files after the process", () => {
    expect([1, 4, 9, 14, 40].map(romanNumeral)).toEqual(["I", "IV", "IX", "XIV", "XL"]);
    expect(editalFileName("PA 21/2026", "docx")).toBe("edital-pa-21-2026.docx");
  });
});
