import { roomRoleDisplayLabel, UNIDENTIFIED_SENDER_NAME } from "@certame/domain";
import { anonymousSupplierName, type Viewer } from "../state/audience";
import type { ChatMessageRow } from "./chat.repository";

export interface ParticipantInfo {
  supplierId: string;
  anonymousNumber: number;
  userId: string | null;
  corporateName: string | null;
  name: string | null;
}

export interface Mention {
  supplierId: string;
  anonymousSupplierIdentificationNumber: number;
}

/**
 * A chat message as one audience may see it. While names are hidden (`confidential`: any lot of the
 * notice in a confidential phase, RoomLot.confidential; trading-room §4, DESIGN §4) a supplier sender
 * and every mentioned supplier appear only by their anonymous
 * number, to everyone, the auctioneer included; only the sender's own view keeps its user id so
 * its client can tell its own messages apart. Supplier documents are never part of a message.
 */
export function messageView(
  row: ChatMessageRow,
  opts: { confidential: boolean; participants: ReadonlyMap<string, ParticipantInfo>; viewer: Viewer },
) {
  const m = row.message;
  const mentions = ((m.metadata as { mentions?: Mention[] }).mentions ?? []).map((mention) => {
    const p = opts.participants.get(mention.supplierId);
    return opts.confidential
      ? { anonymousSupplierIdentificationNumber: mention.anonymousSupplierIdentificationNumber }
      : {
          anonymousSupplierIdentificationNumber: mention.anonymousSupplierIdentificationNumber,
          supplier: {
            id: mention.supplierId,
            corporateName: p?.corporateName ?? null,
            name: p?.name ?? null,
          },
        };
  });
  let user: Record<string, unknown> | null = null;
  let userId: string | null = m.userId;
  let anonymousSupplierIdentificationNumber: number | null = null;
  if (m.supplierId) {
    const p = opts.participants.get(m.supplierId);
    anonymousSupplierIdentificationNumber = p?.anonymousNumber ?? null;
    if (opts.confidential) {
      const own = opts.viewer.supplierId === m.supplierId;
      userId = own ? m.userId : null;
      user = { id: userId, nameToScreen: anonymousSupplierName(anonymousSupplierIdentificationNumber) };
    } else {
      const name = p?.corporateName ?? p?.name ?? UNIDENTIFIED_SENDER_NAME;
      user = { id: m.userId, name, nameToScreen: name, supplier: { id: m.supplierId, corporateName: name } };
    }
  } else if (m.userId) {
    const name = row.senderName ?? UNIDENTIFIED_SENDER_NAME;
    const label = m.senderRole ? roomRoleDisplayLabel(m.senderRole) : "";
    user = {
      id: m.userId,
      name,
      nameToScreen: label ? `${label}: ${name}` : name,
      buyer: row.senderKind === "BUYER" ? {} : null,
      roomRole: m.senderRole,
    };
  }
  const createdDate = m.createdDate.toISOString();
  return {
    id: m.id,
    chatChannel: { id: m.chatChannelId },
    chatChannelId: m.chatChannelId,
    batchId: m.batchId,
    text: m.text,
    mediaFiles: m.mediaFiles,
    metadata: { mentions },
    isSystemMessage: m.isSystemMessage ? 1 : 0,
    action: m.action,
    messagesForAllBatches: m.isForAllBatches,
    userId,
    user,
    anonymousSupplierIdentificationNumber,
    createdDate,
    createdMessage: createdDate,
  };
}

export interface MemberRow {
  chatChannelId: string;
  userId: string;
  userName: string;
  kind: string;
  supplierId: string | null;
}

/** The member list of a channel, with the same anonymity rule as messages. */
export function memberView(
  row: MemberRow,
  opts: { confidential: boolean; participants: ReadonlyMap<string, ParticipantInfo>; viewer: Viewer },
) {
  if (row.supplierId) {
    const p = opts.participants.get(row.supplierId);
    const n = p?.anonymousNumber ?? null;
    if (opts.confidential) {
      const own = opts.viewer.supplierId === row.supplierId;
      return {
        user: own ? { id: row.userId } : null,
        anonymousSupplierIdentificationNumber: n,
        nameToScreen: anonymousSupplierName(n),
      };
    }
    const name = p?.corporateName ?? p?.name ?? UNIDENTIFIED_SENDER_NAME;
    return {
      user: { id: row.userId },
      anonymousSupplierIdentificationNumber: n,
      supplier: { id: row.supplierId, corporateName: name },
      nameToScreen: name,
    };
  }
  return { user: { id: row.userId, name: row.userName }, anonymousSupplierIdentificationNumber: null };
}
