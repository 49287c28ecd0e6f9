import {
  type ConnectionStatus,
  effectiveNoticeStatus,
  isNewModality,
  type JudgementCriterion,
  type LotPhase,
  type NoticeStatus,
  type RoomRole,
  sortBids,
} from "@certame/domain";
import {
  applyDisputeEvent,
  type DisputeEventData,
  type DisputeView,
  isDisputeEvent,
} from "../appeals/appeal-model";
import { type AwardEventData, applyAwardEvent, isAwardAction } from "../award/award-state";
import type {
  BidEventData,
  BidView,
  ChannelStatistics,
  ChatMember,
  ChatMessage,
  ChatPage,
  LotLive,
  MessagesToBatchesData,
  PhaseEventData,
  ProcessEventData,
  RegisteredData,
  RoomLot,
  RoomNotice,
  RoomUserView,
  SupplierStatusEventData,
} from "../types";

// The trading room's state and the pure reducer that applies the start sequence, the user's
// choices and the live events (trading-room §2.1, §4 "Phase events", "Other pushed events").

export interface ChatState {
  channelId: string | null;
  messages: ChatMessage[];
  hasMore: boolean;
  loading: boolean;
  members: ChatMember[];
}

export interface RoomState {
  status: ConnectionStatus;
  notice: RoomNotice | null;
  user: RoomUserView | null;
  role: RoomRole;
  roleLabel: string;
  anonymousNumber: number | null;
  auctioneerUserIds: string[];
  statistics: ChannelStatistics | null;
  /** Server clock minus the local clock, measured on the last event with serverTime. */
  offsetMs: number;
  selectedLotId: string | null;
  selectedBidId: string | null;
  bids: BidView[];
  bidsLoading: boolean;
  chat: ChatState;
  /** hasNewMessage per lot head row id. */
  newMessage: Record<string, boolean>;
  /** hasNewMessageForAllBatches per lot head row id. */
  newMessageForAll: Record<string, boolean>;
  /** The lot table's phase filter (null: all). */
  lotFilter: LotPhase | null;
  /** Bumped by OPEN_MODAL_AUCTIONEER. */
  openNextPhaseRequests: number;
  /** The server's AUCTION_TIME_SCALE (REGISTERED): client-side durations are multiplied by it. */
  timeScale: number;
  /** The notice's appeals (app/dispute/list after REGISTERED, then the DISPUTE_* events; appeal-model.ts). */
  disputes: DisputeView[];
}

const EMPTY_CHAT: ChatState = { channelId: null, messages: [], hasMore: false, loading: false, members: [] };

export const initialRoomState: RoomState = {
  status: "CLOSED",
  notice: null,
  user: null,
  role: "REGULAR_CITIZEN",
  roleLabel: "",
  anonymousNumber: null,
  auctioneerUserIds: [],
  statistics: null,
  offsetMs: 0,
  selectedLotId: null,
  selectedBidId: null,
  bids: [],
  bidsLoading: false,
  chat: EMPTY_CHAT,
  newMessage: {},
  newMessageForAll: {},
  lotFilter: null,
  openNextPhaseRequests: 0,
  timeScale: 1,
  disputes: [],
};

export interface ServerEvent {
  action: string;
  data: unknown;
}

export type RoomAction =
  | { type: "status"; status: ConnectionStatus }
  | { type: "registered"; data: RegisteredData; receivedAt: number }
  | { type: "selectLot"; lotId: string }
  | { type: "selectBid"; bidId: string | null }
  | { type: "setFilter"; phase: LotPhase | null }
  | { type: "bidsLoading"; lotId: string }
  | { type: "bidsLoaded"; lotId: string; bids: BidView[] }
  | { type: "chatLoading"; lotId: string }
  | { type: "chatLoaded"; lotId: string; page: ChatPage | null }
  | { type: "olderMessagesLoaded"; channelId: string; page: ChatPage }
  | { type: "bestBidsLoaded"; items: { batchId: string; supplierBestBid: BidView | null }[] }
  | { type: "events"; events: ServerEvent[]; receivedAt: number }
  | { type: "disputesLoaded"; noticeId: string; disputes: DisputeView[] }
  | { type: "reset" };

