import { describe, expect, it } from "vitest";
import type { ReferenceTermBatch, ReferenceTermData } from "./reference-term";
import {
  buildReferenceTermDocument,
  CONFIDENTIAL_VALUE_TEXT,
  DEFAULT_REFERENCE_TERM_TEMPLATE,
  type DocBlock,
  formatReferenceTermAddress,
  type ReferenceTermDocumentInput,
  type ReferenceTermTemplate,
} from "./reference-term-document";

const LOTS: ReferenceTermBatch[] = [
  {
    id: "b1",
    number: 1,
    item: 1,
    description: "Papel A4 75 g/m²",
    quantity: 1250.5,
    isProductBrandRequired: false,
    decimalsNumber: 2,
    minimumVariationKind: "REAL",
    minimumVariation: 0.5,
    batchItemParticipation: "EXCLUSIVE",
  },
  {
    id: "b2",
    number: 2,
    item: 1,
    description: "Toner",
    quantity: 10,
    isProductBrandRequired: true,
    decimalsNumber: 4,
    minimumVariationKind: "PERCENTAGE",
    minimumVariation: 1,
    batchItemParticipation: "DIFFERENTIATED",
  },
];

const DATA: ReferenceTermData = {
  generalConditions: {
    objectOfInterest: "Aquisição de material de expediente",
    processParticipation: "DEFINED_PER_BATCH",
    objectFeature: "COMMON",
    supplyType: "NON_CONTINUOUS",
    contractTerm: 12,
    contractTermKind: "MONTHS",
    customParagraphs: [{ number: "1.1", content: "Parágrafo geral." }],
  },
  contractingJustification: {
    hasHiringPlan: true,
    hiringPlanYear: 2027,
    hiringPlanId: "PCA-2027",
    hiringPlanPublishDate: "2026-12-05",
    hiringPlanItemId: "12",
    customParagraphs: [
      { number: "2.2", content: "Primeiro parágrafo customizado." },
      { number: "2.3", content: "Segundo parágrafo customizado." },
    ],
  },
  contractingRequirements: {
    hasBrandIndication: true,
    permittedBrandList: [
      { id: 1, brand: "Marca A" },
      { id: 2, brand: "Marca B" },
    ],
    isSampleRequired: true,
    sampleDeliveryAddress: {
      postalCode: "70040-010",
      street: "Esplanada dos Ministérios",
      number: "10",
      district: "Zona Cívico-Administrativa",
      city: "Brasília",
      state: "DF",
    },
  },
  measurementPaymentCriteria: {
    monetaryCorrectionIndex: "IGPM",
    paymentMethod: "LINKED_DEPOSIT_ACCOUNT",
    hasBankFees: true,
    bankFeesAmountCents: 123456,
    canAdvancePayment: true,
    advanceDetails: [{ id: 1, valueCents: 500000, condition: "Entrega do cronograma" }],
  },
  criteriaSupplierSelection: { dispensationForm: "BIGGEST_PRICE" },
  budgetAdequacy: {
    sourceResources: "1.500.0000",
    hasAgreementFederalGovernment: true,
    agreementNumbers: ["912345"],
  },
};

const INPUT: ReferenceTermDocumentInput = {
  header: {
    processNumber: "PE 12/2026",
    object: "Aquisição de material de expediente",
    modalityLabel: "Pregão Eletrônico",
    subModalityLabel: "Aquisição de bens",
    processDate: "2026-11-20",
    buyerName: "Prefeitura de Exemplo",
    agentName: null,
    totalValueCents: 1234567,
    averageRisk: null,
  },
  context: {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    serviceKind: null,
  },
  data: DATA,
  lots: LOTS,
};

const doc = buildReferenceTermDocument(DEFAULT_REFERENCE_TERM_TEMPLATE, INPUT);
const chapter = (n: number) => {
  const c = doc.chapters[n - 1];
  if (!c) throw new Error(`no chapter ${n}`);
  return c;
};
const paragraphs = (blocks: DocBlock[]) =>
  blocks.flatMap((b) => (b.kind === "paragraph" ? [{ number: b.number, text: b.text }] : []));
const rows = (blocks: DocBlock[]) =>
  Object.fromEntries(
    blocks.flatMap((b) => (b.kind === "fields" ? b.rows : [])).map((r) => [r.label, r.value]),
  );
const tables = (blocks: DocBlock[]) =>
  blocks.filter((b): b is Extract<DocBlock, { kind: "table" }> => b.kind === "table");

