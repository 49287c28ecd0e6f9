import { JUDGEMENT_CRITERION_LABELS } from "../enums/judgement";
import {
  BATCH_ITEM_PARTICIPATION_LABELS,
  BATCH_ITEM_PARTICIPATIONS,
  type BatchItemParticipation,
  PROCESS_PARTICIPATION_LABELS,
  PROCESS_PARTICIPATIONS,
  type ProcessParticipation,
} from "../enums/participation";
import {
  ADVANCE_PAYMENT_KIND_LABELS,
  ADVANCE_PAYMENT_KINDS,
  type AdvancePaymentKind,
  CONTRACT_EXECUTION_REGIME_LABELS,
  CONTRACT_EXECUTION_REGIMES,
  CONTRACT_PAYMENT_METHOD_LABELS,
  CONTRACT_PAYMENT_METHODS,
  type ContractExecutionRegime,
  type ContractPaymentMethod,
  EXECUTION_REFERENCE_POINT_LABELS,
  EXECUTION_REFERENCE_POINTS,
  type ExecutionReferencePoint,
  MINIMUM_INDEX_LABELS,
  MINIMUM_INDEXES,
  type MinimumIndex,
  MONETARY_CORRECTION_INDEX_LABELS,
  MONETARY_CORRECTION_INDEXES,
  type MonetaryCorrectionIndex,
  OBJECT_FEATURE_LABELS,
  OBJECT_FEATURES,
  OBJECT_SUPPLY_TYPE_LABELS,
  OBJECT_SUPPLY_TYPES,
  type ObjectFeature,
  type ObjectSupplyType,
  REFERENCE_TERM_FIXED_PARAGRAPHS,
  REFERENCE_TERM_FORM_TITLES,
  type ReferenceTermDocumentStatus,
  SUPPLY_TYPE_LABELS,
  SUPPLY_TYPES,
  type SupplyType,
  TERM_UNIT_LABELS,
  TERM_UNITS,
  type TermUnit,
  WARRANTY_KIND_LABELS,
  WARRANTY_KINDS,
  type WarrantyKind,
} from "../enums/reference-term";
import type { ServiceKind } from "../enums/study";
import { type SubModality, type SubModalityGroup, subModalityGroup } from "../enums/sub-modality";
import { VARIATION_KIND_LABELS, VARIATION_KINDS, type VariationKind } from "../enums/variation";
import { z } from "../schemas/zod";
import { REQUIRED_FIELD_MESSAGE } from "./process.schema";

// The reference term ('Termo de Referência', Lei 14.133/2021 art. 6º XXIII and art. 40 §1º) of a
// planning process: the ten chapters of reading B (planning §2.10), their data (§3 "Reference term"),
// the rules of each step (§5 "Reference term — step 1" … "Lists and paragraphs"), the payload nulling
// on save, the custom-paragraph numbering (§9 "Reference term") and the request schemas (§7).

// ── Chapters ────────────────────────────────────────────────────────────────────────────────────

export const REFERENCE_TERM_CHAPTER_CODES = [
  "GENERAL_CONTRACTING_CONDITIONS",
  "CONTRACTING_JUSTIFICATION",
  "CONTRACTING_REQUIREMENTS",
  "OBJECT_EXECUTION_MODEL",
  "ASSURANCE_TECHNICAL_ASSISTENCE",
  "CONTRACT_MANAGEMENT_MODEL",
  "MEASUREMENT_PAYMENT_CRITERIA",
  "CRITERIA_SUPPLIER_SELECTION",
  "ESTIMATED_VALUE_CONTRACT",
  "BUDGET_ADEQUACY",
] as const;
export type ReferenceTermChapterCode = (typeof REFERENCE_TERM_CHAPTER_CODES)[number];

export const REFERENCE_TERM_DATA_KEYS = {
  GENERAL_CONTRACTING_CONDITIONS: "generalConditions",
  CONTRACTING_JUSTIFICATION: "contractingJustification",
  CONTRACTING_REQUIREMENTS: "contractingRequirements",
  OBJECT_EXECUTION_MODEL: "objectExecutionModel",
  ASSURANCE_TECHNICAL_ASSISTENCE: "assuranceTechnicalAssistence",
  CONTRACT_MANAGEMENT_MODEL: "contractManagementModel",
  MEASUREMENT_PAYMENT_CRITERIA: "measurementPaymentCriteria",
  CRITERIA_SUPPLIER_SELECTION: "criteriaSupplierSelection",
  ESTIMATED_VALUE_CONTRACT: "estimateValueContract",
  BUDGET_ADEQUACY: "budgetAdequacy",
} as const satisfies Record<ReferenceTermChapterCode, string>;
export type ReferenceTermDataKey = (typeof REFERENCE_TERM_DATA_KEYS)[ReferenceTermChapterCode];

export interface ReferenceTermChapter {
  code: ReferenceTermChapterCode;
  /** 1..10, the step number shown as '{n} - {title}'. */
  number: number;
  /** The form title of reading B (planning §2.10). */
  title: string;
  dataKey: ReferenceTermDataKey;
  /** How many fixed template paragraphs precede the custom ones (planning §9). */
  fixedParagraphs: number;
}

export const REFERENCE_TERM_CHAPTERS: readonly ReferenceTermChapter[] = REFERENCE_TERM_CHAPTER_CODES.map(
  (code, index) => ({
    code,
    number: index + 1,
    title: REFERENCE_TERM_FORM_TITLES[code],
    dataKey: REFERENCE_TERM_DATA_KEYS[code],
    fixedParagraphs: REFERENCE_TERM_FIXED_PARAGRAPHS[code],
  }),
);

export const isReferenceTermChapterCode = (value: unknown): value is ReferenceTermChapterCode =>
  typeof value === "string" && (REFERENCE_TERM_CHAPTER_CODES as readonly string[]).includes(value);

export function chapterByCode(code: ReferenceTermChapterCode): ReferenceTermChapter {
  const chapter = REFERENCE_TERM_CHAPTERS.find((c) => c.code === code);
  if (!chapter) throw new RangeError(`capítulo desconhecido: ${String(code)}`);
  return chapter;
}

/** The 'step' sent when saving a chapter: the next chapter's code, none after the last (planning §4). */
export function nextChapterCode(code: ReferenceTermChapterCode): ReferenceTermChapterCode | null {
  const index = REFERENCE_TERM_CHAPTER_CODES.indexOf(code);
  return REFERENCE_TERM_CHAPTER_CODES[index + 1] ?? null;
}

export function previousChapterCode(code: ReferenceTermChapterCode): ReferenceTermChapterCode | null {
  const index = REFERENCE_TERM_CHAPTER_CODES.indexOf(code);
  return index > 0 ? (REFERENCE_TERM_CHAPTER_CODES[index - 1] ?? null) : null;
}

// ── Enumerations (planning §9 "Enumerations") ────────────────────────────────────────────────────
// Most of them already live in ../enums; they are re-exported here under the names the reference term
// uses. PROCESS_PARTICIPATIONS and JUDGEMENT_CRITERIA already exist with more values (notices), so the
// reference term's narrower sets carry a REFERENCE_TERM_ prefix.

export {
  CONTRACT_EXECUTION_REGIME_LABELS,
  CONTRACT_EXECUTION_REGIMES,
  EXECUTION_REFERENCE_POINT_LABELS,
  EXECUTION_REFERENCE_POINTS,
  MINIMUM_INDEX_LABELS,
  MINIMUM_INDEXES,
  MONETARY_CORRECTION_INDEX_LABELS,
  MONETARY_CORRECTION_INDEXES,
  OBJECT_FEATURE_LABELS,
  OBJECT_FEATURES,
  OBJECT_SUPPLY_TYPE_LABELS,
  OBJECT_SUPPLY_TYPES,
  PROCESS_PARTICIPATION_LABELS,
  PROCESS_PARTICIPATIONS,
  SUPPLY_TYPE_LABELS,
  SUPPLY_TYPES,
  TERM_UNIT_LABELS,
  TERM_UNITS,
  WARRANTY_KIND_LABELS,
  WARRANTY_KINDS,
};

