import { useEffect, useRef, useState } from "react";

/**
 * Counts whole seconds down from `seconds` while `isRunning`, then calls `onDone` once
 * (spec 01 §2: payment success 5 s, failed 10 s, then home).
 */
export function useCountdown(seconds: number, onDone: () => void, isRunning = true): number {
  const [remaining, setRemaining] = useState(seconds);
  const onDoneRef = useRef(onDone);
  const hasFired = useRef(false);
  onDoneRef.current = onDone;

  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setRemaining((value) => Math.max(value - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);

  useEffect(() => {
    if (!isRunning || remaining > 0 || hasFired.current) return;
    hasFired.current = true;
    onDoneRef.current();
  }, [remaining, isRunning]);

  return remaining;
}
