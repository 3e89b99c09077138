/**
 * How far the server's clock is ahead of this browser's, in ms (negative: behind), from a
 * server timestamp seen between `sentAt` and `receivedAt` (browser clock): the midpoint of a
 * request's round trip is the best guess of when the server wrote it. With an arrival alone
 * (a push), it counts the travel as clock: only a guess until a round trip measures it.
 */
export function measureClockOffset(serverNow: string, sentAt: number, receivedAt = sentAt) {
  // Whole ms, as every clock here counts: with half a ms (an odd round trip) a timer's tick,
  // which falls on a whole ms, would land half a ms before its second and show the one before.
  return Math.round(Date.parse(serverNow) - (sentAt + receivedAt) / 2);
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
