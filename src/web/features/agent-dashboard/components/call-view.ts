import type { AgentState, CurrentCall } from '../../../../shared/schemas/agent';
import { elapsedSeconds } from '../../../lib/clock-offset';

/** What the Interactions panel shows (spec §2), at one server time. */
export type CallView =
  | { kind: 'none' }
  | { kind: 'ringing'; call: CurrentCall; secondsLeft: number }
  | { kind: 'connecting'; call: CurrentCall; elapsedSeconds: number }
  | { kind: 'active'; call: CurrentCall; elapsedSeconds: number };

/** When the call was answered (or dialled); an active call always has one, offeredAt is a fallback. */
function answeredAt(call: CurrentCall) {
  return Date.parse(call.answeredAt ?? call.offeredAt);
}

/**
 * The server time (ms) the call's shown time runs from: the ring's deadline, which its
 * countdown counts down to, then the answer, which the call timer counts from.
 */
export function callTimeBase(call: CurrentCall) {
  if (call.phase === 'ringing' && call.ringDeadline) return Date.parse(call.ringDeadline);
  return answeredAt(call);
}

/**
 * Longest the connecting screen waits for the assistant to start, past the usual delay: a
 * session or start that never settles must not keep the agent from the call.
 */
export const MAX_VOICE_START_WAIT_MS = 15_000;

/** When this tab's assistant for the call settled (server ms), or undefined while it starts. */
export interface VoiceStart {
  settledAt?: number;
}

/** When the connecting screen ends (server ms). */
export function connectedAt(call: CurrentCall, connectDelayMs: number, voiceStart?: VoiceStart) {
  const fallback = answeredAt(call) + connectDelayMs;
  // No assistant starting here (it runs in another tab, or was taken over mid-call): the delay
  // from the answer.
  if (!voiceStart) return fallback;
  // Spec §4: the active call appears connectDelayMs after call-start, or after a failed start —
  // and never later than the longest wait, so a call once shown never goes back to connecting.
  const latest = fallback + MAX_VOICE_START_WAIT_MS;
  if (voiceStart.settledAt !== undefined) {
    return Math.min(voiceStart.settledAt + connectDelayMs, latest);
  }
  return latest;
}

/**
 * The ring counts down to `ringDeadline` in whole seconds (20s … 1s, then 0s until the server
 * logs the miss). After an answer or a dial the connecting screen shows until `connectDelayMs`
 * after the assistant's call-start (or its failure; see connectedAt);
 * the call timer counts from `answeredAt` and shows from then on (00:00 on the connecting
 * screen), so it agrees with the
 * duration the Activity Log records for the call.
 */
export function callView(
  state: AgentState,
  serverNowMs: number,
  voiceStart?: VoiceStart,
): CallView {
  const { call } = state;
  if (!call) return { kind: 'none' };
  if (call.phase === 'ringing') {
    const deadline = call.ringDeadline ? Date.parse(call.ringDeadline) : serverNowMs;
    return { kind: 'ringing', call, secondsLeft: Math.ceil(elapsedSeconds(serverNowMs, deadline)) };
  }
  const elapsed = elapsedSeconds(answeredAt(call), serverNowMs);
  if (serverNowMs < connectedAt(call, state.connectDelayMs, voiceStart)) {
    return { kind: 'connecting', call, elapsedSeconds: elapsed };
  }
  return { kind: 'active', call, elapsedSeconds: elapsed };
}