// ---- selectors ----

/** The lots' head rows (item 1), by number. */
export function headLots(notice: RoomNotice | null): RoomLot[] {
  if (!notice) return [];
  return notice.batches.filter((b) => (b.item ?? 1) === 1).sort((a, b) => a.number - b.number);
}

export function selectedLot(state: RoomState): RoomLot | null {
  return headLots(state.notice).find((l) => l.id === state.selectedLotId) ?? null;
}

export function criterionOf(notice: RoomNotice | null): JudgementCriterion {
  return notice?.dispensationForm ?? "LOWEST_PRICE";
}

/** The notice status the room reads: PUBLISHED with a started lot is ONGOING (§4). */
export function noticeStatusOf(notice: RoomNotice): NoticeStatus {
  return effectiveNoticeStatus(
    notice.status,
    headLots(notice).map((l) => l.phase),
  );
}

/** The server's present moment, from the local clock and the measured offset. */
export const serverNow = (state: Pick<RoomState, "offsetMs">, localNow = Date.now()): Date =>
  new Date(localNow + state.offsetMs);

/** The lot a chat message belongs to (its channel, else its lot id). */
function lotOfMessage(notice: RoomNotice | null, message: Pick<ChatMessage, "chatChannelId" | "batchId">) {
  const lots = headLots(notice);
  return (
    lots.find((l) => l.chatChannel?.id && l.chatChannel.id === message.chatChannelId) ??
    lots.find((l) => l.id === message.batchId) ??
    null
  );
}

const isSystem = (m: Pick<ChatMessage, "isSystemMessage">) =>
  m.isSystemMessage === 1 || m.isSystemMessage === true;

/** A message the user sent, or a system message, never raises a new-message flag (§4). */
export function raisesNewMessageFlag(message: ChatMessage, userId: string | null | undefined): boolean {
  if (isSystem(message)) return false;
  return !(message.userId !== null && userId !== null && userId !== undefined && message.userId === userId);
}

/** Lot numbers with a new message, and whether the auctioneer wrote to all lots (§2.2 alerts). */
export function newMessageAlerts(state: RoomState): { lotNumbers: number[]; forAllBatches: boolean } {
  const lots = headLots(state.notice);
  return {
    lotNumbers: lots.filter((l) => state.newMessage[l.id]).map((l) => l.number),
    forAllBatches: lots.some((l) => state.newMessageForAll[l.id]),
  };
}

// ---- helpers ----

function withQualifiedAndEnabled(bid: BidView): BidView {
  return bid.isQualifiedAndEnabled === undefined || bid.isQualifiedAndEnabled === null
    ? { ...bid, isQualifiedAndEnabled: bid.isQualified !== false && bid.isDisabled !== true }
    : bid;
}

/** The bid table's order (§4 "Bid ordering", domain sortBids). */
export function orderBids(bids: readonly BidView[], criterion: JudgementCriterion): BidView[] {
  return sortBids(bids.map(withQualifiedAndEnabled), criterion);
}

/** Only the fields the server sent (undefined ones keep what the lot has). */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function updateLots(
  notice: RoomNotice,
  ids: ReadonlySet<string>,
  update: (lot: RoomLot) => RoomLot,
): RoomNotice {
  const heads = new Map(headLots(notice).map((l) => [l.id, l]));
  const numbers = new Set([...ids].flatMap((id) => (heads.has(id) ? [heads.get(id)?.number] : [])));
  return {
    ...notice,
    batches: notice.batches.map((b) => {
      if (ids.has(b.id)) return update(b);
      // The lot's further item rows follow the head row's phase.
      if ((b.item ?? 1) !== 1 && numbers.has(b.number)) {
        const head = heads.get([...ids].find((id) => heads.get(id)?.number === b.number) ?? "");
        return head ? { ...b, phase: update(head).phase } : b;
      }
      return b;
    }),
  };
}

