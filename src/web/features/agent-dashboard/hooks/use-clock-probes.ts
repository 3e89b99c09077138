import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serverClockSchema } from '../../../../shared/schemas/clock';
import { apiRequest } from '../../../lib/api-client';
import { type ClockBounds, clockBounds } from '../../../lib/clock-offset';
import { agentStateQueryKey } from '../../../lib/query-keys';
import { type AgentSnapshot, measuredAgain } from '../api/get-agent-state';

/** Round trips to the server's clock once the state is held, this far apart. */
export const CLOCK_PROBES = 5;
export const CLOCK_PROBE_GAP_MS = 200;
/** Then one more this often: a shift long, the clock stays measured. */
export const CLOCK_PROBE_EVERY_MS = 5 * 60_000;

async function probeServerClock(signal: AbortSignal): Promise<ClockBounds> {
  const sentAt = Date.now();
  const { serverNow } = await apiRequest('/api/clock', { schema: serverClockSchema, signal });
  return clockBounds(serverNow, sentAt, Date.now());
}

function narrowAgentClock(queryClient: QueryClient, bounds: ClockBounds) {
  const held = queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey);
  if (!held) return;
  const kept = measuredAgain(held, bounds);
  if (kept !== held) queryClient.setQueryData(agentStateQueryKey, kept);
}

/**
 * Measures the server's clock for the softphone's timers by round trips that carry nothing
 * else: a state's own trip waits on the database, and on a busy machine its server time may sit
 * anywhere in a trip of 100 ms or more; these are as short as the network makes them, and each
 * narrows the clock held (see narrowClock), so a timer turns within a few ms of its second.
 */
export function useClockProbes(isStateHeld: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isStateHeld) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const probe = async (left: number) => {
      try {
        narrowAgentClock(queryClient, await probeServerClock(controller.signal));
      } catch {
        // Unreachable for now: the next probe measures, as do the state's own round trips.
      }
      if (controller.signal.aborted) return;
      timer = setTimeout(
        () => void probe(left - 1),
        left > 1 ? CLOCK_PROBE_GAP_MS : CLOCK_PROBE_EVERY_MS,
      );
    };
    void probe(CLOCK_PROBES);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [isStateHeld, queryClient]);
}
