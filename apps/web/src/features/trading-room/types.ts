import type {
  BatchItemParticipation,
  BiddingSubPhase,
  ClosingKind,
  JudgementCriterion,
  LicensePhase,
  LotPhase,
  Modality,
  NoticeStatus,
  OfferKind,
  RoomRole,
  UserKind,
} from "@certame/domain";

// The room's data as the live channel and the room calls send it (docs/live-room.md). Fields the
// server may leave out are optional; the screen never derives a supplier's name itself.

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

export interface RoomNotice {
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
  auctionNotice: RoomNotice;
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
