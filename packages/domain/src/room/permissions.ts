// The room permission matrix of trading-room §6, as data, and the "Extra conditions" of §6.
// One table serves the server (which enforces it on every call and live event) and the web app
// (which shows or hides buttons with it).
import type { ClosingKind, JudgementCriterion, LicensePhase, OfferKind } from "../enums/judgement";
import { type LotPhase, phasesBetween } from "../enums/lot-phase";
import { isNewModality, type Modality, NEW_MODALITIES, OLD_MODALITIES } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import type { BatchItemParticipation } from "../enums/participation";
import { areProposalsHidden, areQualificationDocumentsHidden, isConfidentialPhase } from "./anonymity";
import { isCancelledBid, type OrderableBid, sortBids } from "./bid-ordering";
import { AUTHORITIES, BODY, managersOf, OFFICIALS, unionRoles } from "./role-groups";
import { NOTICE_AUTHOR_ROLES, type RoomRole } from "./room-role";
import { type RoomEntityId, toEpochMs } from "./shared";

export const ROOM_ACTIONS = [
  // Enabled supplier actions
  "ATTACH_COUNTER_ARGUMENT",
  "ATTACH_DISPUTE_MANIFESTATION",
  "MANIFESTE_DISPUTE_INTEREST",
  "WAIVE_INTEREST_IN_DISPUTE",
  "ATTACH_READJUSTED_PROPOSAL_OLD",
  "ATTACH_READJUSTED_PROPOSAL_NEW",
  "SEND_BIDS_IN_BATCH",
  "SEND_INITIAL_BIDS",
  "ATTACH_PROOF_PAYMENT",
  "CREATE_BACKLOG_BID",
  "ATTACH_QUALIFICATION_DOCUMENT",
  "DIVIDE_BATCH_VALUE",
  "SHOW_MANAGE_SUPPLIER_PANEL",
  "SHOW_ONLINE_AUCTIONEER",
  "SHOW_FINAL_PRICE_PANEL",
  // Auctioneer actions
  "JUDGE_DISPUTE",
  "REFUSE_DISPUTE",
  "CANCEL_BIDS_IN_BATCH",
  "DECLASSIFY_SUPPLIER_IN_BATCH",
  "ENABLE_SUPPLIER_IN_BATCH",
  // Manager and authority actions
  "ATTACH_DOCUMENT_AT_PROCESS",
  "GO_TO_NEXT_BATCH_PHASE",
  "GO_TO_PREVIOUS_BATCH_PHASE",
  "SHOW_MANAGE_BUYER_PANEL",
  "FAIL_BATCH",
  "FAIL_BATCH_DIRECTLY",
  "SUSPEND_BATCH",
  "SUSPENDED_INDEFINITELY",
  "UNSUSPEND_BATCH",
  "RESUME_BATCH",
  "RECREATE_REPORTS",
  "REVOKE_AUCTION",
  "CANCEL_BATCH",
  // Official actions
  "EXTEND_ATTACHING_DOCUMENTS_DATE_TIME",
  "INITIALIZE_ATTACHING_DOCUMENTS_DATE_TIME",
  "APPLY_REGIONAL_PREFERENCE",
  "SHOW_ATTACHED_PROPOSAL_PANEL",
  "INDICATE_WINNER_BROAD_PARTICIPATION_BATCH",
  "SHOW_BEST_BID",
  "SHOW_CERTIFICATES",
  // Viewing actions
  "LIST_BIDS_HISTORY",
  "SEND_MESSAGES_IN_BATCH_CHAT",
  "SHOW_DATASHEET",
  "SHOW_PROPOSAL_DOCUMENT",
  "SHOW_TECHNICAL_PROPOSAL_DOCUMENT",
  "SHOW_QUALIFICATION_DOCUMENT_OLD_MODALITIES",
  "SHOW_QUALIFICATION_DOCUMENT_NEW_MODALITIES",
  "SHOW_CLASSIFICATION_SHEET_DOWNLOAD",
  "SHOW_AUCTION_STATUS",
  "SHOW_PROOF_PAYMENT",
  "SHOW_REFERENCE_PRICE_UPDATE",
  "SHOW_CURRENT_VARIATION",
  "SHOW_REFERENCE_PRICE",
  "SHOW_PRODUCT_BRAND",
] as const;
export type RoomAction = (typeof ROOM_ACTIONS)[number];

/** A bid as the regional-preference rule reads it (§3 Bid). */
export interface RegionalPreferenceBid extends OrderableBid {
  isCancelled?: boolean | null;
  state?: string | null;
  /** The supplier declared regional/local preference (§3 Bid, derived). */
  isRegionalPreferenceLocation?: boolean | null;
}