/** The three process participations step 1 offers (planning §9). */
export const REFERENCE_TERM_PROCESS_PARTICIPATIONS = [
  "BROAD",
  "MICRO_BUSINESS_EXCLUSIVE",
  "DEFINED_PER_BATCH",
] as const satisfies readonly ProcessParticipation[];
export type ReferenceTermProcessParticipation = (typeof REFERENCE_TERM_PROCESS_PARTICIPATIONS)[number];
export const REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS: Record<ReferenceTermProcessParticipation, string> =
  {
    BROAD: "Ampla participação",
    MICRO_BUSINESS_EXCLUSIVE: "Exclusiva ME-EPP",
    DEFINED_PER_BATCH: "Definida por lote",
  };

export const BATCH_PARTICIPATIONS = BATCH_ITEM_PARTICIPATIONS;
export const BATCH_PARTICIPATION_LABELS: Record<BatchItemParticipation, string> =
  BATCH_ITEM_PARTICIPATION_LABELS;

export const TERM_PAYMENT_METHODS = CONTRACT_PAYMENT_METHODS;
export type TermPaymentMethod = ContractPaymentMethod;
export const TERM_PAYMENT_METHOD_LABELS: Record<ContractPaymentMethod, string> =
  CONTRACT_PAYMENT_METHOD_LABELS;

export const ADVANCE_KINDS = ADVANCE_PAYMENT_KINDS;
export type AdvanceKind = AdvancePaymentKind;
export const ADVANCE_KIND_LABELS: Record<AdvancePaymentKind, string> = ADVANCE_PAYMENT_KIND_LABELS;

/** The judgement criteria of the reference term (planning §3 "dispensationForm"). */
export const REFERENCE_TERM_JUDGEMENT_CRITERIA = [
  "LOWEST_PRICE",
  "BIGGEST_DISCOUNT",
  "TECHNIQUE_AND_PRICE",
  "BIGGEST_PRICE",
] as const;
export type ReferenceTermJudgementCriterion = (typeof REFERENCE_TERM_JUDGEMENT_CRITERIA)[number];
export const REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS: Record<ReferenceTermJudgementCriterion, string> = {
  LOWEST_PRICE: JUDGEMENT_CRITERION_LABELS.LOWEST_PRICE,
  BIGGEST_DISCOUNT: JUDGEMENT_CRITERION_LABELS.BIGGEST_DISCOUNT,
  TECHNIQUE_AND_PRICE: "Técnica e preço",
  BIGGEST_PRICE: "Maior lance",
};

export const MINIMUM_VARIATION_KINDS = VARIATION_KINDS;
export type MinimumVariationKind = VariationKind;
export const MINIMUM_VARIATION_KIND_LABELS: Record<VariationKind, string> = VARIATION_KIND_LABELS;

export const DELIVERY_EXPIRATION_KINDS = TERM_UNITS;
export const DELIVERY_EXPIRATION_KIND_LABELS: Record<TermUnit, string> = TERM_UNIT_LABELS;

// ── Constants ──────────────────────────────────────────────────────────────────────────────────

export const REFERENCE_TERM_WORD_FILE_NAME = "termo-de-referencia.docx";
export const REFERENCE_TERM_PDF_FILE_NAME = "termo-de-referencia.pdf";
export const SIGNED_REFERENCE_TERM_MAX_BYTES = 10 * 1024 * 1024;
export const REFERENCE_TERM_TEXT_MAX_LENGTH = 5000;
export const HIRING_PLAN_YEAR_MIN = 1000;
export const HIRING_PLAN_YEAR_MAX = 9999;

export const REFERENCE_TERM_SAVED_MESSAGE = "Dados salvos com sucesso";
export const REFERENCE_TERM_SAVE_FAILED_MESSAGE = "Erro ao salvar os dados.";
export const REFERENCE_TERM_LOAD_FAILED_MESSAGE = "Erro ao carregar os dados.";
export const REFERENCE_TERM_RENDER_FAILED_MESSAGE = "Erro ao renderizar documento";
export const PARAGRAPH_HISTORY_LOAD_FAILED_MESSAGE = "Erro ao carregar templates do histórico.";
export const PARAGRAPH_HISTORY_EMPTY_MESSAGE = "Nenhum template disponível para este capítulo.";

export const LIST_MIN_ONE_MESSAGE = "Adicione no mínimo um item na lista";
export const ADDRESS_MIN_ONE_MESSAGE = "Adicione no mínimo um endereço";
export const TASK_MIN_ONE_MESSAGE = "Adicione no mínimo uma tarefa";
export const ROUTINE_MIN_ONE_MESSAGE = "Adicione no mínimo uma rotina";
export const MATERIAL_MIN_ONE_MESSAGE = "Adicione no mínimo um material";
export const INFORMATION_MIN_ONE_MESSAGE = "Adicione no mínimo uma informação";
export const MIN_FOUR_CHARACTERS_MESSAGE = "Mínimo de 4 caracteres";
export const MAX_FOUR_CHARACTERS_MESSAGE = "Máximo de 4 caracteres";
export const REFERENCE_TERM_TEXT_TOO_LONG_MESSAGE = `No máximo ${REFERENCE_TERM_TEXT_MAX_LENGTH} caracteres`;
export const INVALID_NUMBER_MESSAGE = "Valor inválido";

/** Address messages (planning §5 "Address"). */
export const ADDRESS_FIELD_MESSAGES = {
  postalCode: "CEP obrigatório",
  street: "Rua obrigatória",
  number: "Número obrigatório",
  district: "Bairro obrigatório",
  city: "Cidade obrigatória",
  state: "Estado obrigatório",
} as const;
export const ADDRESS_POSTAL_CODE_INVALID_MESSAGE = "CEP inválido";
const POSTAL_CODE_PATTERN = /^\d{5}-?\d{3}$/u;

// ── Data ───────────────────────────────────────────────────────────────────────────────────────

export interface ReferenceTermAddress {
  postalCode: string;
  street: string;
  number: string;
  district: string;
  complement?: string | null;
  city: string;
  state: string;
}

export interface CustomParagraph {
  /** '{chapter}.{n}', n continuing after the chapter's fixed paragraphs. */
  number: string;
  content: string;
}

/** A lot item of the demand formalization with the options step 1 sets (planning §3, §4 "Step 1 bulk rules"). */
export interface ReferenceTermBatch {
  id: string;
  /** Lot number. */
  number: number;
  /** Item number inside the lot. */
  item: number;
  description: string;
  quantity: number;
  isProductBrandRequired: boolean;
  decimalsNumber: 2 | 4 | null;
  minimumVariationKind: VariationKind | null;
  minimumVariation: number | null;
  batchItemParticipation: BatchItemParticipation | null;
}

// Type aliases (not interfaces) so list entries stay assignable to Record<string, unknown>.
export type IdEntry = {
  id: number;
};
export type NumberedDescription = {
  number: number;
  description: string;
};

type WithCustomParagraphs = {
  customParagraphs?: CustomParagraph[] | null;
};

/** Step 1 — general contracting conditions. */
export type GeneralConditionsData = WithCustomParagraphs & {
  objectOfInterest?: string | null;
  processParticipation?: ReferenceTermProcessParticipation | null;
  objectFeature?: ObjectFeature | null;
  supplyType?: SupplyType | null;
  contractTerm?: number | null;
  contractTermKind?: TermUnit | null;
  reasonForContinuousValidity?: string | null;
  batchList?: ReferenceTermBatch[] | null;
};

