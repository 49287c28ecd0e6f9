import { describe, expect, it } from "vitest";
import {
  chapterByCode,
  type FieldError,
  isChapterVisible,
  nextChapterCode,
  normalizeReferenceTermChapter,
  numberCustomParagraphs,
  paragraphTemplateByChapterSchema,
  REFERENCE_TERM_CHAPTER_CODES,
  REFERENCE_TERM_CHAPTERS,
  REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS,
  REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS,
  type ReferenceTermAddress,
  type ReferenceTermContext,
  referenceTermProgress,
  referenceTermReadSchema,
  referenceTermSaveSchema,
  SIGNED_REFERENCE_TERM_MAX_BYTES,
  sanitizeReferenceTermChapter,
  validateReferenceTermChapter,
} from "./reference-term";

const GOODS: ReferenceTermContext = { modality: null, subModality: "GOODS_ACQUISITION", serviceKind: null };
const SERVICES: ReferenceTermContext = {
  modality: null,
  subModality: "HIRING_SERVICES",
  serviceKind: "SERVICE_WITHOUT_LABOR",
};
const LABOR: ReferenceTermContext = { ...SERVICES, serviceKind: "SERVICE_WITH_LABOR" };
const ENGINEERING: ReferenceTermContext = { modality: null, subModality: "CONSTRUCTION", serviceKind: null };

const ADDRESS: ReferenceTermAddress = {
  postalCode: "70040-010",
  street: "Esplanada dos Ministérios",
  number: "10",
  district: "Zona Cívico-Administrativa",
  city: "Brasília",
  state: "DF",
};

const props = (errors: FieldError[]) => errors.map((e) => e.property).sort();
const messageOf = (errors: FieldError[], property: string) =>
  errors.find((e) => e.property === property)?.errorMessages[0];

