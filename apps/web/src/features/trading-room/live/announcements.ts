import {
  anonymousBidderName,
  formatBrasiliaDateTime,
  formatBrasiliaTime,
  LOT_PHASE_LABELS,
} from "@certame/domain";
import { bidModeOf, formatBidValue, lotDecimals } from "../bids/bid-input";
import { ANNOUNCE_TEXTS } from "../texts";
import type { ChatMessage, RoomLot } from "../types";
import { countdownDeadline, unscaledRemainingSeconds } from "./room-clock";
import { criterionOf, headLots, type RoomState } from "./room-state";

// What the room says to a screen reader (issue 12 item 3): polite live regions fed from the room
// state, one text per region at a time, bursts coalesced by AnnouncementThrottle (the latest wins).

/** The live regions: the lots' best bids, the user's own bid, the room's course, the chat. */
export type AnnouncementRegion = "bids" | "ownBid" | "room" | "chat";

export const ANNOUNCEMENT_REGIONS: readonly AnnouncementRegion[] = ["bids", "ownBid", "room", "chat"];

/** The regions' accessible names. */
export const ANNOUNCEMENT_REGION_LABELS: Record<AnnouncementRegion, string> = {
  bids: "Avisos de lances",
  ownBid: "Avisos do seu lance",
  room: "Avisos da sala",
  chat: "Avisos do chat",
};

export interface Announcement {
  region: AnnouncementRegion;
  text: string;
}

/** At most one announcement per region in this span (issue 12: 2–3 s). */
export const ANNOUNCEMENT_INTERVAL_MS = 2500;

/** The chat text read out is cut here. */
export const ANNOUNCED_CHAT_MAX_LENGTH = 200;

const bidValue = (state: RoomState, lot: RoomLot, bid: RoomLot["batchBestBid"]) => {
  const mode = bidModeOf(criterionOf(state.notice));
  return formatBidValue(bid, mode, mode === "DISCOUNT" ? 2 : lotDecimals(lot));
};

/** The text of the user's own bid answered by the server (accepted, or refused with the reason). */
export function ownBidAnnouncement(
  lot: Pick<RoomLot, "number">,
  answer: { ok: true; value: string } | { ok: false; message: string },
): Announcement {
  return {
    region: "ownBid",
    text: answer.ok
      ? ANNOUNCE_TEXTS.ownBidAccepted(lot.number, answer.value)
      : ANNOUNCE_TEXTS.ownBidRefused(lot.number, answer.message),
  };
}

/** Whether a chat message is addressed to the user: it mentions them, or a system line names them. */
export function isAddressedTo(message: ChatMessage, ownNumber: number | null, userId?: string | null) {
  if (ownNumber === null) return false;
  if (userId && message.userId === userId) return false;
  if (message.metadata?.mentions?.some((m) => m.anonymousSupplierIdentificationNumber === ownNumber))
    return true;
  const system = message.isSystemMessage === 1 || message.isSystemMessage === true;
  return system && new RegExp(`\\b${anonymousBidderName(ownNumber)}\\b`).test(message.text);
}

/** 'HH:mm:ss' in Brasília time (its offset is whole hours: the seconds are the instant's). */
export const brasiliaClock = (iso: string) =>
  `${formatBrasiliaTime(iso)}:${String(new Date(iso).getUTCSeconds()).padStart(2, "0")}`;

const cut = (text: string, max = ANNOUNCED_CHAT_MAX_LENGTH) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * What changed between two room states that a screen reader should hear: new best bids, phase
 * changes (lots moved together read as one line), deadline extensions, tie calls and chat messages
 * addressed to the user. Nothing on the start or a lot switch (before has no notice, or the chat
 * was reloaded).
 */