/** Step 2 — justification (hiring plan, Lei 14.133/2021 art. 12 VII). */
export type ContractingJustificationData = WithCustomParagraphs & {
  hasHiringPlan?: boolean | null;
  hiringPlanYear?: number | null;
  hiringPlanId?: string | null;
  /** 'YYYY-MM-DD'. */
  hiringPlanPublishDate?: string | null;
  hiringPlanItemId?: string | null;
};

/** Step 3 — requirements. */
export type ContractingRequirementsData = WithCustomParagraphs & {
  hasExtraSustainabilityCriterion?: boolean | null;
  extraSustainabilityCriterionList?: Array<IdEntry & { criterion: string }> | null;
  mainObjectPortion?: number | null;
  hasPriorSiteAssessment?: boolean | null;
  /** ISO date-times (combined from the Brasília date and time inputs). */
  inspectionStartDate?: string | null;
  inspectionEndDate?: string | null;
  descriptionInspection?: string | null;
  hasBrandIndication?: boolean | null;
  permittedBrandList?: Array<IdEntry & { brand: string }> | null;
  hasForbiddenBrand?: boolean | null;
  forbiddenBrandList?: Array<IdEntry & { brand: string }> | null;
  isSampleRequired?: boolean | null;
  /** item names a lot item: 'Lote 1 · Item 1 — product'. */
  sampleRequiredList?: Array<IdEntry & { item: string }> | null;
  sampleDeliveryAddress?: ReferenceTermAddress | null;
  samplesDeliveryDeadline?: number | null;
  samplesCollectingDeadline?: number | null;
  isLetterSolidarityRequired?: boolean | null;
  isSubcontractingPermitted?: boolean | null;
  portionOrPercentageSubcontracting?: number | null;
  isAssuranceRequirement?: boolean | null;
};

/** Step 4 — object execution model. */
export type ObjectExecutionModelData = WithCustomParagraphs & {
  isInstallmentDelivery?: boolean | null;
  /** deliveryDate 'YYYY-MM-DD'. */
  installments?: Array<{ number: number; description: string; deliveryDate: string }> | null;
  executionObjectAmountDays?: number | null;
  startTermCounting?: ExecutionReferencePoint | null;
  deadlineNonDeliveryJustificationDate?: number | null;
  deliveryDateExpiration?: number | null;
  deliveryDateExpirationKind?: TermUnit | null;
  executionObjectAddresses?: ReferenceTermAddress[] | null;
  executionObjectReferencePoint?: ExecutionReferencePoint | null;
  executionServicesDescriptions?: string | null;
  /** startDate/endDate 'YYYY-MM-DD'. */
  serviceExecutionTimeline?: Array<{ description: string; startDate: string; endDate: string }> | null;
  /** 'HH:MM', Brasília time. */
  serviceExecutionStartTime?: string | null;
  serviceExecutionEndTime?: string | null;
  routineDetails?: NumberedDescription[] | null;
  materialsDistributed?: NumberedDescription[] | null;
  proposalSizingDetails?: NumberedDescription[] | null;
};

/** Step 5 — warranty, maintenance and technical assistance. */
export type AssuranceData = WithCustomParagraphs & {
  warrantyPeriodKind?: WarrantyKind | null;
  predefinedWarrantyPeriodMonths?: number | null;
  hasSupplementaryGuarantee?: boolean | null;
  supplementaryWarrantyPeriodMonths?: number | null;
  repairPeriodDays?: number | null;
  isMustWearUniform?: boolean | null;
  uniformDetails?: Array<IdEntry & { uniform: string; amount: number; qualityParameters: string }> | null;
  hasContractSupervision?: boolean | null;
  contractSupervisionProcedures?: NumberedDescription[] | null;
};

/** Step 6 — contract management. */
export type ContractManagementData = WithCustomParagraphs & {
  canKeepAgentOnLocal?: boolean | null;
  keepAgentOnLocalPeriod?: string | null;
  hasExtraRoutine?: boolean | null;
  extraRoutines?: Array<IdEntry & { description: string }> | null;
};

/** Step 7 — measurement and payment. */
export type MeasurementPaymentData = WithCustomParagraphs & {
  measurementAndPaymentCriteria?: NumberedDescription[] | null;
  provisionalReceiptPeriod?: number | null;
  finalReceiptPeriod?: number | null;
  invoiceGenerationPeriod?: number | null;
  monetaryCorrectionIndex?: MonetaryCorrectionIndex | null;
  paymentMethod?: ContractPaymentMethod | null;
  canAdvancePayment?: boolean | null;
  advanceDetails?: Array<IdEntry & { valueCents: number; condition: string }> | null;
  advancePaymentKind?: AdvancePaymentKind | null;
  advancePaymentPeriod?: number | null;
  isAdditionalAssuranceRequested?: boolean | null;
  /** Percent. */
  additionalAssurance?: number | null;
  hasBankFees?: boolean | null;
  bankFeesAmountCents?: number | null;
};

/** Step 8 — supplier selection. */
export type SupplierSelectionData = WithCustomParagraphs & {
  dispensationForm?: ReferenceTermJudgementCriterion | null;
  contractExecutionRegime?: ContractExecutionRegime | null;
  objectSupplyType?: ObjectSupplyType | null;
  isBusinessAuthorizationRequired?: boolean | null;
  authorizationDetails?: Array<IdEntry & { exerciseActivity: string; competentBody: string }> | null;
  isMinimumValueRequired?: boolean | null;
  minimumIndex?: MinimumIndex | null;
  /** Percent of the estimated value. */
  minimumValue?: number | null;
  isCompanyRegistrationRequired?: boolean | null;
  companyName?: string | null;
  technicalQualifications?: Array<IdEntry & { qualification: string }> | null;
};

/** Step 9 — estimated value. */
export type EstimatedValueData = WithCustomParagraphs & {
  isConfidentialEstimatedCost?: boolean | null;
  dispensationForm?: ReferenceTermJudgementCriterion | null;
};

/** Step 10 — budget adequacy. */
export type BudgetAdequacyData = WithCustomParagraphs & {
  sourceResources?: string | null;
  workProgram?: string | null;
  expenseElement?: string | null;
  innerPlan?: string | null;
  hasAgreementFederalGovernment?: boolean | null;
  agreementNumbers?: string[] | null;
};

export interface ChapterDataByCode {
  GENERAL_CONTRACTING_CONDITIONS: GeneralConditionsData;
  CONTRACTING_JUSTIFICATION: ContractingJustificationData;
  CONTRACTING_REQUIREMENTS: ContractingRequirementsData;
  OBJECT_EXECUTION_MODEL: ObjectExecutionModelData;
  ASSURANCE_TECHNICAL_ASSISTENCE: AssuranceData;
  CONTRACT_MANAGEMENT_MODEL: ContractManagementData;
  MEASUREMENT_PAYMENT_CRITERIA: MeasurementPaymentData;
  CRITERIA_SUPPLIER_SELECTION: SupplierSelectionData;
  ESTIMATED_VALUE_CONTRACT: EstimatedValueData;
  BUDGET_ADEQUACY: BudgetAdequacyData;
}
export type ChapterDataOf<C extends ReferenceTermChapterCode> = ChapterDataByCode[C];
export type ChapterData = ChapterDataByCode[ReferenceTermChapterCode];

export type ReferenceTermData = {
  [C in ReferenceTermChapterCode as (typeof REFERENCE_TERM_DATA_KEYS)[C]]?: ChapterDataByCode[C] | null;
};