describe("DEFAULT_REFERENCE_TERM_TEMPLATE (planning §9 fixed paragraph counts)", () => {
  it("has the §9 counts per chapter and cites Lei 14.133/2021", () => {
    expect(DEFAULT_REFERENCE_TERM_TEMPLATE.chapters.map((c) => c.fixedParagraphs.length)).toEqual([
      0, 1, 2, 2, 1, 2, 2, 1, 1, 1,
    ]);
    expect(DEFAULT_REFERENCE_TERM_TEMPLATE.chapters.flatMap((c) => c.fixedParagraphs).join(" ")).toContain(
      "Lei nº 14.133/2021",
    );
  });
});

describe("buildReferenceTermDocument (planning §4 'Reference term document', §9 'Reference term')", () => {
  it("gives the title, the nine header rows and the ten chapters with their form titles", () => {
    expect(doc.title).toBe("Termo de Referência");
    expect(doc.header.map((r) => r.label)).toEqual([
      "Nº do Processo",
      "Objeto",
      "Modalidade",
      "Sub-Modalidade",
      "Data do Processo",
      "Unidade Compradora",
      "Pregoeiro/Agente de Contratação Responsável",
      "Valor Total do Processo",
      "Risco Médio do Processo",
    ]);
    expect(doc.header.find((r) => r.label === "Data do Processo")?.value).toBe("20/11/2026");
    expect(doc.header.find((r) => r.label === "Valor Total do Processo")?.value).toBe("R$ 12.345,67");
    expect(doc.header.find((r) => r.label === "Risco Médio do Processo")?.value).toBe("-");
    expect(doc.chapters.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(chapter(2).title).toBe("Fundamentação e Descrição da Necessidade da Contratação");
  });

  it("numbers fixed paragraphs {chapter}.{i} and custom ones after them", () => {
    expect(paragraphs(chapter(1).blocks)).toEqual([{ number: "1.1", text: "Parágrafo geral." }]);
    expect(paragraphs(chapter(2).blocks).map((p) => p.number)).toEqual(["2.1", "2.2", "2.3"]);
    expect(paragraphs(chapter(2).blocks)[2]?.text).toBe("Segundo parágrafo customizado.");
    expect(paragraphs(chapter(7).blocks).map((p) => p.number)).toEqual(["7.1", "7.2"]);
    // Fixed paragraphs come first, custom ones after the data blocks.
    expect(chapter(2).blocks[0]?.kind).toBe("paragraph");
    expect(chapter(2).blocks.at(-1)).toEqual({
      kind: "paragraph",
      number: "2.3",
      text: "Segundo parágrafo customizado.",
    });
  });

  it("fills placeholders from the header and the data, '-' when missing", () => {
    const justification = paragraphs(chapter(2).blocks)[0]?.text ?? "";
    expect(justification).toContain("processo PE 12/2026");
    expect(justification).toContain("Plano de Contratações Anual de 2027");
    expect(justification).not.toContain("{{");
    expect(paragraphs(chapter(7).blocks)[1]?.text).toContain("pelo índice IGP-M.");
    expect(paragraphs(chapter(8).blocks)[0]?.text).toContain("modalidade Pregão Eletrônico");
    expect(paragraphs(chapter(8).blocks)[0]?.text).toContain("critério de julgamento Maior lance");
    expect(paragraphs(chapter(9).blocks)[0]?.text).toContain("R$ 12.345,67");
    expect(paragraphs(chapter(10).blocks)[0]?.text).toContain("programa de trabalho -");
    const template: ReferenceTermTemplate = {
      version: 2,
      title: "TR",
      chapters: [
        { code: "CONTRACTING_JUSTIFICATION", fixedParagraphs: ["{{unknown}} / {{ processNumber }}"] },
      ],
    };
    const custom = buildReferenceTermDocument(template, INPUT);
    expect(custom.title).toBe("TR");
    expect(paragraphs(custom.chapters[1]?.blocks ?? [])[0]).toEqual({
      number: "2.1",
      text: "- / PE 12/2026",
    });
    // Custom paragraphs follow the template's own fixed count.
    expect(paragraphs(custom.chapters[1]?.blocks ?? [])[1]?.number).toBe("2.2");
  });

  it("keeps a confidential estimated cost out of the document (Lei 14.133/2021 art. 24)", () => {
    const secret = buildReferenceTermDocument(DEFAULT_REFERENCE_TERM_TEMPLATE, {
      ...INPUT,
      data: { ...DATA, estimateValueContract: { isConfidentialEstimatedCost: true } },
    });
    const text = JSON.stringify(secret);
    expect(text).not.toContain("12.345,67");
    expect(secret.header.find((r) => r.label === "Valor Total do Processo")?.value).toBe(
      CONFIDENTIAL_VALUE_TEXT,
    );
    expect(paragraphs(secret.chapters[8]?.blocks ?? [])[0]?.text).toContain(CONFIDENTIAL_VALUE_TEXT);
    expect(rows(secret.chapters[8]?.blocks ?? [])["Custo estimado sigiloso?"]).toBe("Sim");
  });

  it("as the notice's annex, writes the given text instead of the total, confidential or not (art. 24)", () => {
    const annex = buildReferenceTermDocument(DEFAULT_REFERENCE_TERM_TEMPLATE, {
      ...INPUT,
      valueText: "informado no edital",
    });
    expect(JSON.stringify(annex)).not.toContain("12.345,67");
    expect(annex.header.find((r) => r.label === "Valor Total do Processo")?.value).toBe(
      "informado no edital",
    );
    expect(paragraphs(annex.chapters[8]?.blocks ?? [])[0]?.text).toContain("informado no edital");
  });

  it("falls back to the header object for {{objectOfInterest}} before step 1 is saved", () => {
    const early = buildReferenceTermDocument(DEFAULT_REFERENCE_TERM_TEMPLATE, { ...INPUT, data: {} });
    expect(paragraphs(early.chapters[2]?.blocks ?? [])[0]?.text).toContain(
      "contratação de Aquisição de material de expediente são",
    );
  });

  it("shows enum labels, Sim/Não, money and dates in pt-BR", () => {
    const general = rows(chapter(1).blocks);
    expect(general["Participação no processo"]).toBe("Definida por lote");
    expect(general["Característica do objeto"]).toBe("Comum (Pregão)");
    expect(general["Tipo de fornecimento"]).toBe("Não Contínuo");
    expect(general["Unidade do prazo de vigência"]).toBe("Mês(es)");
    const justification = rows(chapter(2).blocks);
    expect(justification["A contratação está prevista no Plano de Contratações Anual?"]).toBe("Sim");
    expect(justification["Data de publicação do Plano de Contratações Anual"]).toBe("05/12/2026");
    expect(justification["Ano do Plano de Contratações Anual"]).toBe("2027");
    const payment = rows(chapter(7).blocks);
    expect(payment["Valor estimado da tarifa bancária"]).toBe("R$ 1.234,56");
    expect(payment["Forma de pagamento"]).toBe("Conta-depósito vinculada");
    expect(payment["Índice de Correção Monetária"]).toBe("IGP-M");
    expect(tables(chapter(7).blocks)[0]).toEqual({
      kind: "table",
      title: "Regras de antecipação",
      columns: ["Valor da Antecipação (R$ / %)", "Condicionante"],
      rows: [["R$ 5.000,00", "Entrega do cronograma"]],
    });
  });

  it("writes addresses as 'street, number, district - city/state, postalCode'", () => {
    expect(rows(chapter(3).blocks)["Endereço de entrega das amostras"]).toBe(
      "Esplanada dos Ministérios, 10, Zona Cívico-Administrativa - Brasília/DF, 70040-010",
    );
    expect(formatReferenceTermAddress(null)).toBe("-");
  });

  it("renders lists as tables: lots in chapter 1, brands, agreement numbers", () => {
    const [lots] = tables(chapter(1).blocks);
    expect(lots?.columns).toEqual([
      "Lote",
      "Item",
      "Descrição",
      "Quantidade",
      "Marca obrigatória",
      "Casas decimais",
      "Variação mínima",
      "Participação",
    ]);
    expect(lots?.rows).toEqual([
      ["1", "1", "Papel A4 75 g/m²", "1.250,5", "Não", "2", "R$ 0,50", "Exclusiva ME-EPP"],
      ["2", "1", "Toner", "10", "Sim", "4", "1,00 %", "Cota Reservada para ME/EPP/COOP (Até 25%)"],
    ]);
    expect(tables(chapter(3).blocks)[0]).toEqual({
      kind: "table",
      title: "Marcas indicadas",
      columns: ["Número", "Marca"],
      rows: [
        ["1", "Marca A"],
        ["2", "Marca B"],
      ],
    });
    expect(tables(chapter(10).blocks)[0]?.rows).toEqual([["1", "912345"]]);
  });

  it("is deterministic and leaves its input untouched", () => {
    const before = JSON.stringify(INPUT);
    const again = buildReferenceTermDocument(DEFAULT_REFERENCE_TERM_TEMPLATE, INPUT);
    expect(again).toEqual(doc);
    expect(JSON.stringify(INPUT)).toBe(before);
    const empty = buildReferenceTermDocument(DEFAULT_REFERENCE_TERM_TEMPLATE, {
      ...INPUT,
      data: {},
      lots: [],
    });
    expect(empty.chapters[0]?.blocks).toEqual([]);
    expect(empty.chapters[1]?.blocks).toHaveLength(1);
  });
});