export interface RegionalPreferenceInput {
  criterion: JudgementCriterion;
  phase: LotPhase | null;
  licensePhase?: LicensePhase | null;
  hasPassedByQualification?: boolean;
  /** The notice flag canApplyRegionalPreference. */
  canApplyRegionalPreference?: boolean;
  /** null (or absent) until the officials decide; true/false afterwards. */
  isRegionalPreferenceApplied?: boolean | null;
  /** All bids of the lot. */
  bids: readonly RegionalPreferenceBid[];
}

/**
 * What a permission check needs to know. Only modality, status, phase and now are required;
 * an absent flag reads as false, an absent list as empty, an absent date as "none".
 */
export interface RoomPermissionContext {
  modality: Modality;
  /** The effective notice status (effectiveNoticeStatus: PUBLISHED with a started lot is ONGOING). */
  status: NoticeStatus;
  /** Phase of the selected lot; null when no lot is selected (only "all phases" actions pass). */
  phase: LotPhase | null;
  /** Server time; deadlines are decided against it. */
  now: Date;
  /** auctionLicensePhase; absent means the classic order (qualification after bidding). */
  licensePhase?: LicensePhase | null;
  closingKind?: ClosingKind | null;
  hasPassedByQualification?: boolean;
  attachingDocumentsEndingDateTime?: Date | string | null;
  /** The user's anonymous number is the winning bid's (see isWinnerByAnonymousNumber). */
  isWinner?: boolean;
  hasManyItems?: boolean;
  /** Set when the notice discloses the reference price; REFERENCE_PRICE_DISCLOSED turns it on. */
  shouldDiscloseReferencePrice?: boolean;
  isProductBrandRequired?: boolean;
  batchItemParticipation?: BatchItemParticipation | null;
  /** The selected lot already has a winner. */
  hasWinner?: boolean;
  /** Phases of every lot of the notice. */
  lotPhases?: readonly LotPhase[];
  criterion?: JudgementCriterion;
  canApplyRegionalPreference?: boolean;
  isRegionalPreferenceApplied?: boolean | null;
  bids?: readonly RegionalPreferenceBid[];
}

export type RoleRule = readonly RoomRole[] | ((modality: Modality) => readonly RoomRole[]);
export type ModalityRule = "ALL" | readonly Modality[];
export type StatusRule =
  | "ALL"
  | { readonly only: readonly NoticeStatus[] }
  | { readonly not: readonly NoticeStatus[] };
export type PhaseList = "ALL" | readonly LotPhase[];
export type PhaseRule = PhaseList | ((ctx: RoomPermissionContext) => PhaseList);
export type ExtraRule = (ctx: RoomPermissionContext, role: RoomRole) => boolean;

export interface PermissionEntry {
  readonly action: RoomAction;
  readonly roles: RoleRule;
  readonly modalities: ModalityRule;
  readonly statuses: StatusRule;
  readonly phases: PhaseRule;
  readonly extra?: ExtraRule;
}

// ---- shared pieces of the tables ----

const NOT_SUSPENDED: StatusRule = { not: ["SUSPENDED"] };
const NOT_SUSPENDED_EITHER: StatusRule = { not: ["SUSPENDED", "SUSPENDED_INDEFINITELY"] };
const ONGOING: StatusRule = { only: ["ONGOING"] };

const INTEREST_MANIFESTATION_PHASES: readonly LotPhase[] = [
  "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
  "DISPUTE_INTEREST_MANIFESTATION",
  "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION",
];
const NEGOTIATION_THROUGH_CLOSING = phasesBetween("NEGOTIATION", "CLOSING");

/** Lot phases where the competition is still open, so a lot's winner is not settled yet. */
export const STILL_VALID_PHASES: readonly LotPhase[] = phasesBetween("NOT_STARTED", "CLOSED_BID");
const ENDED_LOT_PHASES: readonly LotPhase[] = ["CANCELED", "DESERTED", "FAILED", "REVOKED"];

/** REVOKE_AUCTION phases (§6), shared with CANCEL_BATCH: the lot is at rest, not mid-bidding. */
const REVOCABLE_PHASES: readonly LotPhase[] = [
  "NOT_STARTED",
  "OPEN_FOR_OFFERS",
  "CLOSED_FOR_OFFERS",
  "NEGOTIATION",
  "QUALIFICATION",
  "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
  "AWARDING",
  "HOMOLOGATION",
];

const SUPPLIER: readonly RoomRole[] = ["ENABLED_SUPPLIER"];
const AUCTIONEER: readonly RoomRole[] = ["AUCTIONEER"];

const managersAndSecretary = (m: Modality) => unionRoles(managersOf(m), ["SECRETARY"]);
const managersSecretaryAuthority = (m: Modality) =>
  unionRoles(managersOf(m), ["SECRETARY", "COMPETENT_AUTHORITY"]);
