import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serverTime } from '../../../lib/clock-offset';
import { agentStateQueryKey } from '../../../lib/query-keys';
import { type AgentSnapshot, resyncAgentState, useAgentState } from '../api/get-agent-state';

/** How long after a ring deadline the server's 'missed' may take before the page asks. */
export const RING_DEADLINE_GRACE_MS = 1500;

/** setTimeout fires at once for longer delays than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Runs `callback` when the server's clock reads `serverMs`, by this browser's clock + offset. */
function atServerTime(serverMs: number, clockOffsetMs: number, callback: () => void) {
  const delay = serverMs - serverTime(clockOffsetMs, Date.now());
  const timer = setTimeout(callback, Math.min(Math.max(0, delay), MAX_TIMEOUT_MS));
  return () => clearTimeout(timer);
}

/**
 * Fetches the agent's state again when a moment it names passes, in case the live event that
 * should follow never comes (lost, or the socket is half-open), or none is sent at all:
 *
 * - RING_DEADLINE_GRACE_MS after a ringing call's `ringDeadline`: the call was missed, and
 *   the card must not sit at '0s'. Once per call: a state still ringing then is not asked
 *   for again and again.
 * - at `dayEndsAt`: today's totals restart with the call centre's new day. A state fetched a
 *   little early (the offset is an estimate) still names the old day and schedules again.
 */
export function useAgentStateDeadlines() {
  const queryClient = useQueryClient();
  const { data: snapshot } = useAgentState();
  const state = snapshot?.state;
  const ringingCall = state?.call?.phase === 'ringing' ? state.call : null;
  const ringingCallId = ringingCall?.id;
  const ringDeadline = ringingCall?.ringDeadline;
  const clockOffsetMs = snapshot?.clockOffsetMs ?? 0;
  const serverNow = state?.serverNow;
  const dayEndsAt = state?.dayEndsAt;

  useEffect(() => {
    if (!ringingCallId || !ringDeadline) return;
    // The offset when the ring began: later states of the same call do not move the timer.
    const offset = queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey)?.clockOffsetMs;
    return atServerTime(Date.parse(ringDeadline) + RING_DEADLINE_GRACE_MS, offset ?? 0, () => {
      void resyncAgentState(queryClient);
    });
  }, [queryClient, ringingCallId, ringDeadline]);

  useEffect(() => {
    if (!serverNow || !dayEndsAt) return;
    const dayEndMs = Date.parse(dayEndsAt);
    // A state computed after its own day ended would only ask again at once, and again.
    if (Date.parse(serverNow) >= dayEndMs) return;
    return atServerTime(dayEndMs, clockOffsetMs, () => void resyncAgentState(queryClient));
  }, [queryClient, serverNow, dayEndsAt, clockOffsetMs]);
}
