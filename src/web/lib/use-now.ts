import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs`: for wording such as '5 minutes ago'. With
 * `wakeAt` (browser ms) it is also renewed at that moment, for a screen that must change on
 * time rather than at the next tick.
 *
 * The renewals fall on the clock's whole multiples of `intervalMs` (shifted by `phaseMs`: a
 * server clock's, when the time shown is the browser's + that offset), not `intervalMs` after
 * each component mounted: every running time on screen then turns at the same moment — the
 * status timer and the call timer, which count from the same instant, never read a second
 * apart.
 */
export function useNow(intervalMs: number, wakeAt?: number, phaseMs = 0) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const untilNextTick = () =>
      intervalMs - ((((Date.now() + phaseMs) % intervalMs) + intervalMs) % intervalMs);
    let timer = setTimeout(function tick() {
      setNow(new Date());
      timer = setTimeout(tick, untilNextTick());
    }, untilNextTick());
    return () => clearTimeout(timer);
  }, [intervalMs, phaseMs]);
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