const OFFICIALS_AND_STAFF = unionRoles(OFFICIALS, ["STAFF_MEMBER"]);
const VIEWERS = unionRoles(BODY, ["ENABLED_SUPPLIER", "REGULAR_CITIZEN"]);
const BODY_AND_SUPPLIER = unionRoles(BODY, ["ENABLED_SUPPLIER"]);
/**
 * Chat senders: the viewers plus BUYER and COMPETENT_AUTHORITY (§6), minus REGULAR_CITIZEN,
 * because §6 "Extra conditions" gives citizens a disabled chat and a read-only room.
 */
export const CHAT_SENDER_ROLES: readonly RoomRole[] = unionRoles(BODY, [
  "ENABLED_SUPPLIER",
  "BUYER",
  "COMPETENT_AUTHORITY",
]);

const isBeforeBid = (ctx: { licensePhase?: LicensePhase | null }) => ctx.licensePhase === "BEFORE_BID";
const isSupplierRole = (role: RoomRole) => role === "ENABLED_SUPPLIER" || role === "DISABLED_SUPPLIER";

/** Same-row actions of the spec share one definition and get one entry each. */
function entries(actions: readonly RoomAction[], rule: Omit<PermissionEntry, "action">): PermissionEntry[] {
  return actions.map((action) => ({ action, ...rule }));
}

/**
 * The attaching-documents deadline (§6 Official actions). Read together, §6 empties the phase set
 * once the deadline has passed, yet §2.3 and §6 both say "extend only after the deadline has
 * passed". The button rule is the specific one and is stated twice, so it wins for EXTEND: the
 * officials reopen a lapsed window (a supplier's timely request, IN SEGES/ME 73/2022 art. 29 §2,
 * may be accepted after the deadline). INITIALIZE keeps the emptying rule.
 */
function attachingDocumentsPhases(ctx: RoomPermissionContext): readonly LotPhase[] {
  const phases: LotPhase[] = ["NEGOTIATION"];
  if (!isBeforeBid(ctx) || ctx.hasPassedByQualification) phases.push("QUALIFICATION");
  return phases;
}

function attachingDocumentsDeadline(ctx: RoomPermissionContext): number | null {
  return toEpochMs(ctx.attachingDocumentsEndingDateTime);
}

// ---- the matrix ----