/** From the process's preliminary technical study (planning §7 "A header read … returns modality, subModality and serviceKind"). */
export interface ReferenceTermContext {
  modality: string | null;
  subModality: SubModality | null;
  serviceKind: ServiceKind | null;
}

export function chapterDataOf<C extends ReferenceTermChapterCode>(
  data: ReferenceTermData | null | undefined,
  code: C,
): ChapterDataOf<C> | null {
  const key = REFERENCE_TERM_DATA_KEYS[code];
  return (
    ((data as Record<string, unknown> | null | undefined)?.[key] as ChapterDataOf<C> | undefined) ?? null
  );
}

// ── Visibility and progress ────────────────────────────────────────────────────────────────────

/** All ten chapters are visible whatever the context (planning §2.10 reading B); the single place to change it. */
export function isChapterVisible(
  _code: ReferenceTermChapterCode,
  _context?: ReferenceTermContext | null,
): boolean {
  return true;
}

export function visibleChapters(context?: ReferenceTermContext | null): readonly ReferenceTermChapter[] {
  return REFERENCE_TERM_CHAPTERS.filter((c) => isChapterVisible(c.code, context));
}

/**
 * The rounded percentage of visible steps whose status is COMPLETED or SIGNED (planning §4
 * "Step manager"). Missing statuses count as PENDING.
 */
export function referenceTermProgress(
  statuses: Partial<Record<ReferenceTermChapterCode, ReferenceTermDocumentStatus | null>>,
  context?: ReferenceTermContext | null,
): number {
  const visible = visibleChapters(context);
  if (visible.length === 0) return 0;
  const done = visible.filter((c) => {
    const status = statuses[c.code];
    return status === "COMPLETED" || status === "SIGNED";
  }).length;
  return Math.round((done / visible.length) * 100);
}

// ── Custom paragraphs ──────────────────────────────────────────────────────────────────────────

/** Numbers the non-blank contents '{chapter}.{n}' after the chapter's fixed paragraphs (planning §9). */
export function numberCustomParagraphs(
  code: ReferenceTermChapterCode,
  contents: readonly string[],
): CustomParagraph[] {
  const chapter = chapterByCode(code);
  return contents
    .filter((content) => typeof content === "string" && content.trim() !== "")
    .map((content, index) => ({
      number: `${chapter.number}.${chapter.fixedParagraphs + index + 1}`,
      content,
    }));
}

// ── Validation ─────────────────────────────────────────────────────────────────────────────────

export interface FieldError {
  property: string;
  errorMessages: string[];
}

type Group = SubModalityGroup | null;

export function referenceTermGroup(context: ReferenceTermContext | null | undefined): Group {
  return context?.subModality ? subModalityGroup(context.subModality) : null;
}

class Errors {
  readonly list: FieldError[] = [];
  add(property: string, message: string): void {
    const existing = this.list.find((e) => e.property === property);
    if (existing) {
      if (!existing.errorMessages.includes(message)) existing.errorMessages.push(message);
    } else this.list.push({ property, errorMessages: [message] });
  }
}

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (typeof value === "number" && !Number.isFinite(value));

const isFilledList = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

type Rec = Record<string, unknown>;

function required(errors: Errors, data: Rec, ...fields: string[]): void {
  for (const field of fields) if (isBlank(data[field])) errors.add(field, REQUIRED_FIELD_MESSAGE);
}

function minOne(errors: Errors, data: Rec, field: string, message = LIST_MIN_ONE_MESSAGE): void {
  if (!isFilledList(data[field])) errors.add(field, message);
}

/** The address messages of planning §5 "Address", on '{prefix}.{field}'. */
export function validateReferenceTermAddress(
  address: Partial<ReferenceTermAddress> | null | undefined,
): FieldError[] {
  const errors = new Errors();
  addressErrors(errors, "", address ?? {});
  return errors.list;
}

function addressErrors(errors: Errors, prefix: string, address: Partial<ReferenceTermAddress>): void {
  const rec = address as Rec;
  for (const [field, message] of Object.entries(ADDRESS_FIELD_MESSAGES)) {
    if (isBlank(rec[field])) errors.add(`${prefix}${field}`, message);
  }
  const postalCode = rec.postalCode;
  if (
    typeof postalCode === "string" &&
    postalCode.trim() !== "" &&
    !POSTAL_CODE_PATTERN.test(postalCode.trim())
  ) {
    errors.add(`${prefix}postalCode`, ADDRESS_POSTAL_CODE_INVALID_MESSAGE);
  }
}

function requiredAddress(errors: Errors, data: Rec, field: string): void {
  const address = data[field];
  if (address === null || address === undefined || typeof address !== "object") {
    errors.add(field, REQUIRED_FIELD_MESSAGE);
    return;
  }
  addressErrors(errors, `${field}.`, address as Partial<ReferenceTermAddress>);
}

function addressList(errors: Errors, data: Rec, field: string): void {
  const list = data[field];
  if (!isFilledList(list)) {
    errors.add(field, ADDRESS_MIN_ONE_MESSAGE);
    return;
  }
  (list as unknown[]).forEach((address, index) => {
    addressErrors(errors, `${field}.${index}.`, (address ?? {}) as Partial<ReferenceTermAddress>);
  });
}

function textLimits(errors: Errors, data: Rec): void {
  for (const [field, value] of Object.entries(data)) {
    if (typeof value === "string" && value.length > REFERENCE_TERM_TEXT_MAX_LENGTH) {
      errors.add(field, REFERENCE_TERM_TEXT_TOO_LONG_MESSAGE);
    }
  }
  const paragraphs = data.customParagraphs;
  if (Array.isArray(paragraphs)) {
    for (const p of paragraphs) {
      const content = (p as Partial<CustomParagraph> | null)?.content;
      if (typeof content === "string" && content.length > REFERENCE_TERM_TEXT_MAX_LENGTH) {
        errors.add("customParagraphs", REFERENCE_TERM_TEXT_TOO_LONG_MESSAGE);
      }
    }
  }
}

/**
 * planning §5 "Lists and paragraphs": every field of a modal list entry is required. An incomplete entry
 * puts 'Campo obrigatório' on the list's field; an over-long text in an entry, the 5000-character message.
 */
export const REFERENCE_TERM_LIST_ENTRY_FIELDS: Record<string, readonly string[]> = {
  extraSustainabilityCriterionList: ["criterion"],
  permittedBrandList: ["brand"],
  forbiddenBrandList: ["brand"],
  sampleRequiredList: ["item"],
  installments: ["description", "deliveryDate"],
  serviceExecutionTimeline: ["description", "startDate", "endDate"],
  routineDetails: ["description"],
  materialsDistributed: ["description"],
  proposalSizingDetails: ["description"],
  uniformDetails: ["uniform", "amount", "qualityParameters"],
  contractSupervisionProcedures: ["description"],
  extraRoutines: ["description"],
  measurementAndPaymentCriteria: ["description"],
  advanceDetails: ["valueCents", "condition"],
  authorizationDetails: ["exerciseActivity", "competentBody"],
  technicalQualifications: ["qualification"],
};

function listEntries(errors: Errors, data: Rec): void {
  for (const [list, fields] of Object.entries(REFERENCE_TERM_LIST_ENTRY_FIELDS)) {
    const entries = data[list];
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const rec = (entry ?? {}) as Rec;
      if (fields.some((field) => isBlank(rec[field]))) errors.add(list, REQUIRED_FIELD_MESSAGE);
      if (
        fields.some(
          (field) =>
            typeof rec[field] === "string" && (rec[field] as string).length > REFERENCE_TERM_TEXT_MAX_LENGTH,
        )
      )
        errors.add(list, REFERENCE_TERM_TEXT_TOO_LONG_MESSAGE);
    }
  }
}

