import { apiPost } from "../../api/client";

// 'Reespecificar valores dos itens' calls (apps/server/src/room/respecify/respecify.routes.ts;
// docs/decisions.md "Re-specified item values").

export interface RespecifyItem {
  id: string;
  number: number;
  item: number;
  productName: string | null;
  quantity: number;
  /**
   * Scaled by 10^decimalsNumber (the item's value in the lot); null while the notice keeps it
   * secret from this user (Lei 14.133 art. 24): the server then checks the bound alone.
   */
  referencePrice: number | null;
  decimalsNumber: number;
  /** The split in force for the current winning bid, or null. */
  respecifiedValue: number | null;
}

export interface RespecifyLot {
  id: string;
  number: number;
  phase: string;
  criterion: string;
  isWinner: boolean;
  canRespecify: boolean;
  winner: { anonymousSupplierIdentificationNumber: number | null };
  /** The winner's best bid, at the head row's decimals. */
  bestBid: { id: string; unitPrice: number; decimalsNumber: number } | null;
  /** The scale the items add up at. */
  decimalsNumber: number;
  items: RespecifyItem[];
}

export async function fetchRespecifiableLots(auctionNoticeId: string): Promise<RespecifyLot[]> {
  const answer = await apiPost<{ batches?: RespecifyLot[] }>("app/auction/bids/respecified", {
    auctionNoticeId,
  });
  return answer?.batches ?? [];
}

export const saveRespecifiedValues = (body: {
  auctionNoticeId: string;
  batches: { batchId: string; items: { batchId: string; unitPrice: number }[] }[];
}) => apiPost<{ message: string; batchesIds: string[] }>("app/auction/bids/respecify", body);
