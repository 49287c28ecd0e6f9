import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tstz } from "./columns";
import { auctionNotices } from "./notices";
import { supplierCredits } from "./payments";
import { supplierDocuments } from "./supplier-documents";
import { suppliers } from "./suppliers";

/**
 * A supplier's initial proposal in a notice as a whole (trading-room §2.8, §5): the declarations
 * and choices sent with the lot bids (which are rows of `bids`, kind INITIAL, on each lot's head
 * row), and the single-participation credit it consumed (notices-and-accounts §2.15: one per
 * process, kept even if the proposal is later removed). The small-business declaration lives on
 * notice_participants, where the engine reads it.
 */
export const initialProposals = pgTable(
  "initial_proposals",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    canApplyAutomaticBid: boolean("can_apply_automatic_bid").notNull().default(false),
    hasRegionalPreferenceDeclaration: boolean("has_regional_preference_declaration").notNull().default(false),
    hasBigCompanyAutomaticBidDeclaration: boolean("has_big_company_automatic_bid_declaration")
      .notNull()
      .default(false),
    hasSecretPhaseDeclaration: boolean("has_secret_phase_declaration").notNull().default(false),
    /** The terms of §5 "Terms", accepted with the first save. */
    termsAcceptedAt: tstz("terms_accepted_at"),
    /** The credit consumed by the first proposal in this process, and when. */
    creditId: uuid("credit_id").references(() => supplierCredits.id),
    creditUsedAt: tstz("credit_used_at"),
    /** True while at least one lot holds a live initial bid of the supplier. */
    hasProposal: boolean("has_proposal").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("initial_proposals_notice_supplier_key").on(t.auctionNoticeId, t.supplierId),
    index("initial_proposals_supplier_idx").on(t.supplierId),
  ],
);

/** kindAssociation of trading-room §3 "Document association". */
export type DocumentAssociationKind =
  | "QUALIFICATION_DOCUMENT"
  | "TECHNICAL_DATA_SHEET"
  | "PROPOSAL_DOCUMENT"
  | "TECHNICAL_PROPOSAL_DOCUMENT";

/**
 * The library documents a supplier associates with its initial proposal (trading-room §2.8 modals,
 * §7 save: qualificationDocuments, technicalDataSheet, initialProposal, proposalGuarantee,
 * technicalProposal). Each save replaces the set; the event log keeps every version.
 */
export const initialProposalDocuments = pgTable(
  "initial_proposal_documents",
  {
    id: id(),
    auctionNoticeId: uuid("auction_notice_id")
      .notNull()
      .references(() => auctionNotices.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    supplierDocumentId: uuid("supplier_document_id")
      .notNull()
      .references(() => supplierDocuments.id),
    kindAssociation: text("kind_association").notNull().$type<DocumentAssociationKind>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("initial_proposal_documents_key").on(
      t.auctionNoticeId,
      t.supplierId,
      t.kindAssociation,
      t.supplierDocumentId,
    ),
  ],
);