/** planning §5 "Payment": the advance-payment block. */
function advanceBlock(errors: Errors, d: Rec): void {
  required(errors, d, "canAdvancePayment");
  if (d.canAdvancePayment === true) {
    minOne(errors, d, "advanceDetails");
    required(errors, d, "advancePaymentKind", "advancePaymentPeriod", "isAdditionalAssuranceRequested");
    if (d.isAdditionalAssuranceRequested === true) required(errors, d, "additionalAssurance");
  }
}

/** planning §5 "Supplier selection": the minimum-value block. */
function minimumValueBlock(errors: Errors, d: Rec): void {
  required(errors, d, "isMinimumValueRequired");
  if (d.isMinimumValueRequired === true) required(errors, d, "minimumIndex", "minimumValue");
}

const CHAPTER_RULES: Record<
  ReferenceTermChapterCode,
  (errors: Errors, d: Rec, group: Group, context: ReferenceTermContext) => void
> = {
  // planning §5 "Reference term — step 1"
  GENERAL_CONTRACTING_CONDITIONS: (errors, d) => {
    required(
      errors,
      d,
      "objectOfInterest",
      "processParticipation",
      "objectFeature",
      "supplyType",
      "contractTerm",
      "contractTermKind",
    );
    if (d.supplyType === "CONTINUOUS") required(errors, d, "reasonForContinuousValidity");
  },
  // planning §5 "Reference term — step 2"
  CONTRACTING_JUSTIFICATION: (errors, d) => {
    required(errors, d, "hasHiringPlan");
    if (d.hasHiringPlan !== true) return;
    const year = d.hiringPlanYear;
    if (isBlank(year)) errors.add("hiringPlanYear", REQUIRED_FIELD_MESSAGE);
    else if (typeof year === "number" && year < HIRING_PLAN_YEAR_MIN)
      errors.add("hiringPlanYear", MIN_FOUR_CHARACTERS_MESSAGE);
    else if (typeof year === "number" && year > HIRING_PLAN_YEAR_MAX)
      errors.add("hiringPlanYear", MAX_FOUR_CHARACTERS_MESSAGE);
    required(errors, d, "hiringPlanId", "hiringPlanPublishDate", "hiringPlanItemId");
  },
  // planning §5 "Reference term — step 3"
  CONTRACTING_REQUIREMENTS: (errors, d, group) => {
    required(
      errors,
      d,
      "hasBrandIndication",
      "hasForbiddenBrand",
      "isSampleRequired",
      "isLetterSolidarityRequired",
      "isSubcontractingPermitted",
      "isAssuranceRequirement",
    );
    if (d.hasBrandIndication === true) minOne(errors, d, "permittedBrandList");
    if (d.hasForbiddenBrand === true) minOne(errors, d, "forbiddenBrandList");
    if (d.isSampleRequired === true) {
      minOne(errors, d, "sampleRequiredList", REQUIRED_FIELD_MESSAGE);
      requiredAddress(errors, d, "sampleDeliveryAddress");
      required(errors, d, "samplesDeliveryDeadline", "samplesCollectingDeadline");
    }
    if (d.isSubcontractingPermitted === true) required(errors, d, "portionOrPercentageSubcontracting");
    if (group !== "GOODS") {
      required(errors, d, "hasExtraSustainabilityCriterion");
      if (d.hasExtraSustainabilityCriterion === true) minOne(errors, d, "extraSustainabilityCriterionList");
      required(errors, d, "hasPriorSiteAssessment");
      if (d.hasPriorSiteAssessment === true) {
        required(errors, d, "inspectionStartDate", "inspectionEndDate", "descriptionInspection");
        if (group === "ENGINEERING") required(errors, d, "mainObjectPortion");
      }
    }
  },
  // planning §5 "Reference term — step 4"
  OBJECT_EXECUTION_MODEL: (errors, d, group) => {
    if (group === "GOODS") {
      required(errors, d, "isInstallmentDelivery");
      if (d.isInstallmentDelivery === false) required(errors, d, "executionObjectAmountDays");
      if (d.isInstallmentDelivery === true) minOne(errors, d, "installments");
      required(
        errors,
        d,
        "startTermCounting",
        "deadlineNonDeliveryJustificationDate",
        "deliveryDateExpiration",
        "deliveryDateExpirationKind",
      );
      addressList(errors, d, "executionObjectAddresses");
      return;
    }
    required(
      errors,
      d,
      "executionObjectAmountDays",
      "executionObjectReferencePoint",
      "executionServicesDescriptions",
      "serviceExecutionStartTime",
      "serviceExecutionEndTime",
    );
    minOne(errors, d, "serviceExecutionTimeline", TASK_MIN_ONE_MESSAGE);
    addressList(errors, d, "executionObjectAddresses");
    minOne(errors, d, "routineDetails", ROUTINE_MIN_ONE_MESSAGE);
    minOne(errors, d, "materialsDistributed", MATERIAL_MIN_ONE_MESSAGE);
    minOne(errors, d, "proposalSizingDetails", INFORMATION_MIN_ONE_MESSAGE);
  },
  // planning §5 "Warranty"
  ASSURANCE_TECHNICAL_ASSISTENCE: (errors, d, group) => {
    required(errors, d, "warrantyPeriodKind");
    if (d.warrantyPeriodKind === "PREDEFINED_GUARANTEE")
      required(errors, d, "predefinedWarrantyPeriodMonths");
    if (group === "GOODS") {
      required(errors, d, "hasSupplementaryGuarantee");
      if (d.hasSupplementaryGuarantee === true) required(errors, d, "supplementaryWarrantyPeriodMonths");
      required(errors, d, "repairPeriodDays");
      return;
    }
    required(errors, d, "hasContractSupervision");
    if (d.hasContractSupervision === true) minOne(errors, d, "contractSupervisionProcedures");
    if (group === "SERVICES") {
      required(errors, d, "isMustWearUniform");
      if (d.isMustWearUniform === true) minOne(errors, d, "uniformDetails");
    }
  },
  // planning §5 "Contract management"
  CONTRACT_MANAGEMENT_MODEL: (errors, d, group) => {
    required(errors, d, "hasExtraRoutine");
    if (d.hasExtraRoutine === true) minOne(errors, d, "extraRoutines");
    if (group === "ENGINEERING") {
      required(errors, d, "canKeepAgentOnLocal");
      if (d.canKeepAgentOnLocal === true) required(errors, d, "keepAgentOnLocalPeriod");
    }
  },
  // planning §5 "Payment"
  MEASUREMENT_PAYMENT_CRITERIA: (errors, d, group, context) => {
    required(errors, d, "finalReceiptPeriod", "monetaryCorrectionIndex");
    if (group === "SERVICES" && context.serviceKind === "SERVICE_WITH_LABOR") {
      minOne(errors, d, "measurementAndPaymentCriteria");
      required(errors, d, "paymentMethod");
      if (d.paymentMethod === "LINKED_DEPOSIT_ACCOUNT") required(errors, d, "hasBankFees");
      if (d.paymentMethod === "LINKED_DEPOSIT_ACCOUNT" && d.hasBankFees === true)
        required(errors, d, "bankFeesAmountCents");
    } else if (group === "SERVICES") {
      minOne(errors, d, "measurementAndPaymentCriteria");
      advanceBlock(errors, d);
    } else if (group === "ENGINEERING") {
      advanceBlock(errors, d);
      minOne(errors, d, "measurementAndPaymentCriteria");
      required(errors, d, "provisionalReceiptPeriod", "invoiceGenerationPeriod", "paymentMethod");
    } else {
      advanceBlock(errors, d);
    }
  },
  // planning §5 "Supplier selection"
  CRITERIA_SUPPLIER_SELECTION: (errors, d, group, context) => {
    required(errors, d, "dispensationForm", "isBusinessAuthorizationRequired");
    if (d.isBusinessAuthorizationRequired === true) minOne(errors, d, "authorizationDetails");
    required(errors, d, "isCompanyRegistrationRequired");
    if (d.isCompanyRegistrationRequired === true) required(errors, d, "companyName");
    if (group === "SERVICES") {
      required(errors, d, "contractExecutionRegime");
      if (context.serviceKind !== "SERVICE_WITH_LABOR") {
        minimumValueBlock(errors, d);
        minOne(errors, d, "technicalQualifications");
      }
    } else if (group === "ENGINEERING") {
      required(errors, d, "contractExecutionRegime");
      minimumValueBlock(errors, d);
    } else if (group === "GOODS") {
      required(errors, d, "objectSupplyType");
      minimumValueBlock(errors, d);
      minOne(errors, d, "technicalQualifications");
    }
  },
  // planning §5 "Estimated value"
  ESTIMATED_VALUE_CONTRACT: (errors, d, group) => {
    required(errors, d, "isConfidentialEstimatedCost");
    if (group !== "GOODS") required(errors, d, "dispensationForm");
  },
  // planning §5 "Budget adequacy"
  BUDGET_ADEQUACY: (errors, d, group) => {
    required(errors, d, "sourceResources", "workProgram", "expenseElement", "innerPlan");
    if (group === "GOODS") {
      required(errors, d, "hasAgreementFederalGovernment");
      if (d.hasAgreementFederalGovernment === true) {
        const numbers = d.agreementNumbers;
        const filled = Array.isArray(numbers) && numbers.some((n) => !isBlank(n));
        if (!filled) errors.add("agreementNumbers", REQUIRED_FIELD_MESSAGE);
      }
    }
  },
};