export const PERMISSIONS: readonly PermissionEntry[] = [
  // §6 Enabled supplier actions
  {
    action: "ATTACH_COUNTER_ARGUMENT",
    roles: SUPPLIER,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: ["COUNTERARGUMENTS_RECEIVEMENT"],
  },
  {
    action: "ATTACH_DISPUTE_MANIFESTATION",
    roles: SUPPLIER,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: ["DISPUTE_RECEIVEMENT"],
  },
  {
    action: "MANIFESTE_DISPUTE_INTEREST",
    roles: SUPPLIER,
    // Every room modality but the dispensa, which has no appeal-intent step.
    modalities: [
      "ELECTRONIC_AUCTION",
      "ELECTRONIC_REVERSED_AUCTION",
      "PRICES_SUBMISSION",
      "ELECTRONIC_COMPETITION",
      "NEW_ELECTRONIC_REVERSED_AUCTION",
      "NEW_PRICES_SUBMISSION",
    ],
    statuses: NOT_SUSPENDED,
    phases: (ctx) =>
      isNewModality(ctx.modality) ? INTEREST_MANIFESTATION_PHASES : ["DISPUTE_INTEREST_MANIFESTATION"],
  },
  {
    action: "WAIVE_INTEREST_IN_DISPUTE",
    roles: SUPPLIER,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: ["DISPUTE_RECEIVEMENT", "COUNTERARGUMENTS_RECEIVEMENT", "DISPUTE_COUNTERARGUMENTS_JUDGMENT"],
  },
  // Winner only (§2.3): the readjusted proposal comes from the winner (Decreto 10.024/2019
  // art. 38 §2; Lei 14.133/2021 art. 61).
  {
    action: "ATTACH_READJUSTED_PROPOSAL_OLD",
    roles: SUPPLIER,
    modalities: OLD_MODALITIES,
    statuses: NOT_SUSPENDED,
    phases: ["QUALIFICATION"],
    extra: (ctx) => ctx.isWinner === true,
  },
  {
    action: "ATTACH_READJUSTED_PROPOSAL_NEW",
    roles: SUPPLIER,
    modalities: NEW_MODALITIES,
    statuses: NOT_SUSPENDED,
    phases: ["NEGOTIATION"],
    extra: (ctx) => ctx.isWinner === true,
  },
  {
    action: "SEND_BIDS_IN_BATCH",
    roles: SUPPLIER,
    modalities: "ALL",
    statuses: "ALL",
    phases: ["BIDDING", "NEGOTIATION", "TIEBREAKER"],
  },
  {
    action: "SEND_INITIAL_BIDS",
    roles: SUPPLIER,
    modalities: "ALL",
    statuses: NOT_SUSPENDED_EITHER,
    phases: ["OPEN_FOR_OFFERS"],
  },
  // Winner only, a decision: §2.3 does not mark it, but in a leilão only the winning bidder
  // (arrematante) pays (Lei 14.133/2021 art. 31).
  {
    action: "ATTACH_PROOF_PAYMENT",
    roles: SUPPLIER,
    modalities: ["ELECTRONIC_AUCTION"],
    statuses: NOT_SUSPENDED,
    phases: ["HOMOLOGATION"],
    extra: (ctx) => ctx.isWinner === true,
  },
  {
    action: "CREATE_BACKLOG_BID",
    roles: SUPPLIER,
    modalities: ["PRICES_SUBMISSION", "NEW_PRICES_SUBMISSION"],
    statuses: NOT_SUSPENDED,
    phases: ["QUALIFICATION"],
    extra: (ctx) => canJoinReserveRegister(ctx),
  },
  // Winner only (§2.3): qualification documents are asked of the winner (Lei 14.133/2021 art. 63 II).
  {
    action: "ATTACH_QUALIFICATION_DOCUMENT",
    roles: SUPPLIER,
    modalities: NEW_MODALITIES,
    statuses: NOT_SUSPENDED,
    phases: ["QUALIFICATION"],
    extra: (ctx) => (!isBeforeBid(ctx) || ctx.hasPassedByQualification === true) && ctx.isWinner === true,
  },
  // §2.3: "winner of a multi-item lot".
  {
    action: "DIVIDE_BATCH_VALUE",
    roles: SUPPLIER,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: ["NEGOTIATION"],
    extra: (ctx) => ctx.isWinner === true && ctx.hasManyItems === true,
  },
  ...entries(["SHOW_MANAGE_SUPPLIER_PANEL", "SHOW_ONLINE_AUCTIONEER"], {
    roles: SUPPLIER,
    modalities: "ALL",
    statuses: "ALL",
    phases: "ALL",
  }),
  {
    action: "SHOW_FINAL_PRICE_PANEL",
    roles: SUPPLIER,
    modalities: NEW_MODALITIES,
    statuses: "ALL",
    phases: "ALL",
    // A closed (sealed) dispute has no final-price step.
    extra: (ctx) => ctx.closingKind !== "CLOSED",
  },

  // §6 Auctioneer actions
  {
    action: "JUDGE_DISPUTE",
    roles: AUCTIONEER,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: ["DISPUTE_COUNTERARGUMENTS_JUDGMENT"],
  },
  {
    action: "REFUSE_DISPUTE",
    roles: AUCTIONEER,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: ["DISPUTE_RECEIVEMENT", "COUNTERARGUMENTS_RECEIVEMENT", ...INTEREST_MANIFESTATION_PHASES],
  },
  {
    action: "CANCEL_BIDS_IN_BATCH",
    roles: AUCTIONEER,
    modalities: "ALL",
    statuses: "ALL",
    phases: ["BIDDING"],
  },
  // Not shown in the spec; decided. Proposals are judged from their opening until acceptance:
  // before bidding (Decreto 10.024/2019 art. 28), while bids run (§2.6 keeps the toggle usable
  // in BIDDING, only without the all-lots scope) and after bidding at acceptance (Lei 14.133/2021
  // art. 59), which old modalities do in QUALIFICATION with the readjusted proposal. Only while
  // the process runs: a suspended, ended or annulled notice admits no judgement.
  {
    action: "DECLASSIFY_SUPPLIER_IN_BATCH",
    roles: AUCTIONEER,
    modalities: "ALL",
    statuses: ONGOING,
    phases: phasesBetween("OFFERS_ANALYSIS", "QUALIFICATION"),
  },
  // Not shown in the spec; decided. Enabling/disabling (habilitação) is judged in the
  // qualification step (Lei 14.133/2021 arts. 62-70; Decreto 10.024/2019 arts. 39-43), which is
  // the QUALIFICATION phase both before (BEFORE_BID) and after the bids.
  {
    action: "ENABLE_SUPPLIER_IN_BATCH",
    roles: AUCTIONEER,
    modalities: "ALL",
    statuses: ONGOING,
    phases: ["QUALIFICATION"],
  },

  // §6 Manager and authority actions
  {
    action: "ATTACH_DOCUMENT_AT_PROCESS",
    roles: managersAndSecretary,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: "ALL",
  },
  ...entries(["GO_TO_NEXT_BATCH_PHASE", "GO_TO_PREVIOUS_BATCH_PHASE"], {
    roles: managersAndSecretary,
    modalities: "ALL",
    statuses: NOT_SUSPENDED_EITHER,
    phases: "ALL",
  }),
  {
    action: "SHOW_MANAGE_BUYER_PANEL",
    roles: managersSecretaryAuthority,
    modalities: "ALL",
    statuses: NOT_SUSPENDED_EITHER,
    phases: "ALL",
  },
  {
    action: "FAIL_BATCH",
    roles: managersOf,
    modalities: "ALL",
    statuses: ONGOING,
    phases: ["NEGOTIATION", "QUALIFICATION", "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION", "AWARDING"],
  },
  {
    action: "FAIL_BATCH_DIRECTLY",
    roles: managersOf,
    modalities: "ALL",
    statuses: ONGOING,
    phases: ["DISPUTE_COUNTERARGUMENTS_JUDGMENT"],
  },
  // Not shown in the spec; decided. A process can be suspended while it is published or running
  // and has not been concluded by homologation (Lei 14.133/2021 art. 71 IV ends it); that covers
  // live bidding too (Decreto 10.024/2019 art. 35 suspends a session whose auctioneer dropped).
  // One list serves every modality: a lot only visits its own modality's phases.
  {
    action: "SUSPEND_BATCH",
    roles: managersOf,
    modalities: "ALL",
    statuses: { only: ["PUBLISHED", "ONGOING"] },
    phases: phasesBetween("NOT_STARTED", "HOMOLOGATION"),
  },
  {
    action: "SUSPENDED_INDEFINITELY",
    roles: managersOf,
    modalities: "ALL",
    statuses: "ALL",
    phases: ["NOT_STARTED", "OPEN_FOR_OFFERS"],
  },
  {
    action: "UNSUSPEND_BATCH",
    roles: managersOf,
    modalities: "ALL",
    statuses: { only: ["SUSPENDED"] },
    phases: "ALL",
  },
  {
    action: "RESUME_BATCH",
    roles: managersOf,
    modalities: "ALL",
    statuses: ONGOING,
    phases: ["CANCELED", "FAILED", "REVOKED"],
  },
  {
    action: "RECREATE_REPORTS",
    roles: managersSecretaryAuthority,
    modalities: "ALL",
    statuses: "ALL",
    phases: "ALL",
  },
  {
    action: "REVOKE_AUCTION",
    roles: AUTHORITIES,
    modalities: "ALL",
    statuses: { only: ["PUBLISHED", "ONGOING"] },
    phases: REVOCABLE_PHASES,
  },
  // Not shown in the spec; decided. Annulment is the superior authority's act of Lei 14.133/2021
  // art. 71 III (Decreto 10.024/2019 art. 50), the same hand and moments as revocation (art. 71
  // II), so it takes the REVOKE_AUCTION phases: lots at rest, never mid-bidding or while an
  // appeal window is open. Same list for every modality, as for SUSPEND_BATCH.
  {
    action: "CANCEL_BATCH",
    roles: AUTHORITIES,
    modalities: "ALL",
    statuses: ONGOING,
    phases: REVOCABLE_PHASES,
  },

  // §6 Official actions
  {
    action: "EXTEND_ATTACHING_DOCUMENTS_DATE_TIME",
    roles: OFFICIALS,
    modalities: NEW_MODALITIES,
    statuses: ONGOING,
    phases: attachingDocumentsPhases,
    extra: (ctx) => {
      const end = attachingDocumentsDeadline(ctx);
      return end !== null && end <= ctx.now.getTime();
    },
  },
  {
    action: "INITIALIZE_ATTACHING_DOCUMENTS_DATE_TIME",
    roles: OFFICIALS,
    modalities: NEW_MODALITIES,
    statuses: ONGOING,
    phases: (ctx) => {
      const end = attachingDocumentsDeadline(ctx);
      return end !== null && end <= ctx.now.getTime() ? [] : attachingDocumentsPhases(ctx);
    },
    extra: (ctx) => attachingDocumentsDeadline(ctx) === null,
  },
  {
    action: "APPLY_REGIONAL_PREFERENCE",
    roles: OFFICIALS,
    modalities: "ALL",
    statuses: ONGOING,
    phases: "ALL",
    extra: (ctx) =>
      ctx.criterion !== undefined &&
      canApplyRegionalPreference({
        criterion: ctx.criterion,
        phase: ctx.phase,
        licensePhase: ctx.licensePhase,
        hasPassedByQualification: ctx.hasPassedByQualification,
        canApplyRegionalPreference: ctx.canApplyRegionalPreference,
        isRegionalPreferenceApplied: ctx.isRegionalPreferenceApplied,
        bids: ctx.bids ?? [],
      }),
  },
  {
    action: "SHOW_ATTACHED_PROPOSAL_PANEL",
    roles: OFFICIALS,
    modalities: NEW_MODALITIES,
    statuses: "ALL",
    phases: "ALL",
  },
  {
    action: "INDICATE_WINNER_BROAD_PARTICIPATION_BATCH",
    roles: OFFICIALS,
    modalities: NEW_MODALITIES,
    statuses: ONGOING,
    phases: [...ENDED_LOT_PHASES, "NEGOTIATION"],
    extra: (ctx) => {
      if (ctx.batchItemParticipation !== "DIFFERENTIATED" || ctx.hasWinner === true) return false;
      // An ended quota lot goes to the wide-participation winner (Decreto 8.538/2015 art. 8 §2),
      // which is known only once no lot is still competing (STILL_VALID_PHASES).
      if (ctx.phase !== null && ENDED_LOT_PHASES.includes(ctx.phase)) {
        return !(ctx.lotPhases ?? []).some((phase) => STILL_VALID_PHASES.includes(phase));
      }
      return true;
    },
  },
  {
    action: "SHOW_BEST_BID",
    roles: OFFICIALS_AND_STAFF,
    modalities: "ALL",
    statuses: "ALL",
    phases: "ALL",
  },
  {
    action: "SHOW_CERTIFICATES",
    roles: OFFICIALS_AND_STAFF,
    modalities: "ALL",
    statuses: "ALL",
    phases: [...ENDED_LOT_PHASES, ...NEGOTIATION_THROUGH_CLOSING],
  },

  // §6 Viewing actions
  { action: "LIST_BIDS_HISTORY", roles: VIEWERS, modalities: "ALL", statuses: "ALL", phases: "ALL" },
  {
    action: "SEND_MESSAGES_IN_BATCH_CHAT",
    roles: CHAT_SENDER_ROLES,
    modalities: "ALL",
    statuses: { not: ["FINISHED"] },
    phases: "ALL",
  },
  {
    action: "SHOW_DATASHEET",
    roles: VIEWERS,
    modalities: OLD_MODALITIES,
    statuses: "ALL",
    phases: phasesBetween("CLOSED_FOR_OFFERS", "CLOSING").filter(
      (p) => p !== "TECHNICAL_PROPOSAL_ANALYSIS" && p !== "PUBLIC_SESSION" && p !== "CLOSED_BID",
    ),
  },
  {
    action: "SHOW_PROPOSAL_DOCUMENT",
    roles: VIEWERS,
    modalities: NEW_MODALITIES,
    statuses: "ALL",
    phases: [...NEGOTIATION_THROUGH_CLOSING, "REVOKED", "FAILED", "CANCELED"],
    // §4 Visibility by phase applies to every proposal view.
    extra: (ctx) => !areProposalsHidden(ctx),
  },
  {
    action: "SHOW_TECHNICAL_PROPOSAL_DOCUMENT",
    roles: VIEWERS,
    modalities: ["ELECTRONIC_COMPETITION"],
    statuses: "ALL",
    phases: ["TECHNICAL_PROPOSAL_ANALYSIS", "CLOSED_BID", ...NEGOTIATION_THROUGH_CLOSING],
  },
  {
    action: "SHOW_QUALIFICATION_DOCUMENT_OLD_MODALITIES",
    roles: VIEWERS,
    modalities: OLD_MODALITIES,
    statuses: "ALL",
    phases: (ctx) => (isConfidentialPhase(ctx.modality, ctx.licensePhase, ctx.phase) ? [] : "ALL"),
    extra: (ctx, role) => !areQualificationDocumentsHidden(ctx, NOTICE_AUTHOR_ROLES.includes(role)),
  },
  {
    action: "SHOW_QUALIFICATION_DOCUMENT_NEW_MODALITIES",
    roles: VIEWERS,
    modalities: NEW_MODALITIES,
    statuses: "ALL",
    phases: (ctx) => [
      "QUALIFICATION",
      ...INTEREST_MANIFESTATION_PHASES,
      "DISPUTE_RECEIVEMENT",
      "COUNTERARGUMENTS_RECEIVEMENT",
      "DISPUTE_COUNTERARGUMENTS_JUDGMENT",
      "AWARDING",
      "HOMOLOGATION",
      "CLOSING",
      "REVOKED",
      "FAILED",
      "CANCELED",
      ...(isBeforeBid(ctx)
        ? (["OFFERS_ANALYSIS", "TECHNICAL_PROPOSAL_ANALYSIS", "BIDDING", "CLOSED_BID"] as const)
        : []),
    ],
    extra: (ctx, role) => !areQualificationDocumentsHidden(ctx, NOTICE_AUTHOR_ROLES.includes(role)),
  },
  {
    action: "SHOW_CLASSIFICATION_SHEET_DOWNLOAD",
    roles: VIEWERS,
    modalities: "ALL",
    statuses: "ALL",
    phases: NEGOTIATION_THROUGH_CLOSING,
  },
  { action: "SHOW_AUCTION_STATUS", roles: BODY, modalities: "ALL", statuses: "ALL", phases: "ALL" },
  {
    action: "SHOW_PROOF_PAYMENT",
    roles: BODY,
    modalities: ["ELECTRONIC_AUCTION"],
    statuses: NOT_SUSPENDED,
    phases: ["HOMOLOGATION"],
  },
  {
    action: "SHOW_REFERENCE_PRICE_UPDATE",
    roles: BODY,
    modalities: "ALL",
    statuses: NOT_SUSPENDED,
    phases: ["NEGOTIATION"],
    extra: (ctx) => ctx.shouldDiscloseReferencePrice !== true,
  },
  {
    action: "SHOW_CURRENT_VARIATION",
    roles: BODY_AND_SUPPLIER,
    modalities: "ALL",
    statuses: "ALL",
    phases: "ALL",
    extra: (ctx, role) =>
      !isSupplierRole(role) ||
      (!isConfidentialPhase(ctx.modality, ctx.licensePhase, ctx.phase) &&
        ctx.shouldDiscloseReferencePrice === true),
  },
  {
    action: "SHOW_REFERENCE_PRICE",
    roles: BODY_AND_SUPPLIER,
    modalities: "ALL",
    statuses: "ALL",
    phases: "ALL",
    extra: (ctx, role) => !isSupplierRole(role) || ctx.shouldDiscloseReferencePrice === true,
  },
  {
    action: "SHOW_PRODUCT_BRAND",
    roles: BODY_AND_SUPPLIER,
    modalities: "ALL",
    statuses: "ALL",
    phases: phasesBetween("CLOSED_FOR_OFFERS", "CLOSING"),
    extra: (ctx) => ctx.isProductBrandRequired === true,
  },
];

