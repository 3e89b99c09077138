import { browserTime, serverTime } from '../../../lib/clock-offset';
import { CLOCK_TICK_MS } from '../../../lib/timings';
import { useNow } from '../../../lib/use-now';

/** What the server time is derived from: the offset, and when the state it came with arrived. */
export interface ServerClock {
  clockOffsetMs: number;
  receivedAt?: number;
}

interface Ticks {
  /**
   * The server time (ms) the running time shown counts from, or down to: it is renewed as
   * each whole second from there completes, so a timer turns on its own second rather than
   * on the server's (a status begun at 10:00:00.700 reads 1 s at 10:00:01.700). Without it,
   * the server's whole seconds (the wall clocks).
   */
  countsFrom?: number;
  /** Renewed at this server time too: a screen due to change then changes on time. */
  wakeAt?: number;
}

/**
 * The server's time (ms since the epoch), renewed every second: this browser's clock
 * corrected by the measured offset. A state that arrives between two ticks is never shown
 * against the older tick (a new 20 s ring would read 21s): the time is at least the moment
 * it arrived. Each component that shows a running time asks for it, so only that component
 * re-renders each second.
 */
export function useServerNow(
  { clockOffsetMs, receivedAt = 0 }: ServerClock,
  { countsFrom = 0, wakeAt }: Ticks = {},
) {
  const now = useNow(
    CLOCK_TICK_MS,
    wakeAt === undefined ? undefined : browserTime(clockOffsetMs, wakeAt),
    clockOffsetMs - countsFrom,
  );
  return serverTime(clockOffsetMs, Math.max(now.getTime(), receivedAt));
}
