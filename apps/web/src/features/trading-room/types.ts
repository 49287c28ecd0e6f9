// The room's data as the live channel and the room calls send it: the wire contract lives once, in
// packages/domain (room/live-contract.ts), shared with the server's renderers.
export type {
  BidEventData,
  BidView,
  ChannelStatistics,
  ChatMember,
  ChatMention,
  ChatMessage,
  ChatPage,
  LotLive,
  LotPhaseInfo,
  MessagesToBatchesData,
  PhaseEventData,
  ProcessEventData,
  RegisteredData,
  RoomLot,
  RoomNoticeView as RoomNotice,
  RoomUserView,
  ServerFrame,
  SupplierStatusEventData,
} from "@certame/domain";
