import { LIVE_EVENTS } from "@certame/domain";
import { type ReactNode, useState } from "react";
import { ConfirmModal } from "../../../ui/modal/ConfirmModal";
import { notifySuccess } from "../../../ui/notify";
import { ownBidAnnouncement } from "../live/announcements";
import { criterionOf, type RoomState } from "../live/room-state";
import { useAnnounce } from "../live/useAnnouncements";
import type { ActionAnswer } from "../live/useTradingRoom";
import { LIVE_TEXTS } from "../texts";
import type { RoomLot } from "../types";
import { farFromBest, farFromBestText } from "./bid-guard";
import { type BidMode, formatInputValue } from "./bid-input";

type Payload = { batchId: string; value: number };

/**
 * Sends the user's bid and answers it (issue 12 items 3–4): a bid 50% or more past the lot's best
 * is confirmed first in 'Confirmar lance'; the server's acceptance shows a short success
 * notification, and acceptance or refusal goes to the announcer.
 */
export function useBidSubmission({
  state,
  lot,
  mode,
  decimals,
  request,
}: {
  state: RoomState;
  lot: RoomLot | null;
  mode: BidMode;
  decimals: number;
  request: (event: string, data: unknown) => Promise<ActionAnswer>;
}): {
  /**
   * Sends now, or opens 'Confirmar lance' first; `onSent` runs once the bid went (or was confirmed),
   * `onRefused` when the server refused it (the typed value is given back).
   */
  submit: (payload: Payload, onSent: () => void, onRefused?: () => void) => void;
  /** Sends without the far-from-best check (a bid already confirmed elsewhere). */
  place: (payload: Payload) => Promise<ActionAnswer>;
  modal: ReactNode;
} {
  const announce = useAnnounce();
  const [pending, setPending] = useState<{
    payload: Payload;
    onSent: () => void;
    onRefused?: () => void;
  } | null>(null);

  const place = async (payload: Payload): Promise<ActionAnswer> => {
    if (!lot) return { ok: false, message: "", unknown: true };
    const value = formatInputValue(payload.value, mode, decimals);
    const answer = await request(LIVE_EVENTS.placeNewBid, payload);
    if (answer.ok) {
      notifySuccess(LIVE_TEXTS.bidAccepted(value, lot.number), LIVE_TEXTS.bidSent);
      announce(ownBidAnnouncement(lot, { ok: true, value }));
    } else {
      announce(ownBidAnnouncement(lot, { ok: false, message: answer.message }));
    }
    return answer;
  };
  /** The server refused it (a rule, the database away): not a connection lost before its answer. */
  const refused = (answer: ActionAnswer) => !answer.ok && !answer.unknown;

  const best = lot
    ? mode === "DISCOUNT"
      ? lot.batchBestBid?.percentDiscount
      : lot.batchBestBid?.unitPrice
    : null;
  const criterion = criterionOf(state.notice);

  const submit = (payload: Payload, onSent: () => void, onRefused?: () => void) => {
    if (farFromBest(payload.value, best, criterion)) {
      setPending({ payload, onSent, onRefused });
      return;
    }
    onSent();
    void place(payload).then((answer) => {
      if (refused(answer)) onRefused?.();
    });
  };

  const far = pending ? farFromBest(pending.payload.value, best, criterion) : null;
  const modal =
    pending && far && best != null ? (
      <ConfirmModal
        opened
        title={LIVE_TEXTS.lowBidTitle}
        confirmLabel="Confirmar"
        onClose={() => setPending(null)}
        onConfirm={() => {
          setPending(null);
          pending.onSent();
          void place(pending.payload).then((answer) => {
            if (refused(answer)) pending.onRefused?.();
          });
        }}
      >
        {farFromBestText(pending.payload.value, best, far, mode, decimals)}
      </ConfirmModal>
    ) : null;

  return { submit, place, modal };
}
