import type { AgentState } from '../../../../shared/schemas/agent';
import { elapsedSeconds } from '../../../lib/clock-offset';

/**
 * Spec §4 'Agent status' timers, derived from the server's timestamps and the server time now
 * (browser clock + offset), never counted: 'This' is the current stint, 'Overall' today's
 * total of a status including the running stint.
 */

/** The current status's running time: from `since` (no stint yet: zero). */
export function stintSeconds(state: AgentState, serverNowMs: number) {
  return state.since ? elapsedSeconds(Date.parse(state.since), serverNowMs) : 0;
}

/** 'This' of an option: the running stint for the current status, zero for every other. */
export function thisSeconds(state: AgentState, status: string, serverNowMs: number) {
  return status === state.status ? stintSeconds(state, serverNowMs) : 0;
}

/**
 * 'Overall' of an option: today's seconds up to the state's `serverNow`, plus, for the
 * current status, the time since then.
 */
export function overallSeconds(state: AgentState, status: string, serverNowMs: number) {
  const counted = state.todaySeconds[status] ?? 0;
  if (status !== state.status || !state.since) return counted;
  return counted + elapsedSeconds(Date.parse(state.serverNow), serverNowMs);
}
