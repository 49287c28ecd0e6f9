import { describe, expect, it } from "vitest";
import type { Modality } from "../enums/modality";
import {
  allowedActions,
  can,
  canApplyRegionalPreference,
  canJoinReserveRegister,
  canSendMessageToAllLots,
  controlPanelBid,
  isChatReadOnly,
  isRegionalPreferencePhase,
  isRoomReadOnly,
  isWinnerByAnonymousNumber,
  meetsRegionalPreferencePriceRule,
  PERMISSIONS,
  permissionEntry,
  type RegionalPreferenceBid,
  type RegionalPreferenceInput,
  ROOM_ACTIONS,
  type RoomAction,
  type RoomPermissionContext,
  seesQuantityAndTotal,
  showsQuantityAndTotal,
  WINNER_ONLY_ACTIONS,
} from "./permissions";
import { ROOM_ROLES, type RoomRole } from "./room-role";

// Role lists written out from spec §6 "Groups" (not imported, so the matrix is checked against the text).
const SUPPLIER: RoomRole[] = ["ENABLED_SUPPLIER"];
const AUCTIONEER: RoomRole[] = ["AUCTIONEER"];
const BODY: RoomRole[] = ["AUCTIONEER", "AUCTION_AUTHOR", "SECRETARY", "STAFF_MEMBER"];
const OFFICIALS: RoomRole[] = ["AUCTIONEER", "SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"];
const AUTHORITIES: RoomRole[] = ["SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"];
const VIEWERS: RoomRole[] = [...BODY, "ENABLED_SUPPLIER", "REGULAR_CITIZEN"];
const NEW_MANAGERS: RoomRole[] = ["AUCTIONEER", "SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"];
const AUCTION_MANAGERS: RoomRole[] = ["AUCTIONEER", "COMPETENT_AUTHORITY"];
const AUTHOR_MANAGERS: RoomRole[] = ["AUCTIONEER", "COMPETENT_AUTHORITY", "AUCTION_AUTHOR"];

const NOW = new Date("2026-03-10T15:00:00.000Z");
const PAST = "2026-03-10T14:00:00.000Z";
const FUTURE = "2026-03-10T16:00:00.000Z";

type Ctx = Partial<RoomPermissionContext>;
type Dim = "modality" | "status" | "phase" | "extra";
interface Variation {
  dim: Dim;
  note: string;
  ctx: Ctx;
  role?: RoomRole;
}
interface Row {
  section: string;
  action: RoomAction;
  /** Exactly the roles allowed in the base context. */
  roles: RoomRole[];
  /** Context in which every listed role is allowed. */
  base: Ctx;
  /** Other modalities with the exact allowed roles there (manager groups vary by modality). */
  rolesIn?: [Modality, RoomRole[]][];
  allow: Variation[];
  refuse: Variation[];
}

const v = (dim: Dim, note: string, ctx: Ctx = {}, role?: RoomRole): Variation => ({ dim, note, ctx, role });

const regionalBids: RegionalPreferenceBid[] = [
  { isWinner: true, isQualifiedAndEnabled: true, unitPrice: 100, isRegionalPreferenceLocation: false },
  { isQualifiedAndEnabled: true, unitPrice: 110, isRegionalPreferenceLocation: true },
];

const ENABLED = "§6 Enabled supplier actions";
const AUCT = "§6 Auctioneer actions";
const MGR = "§6 Manager and authority actions";
const OFF = "§6 Official actions";
const VIEW = "§6 Viewing actions";

