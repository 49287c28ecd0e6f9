import type { DirectLiveAction } from "@certame/domain";
import { useEffect, useRef, useState } from "react";
import { liveChannelUrl, RoomSocket, type SocketFactory } from "../trading-room/live/room-socket";

export interface DirectLiveOptions {
  auctionNoticeId: string;
  /** The pushed actions the page listens to (DIRECT_LIVE_ACTIONS). */
  actions: readonly DirectLiveAction[];
  /** A listened action arrived (the page reads its query again and announces it). */
  onAction: (action: DirectLiveAction, data: Record<string, unknown>) => void;
  /** Registered again after a drop with the whole state: what was missed is read again. */
  onResync?: () => void;
  /** The socket (tests pass a fake); the browser's WebSocket by default. */
  createSocket?: SocketFactory;
}

/**
 * A direct procedure's page on the live channel (docs/live-room.md "Direct procedures"): the trading
 * room's own client (RoomSocket: register with the session cookie, reconnection, resumption by
 * sequence), listening to the page's actions. `live` is true while registered; the page polls only
 * while it is not.
 */
export function useDirectLive({
  auctionNoticeId,
  actions,
  onAction,
  onResync,
  createSocket,
}: DirectLiveOptions): { live: boolean } {
  const [live, setLive] = useState(false);
  const handlers = useRef({ onAction, onResync, actions });
  handlers.current = { onAction, onResync, actions };

  useEffect(() => {
    if (!auctionNoticeId) return;
    let registered = false;
    const socket: RoomSocket = new RoomSocket({
      url: liveChannelUrl(),
      auctionNoticeId,
      // The session cookie of the same-origin upgrade authenticates (DESIGN §5).
      token: null,
      scope: "DIRECT_PROCEDURE",
      create: createSocket,
      // Every status it tells is a socket not (yet) registered: connecting, failed or closed.
      onStatus: () => setLive(false),
      onFrame: (frame) => {
        if (frame.action === "REGISTERED" || frame.action === "RESUMED") {
          // A fresh state after a drop (not a resumption): the page reads again what it missed.
          if (registered && frame.action === "REGISTERED") handlers.current.onResync?.();
          registered = true;
          setLive(true);
          return;
        }
        // Refused (no session, the server's database away): the page keeps polling.
        if (frame.action === "ERROR" && (frame.data as { event?: string }).event === "register") {
          setLive(false);
          socket.close();
          return;
        }
        if ((handlers.current.actions as readonly string[]).includes(frame.action))
          handlers.current.onAction(frame.action as DirectLiveAction, frame.data as Record<string, unknown>);
      },
    });
    socket.start();
    return () => socket.close();
  }, [auctionNoticeId, createSocket]);

  return { live };
}