function mergeLive(notice: RoomNotice, live: LotLive | undefined): RoomNotice {
  if (!live?.id) return notice;
  return updateLots(notice, new Set([live.id]), (lot) => ({ ...lot, ...defined(live) }) as RoomLot);
}

/** Milliseconds zeroed, as §4 sets the bidding start on entering BIDDING. */
const zeroMs = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();

/**
 * §4 "Phase events" for one lot: the client's rules first, then every field the server sent wins
 * (the server's lot view is the truth; the rules fill in what it left out).
 */
export function applyPhaseToLot(
  lot: RoomLot,
  newPhase: LotPhase,
  live: LotLive | undefined,
  regression: boolean,
  now: Date,
): RoomLot {
  const phase = live?.phase ?? newPhase;
  let next: RoomLot = { ...lot, phase };
  if (phase === "BIDDING" && (!lot.biddingPhaseStartDateTime || regression)) {
    const start = zeroMs(now);
    next = { ...next, biddingPhaseStartDateTime: start, phaseStartDateTime: start };
  }
  if (phase === "NEGOTIATION" || phase === "QUALIFICATION") {
    next = {
      ...next,
      phaseStartDateTime: null,
      phaseEndDateTime: null,
      attachingDocumentsStartDateTime: null,
      attachingDocumentsEndingDateTime: null,
    };
  }
  if ((phase === "TIEBREAKER" || phase === "NEGOTIATION") && live) {
    const start = live.biddingPhaseStartDateTime ?? next.biddingPhaseStartDateTime ?? null;
    next = {
      ...next,
      biddingPhaseStartDateTime: start,
      biddingPhaseEndingDateTime: live.biddingPhaseEndingDateTime ?? start,
    };
  }
  if (phase !== "BIDDING") next = { ...next, subPhase: live?.subPhase ?? null };
  return live ? ({ ...next, ...defined(live), phase } as RoomLot) : next;
}

const PHASES_THAT_RELOAD_BIDS: readonly LotPhase[] = [
  "CLOSED_FOR_OFFERS",
  "PUBLIC_SESSION",
  "OFFERS_ANALYSIS",
  "BIDDING",
  "QUALIFICATION",
  "NEGOTIATION",
];
const PHASES_THAT_RELOAD_BEST_BIDS: readonly LotPhase[] = ["PUBLIC_SESSION", "BIDDING", "NEGOTIATION"];

const PHASE_ACTIONS = [
  "PHASE_ADVANCED",
  "PHASE_ADVANCED_OPTIMIZED",
  "PHASE_REGRESSED",
  "PHASE_REGRESSED_OPTIMIZED",
];
const PROCESS_STATUS: Record<string, NoticeStatus> = {
  PROCESS_CANCELLED: "CANCELLED",
  PROCESS_REVOKED: "REVOKED",
  PROCESS_SUSPENDED: "SUSPENDED",
  PROCESS_SUSPENDED_INDEFINITELY: "SUSPENDED_INDEFINITELY",
  PROCESS_UNSUSPENDED: "ONGOING",
};

function phaseEventLotIds(data: PhaseEventData): string[] {
  if (data.batchesIds?.length) return data.batchesIds;
  if (data.batchId) return [data.batchId];
  return (data.batches ?? []).map((b) => b.id);
}

/** What the room must load after an event (§4): the selected lot's bids, the user's best bids, everything. */
export interface EventEffects {
  reloadBids: boolean;
  reloadBestBids: boolean;
  reloadRoom: boolean;
}

