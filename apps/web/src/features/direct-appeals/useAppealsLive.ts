import { DIRECT_LIVE_ACTIONS } from "@certame/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useDirectLive } from "../direct-proposals/useDirectLive";
import type { SocketFactory } from "../trading-room/live/room-socket";
import { appealsKey } from "./api";
import { APPEAL_TEXTS as T } from "./texts";

/** Runs one of the user's own changes (it answers the appeal's id) and announces it with `message`. */
export type AppealAct = (work: () => Promise<{ id: string }>, message: string) => Promise<void>;

const ACTIONS = [DIRECT_LIVE_ACTIONS.appealUpdated];

/**
 * The appeals' pages on the live channel (docs/live-room.md "Direct procedures"): another user's appeal,
 * answer or judgement reads the list again and is announced; the user's own change is announced by
 * what it did, not a second time when its frame comes back (which may come before the HTTP answer,
 * so a frame that arrives while an own change is in flight is only read).
 */
export function useAppealsLive(noticeId: string, createSocket?: SocketFactory) {
  const client = useQueryClient();
  const [announcement, setAnnouncement] = useState("");
  const own = useRef(new Set<string>());
  const inFlight = useRef(0);
  const refresh = () => client.invalidateQueries({ queryKey: appealsKey(noticeId) });
  useDirectLive({
    auctionNoticeId: noticeId,
    actions: ACTIONS,
    createSocket,
    onAction: (_action, data) => {
      if (inFlight.current === 0 && !own.current.has(String(data.appealId))) setAnnouncement(T.announce.live);
      void refresh();
    },
    onResync: () => void refresh(),
  });
  const act: AppealAct = async (work, message) => {
    inFlight.current += 1;
    try {
      const { id } = await work();
      own.current.add(id);
      setAnnouncement(message);
      await refresh();
    } finally {
      inFlight.current -= 1;
    }
  };
  return { announcement, act };
}
