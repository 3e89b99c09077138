/**
 * What a round trip says of the server's clock: the server wrote its time between `sentAt`
 * and `receivedAt` (this browser's clock), so it is ahead of this browser by at least
 * `serverNow − receivedAt` and at most `serverNow − sentAt` (ms; negative: behind).
 */
export interface ClockBounds {
  aheadAtLeastMs: number;
  aheadAtMostMs: number;
}

export function clockBounds(serverNow: string, sentAt: number, receivedAt: number): ClockBounds {
  const written = Date.parse(serverNow);
  return { aheadAtLeastMs: written - receivedAt, aheadAtMostMs: written - sentAt };
}

/**
 * The bounds of two round trips together: both hold, so the offset lies where they overlap. A
 * slow request alone (the server busy before or after it wrote its time) would move every
 * timer by up to half its trip; together they keep the tightest trip's measure. Bounds that do
 * not overlap mean a clock moved between them (a laptop waking up): the newer stand alone.
 */
export function narrowClock(held: ClockBounds | undefined, next: ClockBounds): ClockBounds {
  if (!held) return next;
  const aheadAtLeastMs = Math.max(held.aheadAtLeastMs, next.aheadAtLeastMs);
  const aheadAtMostMs = Math.min(held.aheadAtMostMs, next.aheadAtMostMs);
  return aheadAtLeastMs <= aheadAtMostMs ? { aheadAtLeastMs, aheadAtMostMs } : next;
}

/**
 * How far the server's clock is ahead of this browser's, in ms (negative: behind): the middle
 * of its bounds, the best guess of when within the round trip the server wrote its time.
 */
export function clockOffsetWithin({ aheadAtLeastMs, aheadAtMostMs }: ClockBounds) {
  // Whole ms, as every clock here counts: with half a ms (an odd round trip) a timer's tick,
  // which falls on a whole ms, would land half a ms before its second and show the one before.
  return Math.round((aheadAtLeastMs + aheadAtMostMs) / 2);
}

/**
 * The offset from a server time that arrived at `arrivedAt` (a push): its travel counts as
 * clock, so it is only a guess until a round trip measures it.
 */
export function guessClockOffset(serverNow: string, arrivedAt: number) {
  return clockOffsetWithin(clockBounds(serverNow, arrivedAt, arrivedAt));
}

/** The server's time now, as ms since the epoch, from this browser's clock and the offset. */
export function serverTime(clockOffsetMs: number, browserNow: number) {
  return browserNow + clockOffsetMs;
}

/** This browser's clock at the server time `serverMs`. */
export function browserTime(clockOffsetMs: number, serverMs: number) {
  return serverMs - clockOffsetMs;
}

/** Whole seconds from `from` to `to` (ms), never negative: a timer never reads below zero. */
export function elapsedSeconds(from: number, to: number) {
  return Math.max(0, (to - from) / 1000);
}