export function eventEffects(state: RoomState, event: ServerEvent): EventEffects {
  const none: EventEffects = { reloadBids: false, reloadBestBids: false, reloadRoom: false };
  const notice = state.notice;
  if (!notice) return none;
  const data = (event.data ?? {}) as Record<string, unknown>;
  if (event.action in PROCESS_STATUS) {
    if (data.auctionNoticeId !== undefined && data.auctionNoticeId !== notice.id) return none;
    return { ...none, reloadRoom: event.action === "PROCESS_UNSUSPENDED" };
  }
  if (event.action === "REFERENCE_PRICE_DISCLOSED") {
    if (data.auctionNoticeId !== undefined && data.auctionNoticeId !== notice.id) return none;
    // §4: the notice is fetched again (a supplier's lots carry no reference price before).
    return { ...none, reloadRoom: true };
  }
  if (PHASE_ACTIONS.includes(event.action)) {
    const phaseData = data as unknown as PhaseEventData;
    if (phaseData.auctionNoticeId && phaseData.auctionNoticeId !== notice.id) return none;
    const ids = phaseEventLotIds(phaseData);
    const selected = state.selectedLotId !== null && ids.includes(state.selectedLotId);
    return {
      reloadBids: selected && PHASES_THAT_RELOAD_BIDS.includes(phaseData.newPhase),
      reloadBestBids:
        isNewModality(notice.modality) &&
        state.user?.supplier != null &&
        PHASES_THAT_RELOAD_BEST_BIDS.includes(phaseData.newPhase),
      reloadRoom: false,
    };
  }
  if (event.action === "BID_CANCELLED") {
    const bidData = data as unknown as BidEventData;
    // The supplier's earlier bid, replaced in the list by the cancelled one, comes back from the server.
    return { ...none, reloadBids: bidData.batchId === state.selectedLotId };
  }
  return none;
}

function applyNewBid(state: RoomState, data: BidEventData): RoomState {
  if (!state.notice) return state;
  const notice = mergeLive(state.notice, data.batch);
  if (data.batchId !== state.selectedLotId || !data.bid) return { ...state, notice };
  const bid = data.bid;
  // The list is the lot's bids as /room/batchBids answers it (every bid, §4 order): the new bid
  // joins it, replacing only an earlier copy of itself (a resynchronisation may repeat it).
  const others = state.bids.filter((b) => b.id !== bid.id);
  return { ...state, notice, bids: orderBids([bid, ...others], criterionOf(notice)) };
}

function applyCancelledBid(state: RoomState, data: BidEventData): RoomState {
  if (!state.notice) return state;
  const notice = mergeLive(state.notice, data.batch);
  if (data.batchId !== state.selectedLotId) return { ...state, notice };
  const id = data.bidId ?? data.bid?.id;
  const bids = state.bids.map((b) =>
    b.id === id ? { ...b, ...(data.bid ?? {}), isCancelled: true, state: "CANCELLED" } : b,
  );
  return { ...state, notice, bids };
}

function applyPhaseEvent(state: RoomState, data: PhaseEventData, regression: boolean, receivedAt: number) {
  if (!state.notice || (data.auctionNoticeId && data.auctionNoticeId !== state.notice.id)) return state;
  const ids = new Set(phaseEventLotIds(data));
  const now = serverNow(state, receivedAt);
  const liveById = new Map((data.batches ?? []).map((b) => [b.id, b]));
  let notice = updateLots(state.notice, ids, (lot) =>
    applyPhaseToLot(lot, data.newPhase, liveById.get(lot.id), regression, now),
  );
  notice = { ...notice, effectiveStatus: noticeStatusOf(notice) };
  // §2.2 sets the list filter to BIDDING/TIEBREAKER after a phase update; issue 12 item 4 overrides
  // it: the filter is the user's choice, so starting a lot's bidding hides no lot from anyone.
  // Once no lot is left in the phase the user filtered by, the list would be empty: show all again.
  const heads = headLots(notice);
  const stale = state.lotFilter !== null && !heads.some((l) => l.phase === state.lotFilter);
  return { ...state, notice, lotFilter: stale ? null : state.lotFilter };
}

