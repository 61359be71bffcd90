import { useEffect, useState } from "react";

/**
 * Seconds left until a deadline the server gave as "`seconds` from now", counted down locally
 * between polls (which come 10–15 s apart), so the page does not show the same figure for 15 s.
 * null when there is no figure; 0 once the deadline has passed (never a negative or stale time).
 */
export function useCountdown(seconds: number | null, now: () => number = Date.now): number | null {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [, setTick] = useState(0);

  useEffect(() => {
    setDeadline(seconds === null ? null : now() + seconds * 1000);
  }, [seconds, now]);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  if (deadline === null) return seconds === null ? null : seconds;
  return Math.max(0, Math.round((deadline - now()) / 1000));
}
