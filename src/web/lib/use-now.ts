import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs`: for wording such as '5 minutes ago'. With
 * `wakeAt` (browser ms) it is also renewed at that moment, for a screen that must change on
 * time rather than at the next tick.
 */
export function useNow(intervalMs: number, wakeAt?: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  useEffect(() => {
    if (wakeAt === undefined) return;
    const delay = wakeAt - Date.now();
    if (delay < 0) return;
    // Timers round the delay down: never let the renewed time fall short of `wakeAt`.
    const timer = setTimeout(() => setNow(new Date(Math.max(Date.now(), wakeAt))), delay);
    return () => clearTimeout(timer);
  }, [wakeAt]);
  return now;
}