const NO_CONTEXT: ReferenceTermContext = { modality: null, subModality: null, serviceKind: null };

/**
 * Every rule of planning §5 for the chapter, for the context's sub-modality group and service kind.
 * Errors come keyed by field name (list errors on the list's field; address fields as
 * 'sampleDeliveryAddress.street', 'executionObjectAddresses.0.street'). Empty array = valid.
 */
export function validateReferenceTermChapter<C extends ReferenceTermChapterCode>(
  code: C,
  data: ChapterDataOf<C> | Record<string, unknown> | null | undefined,
  context: ReferenceTermContext | null | undefined,
): FieldError[] {
  const errors = new Errors();
  // Normalized first (numbers coerced, blanks nulled), then typed, then the §5 rules on that value.
  const d = normalizeReferenceTermChapter(code, data) as Rec;
  const ctx = context ?? NO_CONTEXT;
  typeErrors(errors, code, d);
  CHAPTER_RULES[code](errors, d, referenceTermGroup(ctx), ctx);
  // planning §5 step 3: the time half of the inspection's start and end is asked for on its own key.
  if (code === "CONTRACTING_REQUIREMENTS") {
    for (const [field, timeKey] of [
      ["inspectionStartDate", "inspectionStartDateTime"],
      ["inspectionEndDate", "inspectionEndDateTime"],
    ] as const) {
      if (errors.list.some((e) => e.property === field && e.errorMessages.includes(REQUIRED_FIELD_MESSAGE)))
        errors.add(timeKey, REQUIRED_FIELD_MESSAGE);
    }
  }
  listEntries(errors, d);
  textLimits(errors, d);
  return errors.list;
}

/**
 * The chapter's payload as the server stores it: normalized (planning §5 "Payload nulling on save")
 * and reduced to the chapter's own fields (unknown keys, in the chapter and in list entries, dropped).
 * Meant for a payload validateReferenceTermChapter accepted.
 */
export function sanitizeReferenceTermChapter<C extends ReferenceTermChapterCode>(
  code: C,
  data: ChapterDataOf<C> | Record<string, unknown> | null | undefined,
): ChapterDataOf<C> {
  const normalized = normalizeReferenceTermChapter(code, data);
  const parsed = REFERENCE_TERM_CHAPTER_SCHEMAS[code].safeParse(normalized);
  if (parsed.success) return parsed.data as ChapterDataOf<C>;
  const shape = REFERENCE_TERM_CHAPTER_SCHEMAS[code].shape as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(normalized as Rec).filter(([key]) => Object.hasOwn(shape, key)),
  ) as ChapterDataOf<C>;
}

// ── Types of the chapter data (planning §3 "Reference term") ───────────────────────────────────

/** Every list of a chapter holds at most this many entries; custom paragraphs, REFERENCE_TERM_MAX_CUSTOM_PARAGRAPHS. */
export const REFERENCE_TERM_LIST_MAX_ENTRIES = 200;
export const REFERENCE_TERM_MAX_CUSTOM_PARAGRAPHS = 100;
/** The lots of step 1 follow the DFD's own limit of lines. */
export const REFERENCE_TERM_MAX_BATCHES = 500;
/** A lot's minimum bid variation: in reais at most R$ 1 billion, as a percentage at most 100 %. */
export const MINIMUM_VARIATION_MAX_REAL = 1_000_000_000;
export const MINIMUM_VARIATION_MAX_PERCENTAGE = 100;
export const LIST_TOO_LONG_MESSAGE = (max: number) => `No máximo ${max} itens na lista`;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/u;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/u;

function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const opt = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const tText = opt(z.string());
const tBool = opt(z.boolean());
const tCount = opt(z.number().int().min(0).max(1_000_000));
const tAmount = opt(z.number().min(0).max(1_000_000_000));
const tPercent = opt(z.number().min(0).max(100));
const tCents = opt(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));
const tDate = opt(z.string().refine(isCalendarDate));
const tDateTime = opt(z.iso.datetime({ offset: true }));
const tTime = opt(z.string().regex(TIME_PATTERN));
const tEnum = <T extends readonly [string, ...string[]]>(values: T) => opt(z.enum(values));
const tList = <T extends z.ZodType>(entry: T, max = REFERENCE_TERM_LIST_MAX_ENTRIES) =>
  opt(z.array(entry).max(max));
const entryId = z.union([z.number(), z.string().max(100)]).nullish();
const entryText = z.string().nullish();
const entry = <T extends z.ZodRawShape>(shape: T) => z.object({ id: entryId, ...shape });
const numbered = z.object({
  number: z.number().int().min(0).max(1_000_000).nullish(),
  description: entryText,
});
const address = z.object({
  postalCode: entryText,
  street: entryText,
  number: entryText,
  district: entryText,
  complement: entryText,
  city: entryText,
  state: entryText,
});
const customParagraphs = opt(
  z
    .array(z.object({ number: z.string().max(20), content: z.string() }))
    .max(REFERENCE_TERM_MAX_CUSTOM_PARAGRAPHS),
);

const batch = z
  .object({
    id: z.string().min(1).max(100),
    number: z.unknown().optional(),
    item: z.unknown().optional(),
    description: z.unknown().optional(),
    quantity: z.unknown().optional(),
    isProductBrandRequired: tBool,
    decimalsNumber: opt(z.union([z.literal(2), z.literal(4)])),
    minimumVariationKind: tEnum(VARIATION_KINDS),
    minimumVariation: opt(z.number().gt(0).max(MINIMUM_VARIATION_MAX_REAL)),
    batchItemParticipation: tEnum(BATCH_ITEM_PARTICIPATIONS),
  })
  .refine(
    (b) =>
      b.minimumVariationKind !== "PERCENTAGE" ||
      b.minimumVariation === null ||
      b.minimumVariation === undefined ||
      b.minimumVariation <= MINIMUM_VARIATION_MAX_PERCENTAGE,
  );

