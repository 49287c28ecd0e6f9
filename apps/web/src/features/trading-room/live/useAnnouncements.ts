import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import {
  ANNOUNCEMENT_REGIONS,
  type Announcement,
  type AnnouncementRegion,
  AnnouncementThrottle,
  lastMinuteAnnouncement,
  stateAnnouncements,
} from "./announcements";
import type { RoomState } from "./room-state";

export type AnnouncementTexts = Record<AnnouncementRegion, string>;

const EMPTY: AnnouncementTexts = Object.fromEntries(
  ANNOUNCEMENT_REGIONS.map((r) => [r, ""]),
) as AnnouncementTexts;

/** Lets the room's components (the bid input) say something through the room's announcer. */
export const AnnounceContext = createContext<(announcement: Announcement) => void>(() => {});

export const useAnnounce = () => useContext(AnnounceContext);

/**
 * The room's announcer (issue 12 item 3): watches the room state and the server clock, and keeps
 * the text of each polite live region, throttled (AnnouncementThrottle). `announce` adds the
 * answers the state does not hold (the user's own bid accepted or refused).
 */
export function useAnnouncements(
  state: RoomState,
  now: Date,
): { texts: AnnouncementTexts; announce: (announcement: Announcement) => void } {
  const [texts, setTexts] = useState<AnnouncementTexts>(EMPTY);
  const throttle = useRef<AnnouncementThrottle | null>(null);
  if (throttle.current === null)
    throttle.current = new AnnouncementThrottle(({ region, text }) =>
      // The same text again still changes the region (a trailing no-break space), so it is read again.
      setTexts((current) => ({
        ...current,
        [region]: current[region] === text ? `${text}\u00a0` : text,
      })),
    );
  useEffect(() => () => throttle.current?.dispose(), []);

  const announce = useCallback((announcement: Announcement) => throttle.current?.push(announcement), []);

  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before === state) return;
    for (const a of stateAnnouncements(before, state)) announce(a);
  }, [state, announce]);

  const previousNow = useRef(now);
  const said = useRef(new Set<string>());
  const stateRef = useRef(state);
  stateRef.current = state;
  const tick = now.getTime();
  useEffect(() => {
    const before = previousNow.current;
    const current = new Date(tick);
    previousNow.current = current;
    const a = lastMinuteAnnouncement(stateRef.current, before, current, said.current);
    if (a) announce(a);
  }, [tick, announce]);

  return { texts, announce };
}