describe("chapters (planning §2.10 reading B, §4 'step' table, §9 fixed paragraphs)", () => {
  it("lists the ten chapters with numbers, form titles, data keys and fixed counts", () => {
    expect(REFERENCE_TERM_CHAPTERS.map((c) => c.code)).toEqual([...REFERENCE_TERM_CHAPTER_CODES]);
    expect(REFERENCE_TERM_CHAPTERS.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(REFERENCE_TERM_CHAPTERS.map((c) => c.fixedParagraphs)).toEqual([0, 1, 2, 2, 1, 2, 2, 1, 1, 1]);
    expect(chapterByCode("CONTRACTING_JUSTIFICATION").title).toBe(
      "Fundamentação e Descrição da Necessidade da Contratação",
    );
    expect(chapterByCode("ESTIMATED_VALUE_CONTRACT").dataKey).toBe("estimateValueContract");
    expect(chapterByCode("ASSURANCE_TECHNICAL_ASSISTENCE").dataKey).toBe("assuranceTechnicalAssistence");
  });

  it("sends the next chapter as 'step', none after the last", () => {
    expect(nextChapterCode("GENERAL_CONTRACTING_CONDITIONS")).toBe("CONTRACTING_JUSTIFICATION");
    expect(nextChapterCode("CRITERIA_SUPPLIER_SELECTION")).toBe("ESTIMATED_VALUE_CONTRACT");
    expect(nextChapterCode("ESTIMATED_VALUE_CONTRACT")).toBe("BUDGET_ADEQUACY");
    expect(nextChapterCode("BUDGET_ADEQUACY")).toBeNull();
  });

  it("keeps every chapter visible and rounds the progress of COMPLETED/SIGNED steps (planning §4 'Step manager')", () => {
    expect(REFERENCE_TERM_CHAPTER_CODES.every((c) => isChapterVisible(c, GOODS))).toBe(true);
    expect(referenceTermProgress({})).toBe(0);
    expect(
      referenceTermProgress({
        GENERAL_CONTRACTING_CONDITIONS: "COMPLETED",
        CONTRACTING_JUSTIFICATION: "SIGNED",
        CONTRACTING_REQUIREMENTS: "IN_PROGRESS",
      }),
    ).toBe(20);
  });

  it("labels the reference term's own option sets (planning §9 'Enumerations')", () => {
    expect(REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS.DEFINED_PER_BATCH).toBe("Definida por lote");
    expect(REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS).toEqual({
      LOWEST_PRICE: "Menor preço",
      BIGGEST_DISCOUNT: "Maior desconto",
      TECHNIQUE_AND_PRICE: "Técnica e preço",
      BIGGEST_PRICE: "Maior lance",
    });
    expect(SIGNED_REFERENCE_TERM_MAX_BYTES).toBe(10 * 1024 * 1024);
  });
});

describe("custom paragraphs (planning §5 'Lists and paragraphs', §9 numbering)", () => {
  it("numbers after the chapter's fixed paragraphs and drops blank ones", () => {
    expect(numberCustomParagraphs("CONTRACTING_JUSTIFICATION", ["A", "  ", "B"])).toEqual([
      { number: "2.2", content: "A" },
      { number: "2.3", content: "B" },
    ]);
    expect(numberCustomParagraphs("GENERAL_CONTRACTING_CONDITIONS", ["X"])).toEqual([
      { number: "1.1", content: "X" },
    ]);
    expect(numberCustomParagraphs("CONTRACTING_REQUIREMENTS", ["X"])[0]?.number).toBe("3.3");
  });
});

describe("validateReferenceTermChapter", () => {
  it("planning §5 'Reference term — step 1': required fields, reason when CONTINUOUS", () => {
    expect(props(validateReferenceTermChapter("GENERAL_CONTRACTING_CONDITIONS", {}, GOODS))).toEqual(
      [
        "contractTerm",
        "contractTermKind",
        "objectFeature",
        "objectOfInterest",
        "processParticipation",
        "supplyType",
      ].sort(),
    );
    const complete = {
      objectOfInterest: "Aquisição de papel A4",
      processParticipation: "BROAD",
      objectFeature: "COMMON",
      supplyType: "CONTINUOUS",
      contractTerm: 12,
      contractTermKind: "MONTHS",
    } as const;
    const errors = validateReferenceTermChapter("GENERAL_CONTRACTING_CONDITIONS", complete, GOODS);
    expect(errors).toEqual([
      { property: "reasonForContinuousValidity", errorMessages: ["Campo obrigatório"] },
    ]);
    expect(
      validateReferenceTermChapter(
        "GENERAL_CONTRACTING_CONDITIONS",
        { ...complete, supplyType: "NON_CONTINUOUS" },
        GOODS,
      ),
    ).toEqual([]);
  });

  it("planning §5 'Reference term — step 2': hasHiringPlan, then the plan fields and the year 1000–9999", () => {
    expect(validateReferenceTermChapter("CONTRACTING_JUSTIFICATION", {}, GOODS)).toEqual([
      { property: "hasHiringPlan", errorMessages: ["Campo obrigatório"] },
    ]);
    expect(
      validateReferenceTermChapter("CONTRACTING_JUSTIFICATION", { hasHiringPlan: false }, GOODS),
    ).toEqual([]);
    const errors = validateReferenceTermChapter("CONTRACTING_JUSTIFICATION", { hasHiringPlan: true }, GOODS);
    expect(props(errors)).toEqual([
      "hiringPlanId",
      "hiringPlanItemId",
      "hiringPlanPublishDate",
      "hiringPlanYear",
    ]);
    const plan = {
      hasHiringPlan: true,
      hiringPlanId: "PCA-1",
      hiringPlanPublishDate: "2026-01-10",
      hiringPlanItemId: "7",
    };
    expect(
      messageOf(
        validateReferenceTermChapter("CONTRACTING_JUSTIFICATION", { ...plan, hiringPlanYear: 999 }, GOODS),
        "hiringPlanYear",
      ),
    ).toBe("Mínimo de 4 caracteres");
    expect(
      messageOf(
        validateReferenceTermChapter("CONTRACTING_JUSTIFICATION", { ...plan, hiringPlanYear: 10000 }, GOODS),
        "hiringPlanYear",
      ),
    ).toBe("Máximo de 4 caracteres");
    expect(
      validateReferenceTermChapter("CONTRACTING_JUSTIFICATION", { ...plan, hiringPlanYear: 2027 }, GOODS),
    ).toEqual([]);
  });

  it("planning §5 'Reference term — step 3': yes/no answers, lists, samples, subcontracting, sub-modality rules", () => {
    const base = {
      hasBrandIndication: true,
      permittedBrandList: [],
      hasForbiddenBrand: false,
      isSampleRequired: true,
      sampleDeliveryAddress: { ...ADDRESS, street: "", postalCode: "123" },
      isLetterSolidarityRequired: false,
      isSubcontractingPermitted: true,
      isAssuranceRequirement: false,
    };
    const goods = validateReferenceTermChapter("CONTRACTING_REQUIREMENTS", base, GOODS);
    expect(messageOf(goods, "permittedBrandList")).toBe("Adicione no mínimo um item na lista");
    expect(messageOf(goods, "sampleRequiredList")).toBe("Campo obrigatório");
    expect(messageOf(goods, "sampleDeliveryAddress.street")).toBe("Rua obrigatória");
    expect(messageOf(goods, "sampleDeliveryAddress.postalCode")).toBe("CEP inválido");
    expect(props(goods)).toContain("samplesDeliveryDeadline");
    expect(props(goods)).toContain("samplesCollectingDeadline");
    expect(props(goods)).toContain("portionOrPercentageSubcontracting");
    expect(props(goods)).not.toContain("hasPriorSiteAssessment");

    const sound = {
      ...base,
      hasBrandIndication: false,
      isSampleRequired: false,
      isSubcontractingPermitted: false,
    };
    expect(validateReferenceTermChapter("CONTRACTING_REQUIREMENTS", sound, GOODS)).toEqual([]);
    // Not goods: sustainability and prior site assessment; engineering adds mainObjectPortion.
    expect(props(validateReferenceTermChapter("CONTRACTING_REQUIREMENTS", sound, SERVICES))).toEqual([
      "hasExtraSustainabilityCriterion",
      "hasPriorSiteAssessment",
    ]);
    const assessment = { ...sound, hasExtraSustainabilityCriterion: true, hasPriorSiteAssessment: true };
    expect(props(validateReferenceTermChapter("CONTRACTING_REQUIREMENTS", assessment, SERVICES))).toEqual([
      "descriptionInspection",
      "extraSustainabilityCriterionList",
      "inspectionEndDate",
      "inspectionEndDateTime",
      "inspectionStartDate",
      "inspectionStartDateTime",
    ]);
    expect(
      props(validateReferenceTermChapter("CONTRACTING_REQUIREMENTS", assessment, ENGINEERING)),
    ).toContain("mainObjectPortion");
  });

  it("planning §5 'Reference term — step 4': goods delivery vs service execution lists", () => {
    const goods = validateReferenceTermChapter(
      "OBJECT_EXECUTION_MODEL",
      { isInstallmentDelivery: false },
      GOODS,
    );
    expect(props(goods)).toEqual(
      [
        "deadlineNonDeliveryJustificationDate",
        "deliveryDateExpiration",
        "deliveryDateExpirationKind",
        "executionObjectAddresses",
        "executionObjectAmountDays",
        "startTermCounting",
      ].sort(),
    );
    expect(messageOf(goods, "executionObjectAddresses")).toBe("Adicione no mínimo um endereço");
    const services = validateReferenceTermChapter("OBJECT_EXECUTION_MODEL", {}, SERVICES);
    expect(messageOf(services, "serviceExecutionTimeline")).toBe("Adicione no mínimo uma tarefa");
    expect(messageOf(services, "executionObjectAddresses")).toBe("Adicione no mínimo um endereço");
    expect(messageOf(services, "routineDetails")).toBe("Adicione no mínimo uma rotina");
    expect(messageOf(services, "materialsDistributed")).toBe("Adicione no mínimo um material");
    expect(messageOf(services, "proposalSizingDetails")).toBe("Adicione no mínimo uma informação");
    expect(props(services)).toEqual(
      expect.arrayContaining([
        "executionObjectAmountDays",
        "executionObjectReferencePoint",
        "executionServicesDescriptions",
        "serviceExecutionStartTime",
        "serviceExecutionEndTime",
      ]),
    );
    const filled = {
      isInstallmentDelivery: false,
      executionObjectAmountDays: 30,
      startTermCounting: "SIGNING_CONTRACT",
      deadlineNonDeliveryJustificationDate: 5,
      deliveryDateExpiration: 12,
      deliveryDateExpirationKind: "MONTHS",
      executionObjectAddresses: [ADDRESS, { ...ADDRESS, city: "" }],
    } as const;
    expect(validateReferenceTermChapter("OBJECT_EXECUTION_MODEL", filled, GOODS)).toEqual([
      { property: "executionObjectAddresses.1.city", errorMessages: ["Cidade obrigatória"] },
    ]);
  });

  it("planning §5 'Warranty': kind, predefined months, goods vs services blocks", () => {
    expect(
      props(
        validateReferenceTermChapter(
          "ASSURANCE_TECHNICAL_ASSISTENCE",
          { warrantyPeriodKind: "PREDEFINED_GUARANTEE", hasSupplementaryGuarantee: true },
          GOODS,
        ),
      ),
    ).toEqual(["predefinedWarrantyPeriodMonths", "repairPeriodDays", "supplementaryWarrantyPeriodMonths"]);
    const services = validateReferenceTermChapter(
      "ASSURANCE_TECHNICAL_ASSISTENCE",
      {
        warrantyPeriodKind: "CONSUMER_PROTECTION_CODE",
        hasContractSupervision: true,
        isMustWearUniform: true,
      },
      SERVICES,
    );
    expect(props(services)).toEqual(["contractSupervisionProcedures", "uniformDetails"]);
    // Engineering (others): contract supervision only.
    expect(
      props(
        validateReferenceTermChapter(
          "ASSURANCE_TECHNICAL_ASSISTENCE",
          { warrantyPeriodKind: "CONSUMER_PROTECTION_CODE" },
          ENGINEERING,
        ),
      ),
    ).toEqual(["hasContractSupervision"]);
  });

  it("planning §5 'Contract management': extra routines, engineering agent on site", () => {
    expect(
      props(validateReferenceTermChapter("CONTRACT_MANAGEMENT_MODEL", { hasExtraRoutine: true }, GOODS)),
    ).toEqual(["extraRoutines"]);
    expect(
      props(
        validateReferenceTermChapter(
          "CONTRACT_MANAGEMENT_MODEL",
          { hasExtraRoutine: false, canKeepAgentOnLocal: true },
          ENGINEERING,
        ),
      ),
    ).toEqual(["keepAgentOnLocalPeriod"]);
    expect(
      props(
        validateReferenceTermChapter("CONTRACT_MANAGEMENT_MODEL", { hasExtraRoutine: false }, ENGINEERING),
      ),
    ).toEqual(["canKeepAgentOnLocal"]);
  });

  it("planning §5 'Payment': always fields, labour, other services, engineering, goods, advance block", () => {
    const always = { finalReceiptPeriod: 10, monetaryCorrectionIndex: "IPCA" } as const;
    expect(props(validateReferenceTermChapter("MEASUREMENT_PAYMENT_CRITERIA", {}, GOODS))).toEqual([
      "canAdvancePayment",
      "finalReceiptPeriod",
      "monetaryCorrectionIndex",
    ]);
    expect(
      props(
        validateReferenceTermChapter(
          "MEASUREMENT_PAYMENT_CRITERIA",
          { ...always, paymentMethod: "LINKED_DEPOSIT_ACCOUNT", hasBankFees: true },
          LABOR,
        ),
      ),
    ).toEqual(["bankFeesAmountCents", "measurementAndPaymentCriteria"]);
    expect(
      props(
        validateReferenceTermChapter(
          "MEASUREMENT_PAYMENT_CRITERIA",
          { ...always, paymentMethod: "LINKED_DEPOSIT_ACCOUNT" },
          LABOR,
        ),
      ),
    ).toEqual(["hasBankFees", "measurementAndPaymentCriteria"]);
    expect(props(validateReferenceTermChapter("MEASUREMENT_PAYMENT_CRITERIA", always, SERVICES))).toEqual([
      "canAdvancePayment",
      "measurementAndPaymentCriteria",
    ]);
    expect(
      props(
        validateReferenceTermChapter(
          "MEASUREMENT_PAYMENT_CRITERIA",
          { ...always, canAdvancePayment: false },
          ENGINEERING,
        ),
      ),
    ).toEqual([
      "invoiceGenerationPeriod",
      "measurementAndPaymentCriteria",
      "paymentMethod",
      "provisionalReceiptPeriod",
    ]);
    const advance = validateReferenceTermChapter(
      "MEASUREMENT_PAYMENT_CRITERIA",
      { ...always, canAdvancePayment: true, isAdditionalAssuranceRequested: true },
      GOODS,
    );
    expect(props(advance)).toEqual([
      "additionalAssurance",
      "advanceDetails",
      "advancePaymentKind",
      "advancePaymentPeriod",
    ]);
    expect(messageOf(advance, "advanceDetails")).toBe("Adicione no mínimo um item na lista");
  });

  it("planning §5 'Supplier selection': always block, services/engineering/goods, minimum-value block", () => {
    expect(
      props(
        validateReferenceTermChapter(
          "CRITERIA_SUPPLIER_SELECTION",
          { isBusinessAuthorizationRequired: true, isCompanyRegistrationRequired: true },
          null,
        ),
      ),
    ).toEqual(["authorizationDetails", "companyName", "dispensationForm"]);
    const always = {
      dispensationForm: "LOWEST_PRICE",
      isBusinessAuthorizationRequired: false,
      isCompanyRegistrationRequired: false,
    } as const;
    expect(props(validateReferenceTermChapter("CRITERIA_SUPPLIER_SELECTION", always, LABOR))).toEqual([
      "contractExecutionRegime",
    ]);
    expect(props(validateReferenceTermChapter("CRITERIA_SUPPLIER_SELECTION", always, SERVICES))).toEqual([
      "contractExecutionRegime",
      "isMinimumValueRequired",
      "technicalQualifications",
    ]);
    expect(
      props(
        validateReferenceTermChapter(
          "CRITERIA_SUPPLIER_SELECTION",
          { ...always, isMinimumValueRequired: true },
          ENGINEERING,
        ),
      ),
    ).toEqual(["contractExecutionRegime", "minimumIndex", "minimumValue"]);
    expect(props(validateReferenceTermChapter("CRITERIA_SUPPLIER_SELECTION", always, GOODS))).toEqual([
      "isMinimumValueRequired",
      "objectSupplyType",
      "technicalQualifications",
    ]);
  });

  it("planning §5 'Estimated value': confidentiality, judgement unless goods", () => {
    expect(props(validateReferenceTermChapter("ESTIMATED_VALUE_CONTRACT", {}, GOODS))).toEqual([
      "isConfidentialEstimatedCost",
    ]);
    expect(props(validateReferenceTermChapter("ESTIMATED_VALUE_CONTRACT", {}, SERVICES))).toEqual([
      "dispensationForm",
      "isConfidentialEstimatedCost",
    ]);
  });

  it("planning §5 'Budget adequacy': the four inputs, goods federal agreement", () => {
    expect(props(validateReferenceTermChapter("BUDGET_ADEQUACY", {}, SERVICES))).toEqual([
      "expenseElement",
      "innerPlan",
      "sourceResources",
      "workProgram",
    ]);
    const inputs = {
      sourceResources: "1.500",
      workProgram: "04.122",
      expenseElement: "3.3.90.30",
      innerPlan: "PI-1",
    };
    expect(props(validateReferenceTermChapter("BUDGET_ADEQUACY", inputs, GOODS))).toEqual([
      "hasAgreementFederalGovernment",
    ]);
    expect(
      validateReferenceTermChapter(
        "BUDGET_ADEQUACY",
        { ...inputs, hasAgreementFederalGovernment: true, agreementNumbers: [] },
        GOODS,
      ),
    ).toEqual([{ property: "agreementNumbers", errorMessages: ["Campo obrigatório"] }]);
    expect(
      validateReferenceTermChapter(
        "BUDGET_ADEQUACY",
        { ...inputs, hasAgreementFederalGovernment: true, agreementNumbers: ["912345"] },
        GOODS,
      ),
    ).toEqual([]);
  });

  it("planning §5 'Lists and paragraphs': every field of a list entry is required", () => {
    const errors = validateReferenceTermChapter(
      "CONTRACT_MANAGEMENT_MODEL",
      {
        hasExtraRoutine: true,
        extraRoutines: [
          { id: 1, description: "Vistoria" },
          { id: 2, description: " " },
        ],
      },
      GOODS,
    );
    expect(errors).toEqual([{ property: "extraRoutines", errorMessages: ["Campo obrigatório"] }]);
    expect(
      validateReferenceTermChapter(
        "MEASUREMENT_PAYMENT_CRITERIA",
        {
          finalReceiptPeriod: 10,
          monetaryCorrectionIndex: "IPCA",
          canAdvancePayment: true,
          advanceDetails: [{ id: 1, valueCents: 1000, condition: "" }],
          advancePaymentKind: "TOTAL",
          advancePaymentPeriod: 5,
          isAdditionalAssuranceRequested: false,
        },
        GOODS,
      ),
    ).toEqual([{ property: "advanceDetails", errorMessages: ["Campo obrigatório"] }]);
  });

  it("planning §5 'General'/§9: text areas are limited to 5000 characters", () => {
    const errors = validateReferenceTermChapter(
      "BUDGET_ADEQUACY",
      {
        sourceResources: "x".repeat(5001),
        workProgram: "a",
        expenseElement: "b",
        innerPlan: "c",
        customParagraphs: [{ number: "10.2", content: "y".repeat(5001) }],
      },
      SERVICES,
    );
    expect(errors).toEqual([
      { property: "sourceResources", errorMessages: ["No máximo 5000 caracteres"] },
      { property: "customParagraphs", errorMessages: ["No máximo 5000 caracteres"] },
    ]);
  });
});

describe("normalizeReferenceTermChapter (planning §5 'Payload nulling on save')", () => {
  it("nulls contract-management fields unless their switch is on", () => {
    expect(
      normalizeReferenceTermChapter("CONTRACT_MANAGEMENT_MODEL", {
        canKeepAgentOnLocal: false,
        keepAgentOnLocalPeriod: "Integral",
        hasExtraRoutine: false,
        extraRoutines: [{ id: 1, description: "Vistoria" }],
      }),
    ).toEqual({
      canKeepAgentOnLocal: false,
      keepAgentOnLocalPeriod: null,
      hasExtraRoutine: false,
      extraRoutines: [],
    });
  });

  it("nulls the advance block, the additional assurance and the bank fees, and converts numbers", () => {
    expect(
      normalizeReferenceTermChapter("MEASUREMENT_PAYMENT_CRITERIA", {
        finalReceiptPeriod: "15" as unknown as number,
        provisionalReceiptPeriod: "" as unknown as number,
        canAdvancePayment: false,
        advanceDetails: [{ id: 1, valueCents: 1000, condition: "x" }],
        advancePaymentKind: "TOTAL",
        advancePaymentPeriod: 5,
        isAdditionalAssuranceRequested: true,
        additionalAssurance: "2,5" as unknown as number,
        paymentMethod: "TRIGGERING_EVENT",
        hasBankFees: true,
        bankFeesAmountCents: 500,
      }),
    ).toEqual({
      finalReceiptPeriod: 15,
      provisionalReceiptPeriod: null,
      canAdvancePayment: false,
      advanceDetails: [],
      advancePaymentKind: null,
      advancePaymentPeriod: null,
      isAdditionalAssuranceRequested: null,
      additionalAssurance: null,
      paymentMethod: "TRIGGERING_EVENT",
      hasBankFees: null,
      bankFeesAmountCents: null,
    });
    const kept = normalizeReferenceTermChapter("MEASUREMENT_PAYMENT_CRITERIA", {
      canAdvancePayment: true,
      advancePaymentKind: "PARTIAL",
      advancePaymentPeriod: 5,
      isAdditionalAssuranceRequested: true,
      additionalAssurance: "2,5" as unknown as number,
      paymentMethod: "LINKED_DEPOSIT_ACCOUNT",
      hasBankFees: true,
      bankFeesAmountCents: 500,
    });
    expect(kept).toMatchObject({
      advancePaymentPeriod: 5,
      additionalAssurance: 2.5,
      hasBankFees: true,
      bankFeesAmountCents: 500,
    });
  });

  it("empties authorizations and nulls the entity name unless required; renumbers custom paragraphs", () => {
    expect(
      normalizeReferenceTermChapter("CRITERIA_SUPPLIER_SELECTION", {
        isBusinessAuthorizationRequired: false,
        authorizationDetails: [{ id: 1, exerciseActivity: "a", competentBody: "b" }],
        isCompanyRegistrationRequired: false,
        companyName: "CREA",
        minimumValue: "10" as unknown as number,
        customParagraphs: [
          { number: "", content: "Primeiro" },
          { number: "", content: "   " },
          { number: "", content: "Segundo" },
        ],
      }),
    ).toEqual({
      isBusinessAuthorizationRequired: false,
      authorizationDetails: [],
      isCompanyRegistrationRequired: false,
      companyName: null,
      minimumValue: 10,
      customParagraphs: [
        { number: "8.2", content: "Primeiro" },
        { number: "8.3", content: "Segundo" },
      ],
    });
  });
});

describe("chapter types (planning §3 'Reference term'): normalized, then typed, then the §5 rules", () => {
  const STEP1 = {
    objectOfInterest: "Aquisição de papel A4",
    processParticipation: "BROAD",
    objectFeature: "COMMON",
    supplyType: "NON_CONTINUOUS",
    contractTerm: 12,
    contractTermKind: "MONTHS",
  };
  const LOT = "4f9c3c1e-2b0a-4d6e-9f57-1f2a3b4c5d6e";
  const step1 = (extra: Record<string, unknown>) =>
    validateReferenceTermChapter("GENERAL_CONTRACTING_CONDITIONS", { ...STEP1, ...extra }, GOODS);

  it("refuses step 1 enums that are not the option sets' own (a prototype key included)", () => {
    expect(step1({})).toEqual([]);
    for (const field of ["objectFeature", "processParticipation", "supplyType", "contractTermKind"]) {
      for (const value of ["constructor", "XYZ", "toString", 1]) {
        expect(step1({ [field]: value }), `${field}=${String(value)}`).toEqual([
          { property: field, errorMessages: ["Valor inválido"] },
        ]);
      }
    }
  });

  it("types the lots of step 1: participation, decimals, variation kind and a sane positive variation", () => {
    const lot = (extra: Record<string, unknown>) => step1({ batchList: [{ id: LOT, ...extra }] });
    expect(
      lot({
        isProductBrandRequired: true,
        decimalsNumber: 4,
        minimumVariationKind: "PERCENTAGE",
        minimumVariation: 0.5,
        batchItemParticipation: "EXCLUSIVE",
      }),
    ).toEqual([]);
    expect(lot({ minimumVariationKind: "REAL", minimumVariation: 1_000_000_000 })).toEqual([]);
    const invalid = [{ property: "batchList", errorMessages: ["Valor inválido"] }];
    expect(lot({ batchItemParticipation: "FOO" })).toEqual(invalid);
    expect(lot({ batchItemParticipation: "constructor" })).toEqual(invalid);
    expect(lot({ minimumVariation: 1e20 })).toEqual(invalid);
    expect(lot({ minimumVariation: -5 })).toEqual(invalid);
    expect(lot({ minimumVariation: 0 })).toEqual(invalid);
    expect(lot({ minimumVariationKind: "PERCENTAGE", minimumVariation: 101 })).toEqual(invalid);
    expect(lot({ minimumVariationKind: "EURO" })).toEqual(invalid);
    expect(lot({ decimalsNumber: 3 })).toEqual(invalid);
    expect(step1({ batchList: [{ isProductBrandRequired: true }] })).toEqual(invalid);
    expect(step1({ batchList: "lotes" })).toEqual(invalid);
  });

  it("validates the normalized value: an unreadable number is refused, a numeric text is read first", () => {
    expect(step1({ contractTerm: "abc" })).toEqual([
      { property: "contractTerm", errorMessages: ["Valor inválido"] },
    ]);
    expect(step1({ contractTerm: "12" })).toEqual([]);
    expect(step1({ contractTerm: -1 })).toEqual([
      { property: "contractTerm", errorMessages: ["Valor inválido"] },
    ]);
    const plan = {
      hasHiringPlan: true,
      hiringPlanId: "PCA-1",
      hiringPlanPublishDate: "2026-01-10",
      hiringPlanItemId: "7",
    };
    expect(
      validateReferenceTermChapter("CONTRACTING_JUSTIFICATION", { ...plan, hiringPlanYear: "99" }, GOODS),
    ).toEqual([{ property: "hiringPlanYear", errorMessages: ["Mínimo de 4 caracteres"] }]);
    expect(
      validateReferenceTermChapter(
        "CONTRACTING_JUSTIFICATION",
        { ...plan, hiringPlanYear: 2026, hiringPlanPublishDate: "lixo", hasHiringPlan: "sim" },
        GOODS,
      ).map((e) => [e.property, e.errorMessages]),
    ).toEqual(
      expect.arrayContaining([
        ["hiringPlanPublishDate", ["Valor inválido"]],
        ["hasHiringPlan", ["Valor inválido"]],
      ]),
    );
    expect(
      props(
        validateReferenceTermChapter(
          "CONTRACTING_JUSTIFICATION",
          { ...plan, hiringPlanYear: 2026, hiringPlanPublishDate: "2026-02-30" },
          GOODS,
        ),
      ),
    ).toEqual(["hiringPlanPublishDate"]);
  });

  it("types dates, date-times, times, list entries and paragraph contents", () => {
    const requirements = {
      hasBrandIndication: false,
      hasForbiddenBrand: false,
      isSampleRequired: false,
      isLetterSolidarityRequired: false,
      isSubcontractingPermitted: false,
      isAssuranceRequirement: false,
      hasExtraSustainabilityCriterion: false,
      hasPriorSiteAssessment: true,
      inspectionStartDate: "2026-12-01T12:00:00.000Z",
      inspectionEndDate: "2026-12-01T15:30:00.000Z",
      descriptionInspection: "Vistoria no almoxarifado",
    };
    expect(validateReferenceTermChapter("CONTRACTING_REQUIREMENTS", requirements, SERVICES)).toEqual([]);
    expect(
      props(
        validateReferenceTermChapter(
          "CONTRACTING_REQUIREMENTS",
          {
            ...requirements,
            inspectionStartDate: "amanhã",
            permittedBrandList: [{ id: 1, brand: { a: 1 } }],
          },
          SERVICES,
        ),
      ),
    ).toEqual(["inspectionStartDate", "permittedBrandList"]);
    const execution = validateReferenceTermChapter(
      "OBJECT_EXECUTION_MODEL",
      {
        serviceExecutionStartTime: "25:00",
        serviceExecutionEndTime: "18:00",
        routineDetails: ["limpeza"],
        installments: [{ number: 1, description: "x", deliveryDate: "15/02/2027" }],
      },
      GOODS,
    );
    expect(messageOf(execution, "serviceExecutionStartTime")).toBe("Valor inválido");
    expect(messageOf(execution, "routineDetails")).toBe("Valor inválido");
    expect(messageOf(execution, "installments")).toBe("Valor inválido");
    expect(props(execution)).not.toContain("serviceExecutionEndTime");
    const paragraphs = validateReferenceTermChapter(
      "CONTRACT_MANAGEMENT_MODEL",
      { hasExtraRoutine: false, customParagraphs: [{ number: "6.3", content: { a: 1 } }] },
      GOODS,
    );
    expect(paragraphs).toEqual([{ property: "customParagraphs", errorMessages: ["Valor inválido"] }]);
  });

  it("caps every list: 100 custom paragraphs, 200 entries", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ number: "", content: `P ${i}` }));
    expect(
      validateReferenceTermChapter(
        "CONTRACT_MANAGEMENT_MODEL",
        { hasExtraRoutine: false, customParagraphs: many(100) },
        GOODS,
      ),
    ).toEqual([]);
    expect(
      validateReferenceTermChapter(
        "CONTRACT_MANAGEMENT_MODEL",
        { hasExtraRoutine: false, customParagraphs: many(101) },
        GOODS,
      ),
    ).toEqual([{ property: "customParagraphs", errorMessages: ["No máximo 100 itens na lista"] }]);
    const routines = Array.from({ length: 201 }, (_, i) => ({ id: i + 1, description: "Rotina" }));
    expect(
      validateReferenceTermChapter(
        "CONTRACT_MANAGEMENT_MODEL",
        { hasExtraRoutine: true, extraRoutines: routines },
        GOODS,
      ),
    ).toEqual([{ property: "extraRoutines", errorMessages: ["No máximo 200 itens na lista"] }]);
  });

  it("stores only the chapter's own fields (sanitizeReferenceTermChapter)", () => {
    expect(
      sanitizeReferenceTermChapter("CONTRACT_MANAGEMENT_MODEL", {
        hasExtraRoutine: true,
        extraRoutines: [{ id: 1, description: "Rotina", extra: "x" }],
        unknownKey: "x",
        customParagraphs: [{ content: " Texto " }],
      }),
    ).toEqual({
      hasExtraRoutine: true,
      extraRoutines: [{ id: 1, description: "Rotina" }],
      keepAgentOnLocalPeriod: null,
      customParagraphs: [{ number: "6.3", content: " Texto " }],
    });
  });

  it("names the inspection times when the start or end is missing (planning §5 step 3)", () => {
    const errors = validateReferenceTermChapter(
      "CONTRACTING_REQUIREMENTS",
      { hasPriorSiteAssessment: true, inspectionStartDate: "2026-12-01T12:00:00.000Z" },
      SERVICES,
    );
    expect(props(errors)).toContain("inspectionEndDateTime");
    expect(props(errors)).not.toContain("inspectionStartDateTime");
  });
});

describe("request schemas (planning §7 'Reference term')", () => {
  const id = "4f9c3c1e-2b0a-4d6e-9f57-1f2a3b4c5d6e";
  it("accepts a save with an optional step and refuses an unknown chapter", () => {
    const parsed = referenceTermSaveSchema.parse({
      process: { id },
      chapterCode: "BUDGET_ADEQUACY",
      data: {},
    });
    expect(parsed.step).toBeNull();
    expect(
      referenceTermSaveSchema.safeParse({
        process: { id },
        chapterCode: "PROFESSIONAL_QUALIFICATION",
        data: {},
      }).success,
    ).toBe(false);
    expect(referenceTermReadSchema.safeParse({ process: { id: "x" } }).success).toBe(false);
    expect(paragraphTemplateByChapterSchema.parse({ chapterCode: "CONTRACTING_JUSTIFICATION" })).toEqual({
      chapterCode: "CONTRACTING_JUSTIFICATION",
    });
  });
});
