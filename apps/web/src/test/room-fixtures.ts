import type {
  BidView,
  ChatMessage,
  RegisteredData,
  RoomLot,
  RoomNotice,
} from "../features/trading-room/types";

// Room payloads shaped like the server's (docs/live-room.md), for the trading-room tests.

export const ROOM_NOTICE_ID = "00000000-0000-4000-8000-000000002003";

export function roomLot(number: number, overrides: Partial<RoomLot> = {}): RoomLot {
  return {
    id: `lot-${number}`,
    number,
    item: 1,
    phase: "CLOSED_FOR_OFFERS",
    subPhase: null,
    quantity: 100,
    referencePrice: 2890,
    minimumVariation: 100,
    percentMinimumVariation: 1,
    decimalsNumber: 2,
    batchItemParticipation: "WIDE_PARTICIPATION",
    product: { name: `Produto ${number}` },
    chatChannel: { id: `chan-${number}` },
    biddingPhaseStartDateTime: null,
    biddingPhaseDueDateTime: null,
    biddingPhaseEndingDateTime: null,
    phaseStartDateTime: null,
    phaseEndDateTime: null,
    isConfidentialPhase: true,
    ...overrides,
  };
}

export function roomNotice(overrides: Partial<RoomNotice> = {}): RoomNotice {
  return {
    id: ROOM_NOTICE_ID,
    noticeNumber: "PE 08/2026",
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    status: "PUBLISHED",
    effectiveStatus: "ONGOING",
    startDateTime: "2026-03-10T12:00:00.000Z",
    closingKind: "OPEN",
    dispensationForm: "LOWEST_PRICE",
    offerKind: "UNIT_VALUE",
    auctionLicensePhase: "AFTER_BID",
    shouldDiscloseReferencePrice: true,
    buyer: { id: "buyer-1", corporateName: "Prefeitura Municipal de Exemplo" },
    batches: [roomLot(1), roomLot(2), roomLot(3, { batchItemParticipation: "EXCLUSIVE" })],
    ...overrides,
  };
}

export function registered(overrides: Partial<RegisteredData> = {}): RegisteredData {
  return {
    serverTime: "2026-03-10T12:00:00.000Z",
    auctionNotice: roomNotice(),
    user: { id: "user-auctioneer", kind: "BUYER", buyer: { id: "buyer-1" }, supplier: null },
    roomRole: "AUCTIONEER",
    roomRoleLabel: "Preg./Ag. Contrat.",
    anonymousSupplierIdentificationNumber: null,
    auctioneerUserIds: ["user-auctioneer"],
    channelStatistics: {
      isAuctioneerOnline: true,
      onlineSuppliers: [{ anonymousSupplierIdentificationNumber: 1 }],
      batchesWithAnonymousSuppliersNumbers: [{ batchId: "lot-1", anonymousSuppliersNumbers: [1, 2] }],
    },
    ...overrides,
  };
}

export const supplierRegistered = (overrides: Partial<RegisteredData> = {}) =>
  registered({
    user: { id: "user-supplier", kind: "SUPPLIER", buyer: null, supplier: { id: "sup-1" } },
    roomRole: "ENABLED_SUPPLIER",
    roomRoleLabel: "",
    anonymousSupplierIdentificationNumber: 1,
    ...overrides,
  });

export const citizenRegistered = () =>
  registered({
    user: null,
    roomRole: "REGULAR_CITIZEN",
    roomRoleLabel: "",
    anonymousSupplierIdentificationNumber: null,
  });

export function bid(n: number, unitPrice: number, overrides: Partial<BidView> = {}): BidView {
  return {
    id: `bid-${n}-${unitPrice}`,
    batchId: "lot-1",
    batch: { id: "lot-1" },
    unitPrice,
    percentDiscount: null,
    kind: "LIVE",
    state: "ACTIVE",
    isCancelled: false,
    anonymousSupplierIdentificationNumber: n,
    supplier: null,
    nameToScreen: `Licitante ${n}`,
    isQualified: true,
    isDisabled: false,
    isWinner: false,
    createdDate: "2026-03-10T12:01:00.000Z",
    ...overrides,
  };
}

export function message(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    chatChannelId: "chan-1",
    chatChannel: { id: "chan-1" },
    batchId: "lot-1",
    text: `Mensagem ${id}`,
    metadata: { mentions: [] },
    isSystemMessage: 0,
    userId: "user-other",
    user: { id: "user-other", nameToScreen: "Licitante 2" },
    createdDate: "2026-03-10T12:02:00.000Z",
    ...overrides,
  };
}
