import { useEffect, useState } from "react";
import { TICK_MS } from "./room-clock";

/** The server's present moment (local clock + measured offset), refreshed every second. */
export function useServerNow(offsetMs: number, enabled = true): Date {
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setLocalNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [enabled]);
  return new Date(localNow + offsetMs);
}
