import type {
  CredentialKind,
  Modality,
  PriceMethod,
  ProcessStatus,
  RiskAllocation,
  RiskImpact,
  RiskLevel,
  RiskPhase,
  RiskProbability,
  ServiceKind,
  SignableDocumentKind,
  SignatureMethod,
  SubModality,
  VulnerabilityStatementKind,
} from "@certame/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { buyerSecretaryOffices, buyerStaff, buyers } from "./buyers";
import { products } from "./catalog";
import { id, timestamps, tstz } from "./columns";
import { storedFiles } from "./files";
import { measurementUnits } from "./reference";
import { users } from "./users";

/**
 * A purchasing process being planned (planning §2.2, §3 "Process"): the body's own, numbered
 * uniquely within the body (deleted ones included, so 'Desfazer' never collides), soft-deleted.
 */
export const processes = pgTable(
  "processes",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id),
    processNumber: text("process_number").notNull(),
    status: text("status").notNull().default("PROCESS_PENDING").$type<ProcessStatus>(),
    /** 'Data do Processo': the Brasília day it was opened. */
    processDate: date("process_date").notNull(),
    isDeleted: boolean("is_deleted").notNull().default(false),
    deletedAt: tstz("deleted_at"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("processes_buyer_number_key").on(t.buyerId, sql`lower(${t.processNumber})`),
    index("processes_buyer_created_idx").on(t.buyerId, t.createdDate),
    check("processes_status", sql`${t.status} IN ('PROCESS_PENDING', 'PROCESS_PUBLISHED')`),
  ],
);

/** The requesting areas of a process (planning §2.5 'Identificação da Área Requisitante'). */
export const processSecretaries = pgTable(
  "process_secretaries",
  {
    processId: uuid("process_id")
      .notNull()
      .references(() => processes.id, { onDelete: "cascade" }),
    secretaryOfficeId: uuid("secretary_office_id")
      .notNull()
      .references(() => buyerSecretaryOffices.id),
  },
  (t) => [primaryKey({ columns: [t.processId, t.secretaryOfficeId] })],
);

/**
 * Every save of a process's planning, with who and when (issue 15): append-only, like the notices'
 * event log (a trigger refuses UPDATE and DELETE).
 */
export const processEvents = pgTable(
  "process_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    processId: uuid("process_id")
      .notNull()
      .references(() => processes.id),
    eventType: text("event_type").notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id),
    payload: jsonb("payload").notNull(),
    occurredAt: tstz("occurred_at").notNull(),
  },
  (t) => [index("process_events_process_idx").on(t.processId, t.id)],
);

/** The responsible people of a process (planning §2.5 'Responsáveis'; the ETP reuses them). */
export const processResponsibles = pgTable(
  "process_responsibles",
  {
    processId: uuid("process_id")
      .notNull()
      .references(() => processes.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => buyerStaff.id),
  },
  (t) => [primaryKey({ columns: [t.processId, t.staffId] })],
);

/** The categories a demand is described by (§7 app/demandFormalization/category/list): a platform list. */
export const demandCategories = pgTable("demand_categories", {
  id: serial("id").primaryKey(),
  description: text("description").notNull().unique(),
});

/** The Demand Formalization Document of a process (planning §2.5, §3 "Demand formalization"): one per process. */
export const demandFormalizations = pgTable("demand_formalizations", {
  id: id(),
  processId: uuid("process_id")
    .notNull()
    .unique()
    .references(() => processes.id, { onDelete: "cascade" }),
  expectedCompletionDate: date("expected_completion_date"),
  hiringPlanProcessNumber: text("hiring_plan_process_number"),
  description: text("description"),
  priority: text("priority").$type<"LOW" | "MEDIUM" | "HIGH">(),
  priorityJustification: text("priority_justification"),
  needOfHiringJustification: text("need_of_hiring_justification"),
  /** 'Processos Vinculados': linked demand-formalization numbers, as typed. */
  demandFormalizationBinding: text("demand_formalization_binding").array().notNull().default(sql`'{}'`),
  ...timestamps,
});

export const demandFormalizationCategories = pgTable(
  "demand_formalization_categories",
  {
    demandFormalizationId: uuid("demand_formalization_id")
      .notNull()
      .references(() => demandFormalizations.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => demandCategories.id),
  },
  (t) => [primaryKey({ columns: [t.demandFormalizationId, t.categoryId] })],
);

