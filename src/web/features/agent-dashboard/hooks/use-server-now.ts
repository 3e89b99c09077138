import { browserTime, serverTime } from '../../../lib/clock-offset';
import { CLOCK_TICK_MS } from '../../../lib/timings';
import { useNow } from '../../../lib/use-now';

/** What the server time is derived from: the offset, and when the state it came with arrived. */
export interface ServerClock {
  clockOffsetMs: number;
  receivedAt?: number;
}

/**
 * The server's time (ms since the epoch), renewed every second: this browser's clock
 * corrected by the measured offset. A state that arrives between two ticks is never shown
 * against the older tick (a new 20 s ring would read 21s): the time is at least the moment
 * it arrived. `wakeAt` (server ms) renews it at that moment too: a screen due to change then
 * changes on time, not up to a tick later. Each component that shows a running time asks for it, so only that component
 * re-renders each second.
 */
export function useServerNow({ clockOffsetMs, receivedAt = 0 }: ServerClock, wakeAt?: number) {
  // On the server's whole seconds: every running time on the page turns together.
  const now = useNow(
    CLOCK_TICK_MS,
    wakeAt === undefined ? undefined : browserTime(clockOffsetMs, wakeAt),
    clockOffsetMs,
  );
  return serverTime(clockOffsetMs, Math.max(now.getTime(), receivedAt));
}
