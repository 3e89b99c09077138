import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentStateQueryKey } from '../../../lib/query-keys';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch, networkFailure } from '../../../test/fetch-mock';
import { SERVER_NOW, agentState } from '../../../test/agent-fixtures';
import { renderWithProviders } from '../../../test/render';
import { type AgentSnapshot, agentSnapshot } from '../api/get-agent-state';
import {
  CLOCK_PROBES,
  CLOCK_PROBE_EVERY_MS,
  CLOCK_PROBE_GAP_MS,
  useClockProbes,
} from './use-clock-probes';

function Probes() {
  useClockProbes(true);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(SERVER_NOW));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the clock probes', () => {
  it("narrow a slow trip's offset to the probes', a few at once and then one now and then", async () => {
    // The state's own trip: sent 300 ms before the server wrote its time, received 20 ms after,
    // alone it says the server is 140 ms ahead. Here the two share one clock.
    const sentAt = Date.parse(SERVER_NOW) - 300;
    const queryClient = createQueryClient();
    queryClient.setQueryData(agentStateQueryKey, agentSnapshot(agentState(), sentAt, sentAt + 320));
    const offset = () => queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey)?.clockOffsetMs;
    expect(offset()).toBe(140);
    // The server answers with the time it is; one probe finds it unreachable.
    const clock = () => jsonResponse({ serverNow: new Date().toISOString() });
    const { requests } = mockFetch({ 'GET /api/clock': [networkFailure, clock] });

    const { unmount } = renderWithProviders(<Probes />, { queryClient });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(1);
    expect(offset()).toBe(140);
    await act(() => vi.advanceTimersByTimeAsync(CLOCK_PROBE_GAP_MS));
    expect(offset()).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(CLOCK_PROBE_GAP_MS * CLOCK_PROBES));
    expect(requests).toHaveLength(CLOCK_PROBES);
    await act(() => vi.advanceTimersByTimeAsync(CLOCK_PROBE_EVERY_MS));
    expect(requests).toHaveLength(CLOCK_PROBES + 1);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(CLOCK_PROBE_EVERY_MS * 2));
    expect(requests).toHaveLength(CLOCK_PROBES + 1);
  });
});
