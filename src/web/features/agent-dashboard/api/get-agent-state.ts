import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AgentState, agentStateSchema } from '../../../../shared/schemas/agent';
import { apiRequest } from '../../../lib/api-client';
import {
  type ClockBounds,
  clockBounds,
  clockOffsetWithin,
  guessClockOffset,
  narrowClock,
} from '../../../lib/clock-offset';
import { agentActivityQueryRoot, agentStateQueryKey } from '../../../lib/query-keys';

/**
 * The agent's state with the clock offset measured when it arrived. Every timer on screen is
 * derived from the state's server timestamps and this offset (DESIGN.md principle 3): the
 * browser never asks the server per second.
 */
export interface AgentSnapshot {
  state: AgentState;
  /**
   * Server clock minus browser clock, in ms: the middle of `clockBounds`. A pushed state keeps
   * the offset held: when it was sent is unknown, so its arrival would count its travel as clock.
   */
  clockOffsetMs: number;
  /**
   * Where the offset lies, by every round trip that read the agent's state so far. Absent, the
   * offset is a pushed state's guess, taken before any round trip: the first replaces it.
   */
  clockBounds?: ClockBounds;
  /** This browser's clock when the state arrived: no timer shows an earlier moment. */
  receivedAt: number;
  /**
   * Notes typed for the held call that failed to save after the Active Call modal closed:
   * kept so the modal, opened again, shows them and tries again, rather than losing them.
   */
  unsavedNotes?: UnsavedNotes;
}

export interface UnsavedNotes {
  callId: string;
  notes: string;
  /** Why the save failed, in the words the modal shows. */
  failure: string;
}

/** A state read over a round trip, sent at `sentAt` and received at `receivedAt`. */
export function agentSnapshot(
  state: AgentState,
  sentAt: number,
  receivedAt: number,
): AgentSnapshot {
  const bounds = clockBounds(state.serverNow, sentAt, receivedAt);
  return { state, clockOffsetMs: clockOffsetWithin(bounds), clockBounds: bounds, receivedAt };
}

/**
 * A state the live socket pushed, arriving at `receivedAt`: on the held snapshot's clock, or,
 * with none held yet, a guess from its arrival that the first round trip corrects.
 */
export function pushedSnapshot(
  state: AgentState,
  receivedAt: number,
  held: AgentSnapshot | undefined,
): AgentSnapshot {
  if (held) {
    return { state, clockOffsetMs: held.clockOffsetMs, clockBounds: held.clockBounds, receivedAt };
  }
  return { state, clockOffsetMs: guessClockOffset(state.serverNow, receivedAt), receivedAt };
}

const instant = (iso: string | null) => (iso === null ? Number.NEGATIVE_INFINITY : Date.parse(iso));

/**
 * Whether `next` is older than `held`: it changed earlier, or changed at the same moment and
 * was computed earlier. When it changed comes first: a read computed after a
 * change was asked for may still have missed it.
 */
function isOlder(next: AgentState, held: AgentState) {
  const [changed, heldChanged] = [instant(next.changedAt), instant(held.changedAt)];
  if (changed !== heldChanged) return changed < heldChanged;
  return Date.parse(next.serverNow) < Date.parse(held.serverNow);
}

/**
 * Whether `next` is `held` computed again later: only its clock and the current status's
 * seconds, counted up to that clock, differ. The timers on screen derive both from the
 * snapshot held, so such a state tells the page nothing new (the socket sends one on connect).
 */
function isSameState(next: AgentState, held: AgentState) {
  const apartFromClock = (state: AgentState) =>
    JSON.stringify({ ...state, serverNow: null, todaySeconds: null });
  return apartFromClock(next) === apartFromClock(held);
}

/** `snapshot` on the clock `bounds` give: itself when they are the ones it holds. */
function onClock(snapshot: AgentSnapshot, bounds: ClockBounds | undefined): AgentSnapshot {
  const held = snapshot.clockBounds;
  if (
    !bounds ||
    (held?.aheadAtLeastMs === bounds.aheadAtLeastMs && held.aheadAtMostMs === bounds.aheadAtMostMs)
  ) {
    return snapshot;
  }
  return { ...snapshot, clockOffsetMs: clockOffsetWithin(bounds), clockBounds: bounds };
}

/** `snapshot` with its clock narrowed by another round trip's `bounds`. */
export function measuredAgain(snapshot: AgentSnapshot, bounds: ClockBounds) {
  return onClock(snapshot, narrowClock(snapshot.clockBounds, bounds));
}

/**
 * Answers and pushed events can arrive out of order (a request's answer after the event its
 * change caused, or after a read that missed the change): an older state never replaces the
 * one held, nor does the same state read again (the page would redraw for nothing). Every
 * round trip narrows the clock, whichever state is kept.
 */
export function latestSnapshot(held: AgentSnapshot | undefined, next: AgentSnapshot) {
  if (!held) return next;
  const bounds = next.clockBounds && narrowClock(held.clockBounds, next.clockBounds);
  if (isOlder(next.state, held.state) || isSameState(next.state, held.state)) {
    return onClock(held, bounds);
  }
  // The server never had them: unsaved notes stay for as long as their call does.
  const unsavedNotes = held.unsavedNotes;
  const kept =
    unsavedNotes && !next.unsavedNotes && next.state.call?.id === unsavedNotes.callId
      ? { ...next, unsavedNotes }
      : next;
  return onClock(kept, bounds);
}

/**
 * Keeps a state the server sent (an answer or a live event), unless a newer one or the same
 * is held. Returns whether it was kept.
 */
export function storeAgentSnapshot(queryClient: QueryClient, snapshot: AgentSnapshot) {
  const held = queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey);
  const kept = latestSnapshot(held, snapshot);
  if (kept === held) return false;
  queryClient.setQueryData(agentStateQueryKey, kept);
  return true;
}

/** The Activity Log and today's totals, after a call changed or a live event said something did. */
export function refreshAgentActivity(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: agentActivityQueryRoot });
}

/**
 * Everything the page holds about the agent, fetched again: after a reconnect, when the page
 * wakes up, or when a deadline passed without the live event that should have followed it.
 */
export function resyncAgentState(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: agentStateQueryKey }),
    refreshAgentActivity(queryClient),
  ]);
}

export async function getAgentState(signal?: AbortSignal) {
  const sentAt = Date.now();
  const state = await apiRequest('/api/agent/state', { schema: agentStateSchema, signal });
  return agentSnapshot(state, sentAt, Date.now());
}

/**
 * The agent's state. Fetched once, then kept current by the live socket (useAgentLiveFeed)
 * and by the answers to the agent's own actions; a reconnect fetches it again.
 */
export function useAgentState() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: agentStateQueryKey,
    queryFn: async ({ signal }) => {
      const fetched = await getAgentState(signal);
      return latestSnapshot(queryClient.getQueryData(agentStateQueryKey), fetched);
    },
    staleTime: Infinity,
  });
}
