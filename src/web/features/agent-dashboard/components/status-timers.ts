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

/**
 * 'This' of an option: the running stint for the current status, zero for every other. Both
 * figures are the call centre's day: a stint begun before midnight (CALL_CENTRE_TZ) counts
 * from midnight here, as in 'Overall' and the analytics, so 'This' never exceeds 'Overall'.
 * The status control's own timer shows the whole stint.
 */
export function thisSeconds(state: AgentState, status: string, serverNowMs: number) {
  if (status !== state.status) return 0;
  return Math.min(stintSeconds(state, serverNowMs), overallSeconds(state, status, serverNowMs));
}

/**
 * 'Overall' of an option: today's seconds up to the state's `serverNow`, plus, for the
 * current status, what 'This' has run since then. The server counts the running stint with
 * the rest and floors the sum, so the stint's whole seconds at `serverNow` come off and 'This'
 * goes on: 'Overall' never reads below 'This' (for a stint begun today), and the two
 * stay the same whole seconds apart as they run.
 */
export function overallSeconds(state: AgentState, status: string, serverNowMs: number) {
  const counted = state.todaySeconds[status] ?? 0;
  if (status !== state.status || !state.since) return counted;
  const countedStint = Math.floor(stintSeconds(state, Date.parse(state.serverNow)));
  return counted + Math.max(0, stintSeconds(state, serverNowMs) - countedStint);
}
