import { describe, expect, it } from "vitest";
import { expectLabelsFor } from "../enums/expect-labels";
import {
  allowedSubModalities,
  ETP_ALLOWED_SUB_MODALITIES,
  ETP_MODALITIES,
  ETP_MODALITY_LABELS,
  ETP_SECTIONS,
  ETP_SELECT_RESPONSIBLE_MESSAGE,
  ETP_SELECT_SECRETARY_MESSAGE,
  ETP_STEP_LABELS,
  ETP_STEPS,
  ETP_SUB_MODALITIES,
  ETP_SUB_MODALITY_LABELS,
  ETP_SUB_MODALITY_NOT_ALLOWED_MESSAGE,
  etpDescriptionSchema,
  etpPdfFileName,
  etpSaveSchema,
  etpSections,
  etpStepOrder,
  etpStepStatus,
  etpTextSchema,
  FEASIBILITY_STATEMENTS,
  feasibilityStatement,
  needsServiceKind,
  subModalityAfterModalityChange,
} from "./preliminary-technical-study";

const ID = "00000000-0000-4000-8000-000000003001";

const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("modalities and sub-modalities (planning §4 'Modality → allowed sub-modalities (ETP)')", () => {
  it("offers the seven modalities, labelled as the notices label them", () => {
    expect(ETP_MODALITIES).toHaveLength(7);
    expectLabelsFor(ETP_MODALITIES, ETP_MODALITY_LABELS);
    expect(ETP_MODALITY_LABELS.ELECTRONIC_DISPENSER).toBe("Dispensa Eletrônica");
    expectLabelsFor(ETP_SUB_MODALITIES, ETP_SUB_MODALITY_LABELS);
  });

  it("allows the sub-modalities of the spec's map, and none without a modality", () => {
    expect(allowedSubModalities("ELECTRONIC_AUCTION")).toEqual(["SALE"]);
    expect(allowedSubModalities("NEW_ELECTRONIC_REVERSED_AUCTION")).toEqual([
      "GOODS_ACQUISITION",
      "HIRING_SERVICES",
      "HIRING_COMMON_ENGINEERING_SERVICES",
    ]);
    expect(allowedSubModalities("ELECTRONIC_COMPETITION")).toHaveLength(8);
    for (const m of [
      "ELECTRONIC_DISPENSER",
      "DIRECT_WAIVER_FORMALIZATION",
      "DIRECT_ACCREDITATION",
      "DIRECT_PRE_QUALIFICATION",
    ] as const)
      expect(ETP_ALLOWED_SUB_MODALITIES[m]).toEqual(["GOODS_ACQUISITION", "HIRING_SERVICES"]);
    expect(allowedSubModalities(null)).toEqual([]);
    expect(allowedSubModalities("PRICES_SUBMISSION")).toEqual([]);
  });

  it("clears a sub-modality the new modality does not allow, keeps one it does", () => {
    expect(subModalityAfterModalityChange("ELECTRONIC_AUCTION", "GOODS_ACQUISITION")).toBeNull();
    expect(subModalityAfterModalityChange("ELECTRONIC_DISPENSER", "GOODS_ACQUISITION")).toBe(
      "GOODS_ACQUISITION",
    );
    expect(subModalityAfterModalityChange("ELECTRONIC_COMPETITION", null)).toBeNull();
  });

  it("asks for the service kind only for the services sub-modalities (§2.6, §3 serviceKind)", () => {
    expect(ETP_SUB_MODALITIES.filter(needsServiceKind)).toEqual([
      "HIRING_SERVICES",
      "HIRING_SPECIAL_SERVICES",
    ]);
  });
});

