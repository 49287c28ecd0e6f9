import {
  DATABASE_RETRY_MS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isRoomModality,
  LIVE_EVENTS,
} from "@certame/domain";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { ApiError, serverMessageOr } from "../../../api/client";
import { notifyError, notifySuccess } from "../../../ui/notify";
import { fetchDisputeList } from "../appeals/appeal-api";
import { ROOM_TEXTS } from "../texts";
import type { ChatMessage, RegisteredData, ServerFrame } from "../types";
import { fetchLotBids, fetchMessages, fetchMyBestBids, joinChatChannels } from "./api";
import { liveChannelUrl, RoomSocket, type SocketFactory } from "./room-socket";
import {
  eventEffects,
  headLots,
  initialRoomState,
  type RoomState,
  roomReducer,
  type ServerEvent,
} from "./room-state";
import { UpdateQueue } from "./update-queue";

/** §8: the server's message when it sent one, else the room's connection text ('na conexão'). */
export const roomErrorMessage = (error: unknown): string => serverMessageOr(error);

/** Where the room remembers that a notice's 'Sala de negociações iniciada' was shown. */
export const STARTED_SHOWN_KEY = (auctionNoticeId: string) => `certame.sala.iniciada.${auctionNoticeId}`;

/** True the first time the room of a notice starts in this browser (then remembered). */
export function firstVisit(auctionNoticeId: string): boolean {
  try {
    const key = STARTED_SHOWN_KEY(auctionNoticeId);
    if (window.localStorage.getItem(key) === "1") return false;
    window.localStorage.setItem(key, "1");
    return true;
  } catch {
    return true;
  }
}

/** §8: after a refusal naming the room, the client goes back after 500 ms. */
export const BACK_AFTER_REFUSAL_MS = 500;
/** §2.1: channel statistics every 10 s, counted on a 1 s tick. */
export const STATISTICS_EVERY_TICKS = 10;

/** §8: how long an action waits for the server's answer before it is taken as lost. */
export const ACTION_ANSWER_TIMEOUT_MS = 15_000;

/** The server's answer to an action: ACKNOWLEDGED {event, …result} or ERROR {message}. */
/**
 * The server's answer to an action. `unknown`: the connection dropped before any answer came, so the
 * action may or may not have happened (the events received on resuming tell); a typed value is then
 * not given back.
 */
export type ActionAnswer =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; message: string; unknown?: boolean };

interface PendingAction {
  event: string;
  resolve: (answer: ActionAnswer) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface TradingRoomOptions {
  auctionNoticeId: string;
  /** Whether a session exists (the chat subscription needs one). The live channel's `register`
   * sends `token: null`: the server takes the session cookie of the same-origin upgrade. */
  loggedIn: boolean;
  /** Leaves the room (the back target of §2.1). */
  goBack: () => void;
  createSocket?: SocketFactory;
  url?: string;
}

export interface TradingRoom {
  state: RoomState;
  startError: string | null;
  selectLot: (lotId: string) => void;
  selectBid: (bidId: string | null) => void;
  setFilter: (phase: RoomState["lotFilter"]) => void;
  /** Sends a live event; false (and the connection error shown) when the channel is not open. */
  send: (event: string, data: unknown) => boolean;
  /**
   * Sends an action and resolves with the server's answer: its ACKNOWLEDGED, or the next ERROR
   * (already shown to the user). Events on a socket are handled in order on the server, so answers
   * come back in the order the actions went.
   */
  request: (event: string, data: unknown) => Promise<ActionAnswer>;
  loadOlderMessages: () => Promise<void>;
}

const silently = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise;
  } catch {
    return null;
  }
};

/**
 * The trading room's live session (trading-room §2.1): the chat subscription, the live channel and
 * its update queue, the start sequence and its errors, the resynchronisation after a reconnection,
 * the statistics tick, and the loads the events ask for.
 */