function addMessage(state: RoomState, message: ChatMessage, forAllBatches: boolean): RoomState {
  const lot = lotOfMessage(state.notice, message);
  if (!lot) return state;
  const channelId = message.chatChannelId ?? message.chatChannel?.id;
  if (lot.id === state.selectedLotId && state.chat.channelId === channelId) {
    if (state.chat.messages.some((m) => m.id === message.id)) return state;
    const messages = [...state.chat.messages, message].sort(
      (a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate),
    );
    return { ...state, chat: { ...state.chat, messages } };
  }
  if (lot.id === state.selectedLotId || !raisesNewMessageFlag(message, state.user?.id)) return state;
  return {
    ...state,
    newMessage: { ...state.newMessage, [lot.id]: true },
    newMessageForAll: forAllBatches ? { ...state.newMessageForAll, [lot.id]: true } : state.newMessageForAll,
  };
}

function applyProcessStatus(state: RoomState, action: string, data: ProcessEventData) {
  const fallback = PROCESS_STATUS[action];
  if (!state.notice || !fallback) return state;
  if (data.auctionNoticeId !== undefined && data.auctionNoticeId !== state.notice.id) return state;
  // The stored status the server sends wins (PROCESS_UNSUSPENDED: PUBLISHED when no lot started).
  const status = data.status ?? fallback;
  const notice = { ...state.notice, status };
  return { ...state, notice: { ...notice, effectiveStatus: noticeStatusOf(notice) } };
}

/**
 * SUPPLIER_DISQUALIFIED / _REQUALIFIED set isQualified, SUPPLIER_DISABLED / _ENABLED set isDisabled
 * on the bids of the supplier (by its anonymous number) in the lots named (§4 "Other pushed events").
 */
function applySupplierStatus(state: RoomState, data: SupplierStatusEventData): RoomState {
  const notice = state.notice;
  if (!notice || (data.auctionNoticeId && data.auctionNoticeId !== notice.id)) return state;
  const n = data.anonymousSupplierIdentificationNumber;
  if (n === null || n === undefined) return state;
  const flags: Partial<BidView> = {
    ...(data.isQualified !== undefined ? { isQualified: data.isQualified } : {}),
    ...(data.isDisabled !== undefined ? { isDisabled: data.isDisabled } : {}),
  };
  const update = (bid: BidView): BidView => {
    if (bid.anonymousSupplierIdentificationNumber !== n) return bid;
    const next = { ...bid, ...flags };
    return { ...next, isQualifiedAndEnabled: next.isQualified !== false && next.isDisabled !== true };
  };
  const ids = new Set(data.batchesIds ?? []);
  const updateBid = (bid: BidView | null | undefined) => (bid ? update(bid) : bid);
  const nextNotice = updateLots(notice, ids, (lot) => ({
    ...lot,
    batchBestBid: updateBid(lot.batchBestBid),
    supplierBestBid: updateBid(lot.supplierBestBid),
  }));
  const selected = state.selectedLotId !== null && ids.has(state.selectedLotId);
  return {
    ...state,
    notice: nextNotice,
    bids: selected ? orderBids(state.bids.map(update), criterionOf(notice)) : state.bids,
  };
}

/**
 * REFERENCE_PRICE_DISCLOSED (§4): shouldDiscloseReferencePrice becomes true and each item-1 row's
 * referencePrice becomes the sum over the rows of its lot (the room then registers again to fetch
 * the notice, whose rows carry the prices a supplier could not see before).
 */
function applyReferencePriceDisclosed(state: RoomState, data: { auctionNoticeId?: string }): RoomState {
  const notice = state.notice;
  if (!notice || (data.auctionNoticeId && data.auctionNoticeId !== notice.id)) return state;
  const sums = new Map<number, number | null>();
  for (const row of notice.batches) {
    const known = sums.has(row.number) ? sums.get(row.number) : 0;
    const price = row.referencePrice;
    sums.set(
      row.number,
      known === null || price === null || price === undefined ? null : (known ?? 0) + price,
    );
  }
  return {
    ...state,
    notice: {
      ...notice,
      shouldDiscloseReferencePrice: true,
      batches: notice.batches.map((row) => {
        const sum = sums.get(row.number);
        return (row.item ?? 1) === 1 && sum !== null && sum !== undefined
          ? { ...row, referencePrice: sum }
          : row;
      }),
    },
  };
}

