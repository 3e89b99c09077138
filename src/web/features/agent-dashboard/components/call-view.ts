import type { AgentState, CurrentCall } from '../../../../shared/schemas/agent';
import { elapsedSeconds } from '../../../lib/clock-offset';

/** What the Interactions panel shows (spec §2), at one server time. */
export type CallView =
  | { kind: 'none' }
  | { kind: 'ringing'; call: CurrentCall; secondsLeft: number }
  | { kind: 'connecting'; call: CurrentCall }
  | { kind: 'active'; call: CurrentCall; elapsedSeconds: number };

/** When the call was answered (or dialled); an active call always has one, offeredAt is a fallback. */
function answeredAt(call: CurrentCall) {
  return Date.parse(call.answeredAt ?? call.offeredAt);
}

/**
 * The ring counts down to `ringDeadline` in whole seconds (20s … 1s, then 0s until the server
 * logs the miss). After an answer or a dial the connecting screen shows for `connectDelayMs`;
 * the call timer counts from `answeredAt`, connecting included, so it agrees with the
 * duration the Activity Log records for the call.
 */
export function callView(state: AgentState, serverNowMs: number): CallView {
  const { call } = state;
  if (!call) return { kind: 'none' };
  if (call.phase === 'ringing') {
    const deadline = call.ringDeadline ? Date.parse(call.ringDeadline) : serverNowMs;
    return { kind: 'ringing', call, secondsLeft: Math.ceil(elapsedSeconds(serverNowMs, deadline)) };
  }
  if (serverNowMs < answeredAt(call) + state.connectDelayMs) return { kind: 'connecting', call };
  return { kind: 'active', call, elapsedSeconds: elapsedSeconds(answeredAt(call), serverNowMs) };
}
