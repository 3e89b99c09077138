import { describe, expect, it } from 'vitest';
import { clockBounds, clockOffsetWithin, guessClockOffset, narrowClock } from './clock-offset';

// The server and this browser share one clock here: every offset measured should be 0.
const written = (ms: number) => new Date(ms).toISOString();
const base = Date.parse('2026-12-03T09:00:00.000Z');

describe('the clock offset', () => {
  // A quick read: sent at 0, written at 5, received at 10.
  const quick = clockBounds(written(base + 5), base, base + 10);
  // A slow action: sent at 100, the server busy until it wrote its time at 290, received at 300.
  const slow = clockBounds(written(base + 290), base + 100, base + 300);

  it('is the middle of a round trip, alone', () => {
    expect(clockOffsetWithin(quick)).toBe(0);
    expect(clockOffsetWithin(slow)).toBe(90);
  });

  it('keeps the tighter round trip, whichever came first', () => {
    expect(clockOffsetWithin(narrowClock(quick, slow))).toBe(0);
    expect(clockOffsetWithin(narrowClock(slow, quick))).toBe(0);
    expect(narrowClock(undefined, slow)).toBe(slow);
  });

  it('lies where two round trips overlap', () => {
    // Written early in one trip (ahead −100…+10) and late in another (ahead −10…+100).
    const early = clockBounds(written(base + 10), base, base + 110);
    const late = clockBounds(written(base + 1100), base + 1000, base + 1110);
    expect(narrowClock(early, late)).toEqual({ aheadAtLeastMs: -10, aheadAtMostMs: 10 });
  });

  it('is measured again alone when the browser clock moved (bounds apart)', () => {
    // The browser clock set back 5 s: the server now reads 5 s ahead.
    const after = clockBounds(written(base + 5005), base, base + 10);
    expect(narrowClock(quick, after)).toBe(after);
    expect(clockOffsetWithin(narrowClock(quick, after))).toBe(5000);
  });

  it('from an arrival alone counts the travel as clock', () => {
    expect(guessClockOffset(written(base), base + 700)).toBe(-700);
  });
});