const rows: Row[] = [
  // ---- §6 Enabled supplier actions ----
  {
    section: ENABLED,
    action: "ATTACH_COUNTER_ARGUMENT",
    roles: SUPPLIER,
    base: { phase: "COUNTERARGUMENTS_RECEIVEMENT" },
    allow: [
      v("modality", "any modality (dispensa)", { modality: "ELECTRONIC_DISPENSER" }),
      v("status", "not SUSPENDED: SUSPENDED_INDEFINITELY passes", { status: "SUSPENDED_INDEFINITELY" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "DISPUTE_RECEIVEMENT", { phase: "DISPUTE_RECEIVEMENT" }),
      v("phase", "no lot selected", { phase: null }),
    ],
  },
  {
    section: ENABLED,
    action: "ATTACH_DISPUTE_MANIFESTATION",
    roles: SUPPLIER,
    base: { phase: "DISPUTE_RECEIVEMENT" },
    allow: [
      v("modality", "PRICES_SUBMISSION", { modality: "PRICES_SUBMISSION" }),
      v("status", "FINISHED is not SUSPENDED", { status: "FINISHED" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "COUNTERARGUMENTS_RECEIVEMENT", { phase: "COUNTERARGUMENTS_RECEIVEMENT" }),
    ],
  },
  {
    section: ENABLED,
    action: "MANIFESTE_DISPUTE_INTEREST",
    roles: SUPPLIER,
    base: { phase: "DISPUTE_INTEREST_MANIFESTATION" },
    allow: [
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
      v("modality", "ELECTRONIC_COMPETITION", { modality: "ELECTRONIC_COMPETITION" }),
      v("phase", "new modality: FIRST_PHASE_", { phase: "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION" }),
      v("phase", "new modality: SECOND_PHASE_", { phase: "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION" }),
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
    ],
    refuse: [
      v("modality", "ELECTRONIC_DISPENSER is not listed", { modality: "ELECTRONIC_DISPENSER" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "old modality: FIRST_PHASE_ is not offered", {
        modality: "ELECTRONIC_REVERSED_AUCTION",
        phase: "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION",
      }),
      v("phase", "DISPUTE_RECEIVEMENT", { phase: "DISPUTE_RECEIVEMENT" }),
    ],
  },
  {
    section: ENABLED,
    action: "WAIVE_INTEREST_IN_DISPUTE",
    roles: SUPPLIER,
    base: { phase: "DISPUTE_RECEIVEMENT" },
    allow: [
      v("phase", "COUNTERARGUMENTS_RECEIVEMENT", { phase: "COUNTERARGUMENTS_RECEIVEMENT" }),
      v("phase", "DISPUTE_COUNTERARGUMENTS_JUDGMENT", { phase: "DISPUTE_COUNTERARGUMENTS_JUDGMENT" }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
      v("status", "CANCELLED", { status: "CANCELLED" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "DISPUTE_INTEREST_MANIFESTATION", { phase: "DISPUTE_INTEREST_MANIFESTATION" }),
    ],
  },
  {
    section: ENABLED,
    action: "ATTACH_READJUSTED_PROPOSAL_OLD",
    roles: SUPPLIER,
    base: { modality: "ELECTRONIC_REVERSED_AUCTION", phase: "QUALIFICATION", isWinner: true },
    allow: [
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
    ],
    refuse: [
      v("modality", "new modality", { modality: "NEW_ELECTRONIC_REVERSED_AUCTION" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "NEGOTIATION", { phase: "NEGOTIATION" }),
      v("extra", "winner only (§2.3)", { isWinner: false }),
    ],
  },
  {
    section: ENABLED,
    action: "ATTACH_READJUSTED_PROPOSAL_NEW",
    roles: SUPPLIER,
    base: { modality: "ELECTRONIC_COMPETITION", phase: "NEGOTIATION", isWinner: true },
    allow: [
      v("modality", "NEW_PRICES_SUBMISSION", { modality: "NEW_PRICES_SUBMISSION" }),
      v("status", "PUBLISHED", { status: "PUBLISHED" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "ELECTRONIC_REVERSED_AUCTION" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "QUALIFICATION", { phase: "QUALIFICATION" }),
      v("extra", "winner only: absent isWinner", { isWinner: undefined }),
    ],
  },
  {
    section: ENABLED,
    action: "SEND_BIDS_IN_BATCH",
    roles: SUPPLIER,
    base: { phase: "BIDDING" },
    allow: [
      v("phase", "NEGOTIATION", { phase: "NEGOTIATION" }),
      v("phase", "TIEBREAKER", { phase: "TIEBREAKER" }),
      v("status", "all statuses: SUSPENDED", { status: "SUSPENDED" }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
    ],
    refuse: [
      v("phase", "CLOSED_BID", { phase: "CLOSED_BID" }),
      v("phase", "OPEN_FOR_OFFERS", { phase: "OPEN_FOR_OFFERS" }),
    ],
  },
  {
    section: ENABLED,
    action: "SEND_INITIAL_BIDS",
    roles: SUPPLIER,
    base: { status: "PUBLISHED", phase: "OPEN_FOR_OFFERS" },
    allow: [
      v("status", "ONGOING", { status: "ONGOING" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
      v("phase", "CLOSED_FOR_OFFERS", { phase: "CLOSED_FOR_OFFERS" }),
    ],
  },
  {
    section: ENABLED,
    action: "ATTACH_PROOF_PAYMENT",
    roles: SUPPLIER,
    base: { modality: "ELECTRONIC_AUCTION", phase: "HOMOLOGATION", isWinner: true },
    allow: [v("status", "FINISHED", { status: "FINISHED" })],
    refuse: [
      v("modality", "ELECTRONIC_REVERSED_AUCTION", { modality: "ELECTRONIC_REVERSED_AUCTION" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "AWARDING", { phase: "AWARDING" }),
      v("extra", "only the winning bidder pays (decision)", { isWinner: false }),
    ],
  },
  {
    section: ENABLED,
    action: "CREATE_BACKLOG_BID",
    roles: SUPPLIER,
    base: { modality: "PRICES_SUBMISSION", phase: "QUALIFICATION", hasPassedByQualification: true },
    allow: [v("modality", "NEW_PRICES_SUBMISSION", { modality: "NEW_PRICES_SUBMISSION" })],
    refuse: [
      v("modality", "NEW_ELECTRONIC_REVERSED_AUCTION", { modality: "NEW_ELECTRONIC_REVERSED_AUCTION" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "NEGOTIATION", { phase: "NEGOTIATION" }),
      v("extra", "the winner is not offered the reserve register", { isWinner: true }),
      v("extra", "the lot has not passed qualification", { hasPassedByQualification: false }),
    ],
  },
  {
    section: ENABLED,
    action: "ATTACH_QUALIFICATION_DOCUMENT",
    roles: SUPPLIER,
    base: { phase: "QUALIFICATION", licensePhase: "AFTER_BID", isWinner: true },
    allow: [
      v("extra", "BEFORE_BID once the lot passed qualification", {
        licensePhase: "BEFORE_BID",
        hasPassedByQualification: true,
      }),
      v("modality", "ELECTRONIC_COMPETITION", { modality: "ELECTRONIC_COMPETITION" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "PRICES_SUBMISSION" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "NEGOTIATION", { phase: "NEGOTIATION" }),
      v("extra", "BEFORE_BID before passing qualification", { licensePhase: "BEFORE_BID" }),
      v("extra", "winner only (§2.3)", { isWinner: false }),
    ],
  },
  {
    section: ENABLED,
    action: "DIVIDE_BATCH_VALUE",
    roles: SUPPLIER,
    base: { phase: "NEGOTIATION", isWinner: true, hasManyItems: true },
    allow: [v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" })],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "QUALIFICATION", { phase: "QUALIFICATION" }),
      v("extra", "not the winner (§2.3)", { isWinner: false }),
      v("extra", "single-item lot (§2.3)", { hasManyItems: false }),
    ],
  },
  ...(["SHOW_MANAGE_SUPPLIER_PANEL", "SHOW_ONLINE_AUCTIONEER"] as const).map(
    (action): Row => ({
      section: ENABLED,
      action,
      roles: SUPPLIER,
      base: { phase: "NOT_STARTED" },
      allow: [
        v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
        v("status", "SUSPENDED", { status: "SUSPENDED" }),
        v("phase", "CLOSING", { phase: "CLOSING" }),
        v("phase", "no lot selected", { phase: null }),
      ],
      refuse: [],
    }),
  ),
  {
    section: ENABLED,
    action: "SHOW_FINAL_PRICE_PANEL",
    roles: SUPPLIER,
    base: { modality: "NEW_PRICES_SUBMISSION", closingKind: "OPEN", phase: "BIDDING" },
    allow: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "no lot selected", { phase: null }),
      v("extra", "OPEN_AND_CLOSED", { closingKind: "OPEN_AND_CLOSED" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "ELECTRONIC_REVERSED_AUCTION" }),
      v("extra", "closingKind CLOSED", { closingKind: "CLOSED" }),
    ],
  },

  // ---- §6 Auctioneer actions ----
  {
    section: AUCT,
    action: "JUDGE_DISPUTE",
    roles: AUCTIONEER,
    base: { phase: "DISPUTE_COUNTERARGUMENTS_JUDGMENT" },
    allow: [
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "COUNTERARGUMENTS_RECEIVEMENT", { phase: "COUNTERARGUMENTS_RECEIVEMENT" }),
    ],
  },
  {
    section: AUCT,
    action: "REFUSE_DISPUTE",
    roles: AUCTIONEER,
    base: { phase: "DISPUTE_RECEIVEMENT" },
    allow: [
      v("phase", "COUNTERARGUMENTS_RECEIVEMENT", { phase: "COUNTERARGUMENTS_RECEIVEMENT" }),
      v("phase", "FIRST_PHASE_", { phase: "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION" }),
      v("phase", "DISPUTE_INTEREST_MANIFESTATION", { phase: "DISPUTE_INTEREST_MANIFESTATION" }),
      v("phase", "SECOND_PHASE_", { phase: "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
      v("status", "FINISHED", { status: "FINISHED" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "DISPUTE_COUNTERARGUMENTS_JUDGMENT", { phase: "DISPUTE_COUNTERARGUMENTS_JUDGMENT" }),
    ],
  },
  {
    section: AUCT,
    action: "CANCEL_BIDS_IN_BATCH",
    roles: AUCTIONEER,
    base: { phase: "BIDDING" },
    allow: [
      v("status", "all statuses: SUSPENDED", { status: "SUSPENDED" }),
      v("modality", "PRICES_SUBMISSION", { modality: "PRICES_SUBMISSION" }),
    ],
    refuse: [v("phase", "TIEBREAKER", { phase: "TIEBREAKER" })],
  },
  {
    section: AUCT,
    action: "DECLASSIFY_SUPPLIER_IN_BATCH",
    roles: AUCTIONEER,
    base: { phase: "OFFERS_ANALYSIS" },
    allow: [
      v("phase", "BIDDING", { phase: "BIDDING" }),
      v("phase", "QUALIFICATION", { phase: "QUALIFICATION" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("status", "PUBLISHED (not running)", { status: "PUBLISHED" }),
      v("phase", "CLOSED_FOR_OFFERS", { phase: "CLOSED_FOR_OFFERS" }),
      v("phase", "an appeal phase", { phase: "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION" }),
    ],
  },
  {
    section: AUCT,
    action: "ENABLE_SUPPLIER_IN_BATCH",
    roles: AUCTIONEER,
    base: { phase: "QUALIFICATION" },
    allow: [v("modality", "PRICES_SUBMISSION", { modality: "PRICES_SUBMISSION" })],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "NEGOTIATION", { phase: "NEGOTIATION" }),
      v("phase", "BIDDING", { phase: "BIDDING" }),
    ],
  },

  // ---- §6 Manager and authority actions ----
  {
    section: MGR,
    action: "ATTACH_DOCUMENT_AT_PROCESS",
    roles: NEW_MANAGERS,
    rolesIn: [
      ["ELECTRONIC_AUCTION", [...AUCTION_MANAGERS, "SECRETARY"]],
      ["PRICES_SUBMISSION", [...AUTHOR_MANAGERS, "SECRETARY"]],
    ],
    base: { phase: "BIDDING" },
    allow: [
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
    ],
    refuse: [v("status", "SUSPENDED", { status: "SUSPENDED" })],
  },
  ...(["GO_TO_NEXT_BATCH_PHASE", "GO_TO_PREVIOUS_BATCH_PHASE"] as const).map(
    (action): Row => ({
      section: MGR,
      action,
      roles: NEW_MANAGERS,
      rolesIn: [
        ["ELECTRONIC_AUCTION", [...AUCTION_MANAGERS, "SECRETARY"]],
        ["ELECTRONIC_DISPENSER", [...AUTHOR_MANAGERS, "SECRETARY"]],
      ],
      base: { phase: "NEGOTIATION" },
      allow: [
        v("status", "PUBLISHED", { status: "PUBLISHED" }),
        v("phase", "no lot selected", { phase: null }),
        v("modality", "ELECTRONIC_REVERSED_AUCTION", { modality: "ELECTRONIC_REVERSED_AUCTION" }),
      ],
      refuse: [
        v("status", "SUSPENDED", { status: "SUSPENDED" }),
        v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
      ],
    }),
  ),
  {
    section: MGR,
    action: "SHOW_MANAGE_BUYER_PANEL",
    roles: NEW_MANAGERS,
    rolesIn: [
      ["ELECTRONIC_AUCTION", [...AUCTION_MANAGERS, "SECRETARY"]],
      ["ELECTRONIC_DISPENSER", [...AUTHOR_MANAGERS, "SECRETARY"]],
    ],
    base: { phase: "AWARDING" },
    allow: [
      v("status", "FINISHED", { status: "FINISHED" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
    ],
  },
  {
    section: MGR,
    action: "FAIL_BATCH",
    roles: NEW_MANAGERS,
    rolesIn: [
      ["ELECTRONIC_AUCTION", AUCTION_MANAGERS],
      ["ELECTRONIC_REVERSED_AUCTION", AUTHOR_MANAGERS],
    ],
    base: { phase: "NEGOTIATION" },
    allow: [
      v("phase", "QUALIFICATION", { phase: "QUALIFICATION" }),
      v("phase", "SECOND_PHASE_", { phase: "SECOND_PHASE_DISPUTE_INTEREST_MANIFESTATION" }),
      v("phase", "AWARDING", { phase: "AWARDING" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [
      v("status", "PUBLISHED", { status: "PUBLISHED" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "DISPUTE_INTEREST_MANIFESTATION", { phase: "DISPUTE_INTEREST_MANIFESTATION" }),
      v("phase", "HOMOLOGATION", { phase: "HOMOLOGATION" }),
    ],
  },
  {
    section: MGR,
    action: "FAIL_BATCH_DIRECTLY",
    roles: NEW_MANAGERS,
    rolesIn: [["PRICES_SUBMISSION", AUTHOR_MANAGERS]],
    base: { phase: "DISPUTE_COUNTERARGUMENTS_JUDGMENT" },
    allow: [v("modality", "PRICES_SUBMISSION", { modality: "PRICES_SUBMISSION" })],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "AWARDING", { phase: "AWARDING" }),
    ],
  },
  {
    section: MGR,
    action: "SUSPEND_BATCH",
    roles: NEW_MANAGERS,
    rolesIn: [["ELECTRONIC_AUCTION", AUCTION_MANAGERS]],
    base: { phase: "BIDDING" },
    allow: [
      v("status", "PUBLISHED", { status: "PUBLISHED", phase: "NOT_STARTED" }),
      v("phase", "HOMOLOGATION", { phase: "HOMOLOGATION" }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
    ],
    refuse: [
      v("status", "already SUSPENDED", { status: "SUSPENDED" }),
      v("status", "FINISHED", { status: "FINISHED" }),
      v("phase", "CLOSING (concluded)", { phase: "CLOSING" }),
      v("phase", "FAILED (ended lot)", { phase: "FAILED" }),
    ],
  },
  {
    section: MGR,
    action: "SUSPENDED_INDEFINITELY",
    roles: NEW_MANAGERS,
    rolesIn: [["ELECTRONIC_REVERSED_AUCTION", AUTHOR_MANAGERS]],
    base: { status: "PUBLISHED", phase: "NOT_STARTED" },
    allow: [
      v("status", "all statuses: SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "OPEN_FOR_OFFERS", { phase: "OPEN_FOR_OFFERS" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [v("phase", "CLOSED_FOR_OFFERS", { phase: "CLOSED_FOR_OFFERS" })],
  },
  {
    section: MGR,
    action: "UNSUSPEND_BATCH",
    roles: NEW_MANAGERS,
    rolesIn: [["ELECTRONIC_AUCTION", AUCTION_MANAGERS]],
    base: { status: "SUSPENDED", phase: "BIDDING" },
    allow: [
      v("phase", "no lot selected", { phase: null }),
      v("modality", "PRICES_SUBMISSION", { modality: "PRICES_SUBMISSION" }),
    ],
    refuse: [
      v("status", "ONGOING", { status: "ONGOING" }),
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
    ],
  },
  {
    section: MGR,
    action: "RESUME_BATCH",
    roles: NEW_MANAGERS,
    rolesIn: [["ELECTRONIC_DISPENSER", AUTHOR_MANAGERS]],
    base: { phase: "FAILED" },
    allow: [
      v("phase", "CANCELED", { phase: "CANCELED" }),
      v("phase", "REVOKED", { phase: "REVOKED" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "DESERTED", { phase: "DESERTED" }),
      v("phase", "NEGOTIATION", { phase: "NEGOTIATION" }),
    ],
  },
  {
    section: MGR,
    action: "RECREATE_REPORTS",
    roles: NEW_MANAGERS,
    rolesIn: [
      ["ELECTRONIC_AUCTION", [...AUCTION_MANAGERS, "SECRETARY"]],
      ["PRICES_SUBMISSION", [...AUTHOR_MANAGERS, "SECRETARY"]],
    ],
    base: { phase: "CLOSING" },
    allow: [
      v("status", "FINISHED", { status: "FINISHED" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [],
  },
  {
    section: MGR,
    action: "REVOKE_AUCTION",
    roles: AUTHORITIES,
    base: { phase: "NEGOTIATION" },
    allow: [
      v("status", "PUBLISHED", { status: "PUBLISHED", phase: "NOT_STARTED" }),
      v("phase", "HOMOLOGATION", { phase: "HOMOLOGATION" }),
      v("phase", "DISPUTE_COUNTERARGUMENTS_JUDGMENT", { phase: "DISPUTE_COUNTERARGUMENTS_JUDGMENT" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("status", "FINISHED", { status: "FINISHED" }),
      v("phase", "BIDDING", { phase: "BIDDING" }),
      v("phase", "CLOSING", { phase: "CLOSING" }),
    ],
  },
  {
    section: MGR,
    action: "CANCEL_BATCH",
    roles: AUTHORITIES,
    base: { phase: "AWARDING" },
    allow: [
      v("phase", "NOT_STARTED", { phase: "NOT_STARTED" }),
      v("phase", "QUALIFICATION", { phase: "QUALIFICATION" }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
    ],
    refuse: [
      v("status", "PUBLISHED", { status: "PUBLISHED" }),
      v("phase", "BIDDING (mid-dispute)", { phase: "BIDDING" }),
      v("phase", "DISPUTE_RECEIVEMENT (appeal window open)", { phase: "DISPUTE_RECEIVEMENT" }),
    ],
  },

  // ---- §6 Official actions ----
  {
    section: OFF,
    action: "EXTEND_ATTACHING_DOCUMENTS_DATE_TIME",
    roles: OFFICIALS,
    base: { phase: "NEGOTIATION", attachingDocumentsEndingDateTime: PAST },
    allow: [
      v("phase", "QUALIFICATION under AFTER_BID", { phase: "QUALIFICATION", licensePhase: "AFTER_BID" }),
      v("phase", "QUALIFICATION under BEFORE_BID once passed", {
        phase: "QUALIFICATION",
        licensePhase: "BEFORE_BID",
        hasPassedByQualification: true,
      }),
      v("extra", "deadline ending exactly now has passed", { attachingDocumentsEndingDateTime: NOW }),
      v("modality", "ELECTRONIC_COMPETITION", { modality: "ELECTRONIC_COMPETITION" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "ELECTRONIC_REVERSED_AUCTION" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "QUALIFICATION under BEFORE_BID before passing", {
        phase: "QUALIFICATION",
        licensePhase: "BEFORE_BID",
      }),
      v("phase", "BIDDING", { phase: "BIDDING" }),
      v("extra", "the deadline has not passed yet", { attachingDocumentsEndingDateTime: FUTURE }),
      v("extra", "no deadline to extend", { attachingDocumentsEndingDateTime: null }),
    ],
  },
  {
    section: OFF,
    action: "INITIALIZE_ATTACHING_DOCUMENTS_DATE_TIME",
    roles: OFFICIALS,
    base: { phase: "NEGOTIATION" },
    allow: [
      v("phase", "QUALIFICATION under AFTER_BID", { phase: "QUALIFICATION", licensePhase: "AFTER_BID" }),
      v("modality", "NEW_PRICES_SUBMISSION", { modality: "NEW_PRICES_SUBMISSION" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "PRICES_SUBMISSION" }),
      v("status", "PUBLISHED", { status: "PUBLISHED" }),
      v("phase", "QUALIFICATION under BEFORE_BID before passing", {
        phase: "QUALIFICATION",
        licensePhase: "BEFORE_BID",
      }),
      v("phase", "the phase set empties once the deadline passed", {
        attachingDocumentsEndingDateTime: PAST,
      }),
      v("extra", "a deadline already exists", { attachingDocumentsEndingDateTime: FUTURE }),
    ],
  },
  {
    section: OFF,
    action: "APPLY_REGIONAL_PREFERENCE",
    roles: OFFICIALS,
    base: {
      phase: "NEGOTIATION",
      criterion: "LOWEST_PRICE",
      canApplyRegionalPreference: true,
      isRegionalPreferenceApplied: null,
      bids: regionalBids,
    },
    allow: [
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
      v("phase", "CLOSING", { phase: "CLOSING" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("extra", "already decided", { isRegionalPreferenceApplied: false }),
      v("extra", "the notice does not allow it", { canApplyRegionalPreference: false }),
      v("extra", "bidding is not a regional-preference phase", { phase: "BIDDING" }),
      v("extra", "no judgement criterion known", { criterion: undefined }),
    ],
  },
  {
    section: OFF,
    action: "SHOW_ATTACHED_PROPOSAL_PANEL",
    roles: OFFICIALS,
    base: { phase: "NEGOTIATION" },
    allow: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_COMPETITION", { modality: "ELECTRONIC_COMPETITION" }),
    ],
    refuse: [v("modality", "old modality", { modality: "PRICES_SUBMISSION" })],
  },
  {
    section: OFF,
    action: "INDICATE_WINNER_BROAD_PARTICIPATION_BATCH",
    roles: OFFICIALS,
    base: { phase: "NEGOTIATION", batchItemParticipation: "DIFFERENTIATED", hasWinner: false },
    allow: [
      v("phase", "FAILED when no lot is still competing", {
        phase: "FAILED",
        lotPhases: ["NEGOTIATION", "FAILED"],
      }),
      v("phase", "DESERTED when no lot is still competing", { phase: "DESERTED", lotPhases: ["AWARDING"] }),
      v("modality", "ELECTRONIC_COMPETITION", { modality: "ELECTRONIC_COMPETITION" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "ELECTRONIC_REVERSED_AUCTION" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "QUALIFICATION", { phase: "QUALIFICATION" }),
      v("extra", "not a DIFFERENTIATED lot", { batchItemParticipation: "EXCLUSIVE" }),
      v("extra", "the lot already has a winner", { hasWinner: true }),
      v("extra", "an ended lot while another lot is still bidding", {
        phase: "CANCELED",
        lotPhases: ["BIDDING", "CANCELED"],
      }),
    ],
  },
  {
    section: OFF,
    action: "SHOW_BEST_BID",
    roles: [...OFFICIALS, "STAFF_MEMBER"],
    base: { phase: "BIDDING" },
    allow: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "NOT_STARTED", { phase: "NOT_STARTED" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [],
  },
  {
    section: OFF,
    action: "SHOW_CERTIFICATES",
    roles: [...OFFICIALS, "STAFF_MEMBER"],
    base: { phase: "NEGOTIATION" },
    allow: [
      v("phase", "CANCELED", { phase: "CANCELED" }),
      v("phase", "DESERTED", { phase: "DESERTED" }),
      v("phase", "AWARDING", { phase: "AWARDING" }),
      v("phase", "CLOSING", { phase: "CLOSING" }),
      v("status", "FINISHED", { status: "FINISHED" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [v("phase", "BIDDING", { phase: "BIDDING" }), v("phase", "CLOSED_BID", { phase: "CLOSED_BID" })],
  },

  // ---- §6 Viewing actions ----
  {
    section: VIEW,
    action: "LIST_BIDS_HISTORY",
    roles: VIEWERS,
    base: { phase: "BIDDING" },
    allow: [
      v("status", "FINISHED", { status: "FINISHED" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [],
  },
  {
    section: VIEW,
    action: "SEND_MESSAGES_IN_BATCH_CHAT",
    // REGULAR_CITIZEN left out: §6 Extra conditions disables their chat.
    roles: [...BODY, "ENABLED_SUPPLIER", "BUYER", "COMPETENT_AUTHORITY"],
    base: { phase: "BIDDING" },
    allow: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
    ],
    refuse: [v("status", "FINISHED", { status: "FINISHED" })],
  },
  {
    section: VIEW,
    action: "SHOW_DATASHEET",
    roles: VIEWERS,
    base: { modality: "ELECTRONIC_REVERSED_AUCTION", phase: "CLOSED_FOR_OFFERS" },
    allow: [
      v("phase", "CLOSING", { phase: "CLOSING" }),
      v("phase", "BIDDING", { phase: "BIDDING" }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
    ],
    refuse: [
      v("modality", "new modality", { modality: "NEW_ELECTRONIC_REVERSED_AUCTION" }),
      v("phase", "OPEN_FOR_OFFERS (before the range)", { phase: "OPEN_FOR_OFFERS" }),
      v("phase", "TECHNICAL_PROPOSAL_ANALYSIS (excluded)", { phase: "TECHNICAL_PROPOSAL_ANALYSIS" }),
      v("phase", "PUBLIC_SESSION (excluded)", { phase: "PUBLIC_SESSION" }),
      v("phase", "CLOSED_BID (excluded)", { phase: "CLOSED_BID" }),
      v("phase", "REVOKED (after the range)", { phase: "REVOKED" }),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_PROPOSAL_DOCUMENT",
    roles: VIEWERS,
    base: { phase: "NEGOTIATION" },
    allow: [
      v("phase", "REVOKED", { phase: "REVOKED" }),
      v("phase", "CANCELED", { phase: "CANCELED" }),
      v("phase", "CLOSING", { phase: "CLOSING" }),
      v("extra", "QUALIFICATION under AFTER_BID", { phase: "QUALIFICATION", licensePhase: "AFTER_BID" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "PRICES_SUBMISSION" }),
      v("phase", "BIDDING", { phase: "BIDDING" }),
      v("phase", "DESERTED", { phase: "DESERTED" }),
      v("extra", "§4: BEFORE_BID, QUALIFICATION, not passed", {
        phase: "QUALIFICATION",
        licensePhase: "BEFORE_BID",
      }),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_TECHNICAL_PROPOSAL_DOCUMENT",
    roles: VIEWERS,
    base: { modality: "ELECTRONIC_COMPETITION", phase: "TECHNICAL_PROPOSAL_ANALYSIS" },
    allow: [
      v("phase", "CLOSED_BID", { phase: "CLOSED_BID" }),
      v("phase", "CLOSING", { phase: "CLOSING" }),
      v("status", "FINISHED", { status: "FINISHED" }),
    ],
    refuse: [
      v("modality", "NEW_ELECTRONIC_REVERSED_AUCTION", { modality: "NEW_ELECTRONIC_REVERSED_AUCTION" }),
      v("phase", "BIDDING", { phase: "BIDDING" }),
      v("phase", "FAILED", { phase: "FAILED" }),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_QUALIFICATION_DOCUMENT_OLD_MODALITIES",
    roles: VIEWERS,
    base: { modality: "ELECTRONIC_REVERSED_AUCTION", phase: "QUALIFICATION" },
    allow: [
      v("phase", "HOMOLOGATION", { phase: "HOMOLOGATION" }),
      v("phase", "no lot selected", { phase: null }),
      v("phase", "dispenser NEGOTIATION is not confidential", {
        modality: "ELECTRONIC_DISPENSER",
        phase: "NEGOTIATION",
      }),
      v(
        "extra",
        "the notice author sees them in BEFORE_BID QUALIFICATION",
        { phase: "QUALIFICATION", licensePhase: "BEFORE_BID" },
        "AUCTIONEER",
      ),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
    ],
    refuse: [
      v("modality", "new modality", { modality: "NEW_ELECTRONIC_REVERSED_AUCTION" }),
      v("phase", "confidential BIDDING", { phase: "BIDDING" }),
      v("phase", "confidential NEGOTIATION (old procedure after bid)", { phase: "NEGOTIATION" }),
      v("phase", "confidential NEGOTIATION (auction)", {
        modality: "ELECTRONIC_AUCTION",
        phase: "NEGOTIATION",
      }),
      v(
        "extra",
        "§4: BEFORE_BID, QUALIFICATION, not passed, for a supplier",
        { phase: "QUALIFICATION", licensePhase: "BEFORE_BID" },
        "ENABLED_SUPPLIER",
      ),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_QUALIFICATION_DOCUMENT_NEW_MODALITIES",
    roles: VIEWERS,
    base: { phase: "QUALIFICATION", licensePhase: "AFTER_BID" },
    allow: [
      v("phase", "FIRST_PHASE_", { phase: "FIRST_PHASE_DISPUTE_INTEREST_MANIFESTATION" }),
      v("phase", "CLOSING", { phase: "CLOSING" }),
      v("phase", "CANCELED", { phase: "CANCELED" }),
      v("phase", "BEFORE_BID adds OFFERS_ANALYSIS", { phase: "OFFERS_ANALYSIS", licensePhase: "BEFORE_BID" }),
      v("phase", "BEFORE_BID adds BIDDING", { phase: "BIDDING", licensePhase: "BEFORE_BID" }),
      v(
        "extra",
        "the notice author sees them in BEFORE_BID QUALIFICATION",
        { licensePhase: "BEFORE_BID" },
        "AUCTION_AUTHOR",
      ),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
    ],
    refuse: [
      v("modality", "old modality", { modality: "ELECTRONIC_DISPENSER" }),
      v("phase", "NEGOTIATION", { phase: "NEGOTIATION" }),
      v("phase", "BIDDING under AFTER_BID", { phase: "BIDDING" }),
      v("phase", "DESERTED", { phase: "DESERTED" }),
      v(
        "extra",
        "§4: BEFORE_BID, QUALIFICATION, not passed, for a citizen",
        { licensePhase: "BEFORE_BID" },
        "REGULAR_CITIZEN",
      ),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_CLASSIFICATION_SHEET_DOWNLOAD",
    roles: VIEWERS,
    base: { phase: "NEGOTIATION" },
    allow: [
      v("phase", "CLOSING", { phase: "CLOSING" }),
      v("status", "FINISHED", { status: "FINISHED" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [v("phase", "CLOSED_BID", { phase: "CLOSED_BID" }), v("phase", "REVOKED", { phase: "REVOKED" })],
  },
  {
    section: VIEW,
    action: "SHOW_AUCTION_STATUS",
    roles: BODY,
    base: { phase: "BIDDING" },
    allow: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [],
  },
  {
    section: VIEW,
    action: "SHOW_PROOF_PAYMENT",
    roles: BODY,
    base: { modality: "ELECTRONIC_AUCTION", phase: "HOMOLOGATION" },
    allow: [v("status", "FINISHED", { status: "FINISHED" })],
    refuse: [
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "AWARDING", { phase: "AWARDING" }),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_REFERENCE_PRICE_UPDATE",
    roles: BODY,
    base: { phase: "NEGOTIATION", shouldDiscloseReferencePrice: false },
    allow: [
      v("modality", "PRICES_SUBMISSION", { modality: "PRICES_SUBMISSION" }),
      v("status", "SUSPENDED_INDEFINITELY", { status: "SUSPENDED_INDEFINITELY" }),
    ],
    refuse: [
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("phase", "QUALIFICATION", { phase: "QUALIFICATION" }),
      v("extra", "already disclosed", { shouldDiscloseReferencePrice: true }),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_CURRENT_VARIATION",
    roles: [...BODY, "ENABLED_SUPPLIER"],
    base: { phase: "QUALIFICATION", shouldDiscloseReferencePrice: true },
    allow: [
      v(
        "extra",
        "non-suppliers always: confidential, undisclosed",
        { phase: "BIDDING", shouldDiscloseReferencePrice: false },
        "AUCTIONEER",
      ),
      v("phase", "no lot selected", { phase: null }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION", phase: "HOMOLOGATION" }),
    ],
    refuse: [
      v("extra", "supplier in a confidential phase", { phase: "BIDDING" }, "ENABLED_SUPPLIER"),
      v(
        "extra",
        "supplier, reference price undisclosed",
        { shouldDiscloseReferencePrice: false },
        "ENABLED_SUPPLIER",
      ),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_REFERENCE_PRICE",
    roles: [...BODY, "ENABLED_SUPPLIER"],
    base: { phase: "BIDDING", shouldDiscloseReferencePrice: true },
    allow: [
      v("extra", "non-suppliers without disclosure", { shouldDiscloseReferencePrice: false }, "STAFF_MEMBER"),
      v("status", "FINISHED", { status: "FINISHED" }),
      v("phase", "no lot selected", { phase: null }),
      v("modality", "ELECTRONIC_DISPENSER", { modality: "ELECTRONIC_DISPENSER" }),
    ],
    refuse: [
      v("extra", "supplier without disclosure", { shouldDiscloseReferencePrice: false }, "ENABLED_SUPPLIER"),
    ],
  },
  {
    section: VIEW,
    action: "SHOW_PRODUCT_BRAND",
    roles: [...BODY, "ENABLED_SUPPLIER"],
    base: { phase: "CLOSED_FOR_OFFERS", isProductBrandRequired: true },
    allow: [
      v("phase", "CLOSING", { phase: "CLOSING" }),
      v("status", "SUSPENDED", { status: "SUSPENDED" }),
      v("modality", "ELECTRONIC_AUCTION", { modality: "ELECTRONIC_AUCTION" }),
    ],
    refuse: [
      v("phase", "OPEN_FOR_OFFERS", { phase: "OPEN_FOR_OFFERS" }),
      v("phase", "REVOKED", { phase: "REVOKED" }),
      v("extra", "the lot requires no brand", { isProductBrandRequired: false }),
    ],
  },
];

function contextOf(...parts: Ctx[]): RoomPermissionContext {
  return Object.assign(
    { modality: "NEW_ELECTRONIC_REVERSED_AUCTION", status: "ONGOING", phase: null, now: NOW },
    ...parts,
  ) as RoomPermissionContext;
}

const allowedRoles = (action: RoomAction, ctx: RoomPermissionContext) =>
  ROOM_ROLES.filter((role) => can(role, action, ctx)).sort();

describe("§6 permission matrix", () => {
  for (const row of rows) {
    describe(`${row.section}: ${row.action}`, () => {
      it("allows exactly the listed roles and refuses every other role", () => {
        expect(allowedRoles(row.action, contextOf(row.base))).toEqual([...row.roles].sort());
      });

      it.each(row.rolesIn ?? [])("Managers vary: in %s the roles are %j", (modality, roles) => {
        expect(allowedRoles(row.action, contextOf(row.base, { modality }))).toEqual([...roles].sort());
      });

      it.each(row.allow.map((x) => [x.dim, x.note, x] as const))("%s allowed: %s", (_dim, _note, x) => {
        expect(can(x.role ?? (row.roles[0] as RoomRole), row.action, contextOf(row.base, x.ctx))).toBe(true);
      });

      it.each(row.refuse.map((x) => [x.dim, x.note, x] as const))("%s refused: %s", (_dim, _note, x) => {
        expect(can(x.role ?? (row.roles[0] as RoomRole), row.action, contextOf(row.base, x.ctx))).toBe(false);
      });
    });
  }
});

describe("§6 permission matrix — coverage of the tables", () => {
  it("has one entry per action, and every action is tested", () => {
    expect(PERMISSIONS.map((e) => e.action).sort()).toEqual([...ROOM_ACTIONS].sort());
    expect(rows.map((r) => r.action).sort()).toEqual([...ROOM_ACTIONS].sort());
  });

  // A restricted dimension needs a refused case; an unrestricted one an allowed case with a
  // different value than the base. The role dimension is covered by the exact role list.
  it.each(rows.map((r) => [r.action, r] as const))("%s is tested on every dimension", (_action, row) => {
    const entry = permissionEntry(row.action);
    const restricted: Record<Dim, boolean> = {
      modality: entry.modalities !== "ALL",
      status: entry.statuses !== "ALL",
      phase: entry.phases !== "ALL",
      extra: entry.extra !== undefined,
    };
    for (const dim of Object.keys(restricted) as Dim[]) {
      const cases = restricted[dim] ? row.refuse : row.allow;
      if (dim === "extra" && !restricted.extra) continue;
      expect(
        cases.some((x) => x.dim === dim),
        `${row.action}: ${dim}`,
      ).toBe(true);
    }
    expect(row.roles.length).toBeGreaterThan(0);
    expect(row.roles.length).toBeLessThan(ROOM_ROLES.length);
  });

  it("permissionEntry rejects an unknown action", () => {
    expect(() => permissionEntry("NOT_AN_ACTION" as RoomAction)).toThrow(/NOT_AN_ACTION/);
  });
});

describe("§6 allowedActions", () => {
  it("a citizen in a running NEGOTIATION of a new modality only views", () => {
    expect(allowedActions("REGULAR_CITIZEN", contextOf({ phase: "NEGOTIATION" }))).toEqual([
      "LIST_BIDS_HISTORY",
      "SHOW_PROPOSAL_DOCUMENT",
      "SHOW_CLASSIFICATION_SHEET_DOWNLOAD",
    ]);
  });

  it("a disabled supplier can do nothing at all", () => {
    expect(allowedActions("DISABLED_SUPPLIER", contextOf({ phase: "BIDDING", isWinner: true }))).toEqual([]);
  });

  it("an enabled supplier bidding in an open new-modality dispute", () => {
    expect(
      allowedActions(
        "ENABLED_SUPPLIER",
        contextOf({ phase: "BIDDING", closingKind: "OPEN", shouldDiscloseReferencePrice: true }),
      ),
    ).toEqual([
      "SEND_BIDS_IN_BATCH",
      "SHOW_MANAGE_SUPPLIER_PANEL",
      "SHOW_ONLINE_AUCTIONEER",
      "SHOW_FINAL_PRICE_PANEL",
      "LIST_BIDS_HISTORY",
      "SEND_MESSAGES_IN_BATCH_CHAT",
      "SHOW_REFERENCE_PRICE",
    ]);
  });
});

describe("§6 Extra conditions", () => {
  it.each(WINNER_ONLY_ACTIONS.map((a) => [a]))("winner-only %s is refused to a non-winner", (action) => {
    const row = rows.find((r) => r.action === action) as Row;
    const ctx = contextOf(row.base);
    expect(can("ENABLED_SUPPLIER", action, ctx)).toBe(true);
    expect(can("ENABLED_SUPPLIER", action, { ...ctx, isWinner: false })).toBe(false);
  });

  it.each<[number | string | null | undefined, number | string | null | undefined, boolean]>([
    [3, 3, true],
    [3, "3", true],
    [3, 4, false],
    [null, null, false],
    [undefined, 3, false],
    [3, undefined, false],
  ])("winner by anonymous number: user %s, winning bid %s → %s", (user, winning, expected) => {
    expect(isWinnerByAnonymousNumber(user, winning)).toBe(expected);
  });

  it.each([
    [{ isWinner: false, hasPassedByQualification: true }, true],
    [{ isWinner: true, hasPassedByQualification: true }, false],
    [{ isWinner: false, hasPassedByQualification: false }, false],
    [{}, false],
  ])("reserve register offered for %o → %s", (ctx, expected) => {
    expect(canJoinReserveRegister(ctx)).toBe(expected);
  });

  const buyerFive: RoomRole[] = [
    "AUCTIONEER",
    "STAFF_MEMBER",
    "AUCTION_AUTHOR",
    "SECRETARY",
    "COMPETENT_AUTHORITY",
  ];
  it.each(ROOM_ROLES.map((r) => [r]))(
    "%s: chat to all lots, quantity/total, control-panel bid, chat, room",
    (role) => {
      expect(canSendMessageToAllLots(role)).toBe(role === "AUCTIONEER" || role === "STAFF_MEMBER");
      expect(seesQuantityAndTotal(role)).toBe(buyerFive.includes(role));
      expect(controlPanelBid(role)).toBe(role === "ENABLED_SUPPLIER" ? "OWN_BID" : "BEST_BID");
      expect(isChatReadOnly(role)).toBe(role === "REGULAR_CITIZEN" || role === "DISABLED_SUPPLIER");
      expect(isRoomReadOnly(role)).toBe(role === "REGULAR_CITIZEN");
    },
  );

  it.each<[RoomRole, "UNIT_VALUE" | "BATCH_TOTAL_AMOUNT", boolean, boolean]>([
    ["AUCTIONEER", "UNIT_VALUE", false, true],
    ["AUCTIONEER", "BATCH_TOTAL_AMOUNT", false, false],
    ["AUCTIONEER", "UNIT_VALUE", true, false],
    ["BUYER", "UNIT_VALUE", false, false],
    ["ENABLED_SUPPLIER", "UNIT_VALUE", false, false],
  ])("§2.3 quantity and total: %s, %s, many items %s → %s", (role, offerKind, hasManyItems, expected) => {
    expect(showsQuantityAndTotal(role, { offerKind, hasManyItems })).toBe(expected);
  });
});

describe("§6 Extra conditions — regional preference", () => {
  const winner: RegionalPreferenceBid = {
    isWinner: true,
    isQualifiedAndEnabled: true,
    unitPrice: 100,
    percentDiscount: 20,
    isRegionalPreferenceLocation: false,
  };
  const candidate: RegionalPreferenceBid = {
    isQualifiedAndEnabled: true,
    unitPrice: 110,
    percentDiscount: 12,
    isRegionalPreferenceLocation: true,
  };
  const input = (over: Partial<RegionalPreferenceInput> = {}): RegionalPreferenceInput => ({
    criterion: "LOWEST_PRICE",
    phase: "NEGOTIATION",
    licensePhase: "AFTER_BID",
    hasPassedByQualification: false,
    canApplyRegionalPreference: true,
    isRegionalPreferenceApplied: null,
    bids: [winner, candidate],
    ...over,
  });

  it.each<[string, Partial<RegionalPreferenceInput>, boolean]>([
    ["all conditions hold", {}, true],
    ["isRegionalPreferenceApplied absent counts as null", { isRegionalPreferenceApplied: undefined }, true],
    ["the notice flag is off", { canApplyRegionalPreference: false }, false],
    ["already applied", { isRegionalPreferenceApplied: true }, false],
    ["already refused", { isRegionalPreferenceApplied: false }, false],
    [
      "the winner is itself a regional declarant",
      { bids: [{ ...winner, isRegionalPreferenceLocation: true }, candidate] },
      false,
    ],
    [
      "the candidate did not declare",
      { bids: [winner, { ...candidate, isRegionalPreferenceLocation: false }] },
      false,
    ],
    [
      "the candidate is not qualified and enabled",
      { bids: [winner, { ...candidate, isQualifiedAndEnabled: false }] },
      false,
    ],
    ["the candidate is above 110%", { bids: [winner, { ...candidate, unitPrice: 110.01 }] }, false],
    ["the candidate bid is cancelled", { bids: [winner, { ...candidate, state: "CANCELLED" }] }, false],
    ["a backlog bid does not count", { bids: [winner, { ...candidate, isBacklog: true }] }, false],
    ["no bids", { bids: [] }, false],
    ["only the winner", { bids: [winner] }, false],
    [
      "without a winner flag the first in table order is the winner",
      { bids: [candidate, { ...winner, isWinner: false }] },
      true,
    ],
    [
      "without a winner flag a regional first-placed blocks it",
      {
        bids: [
          { ...candidate, unitPrice: 90 },
          { ...winner, isWinner: false },
        ],
      },
      false,
    ],
  ])("%s (%j) → %s", (_name, over, expected) => {
    expect(canApplyRegionalPreference(input(over))).toBe(expected);
  });

  it.each<[string, Partial<RegionalPreferenceInput>, boolean]>([
    ["NEGOTIATION", { phase: "NEGOTIATION" }, true],
    ["an appeal phase", { phase: "DISPUTE_RECEIVEMENT" }, true],
    ["CLOSING", { phase: "CLOSING" }, true],
    ["QUALIFICATION under AFTER_BID", { phase: "QUALIFICATION" }, true],
    [
      "QUALIFICATION without license phase (classic order)",
      { phase: "QUALIFICATION", licensePhase: null },
      true,
    ],
    [
      "QUALIFICATION under BEFORE_BID, qualified",
      { phase: "QUALIFICATION", licensePhase: "BEFORE_BID", hasPassedByQualification: true },
      true,
    ],
    [
      "QUALIFICATION under BEFORE_BID, not qualified",
      { phase: "QUALIFICATION", licensePhase: "BEFORE_BID" },
      false,
    ],
    ["BIDDING", { phase: "BIDDING" }, false],
    ["FAILED", { phase: "FAILED" }, false],
    ["no lot", { phase: null }, false],
  ])("phase: %s (%j) → %s", (_name, over, expected) => {
    expect(canApplyRegionalPreference(input(over))).toBe(expected);
    expect(
      isRegionalPreferencePhase(
        input(over).phase,
        input(over).licensePhase,
        input(over).hasPassedByQualification,
      ),
    ).toBe(expected);
  });

  it.each<
    [
      string,
      RegionalPreferenceBid,
      RegionalPreferenceBid,
      Parameters<typeof meetsRegionalPreferencePriceRule>[2],
      boolean,
    ]
  >([
    ["LOWEST_PRICE at 110%", { unitPrice: 110 }, { unitPrice: 100 }, "LOWEST_PRICE", true],
    ["LOWEST_PRICE above 110%", { unitPrice: 110.01 }, { unitPrice: 100 }, "LOWEST_PRICE", false],
    ["LOWEST_PRICE 110% of a non-round price", { unitPrice: 1.1 }, { unitPrice: 1 }, "LOWEST_PRICE", true],
    ["TECHNIQUE_AND_PRICE at 110%", { unitPrice: 550 }, { unitPrice: 500 }, "TECHNIQUE_AND_PRICE", true],
    ["TECHNIQUE_AND_PRICE above 110%", { unitPrice: 551 }, { unitPrice: 500 }, "TECHNIQUE_AND_PRICE", false],
    ["BIGGEST_PRICE at 90%", { unitPrice: 90 }, { unitPrice: 100 }, "BIGGEST_PRICE", true],
    ["BIGGEST_PRICE below 90%", { unitPrice: 89.99 }, { unitPrice: 100 }, "BIGGEST_PRICE", false],
    [
      "BIGGEST_DISCOUNT: 12% vs 20% is price 88 vs 80, exactly 110%",
      { percentDiscount: 12 },
      { percentDiscount: 20 },
      "BIGGEST_DISCOUNT",
      true,
    ],
    [
      "BIGGEST_DISCOUNT: 11.9% vs 20% is above 110%",
      { percentDiscount: 11.9 },
      { percentDiscount: 20 },
      "BIGGEST_DISCOUNT",
      false,
    ],
    ["missing price", { unitPrice: null }, { unitPrice: 100 }, "LOWEST_PRICE", false],
    ["missing discount", {}, { percentDiscount: 20 }, "BIGGEST_DISCOUNT", false],
  ])("price rule: %s", (_name, cand, win, criterion, expected) => {
    expect(meetsRegionalPreferencePriceRule(cand, win, criterion)).toBe(expected);
  });

  it("through can(): BIGGEST_PRICE uses the 90% floor", () => {
    const ctx = contextOf({
      phase: "NEGOTIATION",
      criterion: "BIGGEST_PRICE",
      canApplyRegionalPreference: true,
      bids: [
        { isWinner: true, isQualifiedAndEnabled: true, unitPrice: 100 },
        { isQualifiedAndEnabled: true, unitPrice: 95, isRegionalPreferenceLocation: true },
      ],
    });
    expect(can("AUCTIONEER", "APPLY_REGIONAL_PREFERENCE", ctx)).toBe(true);
    expect(can("AUCTIONEER", "APPLY_REGIONAL_PREFERENCE", { ...ctx, criterion: "LOWEST_PRICE" })).toBe(true);
    const far = {
      ...ctx,
      bids: [
        ctx.bids?.[0] ?? {},
        { isQualifiedAndEnabled: true, unitPrice: 80, isRegionalPreferenceLocation: true },
      ],
    };
    expect(can("AUCTIONEER", "APPLY_REGIONAL_PREFERENCE", far)).toBe(false);
  });
});

describe("§9 Regional preference margin — decimal prices", () => {
  it.each<[number, number, "LOWEST_PRICE" | "BIGGEST_PRICE", boolean]>([
    [2.2, 2, "LOWEST_PRICE", true],
    [2.2000001, 2, "LOWEST_PRICE", false],
    [0.27, 0.3, "BIGGEST_PRICE", true],
    [0.2699999, 0.3, "BIGGEST_PRICE", false],
  ])("candidate %d against winner %d under %s → %s", (cand, win, criterion, expected) => {
    expect(meetsRegionalPreferencePriceRule({ unitPrice: cand }, { unitPrice: win }, criterion)).toBe(
      expected,
    );
  });
});