const BY_ACTION: ReadonlyMap<RoomAction, PermissionEntry> = new Map(PERMISSIONS.map((e) => [e.action, e]));

export function permissionEntry(action: RoomAction): PermissionEntry {
  const entry = BY_ACTION.get(action);
  if (!entry) throw new Error(`ação sem regra de permissão: ${action}`);
  return entry;
}

export function rolesFor(entry: PermissionEntry, modality: Modality): readonly RoomRole[] {
  return typeof entry.roles === "function" ? entry.roles(modality) : entry.roles;
}

export function phasesFor(entry: PermissionEntry, ctx: RoomPermissionContext): PhaseList {
  return typeof entry.phases === "function" ? entry.phases(ctx) : entry.phases;
}

export function statusMatches(rule: StatusRule, status: NoticeStatus): boolean {
  if (rule === "ALL") return true;
  return "only" in rule ? rule.only.includes(status) : !rule.not.includes(status);
}

/** §6 "How permissions are checked": role, modality, status, phase and extra must all hold. */
export function can(role: RoomRole, action: RoomAction, ctx: RoomPermissionContext): boolean {
  const entry = permissionEntry(action);
  if (!rolesFor(entry, ctx.modality).includes(role)) return false;
  if (entry.modalities !== "ALL" && !entry.modalities.includes(ctx.modality)) return false;
  if (!statusMatches(entry.statuses, ctx.status)) return false;
  const phases = phasesFor(entry, ctx);
  if (phases !== "ALL" && (ctx.phase === null || !phases.includes(ctx.phase))) return false;
  return entry.extra ? entry.extra(ctx, role) : true;
}

