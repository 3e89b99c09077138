import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * A clock's ticks: one timer per interval and phase however many clocks the page shows, with
 * one time they all read. It runs while something listens, and is forgotten when nothing does.
 */
class Ticker {
  now = new Date();
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly key: string,
    private readonly intervalMs: number,
    private readonly phaseMs: number,
  ) {}

  readonly subscribe = (listener: () => void) => {
    if (this.listeners.size === 0) this.schedule();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      clearTimeout(this.timer);
      tickers.delete(this.key);
    };
  };

  readonly read = () => this.now;

  private schedule() {
    const { intervalMs, phaseMs } = this;
    const untilNextTick =
      intervalMs - ((((Date.now() + phaseMs) % intervalMs) + intervalMs) % intervalMs);
    const tickAt = Date.now() + untilNextTick;
    this.timer = setTimeout(() => {
      // A timer may fire a moment early by the page's clock: the tick is its boundary, never
      // before it, or a running time would stay a second behind until the next tick.
      this.now = new Date(Math.max(Date.now(), tickAt));
      this.schedule();
      for (const listener of this.listeners) listener();
    }, untilNextTick);
  }
}

const tickers = new Map<string, Ticker>();

function tickerOf(intervalMs: number, anyPhaseMs: number) {
  const phaseMs = Math.round(((anyPhaseMs % intervalMs) + intervalMs) % intervalMs);
  const key = `${intervalMs}:${phaseMs}`;
  let ticker = tickers.get(key);
  if (!ticker) {
    ticker = new Ticker(key, intervalMs, phaseMs);
    tickers.set(key, ticker);
  }
  return ticker;
}

/**
 * The current time, renewed every `intervalMs`: for wording such as '5 minutes ago' and for
 * running timers. With `wakeAt` (browser ms) it is also renewed at that moment, for a screen
 * that must change on time rather than at the next tick.
 *
 * The renewals fall on the clock's whole multiples of `intervalMs`, shifted by `phaseMs`: a
 * running time passes `phaseMs` for its ticks to fall where its next whole second completes.
 * Every clock of the same interval and phase shares one timer and one time (the status timer
 * and its Overall, which count from the same instant, turn together). A component that calls
 * this re-renders each tick, so the text that runs asks for it, not the page around it.
 */
export function useNow(intervalMs: number, wakeAt?: number, phaseMs = 0) {
  const ticker = tickerOf(intervalMs, phaseMs);
  const ticked = useSyncExternalStore(ticker.subscribe, ticker.read);
  const [woken, setWoken] = useState<Date>();
  useEffect(() => {
    if (wakeAt === undefined) return;
    const delay = wakeAt - Date.now();
    if (delay < 0) return;
    // Timers round the delay down: never let the renewed time fall short of `wakeAt`.
    const timer = setTimeout(() => setWoken(new Date(Math.max(Date.now(), wakeAt))), delay);
    return () => clearTimeout(timer);
  }, [wakeAt]);
  return woken && woken > ticked ? woken : ticked;
}