/** A lot/item line of the demand (§3 "Demand formalization batch"): lot number + item number, unique. */
export const demandFormalizationBatches = pgTable(
  "demand_formalization_batches",
  {
    id: id(),
    demandFormalizationId: uuid("demand_formalization_id")
      .notNull()
      .references(() => demandFormalizations.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    item: integer("item").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    quantity: numeric("quantity", { precision: 18, scale: 4 }).notNull(),
    measurementUnitCode: text("measurement_unit_code")
      .notNull()
      .references(() => measurementUnits.code),
    /** The budget's reference price method (planning §8 "Budget screen"; IN SEGES/ME 65/2021 art. 6). */
    priceMethod: text("price_method").$type<PriceMethod>().notNull().default("AVERAGE"),
    // The lot options the reference term's step 1 sets (planning §3 "Demand formalization batch", §4
    // "Step 1 bulk rules", §7 "From the reference term, the lots are updated…").
    isProductBrandRequired: boolean("is_product_brand_required").notNull().default(false),
    /** 2 or 4 decimals of the lot's bids; null 'Lote a lote' undecided. */
    decimalsNumber: integer("decimals_number"),
    minimumVariationKind: text("minimum_variation_kind").$type<"REAL" | "PERCENTAGE">(),
    minimumVariation: numeric("minimum_variation", { precision: 18, scale: 4 }),
    batchItemParticipation: text("batch_item_participation").$type<
      "WIDE_PARTICIPATION" | "EXCLUSIVE" | "DIFFERENTIATED"
    >(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("demand_formalization_batches_lot_item_key").on(t.demandFormalizationId, t.number, t.item),
    check(
      "demand_formalization_batches_positive",
      sql`${t.number} > 0 AND ${t.item} > 0 AND ${t.quantity} > 0`,
    ),
    check(
      "demand_formalization_batches_decimals",
      sql`${t.decimalsNumber} IS NULL OR ${t.decimalsNumber} IN (2, 4)`,
    ),
    check(
      "demand_formalization_batches_variation_kind",
      sql`${t.minimumVariationKind} IS NULL OR ${t.minimumVariationKind} IN ('REAL', 'PERCENTAGE')`,
    ),
    check(
      "demand_formalization_batches_participation",
      sql`${t.batchItemParticipation} IS NULL OR ${t.batchItemParticipation} IN ('WIDE_PARTICIPATION', 'EXCLUSIVE', 'DIFFERENTIATED')`,
    ),
  ],
);

/**
 * A budget quote of a batch (planning §3 "Budget (quote)", §4 "Budget columns"): one per (batch, column);
 * money in integer cents (§9). The batch rows are updated in place by the DFD save, so quotes survive it.
 */
export const budgets = pgTable(
  "budgets",
  {
    id: id(),
    demandFormalizationBatchId: uuid("demand_formalization_batch_id")
      .notNull()
      .references(() => demandFormalizationBatches.id, { onDelete: "cascade" }),
    columnOrder: integer("column_order").notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    pncpItemId: text("pncp_item_id"),
    supplierDocument: text("supplier_document").notNull(),
    supplierName: text("supplier_name").notNull(),
    supplierCredentialKind: text("supplier_credential_kind").$type<CredentialKind>().notNull(),
    supplierIsSmallBusiness: boolean("supplier_is_small_business").notNull().default(false),
    excluded: boolean("excluded").notNull().default(false),
    exclusionJustification: text("exclusion_justification"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("budgets_batch_column_key").on(t.demandFormalizationBatchId, t.columnOrder),
    check("budgets_column_order_positive", sql`${t.columnOrder} >= 1`),
    check("budgets_price_not_negative", sql`${t.priceCents} >= 0`),
    check("budgets_credential_kind", sql`${t.supplierCredentialKind} IN ('LEGAL_PERSON', 'INDIVIDUAL')`),
  ],
);

/** The Preliminary Technical Study of a process (planning §2.6, §3 "Preliminary technical study"). */
export const preliminaryTechnicalStudies = pgTable("preliminary_technical_studies", {
  id: id(),
  processId: uuid("process_id")
    .notNull()
    .unique()
    .references(() => processes.id, { onDelete: "cascade" }),
  number: text("number"),
  /** true: the ETP is dispensed ('O ETP será dispensado…' Sim). */
  isRejectedFromTheProcess: boolean("is_rejected_from_the_process"),
  exemptionJustification: text("exemption_justification"),
  description: text("description"),
  modality: text("modality").$type<Modality>(),
  subModality: text("sub_modality").$type<SubModality>(),
  serviceKind: text("service_kind").$type<ServiceKind>(),
  descriptionHiringRequirements: text("description_hiring_requirements"),
  marketResearch: text("market_research"),
  solutionDescription: text("solution_description"),
  quantityEstimates: text("quantity_estimates"),
  estimateContractValue: text("estimate_contract_value"),
  justification: text("justification"),
  hiring: text("hiring"),
  contractingAndPlanningAlignment: text("contracting_and_planning_alignment"),
  intendedResults: text("intended_results"),
  measuresToTake: text("measures_to_take"),
  environmentalImpacts: text("environmental_impacts"),
  feasibilityJustification: text("feasibility_justification"),
  vulnerabilityStatementKind: text("vulnerability_statement_kind").$type<VulnerabilityStatementKind>(),
  ...timestamps,
});

/** 'Documentos Anexos ao ETP'. */
export const preliminaryTechnicalStudyDocuments = pgTable(
  "preliminary_technical_study_documents",
  {
    id: id(),
    studyId: uuid("study_id")
      .notNull()
      .references(() => preliminaryTechnicalStudies.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    description: text("description"),
    ...timestamps,
  },
  (t) => [index("preliminary_technical_study_documents_study_idx").on(t.studyId)],
);

/** A risk of the body's own catalogue (planning §2.7 'Adicionar Risco', §3 "Risk"), reused across processes. */
export const risks = pgTable(
  "risks",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id),
    description: text("description").notNull(),
    cause: text("cause").notNull(),
    phase: text("phase").notNull().$type<RiskPhase>(),
    allocation: text("allocation").notNull().$type<RiskAllocation>(),
    probability: text("probability").notNull().$type<RiskProbability>(),
    impact: text("impact").notNull().$type<RiskImpact>(),
    /** Derived from probability × impact by the domain rule, stored so the list sorts by it. */
    level: text("level").notNull().$type<RiskLevel>(),
    disclose: boolean("disclose").notNull(),
    possibleImpacts: text("possible_impacts").notNull(),
    preventiveActions: text("preventive_actions").notNull(),
    contingencyActions: text("contingency_actions").notNull(),
    isDeleted: boolean("is_deleted").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("risks_buyer_idx").on(t.buyerId, t.createdDate)],
);

/** The Risk Matrix of a process (planning §2.7, §3 "Risk management"). */
export const riskManagements = pgTable("risk_managements", {
  id: id(),
  processId: uuid("process_id")
    .notNull()
    .unique()
    .references(() => processes.id, { onDelete: "cascade" }),
  number: text("number"),
  canDispenseRisk: boolean("can_dispense_risk").notNull().default(false),
  justification: text("justification"),
  ...timestamps,
});

/** A risk selected for the process's matrix. */
export const riskManagementRisks = pgTable(
  "risk_management_risks",
  {
    id: id(),
    riskManagementId: uuid("risk_management_id")
      .notNull()
      .references(() => riskManagements.id, { onDelete: "cascade" }),
    riskId: uuid("risk_id")
      .notNull()
      .references(() => risks.id),
    ...timestamps,
  },
  (t) => [uniqueIndex("risk_management_risks_key").on(t.riskManagementId, t.riskId)],
);

/** The responsible people of a selected risk ('Editar Responsáveis'). */
export const riskManagementRiskResponsibles = pgTable(
  "risk_management_risk_responsibles",
  {
    riskManagementRiskId: uuid("risk_management_risk_id")
      .notNull()
      .references(() => riskManagementRisks.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => buyerStaff.id),
  },
  (t) => [primaryKey({ columns: [t.riskManagementRiskId, t.staffId] })],
);

/** The matrix's attachments (documents of kind OTHER). */
export const riskManagementDocuments = pgTable(
  "risk_management_documents",
  {
    id: id(),
    riskManagementId: uuid("risk_management_id")
      .notNull()
      .references(() => riskManagements.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    description: text("description").notNull(),
    ...timestamps,
  },
  (t) => [index("risk_management_documents_rm_idx").on(t.riskManagementId)],
);

/** A chapter's state in the reference term: saved (COMPLETED) and when (planning §4 "Step manager"). */
export type ReferenceTermChapterState = { status: "COMPLETED"; updatedAt: string };

/**
 * The Reference Term of a process (planning §2.10, §3 "Reference term"; issue 16 items 4–5): one per
 * process, saved chapter by chapter; `data` holds the chapters under their data keys (the domain's
 * ReferenceTermData), `chapterStatus` each saved chapter's state, `step` the wizard position sent.
 */
export const referenceTerms = pgTable("reference_terms", {
  id: id(),
  processId: uuid("process_id")
    .notNull()
    .unique()
    .references(() => processes.id, { onDelete: "cascade" }),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  chapterStatus: jsonb("chapter_status")
    .$type<Record<string, ReferenceTermChapterState>>()
    .notNull()
    .default({}),
  step: text("step"),
  ...timestamps,
});

/**
 * The body's custom-paragraph history per chapter ('Usar do histórico', §2.10, §3 "Paragraph
 * template"): one row per distinct content, counted once per term chapter that adopts it.
 */
export const paragraphTemplates = pgTable(
  "paragraph_templates",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id),
    chapterCode: text("chapter_code").notNull(),
    content: text("content").notNull(),
    contentSha256: text("content_sha256").notNull(),
    usageCount: integer("usage_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("paragraph_templates_key").on(t.buyerId, t.chapterCode, t.contentSha256),
    check("paragraph_templates_usage_not_negative", sql`${t.usageCount} >= 0`),
  ],
);

/**
 * A signed reference term uploaded by the body (issue 16 item 5): the stored PDF, its SHA-256 and the
 * SHA-256 of the PDF the platform issued at that moment. The latest row is the term's signature.
 */
export const referenceTermSignatures = pgTable(
  "reference_term_signatures",
  {
    id: id(),
    processId: uuid("process_id")
      .notNull()
      .references(() => processes.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    signedSha256: text("signed_sha256").notNull(),
    issuedSha256: text("issued_sha256").notNull(),
    hasDigitalSignature: boolean("has_digital_signature").notNull().default(false),
    signedByUserId: uuid("signed_by_user_id")
      .notNull()
      .references(() => users.id),
    signedAt: tstz("signed_at").notNull(),
    ...timestamps,
  },
  (t) => [index("reference_term_signatures_process_idx").on(t.processId, t.signedAt)],
);

/**
 * A signature of one of a process's documents (planning §2.3 'Assinar o Documento'; issue 35 item 3):
 * the document (its step kind) and the SHA-256 of its PDF exactly as the platform rendered it when
 * signed; the signer as recorded at that instant (name, CPF, profile); the method — PLATFORM, the
 * platform's simple electronic signature after the password was re-entered (Lei 14.063/2020 art. 4
 * I), or UPLOADED, a signed PDF of that same document, stored with its own SHA-256. A signer signs a
 * version once (the unique index); a document that renders other bytes later makes the row stale.
 */
export const processDocumentSignatures = pgTable(
  "process_document_signatures",
  {
    id: id(),
    processId: uuid("process_id")
      .notNull()
      .references(() => processes.id, { onDelete: "cascade" }),
    documentKind: text("document_kind").notNull().$type<SignableDocumentKind>(),
    documentSha256: text("document_sha256").notNull(),
    method: text("method").notNull().$type<SignatureMethod>(),
    signerUserId: uuid("signer_user_id")
      .notNull()
      .references(() => users.id),
    signerName: text("signer_name").notNull(),
    signerCpf: text("signer_cpf"),
    signerRole: text("signer_role").notNull(),
    signedAt: tstz("signed_at").notNull(),
    /** UPLOADED: the signed PDF sent, its SHA-256, and whether it holds a signature dictionary. */
    fileId: uuid("file_id").references(() => storedFiles.id),
    signedFileSha256: text("signed_file_sha256"),
    hasDigitalSignature: boolean("has_digital_signature").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("process_document_signatures_once_key").on(
      t.processId,
      t.documentKind,
      t.documentSha256,
      t.signerUserId,
    ),
    index("process_document_signatures_process_idx").on(t.processId, t.documentKind, t.signedAt),
    check(
      "process_document_signatures_kind",
      sql`${t.documentKind} IN ('DEMAND_FORMALIZATION', 'PRELIMINARY_TECHNICAL_STUDY', 'RISK_MANAGEMENT', 'BUDGET', 'REFERENCE_TERM', 'AUCTION_NOTICE')`,
    ),
    check("process_document_signatures_method", sql`${t.method} IN ('PLATFORM', 'UPLOADED')`),
    check(
      "process_document_signatures_upload",
      sql`(${t.method} = 'UPLOADED') = (${t.fileId} IS NOT NULL AND ${t.signedFileSha256} IS NOT NULL)`,
    ),
  ],
);