/** One pushed event (§4). Unknown or unsupported actions leave the state as it is. */
export function applyServerEvent(state: RoomState, event: ServerEvent, receivedAt: number): RoomState {
  const data = (event.data ?? {}) as Record<string, unknown>;
  let next = state;
  if (typeof data.serverTime === "string") {
    const server = Date.parse(data.serverTime);
    if (!Number.isNaN(server)) next = { ...next, offsetMs: server - receivedAt };
  }
  switch (event.action) {
    case "NEW_BID_PLACED":
    case "BACKLOG_BID_CREATED":
      return applyNewBid(next, data as unknown as BidEventData);
    case "BID_CANCELLED":
      return applyCancelledBid(next, data as unknown as BidEventData);
    case "PHASE_ADVANCED":
    case "PHASE_ADVANCED_OPTIMIZED":
      return applyPhaseEvent(next, data as unknown as PhaseEventData, false, receivedAt);
    case "PHASE_REGRESSED":
    case "PHASE_REGRESSED_OPTIMIZED":
      return applyPhaseEvent(next, data as unknown as PhaseEventData, true, receivedAt);
    case "NEW_MESSAGE":
    case "NEW_MESSAGE_OPTIMIZED":
      return addMessage(next, data as unknown as ChatMessage, false);
    case "MESSAGE_SENT_TO_BATCHES":
    case "MESSAGE_SENT_TO_BATCHES_OPTIMIZED":
      return ((data as unknown as MessagesToBatchesData).messages ?? []).reduce(
        (s, m) => addMessage(s, m, true),
        next,
      );
    case "CHANNEL_STATISTICS":
      return { ...next, statistics: data as unknown as ChannelStatistics };
    case "OPEN_MODAL_AUCTIONEER":
      return { ...next, openNextPhaseRequests: next.openNextPhaseRequests + 1 };
    case "SUPPLIER_DISQUALIFIED":
    case "SUPPLIER_REQUALIFIED":
    case "SUPPLIER_DISABLED":
    case "SUPPLIER_ENABLED":
      return applySupplierStatus(next, data as unknown as SupplierStatusEventData);
    case "REFERENCE_PRICE_DISCLOSED":
      return applyReferencePriceDisclosed(next, data as { auctionNoticeId?: string });
    default:
      if (isAwardAction(event.action)) return applyAwardEvent(next, data as AwardEventData);
      if (event.action in PROCESS_STATUS)
        return applyProcessStatus(next, event.action, data as unknown as ProcessEventData);
      if (isDisputeEvent(event.action) && next.notice) {
        const disputes = applyDisputeEvent(next.disputes, next.notice.id, data as DisputeEventData);
        return disputes ? { ...next, disputes } : next;
      }
      return next;
  }
}

function registered(state: RoomState, data: RegisteredData, receivedAt: number): RoomState {
  const notice: RoomNotice = { ...data.auctionNotice };
  notice.effectiveStatus = notice.effectiveStatus ?? noticeStatusOf(notice);
  const lots = headLots(notice);
  // A resynchronisation keeps the lot the user was on, when it still exists.
  const keep = lots.find((l) => l.id === state.selectedLotId);
  const selectedLotId = keep?.id ?? lots[0]?.id ?? null;
  const server = Date.parse(data.serverTime);
  return {
    ...state,
    notice,
    user: data.user,
    role: data.roomRole,
    roleLabel: data.roomRoleLabel,
    anonymousNumber: data.anonymousSupplierIdentificationNumber,
    auctioneerUserIds: data.auctioneerUserIds ?? [],
    statistics: data.channelStatistics ?? state.statistics,
    offsetMs: Number.isNaN(server) ? state.offsetMs : server - receivedAt,
    timeScale:
      typeof data.auctionTimeScale === "number" && data.auctionTimeScale > 0 ? data.auctionTimeScale : 1,
    selectedLotId,
    ...(keep ? {} : { bids: [], selectedBidId: null, chat: EMPTY_CHAT }),
  };
}

