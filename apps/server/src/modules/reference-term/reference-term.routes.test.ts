import { createHash } from "node:crypto";
import {
  DEFAULT_REFERENCE_TERM_TEMPLATE,
  PROCESS_NOT_PENDING_MESSAGE,
  SIGNED_REFERENCE_TERM_MAX_BYTES,
} from "@certame/domain";
import { eq } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMultipart } from "../../../test/notice-helpers";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { demandFormalizationBatches, paragraphTemplates, processes } from "../../db/schema";
import { REFERENCE_TERM_INCOMPLETE_MESSAGE } from "./reference-term.service";

// planning §2.10, §3 "Reference term", §4 "Reference term document", "Step 1 side effects on submit",
// "Step 1 bulk rules", §5 "Reference term — step 1" … "Payload nulling on save", §7 "Reference term";
// issue 16 items 4–5 (paragraph history, .docx and PDF exports, the signed PDF with its SHA-256).

let t: TestApp;
let planner: string;
let otherBody: string;
let supplier: string;
let product: string;
const clock = new TestClock(Date.parse("2026-11-20T13:00:00.000Z"));

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  [planner, otherBody, supplier] = await Promise.all([
    t.login("planejamento@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
  product = (await t.post("/api/app/product/list", { page: 1 }, planner)).json().products[0].id;
});
afterAll(() => t.close());

const R = "/api/app/referenceTerm";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const props = (res: { json(): { properties?: { property: string }[] } }) =>
  (res.json().properties ?? []).map((p) => p.property);

type Etp = { modality: string; subModality: string; serviceKind?: string | null };
const GOODS: Etp = { modality: "NEW_ELECTRONIC_REVERSED_AUCTION", subModality: "GOODS_ACQUISITION" };
const SERVICES: Etp = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "HIRING_SERVICES",
  serviceKind: "SERVICE_WITH_LABOR",
};
const ENGINEERING: Etp = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "HIRING_COMMON_ENGINEERING_SERVICES",
};

