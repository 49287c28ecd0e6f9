import type { RoomLot } from "../types";
import type { RoomState } from "./room-state";
import { headLots } from "./room-state";

// The opt-in sound and browser notification of the tie call (issue 12 item 2): off by default,
// remembered in this browser.

export const SOUND_STORAGE_KEY = "certame.sala.avisarComSom";

export function readSoundPreference(storage: Pick<Storage, "getItem"> | null = safeStorage()): boolean {
  try {
    return storage?.getItem(SOUND_STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

export function writeSoundPreference(on: boolean, storage: Pick<Storage, "setItem"> | null = safeStorage()) {
  try {
    storage?.setItem(SOUND_STORAGE_KEY, on ? "1" : "0");
  } catch {
    // Private mode or a full storage: the switch still works for this visit.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The lots in TIEBREAKER whose current call is the user's (by its anonymous number). */
export function ownTieCalls(state: Pick<RoomState, "notice" | "anonymousNumber">): RoomLot[] {
  const own = state.anonymousNumber;
  if (own === null) return [];
  return headLots(state.notice).filter(
    (l) => l.phase === "TIEBREAKER" && l.tiebreaker?.calledAnonymousNumber === own,
  );
}

/** One key per call (the lot and the call's deadline): a new call sounds again. */
export const tieCallKey = (lot: RoomLot) => `${lot.id}@${lot.tiebreaker?.dueDateTime ?? ""}`;

/** A short beep through the Web Audio API; silent where the browser has none or refuses. */
export function beep(): void {
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = 880;
    gain.gain.value = 0.2;
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.35);
    oscillator.onended = () => void audio.close();
  } catch {
    // No sound available: the banner and the live region still tell.
  }
}

/** A browser notification, only when the user already allowed them. */
export function showBrowserNotification(title: string, body: string): void {
  try {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    new Notification(title, { body });
  } catch {
    // Some browsers allow notifications only from a service worker.
  }
}

/** Asks for the notification permission once, when the user turns the option on. */
export function askNotificationPermission(): void {
  try {
    if (typeof Notification !== "undefined" && Notification.permission === "default")
      void Notification.requestPermission();
  } catch {
    // Not supported: the sound alone.
  }
}