describe("the wizard's menu (§2.6)", () => {
  it("lists the sixteen sub-steps in menu order, labelled verbatim, the third group labelled 'Solução'", () => {
    expect(ETP_SECTIONS.map((s) => s.label)).toEqual([
      "Necessidade",
      "Solução",
      "Solução",
      "Viabilidade",
      "Anexos",
    ]);
    expect(etpStepOrder(false)).toEqual([...ETP_STEPS]);
    expect(ETP_STEP_LABELS.HIRING).toBe("Contratação Correlatas e/ou Interdependentes");
    expect(ETP_STEP_LABELS.DOCUMENTS).toBe("Documentos Anexos ao ETP");
    expectLabelsFor(ETP_STEPS, ETP_STEP_LABELS);
  });

  it("shrinks to the description step when the ETP is dispensed (§4 'ETP dispensation')", () => {
    expect(etpStepOrder(true)).toEqual(["DESCRIPTION"]);
    expect(etpSections(true)).toHaveLength(1);
    expect(etpSections(null)).toBe(ETP_SECTIONS);
  });

  it("words the three feasibility statements as the spec does", () => {
    expect(feasibilityStatement("VIABLE")).toBe(
      "Esta equipe de planejamento declara viável esta contratação com base neste Estudo Técnico Preliminar",
    );
    expect(FEASIBILITY_STATEMENTS.PARTIALLY_VIABLE).toContain(
      "declara viável com restrições esta contratação",
    );
    expect(FEASIBILITY_STATEMENTS.UNFEASIBLE).toContain("declara inviável esta contratação");
  });
});

describe("validation (§5 'Preliminary technical study')", () => {
  const description = {
    number: "ETP 1/2026",
    isRejectedFromTheProcess: false,
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "HIRING_SERVICES",
    serviceKind: "SERVICE_WITHOUT_LABOR",
    description: "Necessidade de limpeza predial.",
  };

  it("accepts a complete description step", () => {
    expect(etpDescriptionSchema.safeParse(description).success).toBe(true);
  });

  it("names every missing field at once with 'Campo obrigatório'", () => {
    expect(problems(etpDescriptionSchema.safeParse({}))).toEqual({
      number: "Campo obrigatório",
      isRejectedFromTheProcess: "Campo obrigatório",
      modality: "Campo obrigatório",
      subModality: "Campo obrigatório",
    });
    expect(problems(etpDescriptionSchema.safeParse({ ...description, description: "  " }))).toEqual({
      description: "Campo obrigatório",
    });
  });

  it("limits the number to 40 and the texts to 5000 characters (§9)", () => {
    const long = etpDescriptionSchema.safeParse({
      ...description,
      number: "x".repeat(41),
      description: "x".repeat(5001),
    });
    expect(Object.keys(problems(long)).sort()).toEqual(["description", "number"]);
  });

  it("refuses a sub-modality the modality does not allow", () => {
    const res = etpDescriptionSchema.safeParse({ ...description, modality: "ELECTRONIC_AUCTION" });
    expect(problems(res)).toMatchObject({ subModality: ETP_SUB_MODALITY_NOT_ALLOWED_MESSAGE });
  });

  it("requires the service kind exactly for the services sub-modalities", () => {
    expect(problems(etpDescriptionSchema.safeParse({ ...description, serviceKind: null }))).toEqual({
      serviceKind: "Campo obrigatório",
    });
    const goods = { ...description, subModality: "GOODS_ACQUISITION" };
    expect(problems(etpDescriptionSchema.safeParse(goods))).toHaveProperty("serviceKind");
    expect(etpDescriptionSchema.safeParse({ ...goods, serviceKind: null }).success).toBe(true);
  });

  it("asks a dispensed study for the exemption justification instead of the need description", () => {
    const dispensed = { ...description, isRejectedFromTheProcess: true, description: null };
    expect(problems(etpDescriptionSchema.safeParse(dispensed))).toEqual({
      exemptionJustification: "Campo obrigatório",
    });
    expect(
      etpDescriptionSchema.safeParse({
        ...dispensed,
        exemptionJustification: "Contratação de pequeno valor.",
      }).success,
    ).toBe(true);
  });

  it("requires the four required text sub-steps and leaves the others optional", () => {
    expect(problems(etpTextSchema("QUANTITY_ESTIMATES").safeParse({}))).toEqual({
      quantityEstimates: "Campo obrigatório",
    });
    expect(etpTextSchema("MARKET_RESEARCH").parse({ marketResearch: "  " })).toEqual({
      marketResearch: null,
    });
    expect(problems(etpTextSchema("HIRING").safeParse({ hiring: "x".repeat(5001) }))).toHaveProperty(
      "hiring",
    );
  });

  it("validates a save by its step, with the process and, for the people steps, one row at least", () => {
    const process = { id: ID };
    expect(etpSaveSchema.safeParse({ step: "DESCRIPTION", ...description, process }).success).toBe(true);
    expect(problems(etpSaveSchema.safeParse({ step: "SECRETARIES", process }))).toHaveProperty(
      "process.secretaries",
    );
    expect(problems(etpSaveSchema.safeParse({ step: "FEASIBILITY_DESCRIPTION", process }))).toEqual({
      vulnerabilityStatementKind: "Campo obrigatório",
      feasibilityJustification: "Campo obrigatório",
    });
    expect(problems(etpSaveSchema.safeParse({ step: "NOPE", process }))).toHaveProperty("step");
    const docs = etpSaveSchema.parse({ step: "DOCUMENTS", process, documents: [{ fileId: ID }] });
    expect(docs).toMatchObject({ documents: [{ fileId: ID, description: null }] });
  });

  it("refuses an empty people list on every step that sends one (§5: at least one row)", () => {
    const empty = { id: ID, secretaries: [], responsible: [] };
    for (const body of [
      { step: "SECRETARIES", process: empty },
      { step: "RESPONSIBLES", process: empty },
      { step: "HIRING", hiring: "x", process: empty },
      { step: "DOCUMENTS", documents: [], process: empty },
      { step: "DESCRIPTION", ...description, process: empty },
    ])
      expect(problems(etpSaveSchema.safeParse(body)), body.step).toMatchObject({
        "process.secretaries": ETP_SELECT_SECRETARY_MESSAGE,
        "process.responsible": ETP_SELECT_RESPONSIBLE_MESSAGE,
      });
    // Leaving the lists out keeps the process's people as they are.
    expect(etpSaveSchema.safeParse({ step: "HIRING", hiring: "x", process: { id: ID } }).success).toBe(true);
  });
});

