import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T09:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('renews on the whole seconds of the clock, so times mounted apart turn together', () => {
    const first = renderHook(() => useNow(1000));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    // One clock for the page: mounted between two ticks, it reads the time the others read.
    const second = renderHook(() => useNow(1000));
    expect(second.result.current).toBe(first.result.current);

    act(() => {
      vi.advanceTimersByTime(700);
    });
    // 09:00:01.000: both renewed at the same moment, not the second one 300 ms later.
    expect(first.result.current.toISOString()).toBe('2026-11-26T09:00:01.000Z');
    expect(second.result.current.toISOString()).toBe('2026-11-26T09:00:01.000Z');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(first.result.current.toISOString()).toBe('2026-11-26T09:00:02.000Z');
    expect(second.result.current.toISOString()).toBe('2026-11-26T09:00:02.000Z');
  });

  it("renews on another clock's whole seconds when given its offset", () => {
    // A server 250 ms ahead: its whole seconds are this browser's .750.
    const { result } = renderHook(() => useNow(1000, undefined, 250));
    act(() => {
      vi.advanceTimersByTime(749);
    });
    expect(result.current.toISOString()).toBe('2026-11-26T09:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toISOString()).toBe('2026-11-26T09:00:00.750Z');
  });

  it('ticks at its boundary even when the timer fires a moment early by the clock', () => {
    const { result } = renderHook(() => useNow(1000, undefined, 300));
    // The page's clock steps back 3 ms (timers and Date drift apart): the timer due at
    // 09:00:00.700 fires when Date reads .697.
    vi.setSystemTime(Date.now() - 3);
    act(() => {
      vi.advanceTimersByTime(700);
    });
    expect(result.current.toISOString()).toBe('2026-11-26T09:00:00.700Z');
  });

  it('keeps clocks of different phases apart: each turns on its own second', () => {
    const status = renderHook(() => useNow(1000, undefined, -400)); // begun at .400
    const call = renderHook(() => useNow(1000, undefined, -900)); // answered at .900
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(status.result.current.toISOString()).toBe('2026-11-26T09:00:00.400Z');
    expect(call.result.current.toISOString()).toBe('2026-11-26T09:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(call.result.current.toISOString()).toBe('2026-11-26T09:00:00.900Z');
    expect(vi.getTimerCount()).toBe(2);
  });

  it('runs one timer however many clocks share an interval, and none once they are gone', () => {
    const clocks = Array.from({ length: 50 }, () => renderHook(() => useNow(1000)));
    expect(vi.getTimerCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(new Set(clocks.map((clock) => clock.result.current.toISOString()))).toEqual(
      new Set(['2026-11-26T09:00:01.000Z']),
    );
    for (const clock of clocks) clock.unmount();
    expect(vi.getTimerCount()).toBe(0);

    // A clock started afresh reads the time it starts at.
    act(() => {
      vi.advanceTimersByTime(300);
    });
    const later = renderHook(() => useNow(1000));
    expect(later.result.current.toISOString()).toBe('2026-11-26T09:00:01.300Z');
  });

  it('still renews at `wakeAt` between two ticks', () => {
    const wakeAt = Date.parse('2026-11-26T09:00:00.400Z');
    const { result } = renderHook(() => useNow(1000, wakeAt));
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(result.current.getTime()).toBe(wakeAt);
  });
});
