import type {
  BatchItemParticipation,
  BiddingStage,
  BiddingSubPhase,
  ClosingKind,
  JudgementCriterion,
  LicensePhase,
  LotPhase,
  Modality,
  NoticeStatus,
  OfferKind,
  ProcessParticipation,
  SubModality,
  VariationKind,
} from "@certame/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { buyerSecretaryOffices, buyerStaff, buyers } from "./buyers";
import { products } from "./catalog";
import { id, timestamps, tstz } from "./columns";
import { storedFiles } from "./files";
import { processes } from "./planning";
import { lawClauses, legislations, measurementUnits } from "./reference";
import { users } from "./users";

/** The notice (edital) with every field of notices-and-accounts §3. */
export const auctionNotices = pgTable(
  "auction_notices",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id),
    status: text("status").notNull().default("PENDING").$type<NoticeStatus>(),
    modality: text("modality").notNull().$type<Modality>(),
    subModality: text("sub_modality").notNull().$type<SubModality>(),
    noticeNumber: text("notice_number").notNull(),
    processNumber: text("process_number").notNull(),
    objectOfInterest: text("object_of_interest").notNull(),
    purchaseYear: integer("purchase_year"),
    agreementNumber: text("agreement_number"),
    canPublishOnPncp: boolean("can_publish_on_pncp").notNull().default(true),
    /** Validity in days (the form shows months). */
    daysDue: integer("days_due"),
    auctionLicensePhase: text("auction_license_phase").notNull().default("BEFORE_BID").$type<LicensePhase>(),
    isBidsAutomaticStart: boolean("is_bids_automatic_start").notNull().default(false),
    amountBidsAutomaticStart: integer("amount_bids_automatic_start").notNull().default(0),
    canApplyRegionalPreference: boolean("can_apply_regional_preference").notNull().default(false),
    isTechnicalDataSheetAttachmentRequired: boolean("is_technical_data_sheet_attachment_required")
      .notNull()
      .default(false),
    dispensationForm: text("dispensation_form").notNull().default("LOWEST_PRICE").$type<JudgementCriterion>(),
    shouldDiscloseReferencePrice: boolean("should_disclose_reference_price").notNull().default(true),
    isSrp: boolean("is_srp").notNull().default(false),
    closingKind: text("closing_kind").notNull().default("OPEN").$type<ClosingKind>(),
    processParticipation: text("process_participation")
      .notNull()
      .default("BROAD")
      .$type<ProcessParticipation>(),
    isInitialProposalsRequired: boolean("is_initial_proposals_required").notNull().default(true),
    canApplyTiebreaker: boolean("can_apply_tiebreaker").notNull().default(true),
    offerKind: text("offer_kind").notNull().default("UNIT_VALUE").$type<OfferKind>(),
    legislationId: integer("legislation_id").references(() => legislations.id),
    lawClauseId: integer("law_clause_id").references(() => lawClauses.id),
    canShowProcessResult: boolean("can_show_process_result").notNull().default(false),
    isAllowedChangeQuantity: boolean("is_allowed_change_quantity").notNull().default(false),
    /** Minutes (the form shows hours). */
    bidDuration: integer("bid_duration").notNull().default(360),
    canIndicateQualificationDocument: boolean("can_indicate_qualification_document").notNull().default(false),
    isProposalGuaranteeRequired: boolean("is_proposal_guarantee_required").notNull().default(false),
    qualificationDocumentRequired: jsonb("qualification_document_required")
      .$type<string[]>()
      .notNull()
      .default([]),
    /** Minutes. */
    disputeInterestManifestationMinimumDuration: integer("dispute_interest_manifestation_minimum_duration"),
    reasonOfInPersonModality: text("reason_of_in_person_modality"),
    hasPreQualification: boolean("has_pre_qualification").notNull().default(false),
    preQualificationId: uuid("pre_qualification_id").references((): AnyPgColumn => auctionNotices.id),
    isAllowedParticipantNonPreQualification: boolean("is_allowed_participant_non_pre_qualification")
      .notNull()
      .default(false),
    variationKind: text("variation_kind").notNull().default("REAL").$type<VariationKind>(),
    startDateTime: tstz("start_date_time"),
    proposalsStartDateTime: tstz("proposals_start_date_time"),
    proposalsEndDateTime: tstz("proposals_end_date_time"),
    processEndingDateTime: tstz("process_ending_date_time"),
    clarificationEndDateTime: tstz("clarification_end_date_time"),
    dispensationAcknowledgmentRequestedDate: tstz("dispensation_acknowledgment_requested_date"),
    isReferencePriceDisclosed: boolean("is_reference_price_disclosed").notNull().default(false),
    /** When the running process was suspended (toggle_process_suspended_status): lot clocks shift by the pause. */
    suspendedAt: tstz("suspended_at"),
    publishedDate: tstz("published_date"),
    /** The PNCP control number (numeroControlePNCP) once the portal took the contracting, with its year and sequential. */
    pncpControlNumber: text("pncp_control_number"),
    pncpYear: integer("pncp_year"),
    pncpSequential: integer("pncp_sequential"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    /**
     * The planning process the notice was made from (issue 35, step 6 'Edital'): one notice per
     * process, and the process page and the notice show each other.
     */
    processId: uuid("process_id")
      .unique()
      .references(() => processes.id),
    /** When the plan's object, lots and prices were last carried into the notice (made or synced). */
    processSyncedAt: tstz("process_synced_at"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    /** Folded notice number, process number, object and buyer name; kept by a trigger (migration 0004). */
    searchText: text("search_text"),
    /** "A, B" of the notice's secretariats, for the list column and its sort; kept by triggers (0006). */
    secretariesNames: text("secretaries_names").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("auction_notices_buyer_idx").on(t.buyerId, t.createdDate),
    index("auction_notices_status_start_idx").on(t.status, t.startDateTime),
    index("auction_notices_start_idx").on(t.startDateTime),
    index("auction_notices_created_idx").on(t.createdDate),
    index("auction_notices_modality_idx").on(t.modality),
    index("auction_notices_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // The lists' sorts as the list query writes them (notice.repository.ts listNotices: the column,
    // then created_date DESC, id), over the live rows only, so a page is read in index order
    // instead of sorting every match (issue 18; plans in docs/benchmarks.md).
    index("auction_notices_list_start_idx")
      .on(t.startDateTime.desc().nullsLast(), t.createdDate.desc().nullsFirst(), t.id)
      .where(sql`NOT ${t.isDeleted}`),
    index("auction_notices_list_buyer_created_idx")
      .on(t.buyerId, t.createdDate.desc().nullsLast(), t.id)
      .where(sql`NOT ${t.isDeleted}`),
    index("auction_notices_list_buyer_offices_idx")
      .on(t.buyerId, sql`lower(${t.secretariesNames})`, t.createdDate.desc().nullsFirst(), t.id)
      .where(sql`NOT ${t.isDeleted}`),
  ],
);

export const auctionNoticeSecretaryOffices = pgTable(
  "auction_notice_secretary_offices",
  {
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    secretaryOfficeId: uuid("secretary_office_id")
      .notNull()
      .references(() => buyerSecretaryOffices.id),
  },
  (t) => [primaryKey({ columns: [t.auctionNoticeId, t.secretaryOfficeId] })],
);

/** Staff assigned to a notice: its auctioneers and its support staff (notices-and-accounts §3 "People"). */
export const auctionNoticeStaff = pgTable(
  "auction_notice_staff",
  {
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => buyerStaff.id),
    assignment: text("assignment").notNull().$type<"AUCTIONEER" | "SUPPORT_STAFF">(),
  },
  (t) => [primaryKey({ columns: [t.auctionNoticeId, t.staffId, t.assignment] })],
);