describe("status (administration page)", () => {
  const complete = {
    number: "ETP 1",
    isRejectedFromTheProcess: false,
    modality: "ELECTRONIC_COMPETITION",
    subModality: "GOODS_ACQUISITION",
    serviceKind: null,
    description: "d",
    quantityEstimates: "q",
    estimateContractValue: "v",
    justification: "j",
    contractingAndPlanningAlignment: "a",
    vulnerabilityStatementKind: "VIABLE",
    feasibilityJustification: "f",
    secretaries: [{ id: ID }],
    responsible: [{ id: ID }],
  };

  it("is pending before the first save, in progress while a required field is empty, completed after", () => {
    expect(etpStepStatus(null)).toBe("PENDING");
    expect(etpStepStatus(complete)).toBe("COMPLETED");
    expect(etpStepStatus({ ...complete, justification: null })).toBe("IN_PROGRESS");
    expect(etpStepStatus({ ...complete, responsible: [] })).toBe("IN_PROGRESS");
    expect(etpStepStatus({ ...complete, subModality: "HIRING_SERVICES" })).toBe("IN_PROGRESS");
  });

  it("is completed when dispensed with the justification, whatever the other steps hold", () => {
    const dispensed = { number: "ETP 2", modality: "ELECTRONIC_DISPENSER", subModality: "GOODS_ACQUISITION" };
    expect(etpStepStatus({ ...dispensed, isRejectedFromTheProcess: true })).toBe("IN_PROGRESS");
    expect(
      etpStepStatus({ ...dispensed, isRejectedFromTheProcess: true, exemptionJustification: "Baixo valor" }),
    ).toBe("COMPLETED");
  });
});

describe("the PDF's name", () => {
  it("slugs the process number", () => {
    expect(etpPdfFileName("PA 21/2026")).toBe("etp-pa-21-2026.pdf");
    expect(etpPdfFileName("Licitação nº 3")).toBe("etp-licitacao-no-3.pdf");
    expect(etpPdfFileName("///")).toBe("etp-processo.pdf");
  });
});
