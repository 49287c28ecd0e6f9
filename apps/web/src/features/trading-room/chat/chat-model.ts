import {
  anonymousBidderName,
  type ChatSenderKind,
  chatSenderKind,
  type RoomRole,
  SYSTEM_MESSAGE_PREFIX,
  UNIDENTIFIED_SENDER_NAME,
} from "@certame/domain";
import type { MentionOption } from "../../../ui/counted-textarea/mentions";
import type { ChatMember, ChatMessage } from "../types";

// The chat box's rules (trading-room §2.5). Names always come from the server (nameToScreen), which
// applies the anonymity of the lot's phase; the client never builds a supplier's name.

export const isSystemMessage = (m: Pick<ChatMessage, "isSystemMessage">) =>
  m.isSystemMessage === 1 || m.isSystemMessage === true;

export function messageSenderKind(
  message: ChatMessage,
  currentUserId: string | null | undefined,
  auctioneerUserIds: readonly string[],
): ChatSenderKind {
  return chatSenderKind({
    isSystemMessage: isSystemMessage(message),
    senderUserId: message.userId ?? message.user?.id ?? null,
    currentUserId: currentUserId ?? null,
    auctioneerUserIds,
  });
}

/** Who the message is shown as: 'Sistema' for system messages, else the server's name, else 'Não identificado'. */
export function senderName(message: ChatMessage): string {
  if (isSystemMessage(message)) return SYSTEM_MESSAGE_PREFIX.replace(/:\s*$/, "");
  return message.user?.nameToScreen || message.user?.name || UNIDENTIFIED_SENDER_NAME;
}

/** The text shown: system messages are prefixed 'Sistema: '. */
export const messageText = (message: ChatMessage): string =>
  isSystemMessage(message) ? `${SYSTEM_MESSAGE_PREFIX}${message.text}` : message.text;

/** Colours of the sender kinds. */
export const SENDER_COLOURS: Record<ChatSenderKind, string> = {
  SYSTEM: "gray",
  CURRENT_USER: "certame",
  AUCTIONEER: "teal",
  OTHERS: "dark",
};

const SUPPLIER_OR_CITIZEN: readonly RoomRole[] = ["ENABLED_SUPPLIER", "DISABLED_SUPPLIER", "REGULAR_CITIZEN"];

/** '@' mentions are offered to buyer-side roles only (§2.5). */
export const canMention = (role: RoomRole): boolean => !SUPPLIER_OR_CITIZEN.includes(role);

/**
 * The suppliers a buyer-side user may mention: the channel's supplier members, each as its corporate
 * name, its name, or 'Licitante {n}' — whatever the server's member view carries in the lot's phase.
 */
export function mentionOptions(members: readonly ChatMember[]): MentionOption[] {
  const options: MentionOption[] = [];
  for (const m of members) {
    const n = m.anonymousSupplierIdentificationNumber;
    if (n === null || n === undefined) continue;
    const label = m.supplier?.corporateName || m.supplier?.name || m.nameToScreen || anonymousBidderName(n);
    if (!options.some((o) => o.value === String(n))) options.push({ value: String(n), label });
  }
  return options.sort((a, b) => a.label.localeCompare(b.label, "pt-BR"));
}

/** The mentions a text carries ('@label' of an option), for the message metadata. */
export function mentionsInText(
  text: string,
  options: readonly MentionOption[],
): { anonymousSupplierIdentificationNumber: number }[] {
  return options
    .filter((o) => text.includes(`@${o.label}`))
    .map((o) => ({ anonymousSupplierIdentificationNumber: Number(o.value) }));
}
