// Chat sender and channel kinds (trading-room §2.5, §3 "Chat message").
export const CHAT_SENDER_KINDS = ["SYSTEM", "CURRENT_USER", "AUCTIONEER", "OTHERS"] as const;
export type ChatSenderKind = (typeof CHAT_SENDER_KINDS)[number];

export const CHAT_SENDER_KIND_LABELS: Record<ChatSenderKind, string> = {
  SYSTEM: "Sistema",
  CURRENT_USER: "Você",
  AUCTIONEER: "Pregoeiro/Agente de Contratação",
  OTHERS: "Participantes",
};

export const CHAT_CHANNEL_KINDS = ["DIRECT", "GROUP"] as const;
export type ChatChannelKind = (typeof CHAT_CHANNEL_KINDS)[number];

export const CHAT_CHANNEL_KIND_LABELS: Record<ChatChannelKind, string> = {
  DIRECT: "Conversa direta",
  GROUP: "Grupo",
};

/** System messages are shown with this prefix (trading-room §2.5). */
export const SYSTEM_MESSAGE_PREFIX = "Sistema: ";
/** Fallback display name of a sender (trading-room §2.5). */
export const UNIDENTIFIED_SENDER_NAME = "Não identificado";
export const CHAT_MESSAGE_MAX_LENGTH = 5000;

/**
 * The kind a message is coloured by (trading-room §2.5, §3): system messages first, then the user's
 * own messages, then messages of one of the notice's auctioneers, then everyone else.
 */
export function chatSenderKind(message: {
  isSystemMessage: boolean;
  senderUserId: string | number | null;
  currentUserId: string | number | null;
  auctioneerUserIds: readonly (string | number)[];
}): ChatSenderKind {
  if (message.isSystemMessage) return "SYSTEM";
  if (message.senderUserId !== null && message.senderUserId === message.currentUserId) return "CURRENT_USER";
  if (message.senderUserId !== null && message.auctioneerUserIds.includes(message.senderUserId))
    return "AUCTIONEER";
  return "OTHERS";
}