/** 'Other document classes' a buyer creates for the documents-required modal. */
export const documentClasses = pgTable(
  "document_classes",
  {
    id: id(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id),
    className: text("class_name").notNull(),
    ...timestamps,
  },
  (t) => [index("document_classes_buyer_idx").on(t.buyerId)],
);

export const auctionNoticeDocumentClasses = pgTable(
  "auction_notice_document_classes",
  {
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    documentClassId: uuid("document_class_id")
      .notNull()
      .references(() => documentClasses.id),
  },
  (t) => [primaryKey({ columns: [t.auctionNoticeId, t.documentClassId] })],
);

/** Lots and their items (notices-and-accounts §3 "Auction batch"). Money is scaled by 10^decimalsNumber. */
export const auctionBatches = pgTable(
  "auction_batches",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    item: integer("item").notNull().default(1),
    productId: uuid("product_id").references(() => products.id),
    quantity: numeric("quantity", { precision: 18, scale: 4 }).notNull().default("0"),
    measurementUnitCode: text("measurement_unit_code").references(() => measurementUnits.code),
    referencePrice: bigint("reference_price", { mode: "number" }).notNull().default(0),
    /** The unit reference price as entered; null on rows written before it existed (= referencePrice). */
    unitReferencePrice: bigint("unit_reference_price", { mode: "number" }),
    minimumVariation: bigint("minimum_variation", { mode: "number" }).notNull().default(100),
    percentMinimumVariation: numeric("percent_minimum_variation", { precision: 7, scale: 2 })
      .notNull()
      .default("1.00"),
    isProductBrandRequired: boolean("is_product_brand_required").notNull().default(false),
    isSubcontractingIndicator: boolean("is_subcontracting_indicator").notNull().default(false),
    decimalsNumber: smallint("decimals_number").notNull().default(2),
    totalAmount: bigint("total_amount", { mode: "number" }).notNull().default(0),
    batchItemParticipation: text("batch_item_participation")
      .notNull()
      .default("WIDE_PARTICIPATION")
      .$type<BatchItemParticipation>(),
    wideParticipationBatch: integer("wide_participation_batch"),
    phase: text("phase").notNull().default("NOT_STARTED").$type<LotPhase>(),
    subPhase: text("sub_phase").$type<BiddingSubPhase>(),
    shouldAttachTechnicalDocuments: boolean("should_attach_technical_documents").notNull().default(false),
    dispensationForm: text("dispensation_form").$type<JudgementCriterion>(),
    // The engine's state of the lot, on the head row (item 1); see apps/server/src/auction.
    /** OPEN | RANDOM_CLOSE | SEALED while in BIDDING (domain BiddingStage). */
    biddingStage: text("bidding_stage").$type<BiddingStage>(),
    biddingPhaseStartDateTime: tstz("bidding_phase_start_date_time"),
    /** The deadline in force; during RANDOM_CLOSE it is the secret close instant (never sent). */
    biddingPhaseDueDateTime: tstz("bidding_phase_due_date_time"),
    biddingPhaseEndingDateTime: tstz("bidding_phase_ending_date_time"),
    phaseStartDateTime: tstz("phase_start_date_time"),
    phaseEndDateTime: tstz("phase_end_date_time"),
    hasPassedByQualification: boolean("has_passed_by_qualification").notNull().default(false),
    /** Sealed stage (OPEN_AND_CLOSED) or open stage of CLOSED_AND_OPEN: who may bid. */
    finalistSupplierIds: jsonb("finalist_supplier_ids").$type<string[]>(),
    /** Fictitious tie (LC 123/2006 art. 45): the ME/EPP call order, who is called, until when. */
    tieCallOrder: jsonb("tie_call_order").$type<string[]>(),
    tieCallIndex: integer("tie_call_index"),
    tieCallDueDateTime: tstz("tie_call_due_date_time"),
    /** NEGOTIATION: the best-placed supplier the auctioneer negotiates with. */
    negotiatingSupplierId: uuid("negotiating_supplier_id"),
    /** The phase a lot was in when it was failed, annulled or revoked; resume_batch brings it back. */
    phaseBeforeEnd: text("phase_before_end").$type<LotPhase>(),
    /**
     * The winner's documents window of the current stay in NEGOTIATION (readjusted proposal) or
     * QUALIFICATION (qualification documents), set by the officials (award.service.ts); entering a
     * phase clears it (trading-room §4).
     */
    attachingDocumentsStartDateTime: tstz("attaching_documents_start_date_time"),
    attachingDocumentsEndingDateTime: tstz("attaching_documents_ending_date_time"),
    /** The winner attached its readjusted proposal / confirmed its qualification documents (§2.2 columns). */
    isReadjustedProposalAttached: boolean("is_readjusted_proposal_attached").notNull().default(false),
    isQualifiedDocumentConfirmed: boolean("is_qualified_document_confirmed").notNull().default(false),
    /** The officials' regional/local preference decision (§3 Lot): null until decided, then yes/no. */
    isRegionalPreferenceApplied: boolean("is_regional_preference_applied"),
    ...timestamps,
  },
  (t) => [uniqueIndex("auction_batches_notice_number_item_key").on(t.auctionNoticeId, t.number, t.item)],
);

/** Files of a notice: the main notice (AUCTION_NOTICE) and others (OTHER), notices-and-accounts §3. */
export const noticeDocuments = pgTable(
  "notice_documents",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    kind: text("kind")
      .notNull()
      .$type<"AUCTION_NOTICE" | "OTHER" | "PUBLICATION_PROOF" | "SESSION_MINUTES">(),
    label: text("label"),
    description: text("description"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("notice_documents_notice_idx").on(t.auctionNoticeId)],
);
