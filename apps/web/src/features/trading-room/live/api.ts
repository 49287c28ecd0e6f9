import { ApiError, apiPost } from "../../../api/client";
import type { BidView, ChatPage, LotPhaseInfo } from "../types";

// The room's HTTP calls (docs/live-room.md "HTTP calls"; trading-room §7).

/** The bids of a lot, in the order of §4 "Bid ordering" (session optional: citizens read). */
export async function fetchLotBids(batchId: string): Promise<BidView[]> {
  const { bids } = await apiPost<{ bids: BidView[] }>("room/batchBids", { batchId });
  return bids ?? [];
}

/** The supplier's best bid per lot. */
export async function fetchMyBestBids(
  auctionNoticeId: string,
): Promise<{ batchId: string; supplierBestBid: BidView | null }[]> {
  const { items } = await apiPost<{ items: { batchId: string; supplierBestBid: BidView | null }[] }>(
    "app/auction/myBestBids",
    { auctionNoticeId },
  );
  return items ?? [];
}

export const fetchLotPhases = (batchId: string) =>
  apiPost<LotPhaseInfo>("app/auction/lotPhases", { batchId });

/** A page of a channel's messages, oldest first; with a cursor, the page before it. */
export function fetchMessages(
  chatChannel: string,
  before?: { createdDate: string; id: string } | null,
): Promise<ChatPage> {
  return apiPost<ChatPage>("chat/getMessages", {
    chatChannel,
    ...(before ? { lastChatMessageDate: before.createdDate, lastChatMessageId: before.id } : {}),
  });
}

/**
 * Subscribes the user to the notice's chat channels. A 409 means "already in all of them" (a
 * re-entry): that is the state asked for, so it resolves like a success.
 */
export async function joinChatChannels(auctionNoticeId: string): Promise<{ chatChannelsIds: string[] }> {
  try {
    return await apiPost<{ chatChannelsIds: string[] }>("app/auction/joinChatChannel", {
      id: auctionNoticeId,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { chatChannelsIds: [] };
    throw error;
  }
}
