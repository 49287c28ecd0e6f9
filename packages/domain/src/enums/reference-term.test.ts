import { describe, expect, it } from "vitest";
import { expectLabelsFor } from "./expect-labels";
import {
  ADVANCE_PAYMENT_KIND_LABELS,
  ADVANCE_PAYMENT_KINDS,
  BRAND_LIST_TYPE_LABELS,
  BRAND_LIST_TYPES,
  CONTRACT_EXECUTION_REGIME_LABELS,
  CONTRACT_EXECUTION_REGIMES,
  CONTRACT_PAYMENT_METHOD_LABELS,
  CONTRACT_PAYMENT_METHODS,
  DOCUMENT_ACTION_LABELS,
  DOCUMENT_ACTIONS,
  EXECUTION_LIST_KIND_LABELS,
  EXECUTION_LIST_KINDS,
  EXECUTION_REFERENCE_POINT_LABELS,
  EXECUTION_REFERENCE_POINTS,
  MINIMUM_INDEX_LABELS,
  MINIMUM_INDEXES,
  MODALITY_BY_OBJECT_FEATURE,
  MONETARY_CORRECTION_INDEX_LABELS,
  MONETARY_CORRECTION_INDEXES,
  OBJECT_FEATURE_LABELS,
  OBJECT_FEATURES,
  OBJECT_SUPPLY_TYPE_LABELS,
  OBJECT_SUPPLY_TYPES,
  REFERENCE_TERM_CHAPTER_LABELS,
  REFERENCE_TERM_CHAPTERS,
  REFERENCE_TERM_DOCUMENT_STATUS_LABELS,
  REFERENCE_TERM_DOCUMENT_STATUSES,
  REFERENCE_TERM_FIXED_PARAGRAPHS,
  REFERENCE_TERM_FORM_STEPS,
  REFERENCE_TERM_FORM_TITLES,
  SUPPLY_TYPE_LABELS,
  SUPPLY_TYPES,
  TERM_UNIT_LABELS,
  TERM_UNITS,
  WARRANTY_KIND_LABELS,
  WARRANTY_KINDS,
} from "./reference-term";

describe("reference term chapters (planning §2.10 'two readings of the step list')", () => {
  it("reading A has eleven chapters with their labels", () => {
    expect(REFERENCE_TERM_CHAPTERS).toHaveLength(11);
    expectLabelsFor(REFERENCE_TERM_CHAPTERS, REFERENCE_TERM_CHAPTER_LABELS);
    expect(REFERENCE_TERM_CHAPTER_LABELS.ESTIMATED_VALUE_CONTRACT).toBe("Valor Estimado da Contratação");
  });

  it("reading B shows ten forms, without professional qualification, with their form titles", () => {
    expect(REFERENCE_TERM_FORM_STEPS).toHaveLength(10);
    expect(REFERENCE_TERM_FORM_STEPS).not.toContain("PROFESSIONAL_QUALIFICATION");
    expect(REFERENCE_TERM_FORM_STEPS[8]).toBe("ESTIMATED_VALUE_CONTRACT");
    expectLabelsFor(REFERENCE_TERM_FORM_STEPS, REFERENCE_TERM_FORM_TITLES);
    expect(REFERENCE_TERM_FORM_TITLES.ESTIMATED_VALUE_CONTRACT).toBe("Estimativas do Valor da Contratação");
  });

  it("has the fixed paragraph counts of planning §9, in step order", () => {
    expect(REFERENCE_TERM_FORM_STEPS.map((s) => REFERENCE_TERM_FIXED_PARAGRAPHS[s])).toEqual([
      0, 1, 2, 2, 1, 2, 2, 1, 1, 1,
    ]);
  });
});

describe("reference term documents (planning §4 'Reference term document')", () => {
  it("labels every status and action", () => {
    expectLabelsFor(REFERENCE_TERM_DOCUMENT_STATUSES, REFERENCE_TERM_DOCUMENT_STATUS_LABELS);
    expectLabelsFor(DOCUMENT_ACTIONS, DOCUMENT_ACTION_LABELS);
    expect(DOCUMENT_ACTION_LABELS.DOWNLOAD_WORD).toBe("Baixar arquivo em Word");
  });
});

describe("reference term option lists (planning §9 'Enumerations')", () => {
  it("labels every option list", () => {
    expectLabelsFor(OBJECT_FEATURES, OBJECT_FEATURE_LABELS);
    expectLabelsFor(SUPPLY_TYPES, SUPPLY_TYPE_LABELS);
    expectLabelsFor(TERM_UNITS, TERM_UNIT_LABELS);
    expectLabelsFor(EXECUTION_REFERENCE_POINTS, EXECUTION_REFERENCE_POINT_LABELS);
    expectLabelsFor(WARRANTY_KINDS, WARRANTY_KIND_LABELS);
    expectLabelsFor(MONETARY_CORRECTION_INDEXES, MONETARY_CORRECTION_INDEX_LABELS);
    expectLabelsFor(CONTRACT_PAYMENT_METHODS, CONTRACT_PAYMENT_METHOD_LABELS);
    expectLabelsFor(ADVANCE_PAYMENT_KINDS, ADVANCE_PAYMENT_KIND_LABELS);
    expectLabelsFor(CONTRACT_EXECUTION_REGIMES, CONTRACT_EXECUTION_REGIME_LABELS);
    expectLabelsFor(OBJECT_SUPPLY_TYPES, OBJECT_SUPPLY_TYPE_LABELS);
    expectLabelsFor(MINIMUM_INDEXES, MINIMUM_INDEX_LABELS);
    expectLabelsFor(BRAND_LIST_TYPES, BRAND_LIST_TYPE_LABELS);
    expectLabelsFor(EXECUTION_LIST_KINDS, EXECUTION_LIST_KIND_LABELS);
  });

  it("keeps the quoted texts verbatim", () => {
    expect(OBJECT_FEATURE_LABELS.COMMON).toBe("Comum (Pregão)");
    expect(TERM_UNIT_LABELS.MONTHS).toBe("Mês(es)");
    expect(WARRANTY_KIND_LABELS.CONSUMER_PROTECTION_CODE).toBe(
      "Lei 8.078/90 (Código de defesa do consumidor)",
    );
    expect(MONETARY_CORRECTION_INDEX_LABELS.IGPM).toBe("IGP-M");
    expect(CONTRACT_EXECUTION_REGIME_LABELS.ASSOCIATED_SERVICE).toBe(
      "Fornecimento e prestação de serviço associado (RFPSA)",
    );
  });

  it("sets the process modality from the object feature (planning §4 'Step 1 side effects')", () => {
    expect(MODALITY_BY_OBJECT_FEATURE).toEqual({
      COMMON: "NEW_ELECTRONIC_REVERSED_AUCTION",
      SPECIAL: "ELECTRONIC_COMPETITION",
    });
  });
});
