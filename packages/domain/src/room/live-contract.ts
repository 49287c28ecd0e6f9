// The live channel's wire contract (docs/live-room.md; issue 17 item 3): what the client sends —
// the events and their payload schemas, which the server parses with — and what the server pushes —
// the actions and the views in their data, which the server's renderers build and every client reads.
// Compact bid frames (contract version 2) are expanded by bid-frame.ts before a client reads them.
import { z } from "zod";
import type { ClosingKind, JudgementCriterion, LicensePhase, OfferKind } from "../enums/judgement";
import type { BiddingSubPhase, LotPhase } from "../enums/lot-phase";
import type { Modality } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import type { BatchItemParticipation } from "../enums/participation";
import type { UserKind } from "../enums/user-kind";
import type { APPEAL_EVENT_SCHEMAS } from "./commands/appeals";
import type { AWARD_EVENT_SCHEMAS } from "./commands/award";
import type { CONTROL_EVENT_SCHEMAS } from "./commands/control";
import type { REPORT_EVENT_SCHEMAS } from "./commands/reports";
import type { RESPECIFY_EVENT_SCHEMAS } from "./commands/respecify";
import { LIVE_EVENTS, LIVE_REGISTER_SCOPES } from "./live-events";
import type { RoomRole } from "./room-role";

// The features' commands (issue 17 item 3): each file names its events and holds their schemas.
export * from "./commands/appeals";
export * from "./commands/award";
export * from "./commands/control";
export * from "./commands/reports";
export * from "./commands/respecify";

// ---- what the client sends: {event, data} ----

export const liveRegisterSchema = z.object({
  token: z.string().max(200).optional().nullable(),
  auctionNoticeId: z.uuid(),
  // A reconnecting client's last sequence: it is sent what followed (RESUMED), not the whole state.
  lastSeq: z.number().int().min(0).optional().nullable(),
  /**
   * What the socket listens to: the notice's room (the default), or a direct procedure's pages, which
   * have no room (issue 19 item 2; docs/live-room.md "Direct procedures").
   */
  scope: z.enum(LIVE_REGISTER_SCOPES).optional().nullable(),
});
const channelRef = z.union([z.uuid(), z.object({ id: z.uuid() }).transform((c) => c.id)]);
export const liveNewMessageSchema = z.object({
  chatChannel: channelRef,
  text: z.string(),
  mediaFiles: z.array(z.unknown()).optional().nullable(),
  metadata: z
    .object({
      mentions: z
        .array(
          z.object({
            anonymousSupplierIdentificationNumber: z.number().int().optional(),
            supplierId: z.uuid().optional(),
          }),
        )
        .max(100)
        .optional(),
    })
    .optional()
    .nullable(),
});
export const liveAllBatchesSchema = z.object({ auctionNoticeId: z.uuid().optional(), text: z.string() });
// Bids: a price ×10^decimals (integer), a discount as the raw percent (trading-room §5 "Room bids").
export const livePlaceBidSchema = z.object({ batchId: z.uuid(), value: z.number().finite() });
export const liveCancelBidSchema = z.object({ bidId: z.uuid(), reason: z.string().max(10_000) });
export const liveOwnBidSchema = z.object({ batchId: z.uuid() });
const phaseSchema = z.string().regex(/^[A-Z_]{3,60}$/);
const dueDateType = z.enum(["FIXED", "LOOSE"]).optional().nullable();
export const liveNextPhaseSchema = z.object({
  nextPhase: phaseSchema,
  batchesIds: z.array(z.uuid()).min(1).max(5000),
  auctionNoticeId: z.uuid().optional().nullable(),
  amountBatchToGoBiddingPhase: z.number().int().min(0).max(25).optional().nullable(),
  // The appeal terms of the modal (docs/live-room.md "Appeals").
  manifestDisputeInterestDurationKind: dueDateType,
  disputeInterestManifestationMinimumDuration: z.number().int().min(0).max(1_000_000).optional().nullable(),
  documentsAttachmentDueDateType: dueDateType,
  disputeDocumentsAttachmentDueDateTime: z.string().max(40).optional().nullable(),
  counterArgumentsAttachmentDueDateType: dueDateType,
  counterArgumentDocumentsAttachmentDueDateTime: z.string().max(40).optional().nullable(),
});
export const livePreviousPhaseSchema = z.object({
  previousPhase: phaseSchema,
  batchesIds: z.array(z.uuid()).min(1).max(5000),
  auctionNoticeId: z.uuid().optional().nullable(),
  biddingPhaseResetJustification: z.string().max(5000).optional().nullable(),
  amountBatchToGoBiddingPhase: z.number().int().min(0).max(25).optional().nullable(),
});