/** A process of the planner's body with a DFD (no description) of two lines and, optionally, an ETP. */
async function newProcess(etp: Etp | null = GOODS, token = planner) {
  const processNumber = `TR ${Math.floor(Math.random() * 1e9)}/2026`;
  const created = await t.post("/api/app/process/create", { processNumber }, token);
  expect(created.statusCode, created.body).toBe(200);
  const processId = created.json().id as string;
  const dfd = await t.post(
    "/api/app/demandFormalization/save",
    { process: { id: processId }, priority: "LOW" },
    token,
  );
  expect(dfd.statusCode, dfd.body).toBe(200);
  const docId = (
    await t.post("/api/app/demandFormalization/read", { process: { id: processId } }, token)
  ).json().id as string;
  const add = await t.post(
    "/api/app/demandFormalization/batch/save",
    {
      demandFormalizationId: docId,
      batchesData: [
        { number: 1, item: 1, product: { id: product }, quantity: 10, measurementUnit: { code: "UN" } },
        { number: 2, item: 1, product: { id: product }, quantity: 3, measurementUnit: { code: "CX" } },
      ],
    },
    token,
  );
  expect(add.statusCode, add.body).toBe(200);
  if (etp) {
    const saved = await t.post(
      "/api/app/preliminaryTechnicalStudy/save",
      {
        step: "DESCRIPTION",
        process: { id: processId },
        number: "ETP 1/2026",
        isRejectedFromTheProcess: false,
        description: "Necessidade de reposição",
        serviceKind: null,
        ...etp,
      },
      token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const batches = add.json().batches as { id: string; number: number; item: number }[];
  return { processId, processNumber, batches };
}

const ADDRESS = {
  postalCode: "01001-000",
  street: "Praça da Sé",
  number: "100",
  district: "Sé",
  city: "São Paulo",
  state: "SP",
};
const PARAGRAPH = "Os bens serão recebidos pelo almoxarifado central";

/** A valid payload of every chapter for a goods acquisition (planning §5). */
const goodsChapters = (batches: { id: string }[]): [string, Record<string, unknown>][] => [
  [
    "GENERAL_CONTRACTING_CONDITIONS",
    {
      objectOfInterest: "Aquisição de material de expediente",
      processParticipation: "BROAD",
      objectFeature: "COMMON",
      supplyType: "NON_CONTINUOUS",
      contractTerm: 12,
      contractTermKind: "MONTHS",
      batchList: batches.map((b) => ({ id: b.id, isProductBrandRequired: false, decimalsNumber: 2 })),
    },
  ],
  [
    "CONTRACTING_JUSTIFICATION",
    {
      hasHiringPlan: true,
      hiringPlanYear: 2026,
      hiringPlanId: "PCA-2026-01",
      hiringPlanPublishDate: "2026-01-15",
      hiringPlanItemId: "17",
      customParagraphs: [{ number: "2.2", content: PARAGRAPH }],
    },
  ],
  [
    "CONTRACTING_REQUIREMENTS",
    {
      hasBrandIndication: false,
      hasForbiddenBrand: false,
      isSampleRequired: false,
      isLetterSolidarityRequired: false,
      isSubcontractingPermitted: false,
      isAssuranceRequirement: false,
    },
  ],
  [
    "OBJECT_EXECUTION_MODEL",
    {
      isInstallmentDelivery: false,
      executionObjectAmountDays: 30,
      startTermCounting: "SIGNING_CONTRACT",
      deadlineNonDeliveryJustificationDate: 5,
      deliveryDateExpiration: 12,
      deliveryDateExpirationKind: "MONTHS",
      executionObjectAddresses: [ADDRESS],
    },
  ],
  [
    "ASSURANCE_TECHNICAL_ASSISTENCE",
    {
      warrantyPeriodKind: "CONSUMER_PROTECTION_CODE",
      hasSupplementaryGuarantee: false,
      repairPeriodDays: 10,
    },
  ],
  ["CONTRACT_MANAGEMENT_MODEL", { hasExtraRoutine: false }],
  [
    "MEASUREMENT_PAYMENT_CRITERIA",
    { finalReceiptPeriod: 15, monetaryCorrectionIndex: "IPCA", canAdvancePayment: false },
  ],
  [
    "CRITERIA_SUPPLIER_SELECTION",
    {
      dispensationForm: "LOWEST_PRICE",
      isBusinessAuthorizationRequired: false,
      isCompanyRegistrationRequired: false,
      objectSupplyType: "INTEGRAL",
      isMinimumValueRequired: false,
      technicalQualifications: [{ id: 1, qualification: "Atestado de capacidade técnica" }],
    },
  ],
  ["ESTIMATED_VALUE_CONTRACT", { isConfidentialEstimatedCost: false }],
  [
    "BUDGET_ADEQUACY",
    {
      sourceResources: "Tesouro municipal",
      workProgram: "04.122.0001.2001",
      expenseElement: "3.3.90.30",
      innerPlan: "PI-01",
      hasAgreementFederalGovernment: false,
    },
  ],
];

const save = (
  processId: string,
  chapterCode: string,
  data: object,
  step: string | null = null,
  token = planner,
) => t.post(`${R}/save`, { process: { id: processId }, chapterCode, step, data }, token);
const read = (processId: string, token = planner) =>
  t.post(`${R}/read`, { process: { id: processId } }, token);
const stepOf = async (processId: string) =>
  (await t.post("/api/app/process/read", { id: processId }, planner))
    .json()
    .steps.find((s: { kind: string }) => s.kind === "REFERENCE_TERM");

/** Saves every chapter in order (with the next chapter as `step`, none after the last). */
async function saveAll(processId: string, batches: { id: string }[]) {
  const chapters = goodsChapters(batches);
  for (const [i, [code, data]] of chapters.entries()) {
    const res = await save(processId, code, data, chapters[i + 1]?.[0] ?? null);
    expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
  }
}

describe("reference term routes", () => {
  it("saves chapter by chapter and reads it back; the administration page follows (§4 step manager)", async () => {
    const { processId, processNumber, batches } = await newProcess();
    const empty = await read(processId);
    expect(empty.statusCode, empty.body).toBe(200);
    const view = empty.json();
    expect(view.context).toEqual({
      modality: GOODS.modality,
      subModality: "GOODS_ACQUISITION",
      serviceKind: null,
    });
    expect(view.header.processNumber).toBe(processNumber);
    expect(view.header.modalityLabel).toBe("Pregão Eletrônico (Lei 14.133/2021)");
    expect(view.header.buyerName).toBeTruthy();
    expect(view.lots.map((l: { id: string }) => l.id)).toEqual(batches.map((b) => b.id));
    expect(view.chapters).toHaveLength(10);
    expect(view.chapters.every((c: { status: string }) => c.status === "PENDING")).toBe(true);
    expect(view).toMatchObject({ data: {}, progress: 0, step: null, signature: null });
    expect(await stepOf(processId)).toMatchObject({ status: "PENDING", updatedDate: null });

    const [, justification] = goodsChapters(batches);
    clock.advance(60_000);
    const at = clock.now().toISOString();
    const saved = await save(
      processId,
      "CONTRACTING_JUSTIFICATION",
      justification?.[1] as object,
      "CONTRACTING_REQUIREMENTS",
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const back = (await read(processId)).json();
    expect(back).toEqual(saved.json());
    expect(back.chapters[1]).toEqual({
      code: "CONTRACTING_JUSTIFICATION",
      status: "COMPLETED",
      updatedDate: at,
    });
    expect(back.step).toBe("CONTRACTING_REQUIREMENTS");
    expect(back.progress).toBe(10);
    expect(back.data.contractingJustification).toMatchObject({
      hasHiringPlan: true,
      hiringPlanYear: 2026,
      hiringPlanPublishDate: "2026-01-15",
      customParagraphs: [{ number: "2.2", content: PARAGRAPH }],
    });
    expect(await stepOf(processId)).toMatchObject({ status: "IN_PROGRESS", updatedDate: at });

    // 'Valor Total do Processo': Σ reference price × quantity (lot 1: mean of R$ 10,00 and R$ 12,00 × 10).
    const quote = (columnOrder: number, price: number) => ({
      demandFormalizationBatchId: batches[0]?.id,
      price,
      columnOrder,
      supplier: {
        documentNumber: "11.222.333/0001-81",
        corporateName: `Fornecedor ${columnOrder}`,
        credentialKind: "LEGAL_PERSON",
        isSmallBusiness: false,
      },
    });
    const quotes = await t.post("/api/app/budget/save", [quote(1, 10), quote(2, 12)], planner);
    expect(quotes.statusCode, quotes.body).toBe(200);
    await saveAll(processId, batches);
    const full = (await read(processId)).json();
    expect(full.header.totalValueCents).toBe(11_000);
    expect(full.progress).toBe(100);
    expect(full.step).toBeNull();
    expect(full.chapters.every((c: { status: string }) => c.status === "COMPLETED")).toBe(true);
    expect((await stepOf(processId)).status).toBe("COMPLETED");
  });

  it("refuses a chapter naming the fields its sub-modality requires, and writes nothing (§5)", async () => {
    const cases: [Etp, string[], string[]][] = [
      // §5 "Warranty": goods — supplementary guarantee and repair period, no supervision or uniform.
      [
        GOODS,
        ["warrantyPeriodKind", "hasSupplementaryGuarantee", "repairPeriodDays"],
        ["hasContractSupervision"],
      ],
      // services — contract supervision and uniforms.
      [SERVICES, ["warrantyPeriodKind", "hasContractSupervision", "isMustWearUniform"], ["repairPeriodDays"]],
      // engineering ("others") — contract supervision only.
      [
        ENGINEERING,
        ["warrantyPeriodKind", "hasContractSupervision"],
        ["isMustWearUniform", "repairPeriodDays"],
      ],
    ];
    for (const [etp, named, absent] of cases) {
      const { processId } = await newProcess(etp);
      const res = await save(processId, "ASSURANCE_TECHNICAL_ASSISTENCE", {});
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBeTruthy();
      const fields = props(res);
      for (const f of named) expect(fields, `${etp.subModality} ${f}`).toContain(f);
      for (const f of absent) expect(fields, `${etp.subModality} ${f}`).not.toContain(f);
      expect(res.json().properties[0].errorMessages).toEqual(["Campo obrigatório"]);
      expect((await read(processId)).json().chapters[4].status).toBe("PENDING");
    }
    const { processId } = await newProcess();
    // §5 step 2: the hiring plan year has four digits.
    const year = await save(processId, "CONTRACTING_JUSTIFICATION", {
      hasHiringPlan: true,
      hiringPlanYear: 999,
      hiringPlanId: "x",
      hiringPlanPublishDate: "2026-01-01",
      hiringPlanItemId: "1",
    });
    expect(year.statusCode).toBe(400);
    expect(year.json().properties).toEqual([
      { property: "hiringPlanYear", errorMessages: ["Mínimo de 4 caracteres"] },
    ]);
    // The request's own shape: an unknown chapter, no data.
    const shape = await t.post(
      `${R}/save`,
      { process: { id: processId }, chapterCode: "CAPITULO_X" },
      planner,
    );
    expect(shape.statusCode).toBe(400);
    expect(props(shape)).toEqual(expect.arrayContaining(["chapterCode", "data"]));
    expect((await read(processId)).json().data).toEqual({});
  });

  it("nulls what its condition leaves out and converts numbers on save (§5 payload nulling)", async () => {
    const { processId } = await newProcess();
    const management = await save(processId, "CONTRACT_MANAGEMENT_MODEL", {
      hasExtraRoutine: false,
      extraRoutines: [{ id: 1, description: "Vistoria semanal" }],
      canKeepAgentOnLocal: false,
      keepAgentOnLocalPeriod: "Seis meses",
    });
    expect(management.statusCode, management.body).toBe(200);
    expect(management.json().data.contractManagementModel).toMatchObject({
      hasExtraRoutine: false,
      extraRoutines: [],
      keepAgentOnLocalPeriod: null,
    });
    const payment = await save(processId, "MEASUREMENT_PAYMENT_CRITERIA", {
      finalReceiptPeriod: "15",
      monetaryCorrectionIndex: "IPCA",
      canAdvancePayment: false,
      advanceDetails: [{ id: 1, valueCents: 1000, condition: "Entrega" }],
      advancePaymentKind: "TOTAL",
      advancePaymentPeriod: 10,
      provisionalReceiptPeriod: "",
      paymentMethod: "TRIGGERING_EVENT",
      hasBankFees: true,
      bankFeesAmountCents: 500,
    });
    expect(payment.statusCode, payment.body).toBe(200);
    expect((await read(processId)).json().data.measurementPaymentCriteria).toMatchObject({
      finalReceiptPeriod: 15,
      provisionalReceiptPeriod: null,
      advanceDetails: [],
      advancePaymentKind: null,
      advancePaymentPeriod: null,
      hasBankFees: null,
      bankFeesAmountCents: null,
    });
  });

  it("step 1 updates the DFD lots, the DFD description and the process modality (§4 step 1)", async () => {
    const { processId, batches } = await newProcess({
      modality: "ELECTRONIC_COMPETITION",
      subModality: "SPECIAL_GOODS_ACQUISITION",
    });
    const b1 = batches[0] as { id: string };
    const b2 = batches[1] as { id: string };
    const general = {
      objectOfInterest: "Aquisição de mobiliário escolar",
      processParticipation: "DEFINED_PER_BATCH",
      objectFeature: "SPECIAL",
      supplyType: "NON_CONTINUOUS",
      contractTerm: "12",
      contractTermKind: "MONTHS",
      customParagraphs: [],
    };
    // COMMON → NEW_ELECTRONIC_REVERSED_AUCTION, which does not allow special goods: chapters 2–10 follow
    // the ETP's sub-modality, so the object feature is refused (naming the sub-modality), nothing changes.
    const common = await save(processId, "GENERAL_CONTRACTING_CONDITIONS", {
      ...general,
      objectFeature: "COMMON",
      batchList: [{ id: b1.id, isProductBrandRequired: true }],
    });
    expect(common.statusCode, common.body).toBe(400);
    expect(props(common)).toEqual(["objectFeature"]);
    expect(common.json().message).toContain("Aquisição de bens especiais");
    expect((await read(processId)).json().lots[0].isProductBrandRequired).toBe(false);
    const res = await save(
      processId,
      "GENERAL_CONTRACTING_CONDITIONS",
      {
        ...general,
        batchList: [
          {
            id: b1.id,
            isProductBrandRequired: true,
            decimalsNumber: 4,
            minimumVariationKind: "PERCENTAGE",
            minimumVariation: 0.5,
            batchItemParticipation: "EXCLUSIVE",
          },
          {
            id: b2.id,
            isProductBrandRequired: false,
            decimalsNumber: 2,
            minimumVariationKind: "REAL",
            minimumVariation: 1.25,
            batchItemParticipation: "DIFFERENTIATED",
          },
        ],
      },
      "CONTRACTING_JUSTIFICATION",
    );
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.lots).toMatchObject([
      {
        id: b1.id,
        number: 1,
        isProductBrandRequired: true,
        decimalsNumber: 4,
        minimumVariationKind: "PERCENTAGE",
        minimumVariation: 0.5,
        batchItemParticipation: "EXCLUSIVE",
      },
      {
        id: b2.id,
        number: 2,
        isProductBrandRequired: false,
        decimalsNumber: 2,
        minimumVariationKind: "REAL",
        minimumVariation: 1.25,
        batchItemParticipation: "DIFFERENTIATED",
      },
    ]);
    expect(view.data.generalConditions.contractTerm).toBe(12);
    expect(view.data.generalConditions.batchList).toEqual(view.lots);
    // The DFD had no description: it takes the object; SPECIAL keeps the competition and its sub-modality.
    const dfd = (
      await t.post("/api/app/demandFormalization/read", { process: { id: processId } }, planner)
    ).json();
    expect(dfd.description).toBe("Aquisição de mobiliário escolar");
    const etp = (
      await t.post("/api/app/preliminaryTechnicalStudy/read", { process: { id: processId } }, planner)
    ).json();
    expect(etp).toMatchObject({
      modality: "ELECTRONIC_COMPETITION",
      subModality: "SPECIAL_GOODS_ACQUISITION",
    });
    expect(view.context.modality).toBe("ELECTRONIC_COMPETITION");
    expect(view.header.object).toBe("Aquisição de mobiliário escolar");

    // BROAD participation applies to every lot; a DFD that has a description keeps it.
    const again = await save(processId, "GENERAL_CONTRACTING_CONDITIONS", {
      ...general,
      objectOfInterest: "Outro objeto",
      processParticipation: "BROAD",
      objectFeature: "SPECIAL",
      batchList: [{ id: b1.id, batchItemParticipation: "EXCLUSIVE" }, { id: b2.id }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again.json().lots.map((l: { batchItemParticipation: string }) => l.batchItemParticipation),
    ).toEqual(["WIDE_PARTICIPATION", "WIDE_PARTICIPATION"]);
    expect(
      (await t.post("/api/app/demandFormalization/read", { process: { id: processId } }, planner)).json()
        .description,
    ).toBe("Aquisição de mobiliário escolar");
    expect(again.json().context.modality).toBe("ELECTRONIC_COMPETITION");
    const exclusive = await save(processId, "GENERAL_CONTRACTING_CONDITIONS", {
      ...general,
      processParticipation: "MICRO_BUSINESS_EXCLUSIVE",
      objectFeature: "SPECIAL",
    });
    expect(exclusive.statusCode, exclusive.body).toBe(200);
    expect(
      exclusive.json().lots.map((l: { batchItemParticipation: string }) => l.batchItemParticipation),
    ).toEqual(["EXCLUSIVE", "EXCLUSIVE"]);
    expect(
      (await t.post("/api/app/process/read", { id: processId }, planner)).json().preliminaryTechnicalStudy
        .modality,
    ).toBe("ELECTRONIC_COMPETITION");

    // A lot of another process is refused, naming batchList, and nothing changes.
    const other = await newProcess();
    const foreign = await save(processId, "GENERAL_CONTRACTING_CONDITIONS", {
      ...general,
      batchList: [{ id: other.batches[0]?.id, isProductBrandRequired: true }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(props(foreign)).toEqual(["batchList"]);
    const lots = (await read(other.processId)).json().lots;
    expect(lots[0].isProductBrandRequired).toBe(false);
  });

  it("keeps the body's paragraph history per chapter, counted once per term (§2.10 'Usar do histórico')", async () => {
    const chapter = "CONTRACT_MANAGEMENT_MODEL";
    const x = `Fiscalização mensal ${Math.random()}`;
    const y = `Relatório trimestral ${Math.random()}`;
    const history = async (token = planner) => {
      const res = await t.post("/api/app/paragraphTemplate/byChapter", { chapterCode: chapter }, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().list as { content: string; usageCount: number; createdDate: string }[];
    };
    const a = await newProcess();
    const b = await newProcess();
    const paragraphs = (...contents: string[]) => ({
      hasExtraRoutine: false,
      customParagraphs: contents.map((content) => ({ number: "", content })),
    });
    expect((await save(a.processId, chapter, paragraphs(x, y, "  "))).statusCode).toBe(200);
    // Saving the same chapter again with the same paragraph does not count it twice.
    expect((await save(a.processId, chapter, paragraphs(x))).statusCode).toBe(200);
    expect((await save(b.processId, chapter, paragraphs(` ${x} `))).statusCode).toBe(200);
    const mine = (await history()).filter((h) => h.content === x || h.content === y);
    expect(mine.map((h) => [h.content, h.usageCount])).toEqual([
      [x, 2],
      [y, 1],
    ]);
    expect(mine[0]?.createdDate).toBe(new Date(mine[0]?.createdDate ?? "").toISOString());
    // Numbered after the chapter's fixed paragraphs (§9: chapter 6 has 2).
    expect((await read(a.processId)).json().data.contractManagementModel.customParagraphs).toEqual([
      { number: "6.3", content: x },
    ]);
    // Another chapter and another body see none of it.
    const other = await t.post(
      "/api/app/paragraphTemplate/byChapter",
      { chapterCode: "BUDGET_ADEQUACY" },
      planner,
    );
    expect(other.json().list.some((h: { content: string }) => h.content === x)).toBe(false);
    expect((await history(otherBody)).some((h) => h.content === x || h.content === y)).toBe(false);
    const bad = await t.post("/api/app/paragraphTemplate/byChapter", { chapterCode: "X" }, planner);
    expect(bad.statusCode).toBe(400);
    expect(props(bad)).toEqual(["chapterCode"]);
  });

  it("serves the server's template", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `${R}/template`,
      headers: { authorization: `Bearer ${planner}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template).toEqual(JSON.parse(JSON.stringify(DEFAULT_REFERENCE_TERM_TEMPLATE)));
    expect(res.json().template.chapters).toHaveLength(10);
  });

  it("exports a .docx and a PDF of the same document", async () => {
    const { processId, processNumber, batches } = await newProcess();
    await saveAll(processId, batches);
    const word = await t.post(`${R}/word`, { process: { id: processId } }, planner);
    expect(word.statusCode, word.body).toBe(200);
    expect(word.headers["content-disposition"]).toContain("termo-de-referencia.docx");
    expect(word.headers["content-type"]).toContain("wordprocessingml");
    const zip = await JSZip.loadAsync(word.rawPayload);
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    expect(xml).toContain(processNumber);
    expect(xml).toContain(PARAGRAPH);
    expect(xml).toContain("2.2");

    const pdf = await t.post(`${R}/pdf`, { process: { id: processId } }, planner);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-disposition"]).toContain("termo-de-referencia.pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(processNumber);
    expect(text).toContain(PARAGRAPH);
  });

  it("records a signed PDF with its SHA-256; the chapters read SIGNED until one changes", async () => {
    const { processId, batches } = await newProcess();
    await saveAll(processId, batches);
    const sign = (bytes: Buffer, name = "tr-assinado.pdf", fields: Record<string, string> = { processId }) =>
      postMultipart(t, `${R}/signature`, planner, fields, { name, bytes, type: "application/pdf" });

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await sign(png, "tr.png")).statusCode).toBe(415);
    expect((await sign(Buffer.from("não é um PDF"), "tr.pdf")).statusCode).toBe(415);
    const big = Buffer.alloc(SIGNED_REFERENCE_TERM_MAX_BYTES + 1, 0x20);
    big.write("%PDF-1.7\n");
    expect((await sign(big)).statusCode).toBe(413);
    const noProcess = await sign(Buffer.from("%PDF-1.4\n%%EOF\n"), "tr.pdf", {});
    expect(noProcess.statusCode).toBe(400);
    expect(props(noProcess)).toEqual(["processId"]);
    expect((await read(processId)).json().signature).toBeNull();

    // What the body signs is the PDF the platform issued, signed outside (here: with a marker appended).
    const issued = (await t.post(`${R}/pdf`, { process: { id: processId } }, planner)).rawPayload;
    const signed = Buffer.concat([issued, Buffer.from("\n% assinado ICP-Brasil\n")]);
    clock.advance(60_000);
    const ok = await sign(signed);
    expect(ok.statusCode, ok.body).toBe(200);
    const view = ok.json();
    expect(view.signature).toMatchObject({
      fileName: "tr-assinado.pdf",
      signedSha256: sha256(signed),
      signedAt: clock.now().toISOString(),
      stale: false,
    });
    expect(view.signature.issuedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(view.signature.signedBy).toBeTruthy();
    expect(view.chapters.every((c: { status: string }) => c.status === "SIGNED")).toBe(true);
    expect(view.progress).toBe(100);
    expect((await stepOf(processId)).status).toBe("SIGNED");

    const download = await t.post(`${R}/signature/download`, { process: { id: processId } }, planner);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain("tr-assinado.pdf");
    expect(sha256(download.rawPayload)).toBe(sha256(signed));

    // A chapter saved after the signature outdates it.
    clock.advance(60_000);
    const [, justification] = goodsChapters(batches);
    expect(
      (await save(processId, "CONTRACTING_JUSTIFICATION", justification?.[1] as object)).statusCode,
    ).toBe(200);
    const after = (await read(processId)).json();
    expect(after.signature.stale).toBe(true);
    expect(after.chapters.every((c: { status: string }) => c.status === "COMPLETED")).toBe(true);
    expect((await stepOf(processId)).status).toBe("COMPLETED");
  });

  it("another body's process is refused on every route (404, as the budget's); anonymous and suppliers too", async () => {
    const { processId, batches } = await newProcess();
    await saveAll(processId, batches);
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    expect(
      (await postMultipart(t, `${R}/signature`, planner, { processId }, { name: "a.pdf", bytes: pdf }))
        .statusCode,
    ).toBe(200);
    const body = { process: { id: processId } };
    const [code, data] = goodsChapters(batches)[2] as [string, object];
    const refused = [
      await read(processId, otherBody),
      await save(processId, code, data, null, otherBody),
      await t.post(`${R}/word`, body, otherBody),
      await t.post(`${R}/pdf`, body, otherBody),
      await t.post(`${R}/signature/download`, body, otherBody),
      await postMultipart(t, `${R}/signature`, otherBody, { processId }, { name: "b.pdf", bytes: pdf }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(refused.map((r) => r.json().message)).toEqual(Array(6).fill("Processo não encontrado."));
    const budget = await t.post("/api/app/budget/read/batches", { processId }, otherBody);
    expect(budget.statusCode).toBe(404);
    expect(budget.json().message).toBe("Processo não encontrado.");
    // Nothing of it changed.
    const view = (await read(processId)).json();
    expect(view.signature.fileName).toBe("a.pdf");
    expect(view.chapters[2].status).toBe("SIGNED");

    const anon = await t.app.inject({ method: "POST", url: `${R}/read`, payload: body });
    expect(anon.statusCode).toBe(401);
    expect((await read(processId, supplier)).statusCode).toBe(403);
    expect(
      (await t.post("/api/app/paragraphTemplate/byChapter", { chapterCode: code }, supplier)).statusCode,
    ).toBe(403);
    // Unknown process and a term never signed.
    const unknown = await read("6f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f");
    expect(unknown.statusCode).toBe(404);
    const fresh = await newProcess();
    expect(
      (await t.post(`${R}/signature/download`, { process: { id: fresh.processId } }, planner)).statusCode,
    ).toBe(404);
  });

  it("refuses what a chapter cannot hold with 400 naming the field, never 500 (§3 types, §5)", async () => {
    const { processId, batches } = await newProcess();
    const [[, general = {}] = ["", {}]] = goodsChapters(batches);
    const lot = batches[0]?.id as string;
    const refused = async (code: string, data: object, field: string, step: string | null = null) => {
      const res = await save(processId, code, data, step);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(props(res), field).toContain(field);
    };
    // Step 1's option sets: a prototype key is no option (it was a 200 writing "function Object()…").
    await refused(
      "GENERAL_CONTRACTING_CONDITIONS",
      { ...general, objectFeature: "constructor" },
      "objectFeature",
    );
    await refused(
      "GENERAL_CONTRACTING_CONDITIONS",
      { ...general, processParticipation: "constructor" },
      "processParticipation",
    );
    for (const entry of [
      { batchItemParticipation: "FOO" },
      { minimumVariationKind: "REAL", minimumVariation: 1e20 },
      { minimumVariationKind: "REAL", minimumVariation: -5 },
      { minimumVariationKind: "PERCENTAGE", minimumVariation: 150 },
      { decimalsNumber: 3 },
    ])
      await refused(
        "GENERAL_CONTRACTING_CONDITIONS",
        { ...general, processParticipation: "DEFINED_PER_BATCH", batchList: [{ id: lot, ...entry }] },
        "batchList",
      );
    const etp = (
      await t.post("/api/app/preliminaryTechnicalStudy/read", { process: { id: processId } }, planner)
    ).json();
    expect(etp.modality).toBe("NEW_ELECTRONIC_REVERSED_AUCTION");
    expect((await read(processId)).json().lots[0]).toMatchObject({
      minimumVariation: null,
      batchItemParticipation: null,
    });
    // Chapter types are checked on the normalized value, before the §5 rules.
    await refused("GENERAL_CONTRACTING_CONDITIONS", { ...general, contractTerm: "abc" }, "contractTerm");
    await refused("GENERAL_CONTRACTING_CONDITIONS", { ...general, supplyType: "XYZ" }, "supplyType");
    const plan = { hasHiringPlan: true, hiringPlanId: "P", hiringPlanItemId: "1" };
    await refused(
      "CONTRACTING_JUSTIFICATION",
      { ...plan, hiringPlanYear: "99", hiringPlanPublishDate: "2026-01-01" },
      "hiringPlanYear",
    );
    await refused(
      "CONTRACTING_JUSTIFICATION",
      { ...plan, hiringPlanYear: 2026, hiringPlanPublishDate: "lixo" },
      "hiringPlanPublishDate",
    );
    await refused("CONTRACTING_JUSTIFICATION", { hasHiringPlan: "sim" }, "hasHiringPlan");
    await refused(
      "CONTRACT_MANAGEMENT_MODEL",
      { hasExtraRoutine: true, extraRoutines: ["Vistoria"] },
      "extraRoutines",
    );
    const marker = `Parágrafo ${Math.random()}`;
    await refused(
      "CONTRACT_MANAGEMENT_MODEL",
      { hasExtraRoutine: false, customParagraphs: [{ content: { a: 1 } }, { content: marker }] },
      "customParagraphs",
    );
    // §4 'step' table: the server derives the step; another one is refused.
    await refused("CONTRACTING_JUSTIFICATION", { hasHiringPlan: false }, "step", "BUDGET_ADEQUACY");
    expect((await read(processId)).json().data).toEqual({});

    // Unknown keys are not stored; a missing step is derived.
    const ok = await save(processId, "CONTRACT_MANAGEMENT_MODEL", {
      hasExtraRoutine: false,
      intruder: "x",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.contractManagementModel).not.toHaveProperty("intruder");
    expect(ok.json().step).toBe("MEASUREMENT_PAYMENT_CRITERIA");

    // At most 100 custom paragraphs; 100 go to the history in one statement.
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ number: "", content: `${marker} ${i}` }));
    await refused(
      "CONTRACT_MANAGEMENT_MODEL",
      { hasExtraRoutine: false, customParagraphs: many(101) },
      "customParagraphs",
    );
    const hundred = await save(processId, "CONTRACT_MANAGEMENT_MODEL", {
      hasExtraRoutine: false,
      customParagraphs: many(100),
    });
    expect(hundred.statusCode, hundred.body).toBe(200);
    const history = await t.db
      .select({ content: paragraphTemplates.content, usageCount: paragraphTemplates.usageCount })
      .from(paragraphTemplates)
      .where(eq(paragraphTemplates.chapterCode, "CONTRACT_MANAGEMENT_MODEL"));
    const mine = history.filter((h) => h.content.startsWith(marker));
    expect(mine).toHaveLength(100);
    expect(mine.every((h) => h.usageCount === 1)).toBe(true);
    expect(history.some((h) => h.content === "[object Object]")).toBe(false);
  });

  it("step 1 changes the modality when the ETP's sub-modality allows it (§4)", async () => {
    const { processId, batches } = await newProcess();
    const [[, general = {}] = ["", {}]] = goodsChapters(batches);
    const res = await save(processId, "GENERAL_CONTRACTING_CONDITIONS", {
      ...general,
      objectFeature: "SPECIAL",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().context).toMatchObject({
      modality: "ELECTRONIC_COMPETITION",
      subModality: "GOODS_ACQUISITION",
    });
  });

  it("step 1 rewrites the lots only while the process is PROCESS_PENDING (§4, as the DFD)", async () => {
    const { processId, batches } = await newProcess();
    await t.db.update(processes).set({ status: "PROCESS_PUBLISHED" }).where(eq(processes.id, processId));
    const [[, general = {}] = ["", {}]] = goodsChapters(batches);
    for (const data of [
      { ...general, processParticipation: "DEFINED_PER_BATCH" },
      { ...general, processParticipation: "BROAD", batchList: [] },
    ]) {
      const res = await save(processId, "GENERAL_CONTRACTING_CONDITIONS", data);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(PROCESS_NOT_PENDING_MESSAGE);
    }
    expect((await read(processId)).json().lots[0].isProductBrandRequired).toBe(false);
    // A step 1 that leaves the lots as they are (as the web sends them back) still saves.
    const lots = (await read(processId)).json().lots;
    for (const data of [
      { ...general, processParticipation: "DEFINED_PER_BATCH", batchList: [] },
      { ...general, processParticipation: "DEFINED_PER_BATCH", batchList: lots },
    ]) {
      const res = await save(processId, "GENERAL_CONTRACTING_CONDITIONS", data);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("refuses a signed PDF before the ten chapters are saved (409)", async () => {
    const { processId, batches } = await newProcess();
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const sign = () =>
      postMultipart(t, `${R}/signature`, planner, { processId }, { name: "a.pdf", bytes: pdf });
    const empty = await sign();
    expect(empty.statusCode, empty.body).toBe(409);
    expect(empty.json().message).toBe(REFERENCE_TERM_INCOMPLETE_MESSAGE);
    const [first] = goodsChapters(batches);
    expect((await save(processId, first?.[0] as string, first?.[1] as object)).statusCode).toBe(200);
    expect((await sign()).statusCode).toBe(409);
    const view = (await read(processId)).json();
    expect(view.signature).toBeNull();
    expect((await stepOf(processId)).status).toBe("IN_PROGRESS");
  });

  it("totals the header with exact decimals (reference price × a fractional quantity)", async () => {
    const { processId, batches } = await newProcess();
    const lot = batches[0]?.id as string;
    await t.db
      .update(demandFormalizationBatches)
      .set({ quantity: "1.005" })
      .where(eq(demandFormalizationBatches.id, lot));
    const quote = await t.post(
      "/api/app/budget/save",
      [
        {
          demandFormalizationBatchId: lot,
          price: 1,
          columnOrder: 1,
          supplier: {
            documentNumber: "11.222.333/0001-81",
            corporateName: "Fornecedor 1",
            credentialKind: "LEGAL_PERSON",
            isSmallBusiness: false,
          },
        },
      ],
      planner,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    // R$ 1,00 × 1,005 = 100,5 cents → 101 (in floating point 100.4999… rounded to 100).
    expect((await read(processId)).json().header.totalValueCents).toBe(101);
  });
});
