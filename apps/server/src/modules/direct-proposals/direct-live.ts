import { DIRECT_LIVE_ACTIONS, type DirectLiveAction } from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { LiveNotice } from "../../room/bus/live-notice";
import type { RenderedEvent, Viewer } from "../../room/state/audience";

/** A direct procedure's live notice (the outbox row's ids), pushed in the change's transaction. */
export const directLiveNotice = (
  noticeId: string,
  action: DirectLiveAction,
  id: string,
  supplierId?: string,
): LiveNotice => ({ t: "direct", n: noticeId, a: action, i: id, ...(supplierId ? { s: supplierId } : {}) });

/**
 * The frames of a direct procedure's change (docs/live-room.md "Direct procedures"): ids only, the
 * page reads its data again. A proposal sent or replaced goes to the body's staff of the notice (no
 * supplier sees another's proposals); a decision also to the supplier it concerns; a forum message and
 * an appeal's change to everyone registered on the notice (both are public to signed-in users, and a
 * direct procedure's registration requires a session).
 */
export function renderDirectLive(notice: LiveNotice, clock: Clock): RenderedEvent | null {
  if (notice.t !== "direct") return null;
  const serverTime = clock().toISOString();
  if (notice.a === DIRECT_LIVE_ACTIONS.forumMessagePosted) {
    const data = { auctionNoticeId: notice.n, messageId: notice.i, serverTime };
    return { noticeId: notice.n, action: notice.a, perSupplier: new Set(), view: () => data };
  }
  // The appeals are public to signed-in users, as the forum (docs/decisions.md "Direct procedures' appeals").
  if (notice.a === DIRECT_LIVE_ACTIONS.appealUpdated) {
    const data = { auctionNoticeId: notice.n, appealId: notice.i, serverTime };
    return { noticeId: notice.n, action: notice.a, perSupplier: new Set(), view: () => data };
  }
  const data = { auctionNoticeId: notice.n, proposalId: notice.i, serverTime };
  const concerned = notice.a === DIRECT_LIVE_ACTIONS.proposalDecided && notice.s ? notice.s : null;
  return {
    noticeId: notice.n,
    action: notice.a,
    perSupplier: new Set(concerned ? [concerned] : []),
    view: (viewer: Viewer) =>
      viewer.audience === "BODY" || (concerned !== null && viewer.supplierId === concerned)
        ? data
        : undefined,
  };
}
