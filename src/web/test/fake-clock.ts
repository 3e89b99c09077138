import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fake timers that move only when the test says so, starting at `startAt`: timers computed
 * from timestamps read exact values. Use `settle()` instead of findBy* (which waits on real
 * time) to let answers arrive and React render.
 */
export function useFakeClock(startAt: string) {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(startAt));
  // Testing Library drives fake timers it recognises as Jest's (user-event's act wrapper waits
  // on a setTimeout); this stand-in lets it drive Vitest's. Unstubbed after each test.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

/**
 * Lets pending requests answer and React render. The clock moves 1 ms a round: a zero-delay
 * timer set while fake timers run (React Query's notifications) is due 1 ms later, never at
 * once. A few ms in all, far below the second that every timer on screen counts in.
 */
export async function settle(rounds = 8) {
  for (let round = 0; round < rounds; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
  }
}

/** Moves the clock on by `ms`, running every timer due meanwhile, then settles. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}
