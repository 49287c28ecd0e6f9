// The bid frames of the live channel, contract version 2 (docs/live-room.md "Contract version 2";
// issue 17 item 6). A NEW_BID_PLACED / BID_CANCELLED frame carries the bid once, without the values
// every bid view has unless told otherwise; the lot's best and the author's best as `"bid"` when
// they are that same bid; and, of the lot, only what the bid changed. The server compacts with
// `compactBidView`; every client expands with `expandBidFrame` before it reads a frame, so the rest of
// the client keeps reading the full views (BidView, LotLive) of version 1.
import { anonymousBidderName } from "./anonymity";

export const LIVE_CONTRACT_VERSION = 2;

/** A lot's best (or the author's best) that is the frame's own bid. */
export const SAME_BID = "bid";

/**
 * What a bid view holds unless its frame says otherwise. `nameToScreen` is absent too when it is
 * the anonymous label of its number ('Licitante {n}'), and `batch`/`batchId` are the frame's lot.
 */
export const BID_VIEW_DEFAULTS: Readonly<Record<string, unknown>> = {
  unitPrice: null,
  percentDiscount: null,
  totalPrice: null,
  quantity: null,
  brand: null,
  kind: "LIVE",
  state: "ACTIVE",
  isCancelled: false,
  cancellationReason: null,
  isSealed: false,
  isOwn: false,
  anonymousSupplierIdentificationNumber: null,
  supplier: null,
  isQualified: true,
  isDisabled: false,
  isQualifiedAndEnabled: true,
  isBacklog: false,
  isWinner: false,
};

type View = Record<string, unknown>;

// The server's label for a bid without a number is 'Licitante ?' (chat-views anonymousSupplierName).
const anonymousLabel = (view: View) =>
  anonymousBidderName((view.anonymousSupplierIdentificationNumber as number | null | undefined) ?? "?");

/** A bid view without what the defaults, the label and the frame's lot already say. */
export function compactBidView(view: View): View {
  const out: View = {};
  for (const [key, value] of Object.entries(view)) {
    if (key === "batch" || key === "batchId") continue;
    if (key in BID_VIEW_DEFAULTS && BID_VIEW_DEFAULTS[key] === value) continue;
    if (key === "nameToScreen" && value === anonymousLabel(view)) continue;
    out[key] = value;
  }
  return out;
}

/** The full bid view of a compact one, in the lot `batchId`. */
export function expandBidView(compact: View, batchId: string): View {
  const view: View = { ...BID_VIEW_DEFAULTS, ...compact, batch: { id: batchId }, batchId };
  if (view.nameToScreen === undefined) view.nameToScreen = anonymousLabel(view);
  return view;
}

/**
 * A bid frame's data as version 1 read it: the full bid, the lot's best and the author's best in
 * full, the lot's id and the notice's (`auctionNoticeId`, which version 2 leaves to the room the
 * client registered in). Any other data is returned as it is.
 */
export function expandBidFrame(data: unknown, auctionNoticeId: string | null): unknown {
  if (!data || typeof data !== "object") return data;
  const frame = data as View;
  const batchId = frame.batchId;
  const compact = frame.bid;
  if (typeof batchId !== "string" || !compact || typeof compact !== "object") return data;
  const bid = expandBidView(compact as View, batchId);
  const lot = (frame.batch ?? {}) as View;
  const batch: View = { ...lot, id: batchId };
  for (const key of ["batchBestBid", "supplierBestBid"]) {
    const value = lot[key];
    if (value === SAME_BID) batch[key] = bid;
    else if (value && typeof value === "object") batch[key] = expandBidView(value as View, batchId);
  }
  return {
    ...frame,
    ...(frame.auctionNoticeId === undefined && auctionNoticeId ? { auctionNoticeId } : {}),
    bid,
    batch,
  };
}

/** The frames whose data `expandBidFrame` reads. */
export const BID_FRAME_ACTIONS: readonly string[] = ["NEW_BID_PLACED", "BID_CANCELLED"];