/** Every action the role may take in this context, in matrix order (for per-entity policies). */
export function allowedActions(role: RoomRole, ctx: RoomPermissionContext): RoomAction[] {
  return ROOM_ACTIONS.filter((action) => can(role, action, ctx));
}

// ---- §6 Extra conditions ----

/** Actions only the lot's winner may take (§2.3, and ATTACH_PROOF_PAYMENT by decision). */
export const WINNER_ONLY_ACTIONS: readonly RoomAction[] = [
  "ATTACH_READJUSTED_PROPOSAL_OLD",
  "ATTACH_READJUSTED_PROPOSAL_NEW",
  "ATTACH_PROOF_PAYMENT",
  "ATTACH_QUALIFICATION_DOCUMENT",
  "DIVIDE_BATCH_VALUE",
];

/** The user is the winner when their anonymous supplier number is the winning bid's. */
export function isWinnerByAnonymousNumber(
  userAnonymousNumber: RoomEntityId | null | undefined,
  winningBidAnonymousNumber: RoomEntityId | null | undefined,
): boolean {
  return (
    userAnonymousNumber !== null &&
    userAnonymousNumber !== undefined &&
    winningBidAnonymousNumber !== null &&
    winningBidAnonymousNumber !== undefined &&
    String(userAnonymousNumber) === String(winningBidAnonymousNumber)
  );
}