/** The core events' payloads (get_channel_statistics reads none). */
export const CORE_EVENT_SCHEMAS = {
  [LIVE_EVENTS.register]: liveRegisterSchema,
  [LIVE_EVENTS.newMessage]: liveNewMessageSchema,
  [LIVE_EVENTS.newMessageAllBatches]: liveAllBatchesSchema,
  [LIVE_EVENTS.placeNewBid]: livePlaceBidSchema,
  [LIVE_EVENTS.cancelBid]: liveCancelBidSchema,
  [LIVE_EVENTS.cancelBidBySupplier]: liveOwnBidSchema,
  [LIVE_EVENTS.goToNextPhase]: liveNextPhaseSchema,
  [LIVE_EVENTS.regressPhase]: livePreviousPhaseSchema,
} as const;

/**
 * Every event a client sends with a payload, and its schema: the core's and the features'
 * (./commands). A type only: a spread object would keep every schema, and zod, in the web's room.
 */
export type LiveEventSchemas = typeof CORE_EVENT_SCHEMAS &
  typeof CONTROL_EVENT_SCHEMAS &
  typeof APPEAL_EVENT_SCHEMAS &
  typeof AWARD_EVENT_SCHEMAS &
  typeof RESPECIFY_EVENT_SCHEMAS &
  typeof REPORT_EVENT_SCHEMAS;
export type LiveEventName = keyof LiveEventSchemas;
/** What a client sends with an event (the schema's input). */
export type LiveEventPayload<E extends LiveEventName> = z.input<LiveEventSchemas[E]>;
/** What the server reads of it once parsed (the schema's output). */
export type LiveEventInput<E extends LiveEventName> = z.output<LiveEventSchemas[E]>;

// ---- what the server pushes: {action, data, seq?} ----
// Fields the server may leave out are optional; a client never derives a supplier's name itself.

/** A bid as every audience may see it (docs/live-room.md "Bid view"). */
export interface BidView {
  id: string;
  batch?: { id: string };
  batchId: string;
  unitPrice: number | null;
  percentDiscount: number | null;
  totalPrice?: number | null;
  quantity?: number | null;
  brand?: string | null;
  kind?: "INITIAL" | "LIVE" | "AUTOMATIC" | "SEALED" | "TIEBREAK" | "NEGOTIATION" | string;
  state?: "ACTIVE" | "CANCELLED" | string;
  isCancelled?: boolean;
  cancellationReason?: string | null;
  isSealed?: boolean;
  isOwn?: boolean;
  isBacklog?: boolean;
  anonymousSupplierIdentificationNumber: number | null;
  supplier?: {
    id: string;
    corporateName?: string | null;
    nameToScreen?: string | null;
    /** A boolean (docs/decisions.md), not the spec's 1/0. */
    isSmallBusiness?: boolean | null;
  } | null;
  /** 'Licitante {n}' while confidential, the corporate name otherwise — always from the server. */
  nameToScreen?: string | null;
  isQualified?: boolean | null;
  isDisabled?: boolean | null;
  isQualifiedAndEnabled?: boolean | null;
  isWinner?: boolean | null;
  createdDate: string;
}

/** The live part of a lot head row (docs/live-room.md "Lot live view"). */
export interface LotLive {
  id: string;
  number?: number;
  phase?: LotPhase;
  subPhase?: BiddingSubPhase | null;
  biddingStage?: "OPEN" | "RANDOM_CLOSE" | "SEALED" | null;
  isImminentClosing?: boolean;
  biddingPhaseStartDateTime?: string | null;
  biddingPhaseDueDateTime?: string | null;
  biddingPhaseEndingDateTime?: string | null;
  phaseStartDateTime?: string | null;
  phaseEndDateTime?: string | null;
  attachingDocumentsStartDateTime?: string | null;
  attachingDocumentsEndingDateTime?: string | null;
  hasPassedByQualification?: boolean;
  isConfidentialPhase?: boolean | null;
  batchBestBid?: BidView | null;
  supplierBestBid?: BidView | null;
  tiebreaker?: { calledAnonymousNumber: number | null; dueDateTime: string | null } | null;
  negotiation?: { anonymousSupplierIdentificationNumber: number | null } | null;
  finalistsAnonymousNumbers?: number[] | null;
}

/** A row of the notice's lots (item 1 is the lot's head row) with its live view merged in. */
export interface RoomLot extends LotLive {
  number: number;
  item: number;
  phase: LotPhase;
  quantity?: number | null;
  referencePrice?: number | null;
  minimumVariation?: number | null;
  percentMinimumVariation?: number | null;
  decimalsNumber?: number | string | null;
  isProductBrandRequired?: boolean;
  batchItemParticipation?: BatchItemParticipation | null;
  product?: { id?: string; name?: string | null; technicalDescription?: string | null } | null;
  measurementUnit?: { code: string; description?: string | null } | null;
  chatChannel?: { id: string } | null;
  isReadjustedProposalAttached?: boolean | null;
  isQualifiedDocumentConfirmed?: boolean | null;
  isInfeasible?: boolean | null;
  isWinnerInBoarBatchWithDivergentBid?: boolean | null;
  isRegionalPreferenceApplied?: boolean | null;
}