export function useTradingRoom(options: TradingRoomOptions): TradingRoom {
  const { auctionNoticeId, loggedIn } = options;
  const [state, dispatch] = useReducer(roomReducer, initialRoomState);
  const [startError, setStartError] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const socketRef = useRef<RoomSocket | null>(null);
  const goBackRef = useRef(options.goBack);
  goBackRef.current = options.goBack;
  const factoryRef = useRef(options.createSocket);
  const urlRef = useRef(options.url);
  const pendingRef = useRef<PendingAction[]>([]);

  /** Answers the oldest pending action (of `event`, when given) and forgets it. */
  const answer = useCallback((result: ActionAnswer, event?: string) => {
    const index = pendingRef.current.findIndex((p) => event === undefined || p.event === event);
    if (index < 0) return;
    const [pending] = pendingRef.current.splice(index, 1);
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.resolve(result);
  }, []);

  const loadBids = useCallback(async (lotId: string) => {
    dispatch({ type: "bidsLoading", lotId });
    try {
      dispatch({ type: "bidsLoaded", lotId, bids: await fetchLotBids(lotId) });
    } catch (error) {
      notifyError(ROOM_TEXTS.bidsLoadError, roomErrorMessage(error));
      dispatch({ type: "bidsLoaded", lotId, bids: [] });
    }
  }, []);

  const loadChat = useCallback(async (lotId: string, channelId: string | null) => {
    dispatch({ type: "chatLoading", lotId });
    const page = channelId ? await silently(fetchMessages(channelId)) : null;
    dispatch({ type: "chatLoaded", lotId, page });
  }, []);

  const loadBestBids = useCallback(async () => {
    const items = await silently(fetchMyBestBids(auctionNoticeId));
    if (items) dispatch({ type: "bestBidsLoaded", items });
  }, [auctionNoticeId]);

  // The notice's appeals (docs/live-room.md "Appeals"); §8 'Erro ao carregar recursos' is for the
  // list modal: here a failure keeps what the events bring.
  const loadDisputes = useCallback(async (noticeId: string) => {
    const list = await silently(fetchDisputeList(noticeId));
    if (list) dispatch({ type: "disputesLoaded", noticeId, disputes: list.disputes });
  }, []);

  const loadLot = useCallback(
    async (lotId: string) => {
      const lot = headLots(stateRef.current.notice).find((l) => l.id === lotId);
      await Promise.all([loadChat(lotId, lot?.chatChannel?.id ?? null), loadBids(lotId)]);
    },
    [loadBids, loadChat],
  );

  useEffect(() => {
    let active = true;
    let started = false;
    let refused = false;
    let outageTold = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const leave = (delay = 0) => {
      timers.push(setTimeout(() => active && goBackRef.current(), delay));
    };

    const onRegistered = async (data: RegisteredData, receivedAt: number) => {
      if (!isRoomModality(data.auctionNotice.modality)) {
        socket.close();
        leave();
        return;
      }
      const lots = headLots(data.auctionNotice);
      if (lots.length === 0) {
        setStartError(ROOM_TEXTS.noLots);
        notifyError(undefined, ROOM_TEXTS.noLots);
        socket.close();
        return;
      }
      const keep = lots.find((l) => l.id === stateRef.current.selectedLotId);
      const lotId = keep?.id ?? (lots[0]?.id as string);
      dispatch({ type: "registered", data, receivedAt });
      stateRef.current = roomReducer(stateRef.current, { type: "registered", data, receivedAt });
      if (loggedIn) void loadDisputes(data.auctionNotice.id);
      try {
        await Promise.all([loadLot(lotId), data.user?.supplier ? loadBestBids() : Promise.resolve()]);
        if (!active) return;
        dispatch({ type: "status", status: "ACTIVATED" });
        setStartError(null);
        // 'Sala de negociações iniciada' once per notice in this browser, not on every visit.
        if (!started && firstVisit(auctionNoticeId))
          notifySuccess(ROOM_TEXTS.startedHint, ROOM_TEXTS.started);
        started = true;
      } catch {
        if (!active) return;
        dispatch({ type: "status", status: "CLOSED" });
        setStartError(ROOM_TEXTS.startError);
        notifyError(undefined, ROOM_TEXTS.startError);
      }
    };

    const applyEntries = (events: ServerEvent[]) => {
      const before = stateRef.current;
      const effects = events.map((e) => eventEffects(before, e));
      dispatch({ type: "events", events, receivedAt: Date.now() });
      const selected = before.selectedLotId;
      if (selected && effects.some((e) => e.reloadBids)) void loadBids(selected);
      if (effects.some((e) => e.reloadBestBids)) void loadBestBids();
      if (effects.some((e) => e.reloadRoom)) socketRef.current?.resync();
    };

    const queue = new UpdateQueue({
      apply: (entries) =>
        applyEntries(entries.flatMap((e) => e.items.map((data) => ({ action: e.action, data })))),
      // Updates were dropped: the full state is asked for again.
      onDrop: () => socketRef.current?.resync(),
    });

    const onFrame = (frame: ServerFrame, receivedAt: number) => {
      if (!active) return;
      if (frame.action === "REGISTERED") {
        queue.clear();
        void onRegistered(frame.data as RegisteredData, receivedAt);
        return;
      }
      // A reconnection the server could resume: the state stays, the missed events follow as frames.
      if (frame.action === "RESUMED") {
        // Resumed without ever having had the state (a first register that failed): ask for it.
        if (!stateRef.current.notice) {
          socket.resync();
          return;
        }
        const data = (frame.data ?? {}) as { channelStatistics?: unknown };
        if (data.channelStatistics)
          queue.push({ action: "CHANNEL_STATISTICS", data: data.channelStatistics });
        dispatch({ type: "status", status: "ACTIVATED" });
        return;
      }
      if (frame.action === "ACKNOWLEDGED") {
        const data = (frame.data ?? {}) as Record<string, unknown>;
        answer({ ok: true, data }, typeof data.event === "string" ? data.event : undefined);
        return;
      }
      if (frame.action === "ERROR") {
        const data = (frame.data ?? {}) as { message?: string; event?: string };
        const message = data.message || ROOM_TEXTS.connectionError;
        const outage = data.event === LIVE_EVENTS.register && message === DATABASE_UNAVAILABLE_MESSAGE;
        // The register retried every 2 s during an outage tells it once ('Conectando...' stays).
        if (!outage || !outageTold) notifyError(undefined, message);
        outageTold = outage;
        // The server names the refused event: a refused bid does not answer a waiting control modal.
        answer({ ok: false, message }, typeof data.event === "string" ? data.event : undefined);
        if (message.includes(ROOM_TEXTS.accessRefused)) {
          refused = true;
          socket.close();
          leave(BACK_AFTER_REFUSAL_MS);
        }
        // The room could not be entered while the server's database is away: it tries again until
        // it is back (the status stays 'Conectando...'), as after a dropped connection.
        if (data.event === LIVE_EVENTS.register && message === DATABASE_UNAVAILABLE_MESSAGE)
          timers.push(setTimeout(() => active && socket.retryRegister(), DATABASE_RETRY_MS));
        return;
      }
      queue.push(frame);
    };

    const socket = new RoomSocket({
      url: urlRef.current ?? liveChannelUrl(),
      auctionNoticeId,
      token: null,
      create: factoryRef.current,
      onStatus: (status) => {
        if (!active) return;
        // Actions still waiting when the connection dropped get no answer on the next one: they are
        // settled now as unknown, so a later answer is never taken for theirs.
        if (status !== "ACTIVATED")
          for (const p of pendingRef.current.splice(0)) {
            clearTimeout(p.timer);
            p.resolve({ ok: false, message: ROOM_TEXTS.connectionError, unknown: true });
          }
        // A refusal before the start leaves the room CLOSED; FAILED is kept until leaving.
        if (status === "CLOSED" && refused && !started) setStartError(ROOM_TEXTS.startError);
        dispatch({ type: "status", status });
      },
      onFrame,
      onGiveUp: () => {
        notifyError(undefined, ROOM_TEXTS.reconnectFailed);
        leave();
      },
    });
    socketRef.current = socket;
    queue.start();

    const begin = async () => {
      // §2.1: the chat subscription first; a 409 (already subscribed) is fine, any other error goes back.
      if (loggedIn) {
        try {
          await joinChatChannels(auctionNoticeId);
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) {
            if (!active) return;
            notifyError(undefined, roomErrorMessage(error));
            leave();
            return;
          }
        }
      }
      if (active) socket.start();
    };
    void begin();

    return () => {
      active = false;
      for (const t of timers) clearTimeout(t);
      for (const p of pendingRef.current.splice(0)) {
        clearTimeout(p.timer);
        p.resolve({ ok: false, message: ROOM_TEXTS.connectionError });
      }
      queue.stop();
      socket.close();
      socketRef.current = null;
      dispatch({ type: "reset" });
    };
  }, [auctionNoticeId, loggedIn, loadLot, loadBids, loadBestBids, loadDisputes, answer]);

  // §2.1: statistics every 10 s while ACTIVATED, counted on a 1 s tick.
  const activated = state.status === "ACTIVATED";
  useEffect(() => {
    if (!activated) return;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      if (ticks % STATISTICS_EVERY_TICKS === 0)
        socketRef.current?.send(LIVE_EVENTS.getChannelStatistics, { auctionNoticeId });
    }, 1000);
    return () => clearInterval(timer);
  }, [activated, auctionNoticeId]);

  const selectLot = useCallback(
    (lotId: string) => {
      if (lotId === stateRef.current.selectedLotId) return;
      dispatch({ type: "selectLot", lotId });
      stateRef.current = roomReducer(stateRef.current, { type: "selectLot", lotId });
      loadLot(lotId).catch(() => notifyError(undefined, ROOM_TEXTS.lotSwitchError));
    },
    [loadLot],
  );

  const send = useCallback((event: string, data: unknown) => {
    const sent = socketRef.current?.send(event, data) ?? false;
    if (!sent) notifyError(undefined, ROOM_TEXTS.connectionError);
    return sent;
  }, []);

  const request = useCallback(
    (event: string, data: unknown) =>
      new Promise<ActionAnswer>((resolve) => {
        if (!send(event, data)) {
          resolve({ ok: false, message: ROOM_TEXTS.connectionError });
          return;
        }
        const pending: PendingAction = {
          event,
          resolve,
          timer: setTimeout(() => {
            pendingRef.current = pendingRef.current.filter((p) => p !== pending);
            notifyError(undefined, ROOM_TEXTS.connectionError);
            resolve({ ok: false, message: ROOM_TEXTS.connectionError });
          }, ACTION_ANSWER_TIMEOUT_MS),
        };
        pendingRef.current.push(pending);
      }),
    [send],
  );

  const loadOlderMessages = useCallback(async () => {
    const { chat } = stateRef.current;
    const oldest: ChatMessage | undefined = chat.messages[0];
    if (!chat.channelId || !chat.hasMore || !oldest) return;
    const page = await silently(
      fetchMessages(chat.channelId, { createdDate: oldest.createdDate, id: oldest.id }),
    );
    if (page) dispatch({ type: "olderMessagesLoaded", channelId: chat.channelId, page });
  }, []);

  return {
    state,
    startError,
    selectLot,
    selectBid: useCallback((bidId: string | null) => dispatch({ type: "selectBid", bidId }), []),
    setFilter: useCallback((phase: RoomState["lotFilter"]) => dispatch({ type: "setFilter", phase }), []),
    send,
    request,
    loadOlderMessages,
  };
}