export function stateAnnouncements(before: RoomState, after: RoomState): Announcement[] {
  if (!before.notice || !after.notice || before.notice.id !== after.notice.id) return [];
  const out: Announcement[] = [];
  const previous = new Map(headLots(before.notice).map((l) => [l.id, l]));
  const phases = new Map<string, number[]>();
  const bids: string[] = [];
  const room: string[] = [];
  for (const lot of headLots(after.notice)) {
    const old = previous.get(lot.id);
    if (!old) continue;
    const best = lot.batchBestBid;
    if (best && best.id !== old.batchBestBid?.id)
      bids.push(ANNOUNCE_TEXTS.bestBid(lot.number, bidValue(after, lot, best)));
    if (lot.phase !== old.phase) {
      const label = LOT_PHASE_LABELS[lot.phase];
      phases.set(label, [...(phases.get(label) ?? []), lot.number]);
    } else if (
      lot.phase === "BIDDING" &&
      lot.biddingPhaseDueDateTime &&
      old.biddingPhaseDueDateTime &&
      Date.parse(lot.biddingPhaseDueDateTime) > Date.parse(old.biddingPhaseDueDateTime)
    ) {
      room.push(ANNOUNCE_TEXTS.extended(lot.number, brasiliaClock(lot.biddingPhaseDueDateTime)));
    }
    const docsEnd = lot.attachingDocumentsEndingDateTime;
    const docsEndBefore = old.attachingDocumentsEndingDateTime;
    if (docsEnd && docsEndBefore && Date.parse(docsEnd) > Date.parse(docsEndBefore))
      room.push(ANNOUNCE_TEXTS.documentsExtended(lot.number, formatBrasiliaDateTime(docsEnd)));
    const called = lot.phase === "TIEBREAKER" ? (lot.tiebreaker?.calledAnonymousNumber ?? null) : null;
    const calledBefore = old.phase === "TIEBREAKER" ? (old.tiebreaker?.calledAnonymousNumber ?? null) : null;
    if (
      called !== null &&
      (called !== calledBefore || lot.tiebreaker?.dueDateTime !== old.tiebreaker?.dueDateTime)
    ) {
      const due = lot.tiebreaker?.dueDateTime;
      room.push(
        called === after.anonymousNumber
          ? ANNOUNCE_TEXTS.tieCallOwn(
              lot.number,
              called,
              bidValue(after, lot, lot.batchBestBid),
              due ? brasiliaClock(due) : "-",
            )
          : ANNOUNCE_TEXTS.tieCallOther(lot.number, called),
      );
    }
  }
  const phaseLines = [...phases].map(([label, numbers]) => ANNOUNCE_TEXTS.phase(numbers, label));
  if (bids.length) out.push({ region: "bids", text: bids.join(" ") });
  if (phaseLines.length || room.length)
    out.push({ region: "room", text: [...phaseLines, ...room].join(" ") });
  const chat = chatAnnouncement(before, after);
  if (chat) out.push(chat);
  return out;
}

function chatAnnouncement(before: RoomState, after: RoomState): Announcement | null {
  // A reload of the channel (start, lot switch) is not news.
  if (before.chat.loading || !before.chat.channelId || before.chat.channelId !== after.chat.channelId)
    return null;
  if (before.chat.messages === after.chat.messages) return null;
  const known = new Set(before.chat.messages.map((m) => m.id));
  const lot = headLots(after.notice).find((l) => l.id === after.selectedLotId);
  const fresh = after.chat.messages.filter(
    (m) => !known.has(m.id) && isAddressedTo(m, after.anonymousNumber, after.user?.id),
  );
  const last = fresh[fresh.length - 1];
  if (!last || !lot) return null;
  return { region: "chat", text: ANNOUNCE_TEXTS.chatToYou(lot.number, cut(last.text)) };
}

/**
 * The last minute of a running countdown (BIDDING, or the tie call), read on the engine's clock:
 * the lots whose countdown passed from over 60 s to 60 s or less between two ticks. `said` keeps
 * the deadlines already announced (one announcement per deadline, an extension re-arms it).
 */
export function lastMinuteAnnouncement(
  state: RoomState,
  previousNow: Date,
  now: Date,
  said: Set<string>,
): Announcement | null {
  const numbers: number[] = [];
  for (const lot of headLots(state.notice)) {
    if (lot.phase !== "BIDDING" && lot.phase !== "TIEBREAKER") continue;
    const deadline = countdownDeadline(lot);
    if (!deadline) continue;
    const key = `${lot.id}@${deadline}`;
    const before = unscaledRemainingSeconds(lot, previousNow, state.timeScale);
    const left = unscaledRemainingSeconds(lot, now, state.timeScale);
    if (before === null || left === null || said.has(key)) continue;
    if (before > 60 && left <= 60 && left > 0) {
      said.add(key);
      numbers.push(lot.number);
    }
  }
  if (numbers.length === 0) return null;
  return {
    region: "room",
    text: numbers.map((n) => ANNOUNCE_TEXTS.lastMinute(n)).join(" "),
  };
}

export interface ThrottleTimers {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: ThrottleTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * At most one announcement per region per `intervalMs`: the first of a quiet region goes out at
 * once; what comes during the interval waits for its end, and only the latest is said then.
 */
export class AnnouncementThrottle {
  private readonly lastAt = new Map<AnnouncementRegion, number>();
  private readonly pending = new Map<AnnouncementRegion, { text: string; handle: unknown }>();

  constructor(
    private readonly emit: (announcement: Announcement) => void,
    private readonly intervalMs = ANNOUNCEMENT_INTERVAL_MS,
    private readonly timers: ThrottleTimers = realTimers,
  ) {}

  push({ region, text }: Announcement): void {
    const now = this.timers.now();
    const last = this.lastAt.get(region);
    const waiting = this.pending.get(region);
    if (!waiting && (last === undefined || now - last >= this.intervalMs)) {
      this.say(region, text, now);
      return;
    }
    if (waiting) {
      waiting.text = text;
      return;
    }
    const entry = {
      text,
      handle: this.timers.setTimeout(
        () => {
          this.pending.delete(region);
          this.say(region, entry.text, this.timers.now());
        },
        (last ?? now) + this.intervalMs - now,
      ),
    };
    this.pending.set(region, entry);
  }

  dispose(): void {
    for (const { handle } of this.pending.values()) this.timers.clearTimeout(handle);
    this.pending.clear();
  }

  private say(region: AnnouncementRegion, text: string, at: number) {
    this.lastAt.set(region, at);
    this.emit({ region, text });
  }
}