/** The type of every field of each chapter (planning §3); the §5 rules run on a value that passes it. */
export const REFERENCE_TERM_CHAPTER_SCHEMAS = {
  GENERAL_CONTRACTING_CONDITIONS: z.object({
    objectOfInterest: tText,
    processParticipation: tEnum(REFERENCE_TERM_PROCESS_PARTICIPATIONS),
    objectFeature: tEnum(OBJECT_FEATURES),
    supplyType: tEnum(SUPPLY_TYPES),
    contractTerm: tCount,
    contractTermKind: tEnum(TERM_UNITS),
    reasonForContinuousValidity: tText,
    batchList: tList(batch, REFERENCE_TERM_MAX_BATCHES),
    customParagraphs,
  }),
  CONTRACTING_JUSTIFICATION: z.object({
    hasHiringPlan: tBool,
    hiringPlanYear: opt(z.number().int().min(-1_000_000).max(1_000_000)),
    hiringPlanId: tText,
    hiringPlanPublishDate: tDate,
    hiringPlanItemId: tText,
    customParagraphs,
  }),
  CONTRACTING_REQUIREMENTS: z.object({
    hasExtraSustainabilityCriterion: tBool,
    extraSustainabilityCriterionList: tList(entry({ criterion: entryText })),
    mainObjectPortion: tAmount,
    hasPriorSiteAssessment: tBool,
    inspectionStartDate: tDateTime,
    inspectionEndDate: tDateTime,
    descriptionInspection: tText,
    hasBrandIndication: tBool,
    permittedBrandList: tList(entry({ brand: entryText })),
    hasForbiddenBrand: tBool,
    forbiddenBrandList: tList(entry({ brand: entryText })),
    isSampleRequired: tBool,
    sampleRequiredList: tList(entry({ item: entryText })),
    sampleDeliveryAddress: opt(address),
    samplesDeliveryDeadline: tCount,
    samplesCollectingDeadline: tCount,
    isLetterSolidarityRequired: tBool,
    isSubcontractingPermitted: tBool,
    portionOrPercentageSubcontracting: tAmount,
    isAssuranceRequirement: tBool,
    customParagraphs,
  }),
  OBJECT_EXECUTION_MODEL: z.object({
    isInstallmentDelivery: tBool,
    installments: tList(
      z.object({
        number: z.number().int().min(0).max(1_000_000).nullish(),
        description: entryText,
        deliveryDate: z.string().refine(isCalendarDate).nullish(),
      }),
    ),
    executionObjectAmountDays: tCount,
    startTermCounting: tEnum(EXECUTION_REFERENCE_POINTS),
    deadlineNonDeliveryJustificationDate: tCount,
    deliveryDateExpiration: tCount,
    deliveryDateExpirationKind: tEnum(TERM_UNITS),
    executionObjectAddresses: tList(address),
    executionObjectReferencePoint: tEnum(EXECUTION_REFERENCE_POINTS),
    executionServicesDescriptions: tText,
    serviceExecutionTimeline: tList(
      z.object({
        description: entryText,
        startDate: z.string().refine(isCalendarDate).nullish(),
        endDate: z.string().refine(isCalendarDate).nullish(),
      }),
    ),
    serviceExecutionStartTime: tTime,
    serviceExecutionEndTime: tTime,
    routineDetails: tList(numbered),
    materialsDistributed: tList(numbered),
    proposalSizingDetails: tList(numbered),
    customParagraphs,
  }),
  ASSURANCE_TECHNICAL_ASSISTENCE: z.object({
    warrantyPeriodKind: tEnum(WARRANTY_KINDS),
    predefinedWarrantyPeriodMonths: tCount,
    hasSupplementaryGuarantee: tBool,
    supplementaryWarrantyPeriodMonths: tCount,
    repairPeriodDays: tCount,
    isMustWearUniform: tBool,
    uniformDetails: tList(
      entry({
        uniform: entryText,
        amount: z.number().min(0).max(1_000_000_000).nullish(),
        qualityParameters: entryText,
      }),
    ),
    hasContractSupervision: tBool,
    contractSupervisionProcedures: tList(numbered),
    customParagraphs,
  }),
  CONTRACT_MANAGEMENT_MODEL: z.object({
    canKeepAgentOnLocal: tBool,
    keepAgentOnLocalPeriod: tText,
    hasExtraRoutine: tBool,
    extraRoutines: tList(entry({ description: entryText })),
    customParagraphs,
  }),
  MEASUREMENT_PAYMENT_CRITERIA: z.object({
    measurementAndPaymentCriteria: tList(numbered),
    provisionalReceiptPeriod: tCount,
    finalReceiptPeriod: tCount,
    invoiceGenerationPeriod: tCount,
    monetaryCorrectionIndex: tEnum(MONETARY_CORRECTION_INDEXES),
    paymentMethod: tEnum(CONTRACT_PAYMENT_METHODS),
    canAdvancePayment: tBool,
    advanceDetails: tList(
      entry({
        valueCents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
        condition: entryText,
      }),
    ),
    advancePaymentKind: tEnum(ADVANCE_PAYMENT_KINDS),
    advancePaymentPeriod: tCount,
    isAdditionalAssuranceRequested: tBool,
    additionalAssurance: tPercent,
    hasBankFees: tBool,
    bankFeesAmountCents: tCents,
    customParagraphs,
  }),
  CRITERIA_SUPPLIER_SELECTION: z.object({
    dispensationForm: tEnum(REFERENCE_TERM_JUDGEMENT_CRITERIA),
    contractExecutionRegime: tEnum(CONTRACT_EXECUTION_REGIMES),
    objectSupplyType: tEnum(OBJECT_SUPPLY_TYPES),
    isBusinessAuthorizationRequired: tBool,
    authorizationDetails: tList(entry({ exerciseActivity: entryText, competentBody: entryText })),
    isMinimumValueRequired: tBool,
    minimumIndex: tEnum(MINIMUM_INDEXES),
    minimumValue: tPercent,
    isCompanyRegistrationRequired: tBool,
    companyName: tText,
    technicalQualifications: tList(entry({ qualification: entryText })),
    customParagraphs,
  }),
  ESTIMATED_VALUE_CONTRACT: z.object({
    isConfidentialEstimatedCost: tBool,
    dispensationForm: tEnum(REFERENCE_TERM_JUDGEMENT_CRITERIA),
    customParagraphs,
  }),
  BUDGET_ADEQUACY: z.object({
    sourceResources: tText,
    workProgram: tText,
    expenseElement: tText,
    innerPlan: tText,
    hasAgreementFederalGovernment: tBool,
    agreementNumbers: tList(z.string().max(100).nullable()),
    customParagraphs,
  }),
} as const satisfies Record<ReferenceTermChapterCode, z.ZodObject>;

/** Fields whose errors are reported on the field as a whole (lists); addresses keep their inner path. */
const WHOLE_FIELD_ERRORS = new Set(["sampleDeliveryAddress"]);

/**
 * Type errors of a normalized chapter: 'Valor inválido' on the field (a list's entries on the list's
 * field, an address's parts as 'field.part' / 'field.index.part'); a list too long says so.
 */
function typeErrors(errors: Errors, code: ReferenceTermChapterCode, data: Rec): void {
  const parsed = REFERENCE_TERM_CHAPTER_SCHEMAS[code].safeParse(data);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const [field, ...rest] = issue.path.map(String);
    if (!field) {
      errors.add("data", INVALID_NUMBER_MESSAGE);
      continue;
    }
    const isAddress = field === "executionObjectAddresses" || WHOLE_FIELD_ERRORS.has(field);
    const property = isAddress && rest.length ? [field, ...rest].join(".") : field;
    const message =
      issue.code === "too_big" && rest.length === 0 && issue.origin === "array"
        ? LIST_TOO_LONG_MESSAGE(Number(issue.maximum))
        : INVALID_NUMBER_MESSAGE;
    errors.add(property, message);
  }
}