export interface RoomNoticeView {
  id: string;
  noticeNumber?: string | null;
  processNumber?: string | null;
  modality: Modality;
  status: NoticeStatus;
  /** PUBLISHED with a started lot reads as ONGOING (trading-room §4). */
  effectiveStatus?: NoticeStatus;
  startDateTime?: string | null;
  closingKind?: ClosingKind | null;
  dispensationForm?: JudgementCriterion | null;
  offerKind?: OfferKind | null;
  auctionLicensePhase?: LicensePhase | null;
  shouldDiscloseReferencePrice?: boolean;
  canApplyRegionalPreference?: boolean;
  isBidsAutomaticStart?: boolean;
  amountBidsAutomaticStart?: number | null;
  buyer?: { id: string; corporateName?: string | null; urlLogo?: string | null } | null;
  batches: RoomLot[];
}

export interface RoomUserView {
  id: string;
  kind: UserKind;
  buyer: { id: string } | null;
  supplier: { id: string } | null;
}

export interface ChannelStatistics {
  auctionNoticeId?: string;
  isAuctioneerOnline: boolean;
  onlineSuppliers: { anonymousSupplierIdentificationNumber: number }[];
  batchesWithAnonymousSuppliersNumbers: { batchId: string; anonymousSuppliersNumbers: number[] }[];
}

/** REGISTERED data (docs/live-room.md "Register and state"). */
export interface RegisteredData {
  serverTime: string;
  auctionNotice: RoomNoticeView;
  user: RoomUserView | null;
  roomRole: RoomRole;
  roomRoleLabel: string;
  anonymousSupplierIdentificationNumber: number | null;
  auctioneerUserIds: string[];
  channelStatistics: ChannelStatistics | null;
  /** AUCTION_TIME_SCALE of the server: every engine duration is multiplied by it (1 in production). */
  auctionTimeScale?: number;
}

export interface ChatMention {
  anonymousSupplierIdentificationNumber: number;
  supplier?: { id: string; corporateName?: string | null; name?: string | null };
}

/** A chat message as the server renders it for this user's audience (apps/server chat-views). */
export interface ChatMessage {
  id: string;
  chatChannel?: { id: string };
  chatChannelId: string;
  batchId: string;
  text: string;
  metadata?: { mentions?: ChatMention[] } | null;
  isSystemMessage: number | boolean;
  action?: string | null;
  messagesForAllBatches?: boolean;
  userId: string | null;
  user: { id: string | null; name?: string | null; nameToScreen?: string | null } | null;
  anonymousSupplierIdentificationNumber?: number | null;
  createdDate: string;
}

/** A member of a lot's chat channel (getMessages → chatChannel.chatMembers). */
export interface ChatMember {
  user: { id: string; name?: string } | null;
  anonymousSupplierIdentificationNumber: number | null;
  supplier?: { id: string; corporateName?: string | null; name?: string | null };
  nameToScreen?: string;
}

export interface ChatPage {
  messages: ChatMessage[];
  hasMore: boolean;
  chatChannel: { id: string; batchId: string; chatMembers: ChatMember[] };
}

export interface MessagesToBatchesData {
  auctionNoticeId: string;
  text: string;
  isSystemMessage: number | boolean;
  messagesForAllBatches: boolean;
  batchesIds: string[];
  messages: ChatMessage[];
}

export interface BidEventData {
  auctionNoticeId: string;
  batchId: string;
  bid: BidView;
  batch?: LotLive;
  bidId?: string;
  serverTime?: string;
}

export interface PhaseEventData {
  auctionNoticeId: string;
  newPhase: LotPhase;
  batchesIds?: string[];
  batchId?: string;
  batches?: LotLive[];
  serverTime?: string;
}

/** PROCESS_SUSPENDED / _UNSUSPENDED / _SUSPENDED_INDEFINITELY / _REVOKED / _CANCELLED. */
export interface ProcessEventData {
  auctionNoticeId: string;
  /** The stored notice status (PROCESS_UNSUSPENDED: ONGOING, or PUBLISHED when no lot started). */
  status?: NoticeStatus | null;
  serverTime?: string;
}

/** SUPPLIER_DISQUALIFIED / _REQUALIFIED (isQualified) and SUPPLIER_DISABLED / _ENABLED (isDisabled). */
export interface SupplierStatusEventData {
  auctionNoticeId: string;
  batchesIds: string[];
  anonymousSupplierIdentificationNumber: number | null;
  isQualified?: boolean;
  isDisabled?: boolean;
  serverTime?: string;
}

/** A frame received on the live channel. */
export interface ServerFrame {
  action: string;
  data: unknown;
  /** The live event's sequence in its notice (docs/live-room.md "Sequence and resumption"). */
  seq?: number;
}

/** The lot phases call (trading-room §3 "Lot phase information"). */
export interface LotPhaseInfo {
  currentPhase: LotPhase;
  nextPhase: LotPhase[];
  previousPhase: LotPhase[];
}