/** The reserve register (cadastro reserva) is offered to non-winners once the lot passed qualification. */
export function canJoinReserveRegister(ctx: {
  isWinner?: boolean;
  hasPassedByQualification?: boolean;
}): boolean {
  return ctx.isWinner !== true && ctx.hasPassedByQualification === true;
}

export function canSendMessageToAllLots(role: RoomRole): boolean {
  return role === "AUCTIONEER" || role === "STAFF_MEMBER";
}

/** Only the five buyer roles (NOTICE_AUTHOR_ROLES; plain BUYER excluded) see quantity and total. */
export function seesQuantityAndTotal(role: RoomRole): boolean {
  return NOTICE_AUTHOR_ROLES.includes(role);
}

/** §2.3: the 'Quantidade' and 'Valor total' rows also need a unit-value offer and a single-item lot. */
export function showsQuantityAndTotal(
  role: RoomRole,
  lot: { offerKind?: OfferKind | null; hasManyItems?: boolean },
): boolean {
  return seesQuantityAndTotal(role) && lot.offerKind === "UNIT_VALUE" && lot.hasManyItems !== true;
}

/** An enabled supplier sees their own bid in the control panel; everyone else the lot's best bid. */
export function controlPanelBid(role: RoomRole): "OWN_BID" | "BEST_BID" {
  return role === "ENABLED_SUPPLIER" ? "OWN_BID" : "BEST_BID";
}