function mergeLoaded(current: readonly DisputeView[], loaded: readonly DisputeView[]): DisputeView[] {
  const known = new Set(loaded.map((d) => d.id));
  return [...loaded, ...current.filter((d) => !known.has(d.id))].sort(
    (a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate) || a.id.localeCompare(b.id),
  );
}

export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case "status":
      return { ...state, status: action.status };
    case "registered":
      return registered(state, action.data, action.receivedAt);
    case "selectLot": {
      if (!headLots(state.notice).some((l) => l.id === action.lotId)) return state;
      // §2.1: bids, chat and the selected bid are cleared; the new lot's flags go down.
      return {
        ...state,
        selectedLotId: action.lotId,
        selectedBidId: null,
        bids: [],
        chat: EMPTY_CHAT,
        newMessage: { ...state.newMessage, [action.lotId]: false },
        newMessageForAll: { ...state.newMessageForAll, [action.lotId]: false },
      };
    }
    case "selectBid":
      return { ...state, selectedBidId: action.bidId };
    case "setFilter":
      return { ...state, lotFilter: action.phase };
    case "bidsLoading":
      return action.lotId === state.selectedLotId ? { ...state, bidsLoading: true } : state;
    case "bidsLoaded":
      if (action.lotId !== state.selectedLotId) return state;
      return {
        ...state,
        bidsLoading: false,
        bids: orderBids(action.bids, criterionOf(state.notice)),
        selectedBidId: action.bids.some((b) => b.id === state.selectedBidId) ? state.selectedBidId : null,
      };
    case "chatLoading":
      return action.lotId === state.selectedLotId
        ? { ...state, chat: { ...EMPTY_CHAT, loading: true } }
        : state;
    case "chatLoaded": {
      if (action.lotId !== state.selectedLotId) return state;
      const lot = selectedLot(state);
      const page = action.page;
      return {
        ...state,
        chat: {
          channelId: page?.chatChannel.id ?? lot?.chatChannel?.id ?? null,
          messages: page?.messages ?? [],
          hasMore: page?.hasMore ?? false,
          loading: false,
          members: page?.chatChannel.chatMembers ?? [],
        },
        newMessage: { ...state.newMessage, [action.lotId]: false },
        newMessageForAll: { ...state.newMessageForAll, [action.lotId]: false },
      };
    }
    case "olderMessagesLoaded": {
      if (action.channelId !== state.chat.channelId) return state;
      const known = new Set(state.chat.messages.map((m) => m.id));
      const older = action.page.messages.filter((m) => !known.has(m.id));
      return {
        ...state,
        chat: { ...state.chat, messages: [...older, ...state.chat.messages], hasMore: action.page.hasMore },
      };
    }
    case "bestBidsLoaded": {
      if (!state.notice) return state;
      const byLot = new Map(action.items.map((i) => [i.batchId, i.supplierBestBid]));
      return {
        ...state,
        notice: updateLots(state.notice, new Set(byLot.keys()), (lot) => ({
          ...lot,
          supplierBestBid: byLot.get(lot.id) ?? null,
        })),
      };
    }
    case "events":
      return action.events.reduce((s, e) => applyServerEvent(s, e, action.receivedAt), state);
    case "disputesLoaded":
      // The list is the truth at its moment; a view pushed meanwhile is newer only if the list lacks it.
      if (state.notice?.id !== action.noticeId) return state;
      return { ...state, disputes: mergeLoaded(state.disputes, action.disputes) };
    case "reset":
      return initialRoomState;
  }
}