// ── Normalization (planning §5 "Payload nulling on save") ──────────────────────────────────────

/** Fields converted to numbers on save (empty → null). */
export const REFERENCE_TERM_NUMERIC_FIELDS: Record<ReferenceTermChapterCode, readonly string[]> = {
  GENERAL_CONTRACTING_CONDITIONS: ["contractTerm"],
  CONTRACTING_JUSTIFICATION: ["hiringPlanYear"],
  CONTRACTING_REQUIREMENTS: [
    "mainObjectPortion",
    "samplesDeliveryDeadline",
    "samplesCollectingDeadline",
    "portionOrPercentageSubcontracting",
  ],
  OBJECT_EXECUTION_MODEL: [
    "executionObjectAmountDays",
    "deadlineNonDeliveryJustificationDate",
    "deliveryDateExpiration",
  ],
  ASSURANCE_TECHNICAL_ASSISTENCE: [
    "predefinedWarrantyPeriodMonths",
    "supplementaryWarrantyPeriodMonths",
    "repairPeriodDays",
  ],
  CONTRACT_MANAGEMENT_MODEL: [],
  MEASUREMENT_PAYMENT_CRITERIA: [
    "provisionalReceiptPeriod",
    "finalReceiptPeriod",
    "invoiceGenerationPeriod",
    "advancePaymentPeriod",
    "additionalAssurance",
    "bankFeesAmountCents",
  ],
  CRITERIA_SUPPLIER_SELECTION: ["minimumValue"],
  ESTIMATED_VALUE_CONTRACT: [],
  BUDGET_ADEQUACY: [],
};

/** '12', '12,5', '1.234,5', 12 → numbers; '' / null / undefined / unreadable → null. */
export function toReferenceTermNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text === "") return null;
  const normalized = text.includes(",") ? text.replace(/\./gu, "").replace(",", ".") : text;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

/**
 * The chapter's payload as it is stored: the nulling of planning §5 "Payload nulling on save",
 * numbers coerced (empty → null), blank strings → null and the custom paragraphs renumbered with blank
 * ones dropped (planning §5 "Lists and paragraphs", §9). Pure: returns a new object.
 */
export function normalizeReferenceTermChapter<C extends ReferenceTermChapterCode>(
  code: C,
  data: ChapterDataOf<C> | Record<string, unknown> | null | undefined,
): ChapterDataOf<C> {
  const d: Rec = { ...((data ?? {}) as Rec) };
  for (const [field, value] of Object.entries(d)) {
    if (typeof value === "string" && value.trim() === "") d[field] = null;
  }
  for (const field of REFERENCE_TERM_NUMERIC_FIELDS[code]) {
    if (!(field in d)) continue;
    const value = d[field];
    const n = toReferenceTermNumber(value);
    // An unreadable value stays as sent, so the chapter's types refuse it ('Valor inválido').
    if (n !== null || value === null || value === undefined || typeof value === "string")
      d[field] = n === null && typeof value === "string" && value.trim() !== "" ? value : n;
  }
  if (Array.isArray(d.customParagraphs)) {
    const list = d.customParagraphs as unknown[];
    const contentOf = (p: unknown): unknown =>
      typeof p === "string" ? p : (p as Partial<CustomParagraph> | null)?.content;
    // Only texts are renumbered: anything else stays as sent, so the chapter's types refuse it.
    if (
      list.every((p) => {
        const content = contentOf(p);
        return typeof content === "string" || content === null || content === undefined;
      })
    )
      d.customParagraphs = numberCustomParagraphs(
        code,
        list.map((p) => (contentOf(p) as string | null | undefined) ?? ""),
      );
  }
  switch (code) {
    case "CONTRACT_MANAGEMENT_MODEL":
      if (d.canKeepAgentOnLocal !== true) d.keepAgentOnLocalPeriod = null;
      if (d.hasExtraRoutine !== true) d.extraRoutines = [];
      break;
    case "MEASUREMENT_PAYMENT_CRITERIA":
      if (d.canAdvancePayment !== true) {
        d.advanceDetails = [];
        d.advancePaymentKind = null;
        d.isAdditionalAssuranceRequested = null;
      }
      if (isBlank(d.advancePaymentKind)) d.advancePaymentPeriod = null;
      if (d.isAdditionalAssuranceRequested !== true) d.additionalAssurance = null;
      if (d.paymentMethod !== "LINKED_DEPOSIT_ACCOUNT") d.hasBankFees = null;
      if (d.hasBankFees !== true) d.bankFeesAmountCents = null;
      break;
    case "CRITERIA_SUPPLIER_SELECTION":
      if (d.isBusinessAuthorizationRequired !== true) d.authorizationDetails = [];
      if (d.isCompanyRegistrationRequired !== true) d.companyName = null;
      break;
    default:
      break;
  }
  return d as ChapterDataOf<C>;
}

// ── Request schemas (planning §7 "Reference term") ─────────────────────────────────────────────

const uuid = z.uuid("Identificador inválido");
const chapterCodeSchema = z.enum(REFERENCE_TERM_CHAPTER_CODES, { error: REQUIRED_FIELD_MESSAGE });

/** The server runs normalizeReferenceTermChapter and validateReferenceTermChapter on `data` after this. */
export const referenceTermSaveSchema = z.object({
  process: z.object({ id: uuid }),
  chapterCode: chapterCodeSchema,
  step: chapterCodeSchema.nullish().transform((v) => v ?? null),
  data: z.record(z.string(), z.unknown()),
});
export type ReferenceTermSaveInput = z.output<typeof referenceTermSaveSchema>;

export const referenceTermReadSchema = z.object({ process: z.object({ id: uuid }) });
export type ReferenceTermReadInput = z.output<typeof referenceTermReadSchema>;

export const paragraphTemplateByChapterSchema = z.object({ chapterCode: chapterCodeSchema });
export type ParagraphTemplateByChapterInput = z.output<typeof paragraphTemplateByChapterSchema>;

export const referenceTermExportSchema = z.object({ process: z.object({ id: uuid }) });
export type ReferenceTermExportInput = z.output<typeof referenceTermExportSchema>;

/** A paragraph of the per-body history ('Usar do histórico', planning §2.10, §7). */
export interface ParagraphTemplate {
  content: string;
  usageCount: number;
  createdDate: string;
}

// Label records the document and the forms share, re-exported for convenience.
export const REFERENCE_TERM_ENUM_LABELS = {
  processParticipation: REFERENCE_TERM_PROCESS_PARTICIPATION_LABELS,
  objectFeature: OBJECT_FEATURE_LABELS,
  supplyType: SUPPLY_TYPE_LABELS,
  termUnit: TERM_UNIT_LABELS,
  executionReferencePoint: EXECUTION_REFERENCE_POINT_LABELS,
  warrantyKind: WARRANTY_KIND_LABELS,
  monetaryCorrectionIndex: MONETARY_CORRECTION_INDEX_LABELS,
  paymentMethod: CONTRACT_PAYMENT_METHOD_LABELS,
  advanceKind: ADVANCE_PAYMENT_KIND_LABELS,
  contractExecutionRegime: CONTRACT_EXECUTION_REGIME_LABELS,
  objectSupplyType: OBJECT_SUPPLY_TYPE_LABELS,
  minimumIndex: MINIMUM_INDEX_LABELS,
  judgementCriterion: REFERENCE_TERM_JUDGEMENT_CRITERION_LABELS,
  minimumVariationKind: VARIATION_KIND_LABELS,
  batchParticipation: BATCH_ITEM_PARTICIPATION_LABELS,
} as const;