/** Regular citizens (and disabled suppliers, who are not chat senders) get a disabled chat. */
export function isChatReadOnly(role: RoomRole): boolean {
  return !CHAT_SENDER_ROLES.includes(role);
}

/** Regular citizens watch a read-only room. */
export function isRoomReadOnly(role: RoomRole): boolean {
  return role === "REGULAR_CITIZEN";
}

/** §9: 10% regional/local preference margin (LC 123/2006 art. 48 §3). */
export const REGIONAL_PREFERENCE_MARGIN_PERCENT = 10;

/**
 * The price rule: for BIGGEST_PRICE at or above 90% of the winner's price, otherwise at or below
 * 110%. For BIGGEST_DISCOUNT the price is reference × (100 − discount) (§9: discounts apply to
 * the reference price), so the rule compares (100 − discount) and needs no reference price.
 */
export function meetsRegionalPreferencePriceRule(
  candidate: Pick<OrderableBid, "unitPrice" | "percentDiscount">,
  winner: Pick<OrderableBid, "unitPrice" | "percentDiscount">,
  criterion: JudgementCriterion,
): boolean {
  // Prices are decimals (1.1 × 100 is 110.00000000000001), so the bound allows rounding noise.
  const atMost = (a: number, b: number) => a <= b + 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const upper = 100 + REGIONAL_PREFERENCE_MARGIN_PERCENT;
  const lower = 100 - REGIONAL_PREFERENCE_MARGIN_PERCENT;
  if (criterion === "BIGGEST_DISCOUNT") {
    if (candidate.percentDiscount == null || winner.percentDiscount == null) return false;
    return atMost((100 - candidate.percentDiscount) * 100, (100 - winner.percentDiscount) * upper);
  }
  if (candidate.unitPrice == null || winner.unitPrice == null) return false;
  if (criterion === "BIGGEST_PRICE") return atMost(winner.unitPrice * lower, candidate.unitPrice * 100);
  return atMost(candidate.unitPrice * 100, winner.unitPrice * upper);
}

/**
 * Phases in which regional preference may be offered: NEGOTIATION and the appeal phases through
 * CLOSING; QUALIFICATION after the bids, or before them (BEFORE_BID) once the lot is qualified.
 */
export function isRegionalPreferencePhase(
  phase: LotPhase | null,
  licensePhase: LicensePhase | null | undefined,
  hasPassedByQualification: boolean | undefined,
): boolean {
  if (phase === null) return false;
  if (phase === "QUALIFICATION") return licensePhase !== "BEFORE_BID" || hasPassedByQualification === true;
  return NEGOTIATION_THROUGH_CLOSING.includes(phase);
}

/**
 * §6 Extra conditions, regional preference. Cancelled and backlog bids take no part. The winner
 * is the bid flagged isWinner, or else the first live bid in table order (§4 Bid ordering).
 */
export function canApplyRegionalPreference(input: RegionalPreferenceInput): boolean {
  if (input.canApplyRegionalPreference !== true) return false;
  if (input.isRegionalPreferenceApplied !== null && input.isRegionalPreferenceApplied !== undefined)
    return false;
  if (!isRegionalPreferencePhase(input.phase, input.licensePhase, input.hasPassedByQualification))
    return false;

  const live = input.bids.filter((bid) => !isCancelledBid(bid) && bid.isBacklog !== true);
  const winner = live.find((bid) => bid.isWinner === true) ?? sortBids(live, input.criterion)[0];
  if (!winner || winner.isRegionalPreferenceLocation === true) return false;

  return live.some(
    (bid) =>
      bid !== winner &&
      bid.isRegionalPreferenceLocation === true &&
      bid.isQualifiedAndEnabled === true &&
      meetsRegionalPreferencePriceRule(bid, winner, input.criterion),
  );
}
