import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockBounds, clockOffsetWithin } from '../../../lib/clock-offset';
import { useServerNow } from './use-server-now';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T09:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useServerNow', () => {
  it('turns a running time at each of its own seconds, the offset read over an odd round trip', () => {
    // The server wrote 09:00:00.041 during a 3 ms round trip: 39.5 ms ahead, as measured.
    const sentAt = Date.now();
    const clockOffsetMs = clockOffsetWithin(
      clockBounds('2026-11-26T09:00:00.041Z', sentAt, sentAt + 3),
    );
    const since = Date.parse('2026-11-26T08:59:58.300Z');
    const { result } = renderHook(() => useServerNow({ clockOffsetMs }, { countsFrom: since }));
    const shown = () => Math.floor((result.current - since) / 1000);
    expect(shown()).toBe(1);

    // Each tick is the moment the next whole second is complete: it reads that second.
    for (const second of [2, 3, 4, 5]) {
      const before = result.current;
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      expect(result.current).toBeGreaterThan(before);
      expect(shown()).toBe(second);
    }
  });
});
